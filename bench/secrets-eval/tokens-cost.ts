/**
 * The secret token detector (`secret.tokens`) of this checkout against a reference checkout's, on the bench's 1 MB
 * of prose and of JSON text, all ASCII and with a few accented letters (a new seed each round), in interleaved rounds in one process (process CPU time; each
 * copy's shared literal pass run on the text first, untimed, as in the check where an earlier detector pays for it),
 * and per call on short strings: the `key: value` readings of the JSON records' leaves (what a structuredContent
 * screen keeps and re-reads alone; every other record's `contact` holds a PII value or a token). Not a goal row: a
 * before/after for a change to the token detector. Findings must be equal (compared as `[ruleId, start, end]`).
 *
 * `npx tsx bench/secrets-eval/tokens-cost.ts --reference=<checkout> [rounds]`
 */
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";
import { payload } from "../fixtures/inputs.js";
import { median } from "../lib/stats.js";

interface Copy {
  name: string;
  tokens: TextDetector;
  pass: (text: string) => void;
}

async function copyAt(name: string, dir: string): Promise<Copy> {
  const at = (path: string) => import(pathToFileURL(join(dir, path)).href);
  const { SECRET_RULES } = await at("src/engine/rules/built-in/secrets.ts");
  const { candidateIndex, passLiterals } = await at("src/engine/scan/candidates.ts");
  const rule = SECRET_RULES.find((r: { id: string }) => r.id === "secret.generic_credential");
  const tokens: TextDetector = rule.detector({ phoneRegions: [] });
  const any = passLiterals(["\u0001"]);
  return { name, tokens, pass: (text) => candidateIndex(text).passHits(any) };
}

function cpuMs(copy: Copy, text: string, repeat: number): number {
  let micros = 0;
  for (let i = 0; i < repeat; i++) {
    copy.pass(text);
    const start = process.cpuUsage();
    copy.tokens.detect(text, []);
    const used = process.cpuUsage(start);
    micros += used.user + used.system;
  }
  return micros / 1000 / repeat;
}

const key = (out: TextMatch[]) => JSON.stringify(out.map((m) => [m.ruleId, m.start, m.end]));

/** Both copies' findings on `text`, which must be equal; how many. */
function sameFindings(copies: Copy[], text: string, what: string): number {
  const found = copies.map((c) => {
    const out: TextMatch[] = [];
    c.pass(text);
    c.tokens.detect(text, out);
    return key(out);
  });
  if (found[0] !== found[1]) throw new Error(`${what}: findings differ between the two checkouts`);
  return JSON.parse(found[0]!).length;
}

const cell = (c: Copy, ms: number[], unit: string) =>
  `${c.name} ${median(ms).toFixed(2)} (min ${Math.min(...ms).toFixed(2)}) ${unit}`;

/**
 * The bench's JSON with a few non-ASCII characters (an accented letter in one record name of 50): what real API output
 * often holds, and what makes the walk's gate measure blocks (generic-credential.ts).
 */
function accented(json: string): string {
  let k = 0;
  return json.replace(/"name": "(\w)/g, (whole, first: string) =>
    k++ % 50 === 0 ? `"name": "\u00e9${first}` : whole,
  );
}

type Shape = "text" | "json" | "json, some non-ASCII";

function textRow(copies: Copy[], shape: Shape, rounds: number): void {
  const make = (seed: number) =>
    shape === "json, some non-ASCII"
      ? accented(payload("json", 1_000_000, seed))
      : payload(shape, 1_000_000, seed);
  const texts = Array.from({ length: rounds + 1 }, (_, r) => make(101 + r));
  const findings = sameFindings(copies, texts[0]!, shape);
  for (const c of copies) cpuMs(c, texts[0]!, 1);
  const samples = copies.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++)
    for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) samples[i]!.push(cpuMs(copies[i]!, texts[r + 1]!, 1));
  const row = copies.map((c, i) => cell(c, samples[i]!, "CPU ms"));
  console.log(`${shape} (1 MB, ${findings} findings on the first text): ${row.join(", ")}`);
}

/** The `key: value` reading of each leaf of the JSON records (arrays' items under their key). */
function readings(records: unknown, out: string[] = [], key = ""): string[] {
  if (Array.isArray(records)) for (const item of records) readings(item, out, key);
  else if (records !== null && typeof records === "object")
    for (const [k, v] of Object.entries(records)) readings(v, out, k);
  else if (typeof records === "string") out.push(key === "" ? records : `${key}: ${records}`);
  return out;
}

function shortRow(copies: Copy[], rounds: number): void {
  const strings = readings(JSON.parse(payload("json", 200_000, 7))).filter((s) => s.length >= 9);
  let findings = 0;
  for (const s of strings) findings += sameFindings(copies, s, `"${s}"`);
  const samples = copies.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++)
    for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const start = process.cpuUsage();
      for (const s of strings) copies[i]!.tokens.detect(s, []);
      const used = process.cpuUsage(start);
      samples[i]!.push((used.user + used.system) / strings.length);
    }
  const row = copies.map((c, i) => cell(c, samples[i]!, "CPU us a call"));
  console.log(
    `short strings (${strings.length} key: value readings, ${findings} findings): ${row.join(", ")}`,
  );
}

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 15);
const copies = [await copyAt("reference", resolve(reference)), await copyAt("this", resolve("."))];
textRow(copies, "text", rounds);
textRow(copies, "json", rounds);
textRow(copies, "json, some non-ASCII", rounds);
shortRow(copies, rounds);
