/**
 * The shared literal automaton (src/shared/literal-automaton.ts) against what it replaces in V8: one regex
 * alternation over the same literals, and one `indexOf` loop per literal. Process CPU time, interleaved rounds,
 * medians; every variant must count the same occurrences (the run fails otherwise). Not a goal row: a map for
 * whoever moves a detector's candidate search onto the automaton.
 *
 * `npx tsx bench/speed/literal-automaton.ts [rounds]`
 */
import { LiteralAutomaton } from "../../src/shared/literal-automaton.js";
import { joined, readmes } from "../lib/injection-texts.js";
import { median } from "../lib/stats.js";
import { benchText, MB } from "./common.js";

/** Words and prefixes of the kind the detectors search for (ASCII, folded case), plus numbered fillers to 300. */
const WORDS = [
  "ignore",
  "disregard",
  "forget",
  "previous",
  "instructions",
  "system",
  "assistant",
  "important",
  "password",
  "secret",
  "token",
  "api_key",
  "apikey",
  "bearer",
  "override",
  "prompt",
  "jailbreak",
  "exfiltrate",
  "begin",
  "private",
  "credential",
  "passwd",
  "pwd",
  "auth",
  "session",
  "cookie",
  "ssn",
  "iban",
  "phone",
  "email",
];
const LITERALS = [...WORDS, ...Array.from({ length: 270 }, (_, i) => `v${i}x_`)];

function cpuMs(run: () => number, repeat: number): { ms: number; count: number } {
  const start = process.cpuUsage();
  let count = 0;
  for (let i = 0; i < repeat; i++) count = run();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000 / repeat, count };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function literalAutomatonRows(rounds: number): { name: string; msPerMb: number; count: number }[] {
  const prose = joined(readmes(2 * MB), MB)[0]!;
  const inputs: [string, string[]][] = [
    ["1 MB of README prose", [prose]],
    [
      "README prose, 1 KB strings",
      Array.from({ length: Math.floor(prose.length / 1024) }, (_, i) =>
        prose.slice(i * 1024, i * 1024 + 1024),
      ),
    ],
    ["the bench's 1 MB text", [benchText(MB)]],
  ];
  const automaton = new LiteralAutomaton(LITERALS, { asciiCaseInsensitive: true });
  const alternation = new RegExp(LITERALS.map(escapeRegex).join("|"), "gi");
  const lowered = LITERALS.map((l) => l.toLowerCase());
  const variants: { name: string; run: (t: string) => number }[] = [
    {
      name: "automaton",
      run: (t) => {
        let n = 0;
        automaton.scan(t, () => {
          n++;
        });
        return n;
      },
    },
    {
      name: "regex alternation",
      run: (t) => {
        let n = 0;
        alternation.lastIndex = 0;
        for (let m = alternation.exec(t); m !== null; m = alternation.exec(t)) {
          n++;
          alternation.lastIndex = m.index + 1; // overlapping occurrences, as the automaton reports
        }
        return n;
      },
    },
    {
      name: "indexOf per literal",
      run: (t) => {
        const l = t.toLowerCase();
        let n = 0;
        for (const needle of lowered)
          for (let i = l.indexOf(needle); i !== -1; i = l.indexOf(needle, i + 1)) n++;
        return n;
      },
    },
  ];
  const rows: { name: string; msPerMb: number; count: number }[] = [];
  for (const [shape, texts] of inputs) {
    const samples = new Map(variants.map((v) => [v.name, [] as number[]]));
    const counts = new Map<string, number>();
    for (let r = 0; r < rounds; r++)
      for (const v of variants) {
        const { ms, count } = cpuMs(() => texts.reduce((n, t) => n + v.run(t), 0), 3);
        samples.get(v.name)!.push(ms);
        counts.set(v.name, count);
      }
    const distinct = new Set(counts.values());
    if (distinct.size !== 1) throw new Error(`variants disagree on ${shape}: ${JSON.stringify([...counts])}`);
    for (const v of variants)
      rows.push({
        name: `${v.name}, ${shape}`,
        msPerMb: median(samples.get(v.name)!),
        count: counts.get(v.name)!,
      });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 9);
  console.log(
    `| variant (${LITERALS.length} literals, ASCII case folded) | CPU ms per MB (median of ${rounds}) | occurrences |`,
  );
  console.log("| --- | --- | --- |");
  for (const row of literalAutomatonRows(rounds))
    console.log(`| ${row.name} | ${row.msPerMb.toFixed(2)} | ${row.count} |`);
}
