/**
 * The shared literal pass alone (scan/literal-pass.ts `LiteralPass.run`: the automaton, the digit runs, the gapped
 * pairs, the lists) of this checkout and a reference checkout, compiled over the same literals (the families check's
 * registry, read from this checkout after one check), run in interleaved rounds on a new 1 MB text each round (prose,
 * then the bench's JSON), in process CPU time. Each side is given the gapped pairs its checkout registers.
 *
 * `npx tsx bench/speed/pass-vs-reference.ts --reference=/tmp/ref [rounds]`
 */
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { payload } from "../fixtures/inputs.js";
import { median } from "../lib/stats.js";
import { benchText, MB, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

interface PassLike {
  run(text: string, cap: number): unknown;
}
type PassClass = new (literals: readonly string[], pairs?: readonly object[]) => PassLike;

async function passClassAt(dir: string): Promise<PassClass> {
  const module = await import(pathToFileURL(join(dir, "src/engine/scan/literal-pass.ts")).href);
  return module.LiteralPass as PassClass;
}

function cpuMs(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 30);

const { LocalPolicyEngine } = await import("../../src/engine/local-engine.js");
const { registeredLiterals } = await import("../../src/engine/scan/candidates.js");
await new LocalPolicyEngine(NO_INJECTION, { worker: false }).checkOutput(textRequest(benchText(MB, 1)));
const literals = [...registeredLiterals()];
// The pairs this checkout registers (the Discord bot token's dots); a reference without pairs ignores them.
const pairs = [{ first: 46, gap: 7, second: 46 }];
const sides = {
  reference: new (await passClassAt(resolve(reference)))(literals, pairs),
  this: new (await passClassAt(resolve(".")))(literals, pairs),
};

for (const kind of ["text", "json"] as const) {
  const ms = { reference: [] as number[], this: [] as number[] };
  for (let r = -3; r < rounds; r++) {
    const text = kind === "text" ? benchText(MB, 5000 + r) : payload("json", MB, 5000 + r);
    const order = r % 2 === 0 ? (["reference", "this"] as const) : (["this", "reference"] as const);
    for (const side of order) {
      const used = cpuMs(() => sides[side].run(text, 64 + (text.length >> 4)));
      if (r >= 0) ms[side].push((used * MB) / text.length);
    }
  }
  const ref = median(ms.reference);
  const ours = median(ms.this);
  console.log(
    `${kind}: ${literals.length} literals, ${rounds} rounds, CPU ms per MB median (min): reference ${ref.toFixed(3)} ` +
      `(${Math.min(...ms.reference).toFixed(3)}), this ${ours.toFixed(3)} (${Math.min(...ms.this).toFixed(3)}); ` +
      `this / reference ${(ours / ref).toFixed(2)}`,
  );
}
