/**
 * The secret token detector (`secret.tokens`) of this checkout against a reference checkout's, on the bench's 1 MB
 * of prose and of JSON text, in interleaved rounds in one process (process CPU time; each copy's shared literal pass
 * run on the text first, untimed, as in the check where an earlier detector pays for it). Not a goal row: a
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

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 15);
const copies = [await copyAt("reference", resolve(reference)), await copyAt("this", resolve("."))];
for (const shape of ["text", "json"] as const) {
  const text = payload(shape, 1_000_000);
  const found = copies.map((c) => {
    const out: TextMatch[] = [];
    c.pass(text);
    c.tokens.detect(text, out);
    return key(out);
  });
  if (found[0] !== found[1]) throw new Error(`${shape}: findings differ between the two checkouts`);
  for (let w = 0; w < 3; w++) for (const c of copies) cpuMs(c, text, 1);
  const samples = copies.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++)
    copies.forEach((c, i) => {
      samples[i]!.push(cpuMs(c, text, 2));
    });
  const row = copies.map(
    (c, i) => `${c.name} ${median(samples[i]!).toFixed(2)} (min ${Math.min(...samples[i]!).toFixed(2)})`,
  );
  console.log(
    `${shape} (${text.length} chars, ${JSON.parse(found[0]!).length} findings): ${row.join(", ")} CPU ms`,
  );
}
