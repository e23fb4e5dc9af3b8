/**
 * `npx tsx bench/injection-family-profile.ts [--checkout=<dir>] [--rounds=<n>] [--scorer]`: where the injection
 * family's CPU time goes, by detector (phrase rules, structure detector, learned model) and by kind of code (the
 * detector's WebAssembly pass, or the rest: JavaScript and its regular expressions), on the four inputs of
 * bench/injection-family-cost.ts. The family runs as the engine runs it (every detector on one text before the next
 * text: a reading view one builds, the next reads), timed in process CPU time without the profiler, then sampled by
 * the in-process V8 profiler (node:inspector); each sample is charged to the detector whose `detect` it is under and
 * to the kind of its innermost frame (garbage collection, sampled outside any stack, is left out of the shares). The
 * µs/KB columns are the family's CPU time split by those shares.
 *
 * It answers what no composition of the rules can save: the WebAssembly passes run on every text whatever reads
 * their answers (bench/results/2026-11-28-s22-injcost.md).
 */
import { Session } from "node:inspector/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TextDetector, TextMatch } from "../src/engine/types.js";
import { injectionDetectorsAt } from "./lib/injection-family.js";
import { familyCostSets } from "./lib/injection-texts.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { median } from "./lib/stats.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const checkout = resolve(process.argv.find((a) => a.startsWith("--checkout="))?.slice(11) ?? root);
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 5);
const scorerOn = process.argv.includes("--scorer");

type Role = "phrase" | "structure" | "model" | "other";
const ROLES: readonly Role[] = ["phrase", "structure", "model", "other"];
const KINDS = ["wasm", "js"] as const;
type Kind = (typeof KINDS)[number];

// One named function per role, so a sample's stack says which detector it is under.
function phraseStage(d: TextDetector, text: string, out: TextMatch[]): void {
  d.detect(text, out);
}
function structureStage(d: TextDetector, text: string, out: TextMatch[]): void {
  d.detect(text, out);
}
function modelStage(d: TextDetector, text: string, out: TextMatch[]): void {
  d.detect(text, out);
}
function otherStage(d: TextDetector, text: string, out: TextMatch[]): void {
  d.detect(text, out);
}
const STAGE: Record<Role, typeof phraseStage> = {
  phrase: phraseStage,
  structure: structureStage,
  model: modelStage,
  other: otherStage,
};

function roleOf(d: TextDetector): Role {
  if (d.id === "injection") return "phrase";
  if (d.id === "injection.structure") return "structure";
  if (d.id === "injection.scorer") return "model";
  return "other";
}

/** One pass of the family over the inputs, each text through every detector in the plan's order. */
function familyOnce(family: readonly [Role, TextDetector][], inputs: readonly string[]): void {
  const out: TextMatch[] = [];
  for (const text of inputs) {
    for (const [role, d] of family) STAGE[role](d, text, out);
    out.length = 0;
  }
}

function cpu(f: () => void): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** Sampled time (µs) by role and kind. */
function charge(profile: {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageRole = new Map<string, Role>(ROLES.map((r) => [STAGE[r].name, r]));
  const out = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const leaf = byId.get(profile.samples[i]!)!;
    let role: Role | undefined;
    for (let id: number | undefined = leaf.id; id !== undefined && role === undefined; id = parent.get(id))
      role = stageRole.get(byId.get(id)!.callFrame.functionName);
    if (role === undefined) continue;
    const kind: Kind = leaf.callFrame.functionName.startsWith("wasm-function") ? "wasm" : "js";
    const key = `${role}\u0000${kind}`;
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  return out;
}

async function main(): Promise<void> {
  const family = (await injectionDetectorsAt(checkout, scorerOn)).map(
    (d) => [roleOf(d), d] as [Role, TextDetector],
  );
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  console.log(
    `${describeMachine(machineInfo())} · ${checkout} · ${family.map(([, d]) => d.id).join(" + ")} · ${rounds} rounds · CPU time`,
  );
  for (const set of familyCostSets()) {
    const kb = set.inputs.reduce((n, t) => n + t.length, 0) / 1024;
    familyOnce(family, set.inputs);
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) times.push(cpu(() => familyOnce(family, set.inputs)));
    const perKb = median(times) / kb;
    await session.post("Profiler.start");
    for (let r = 0; r < rounds; r++) familyOnce(family, set.inputs);
    const { profile } = await session.post("Profiler.stop");
    const shares = charge(profile as unknown as Parameters<typeof charge>[0]);
    const total = [...shares.values()].reduce((a, b) => a + b, 0) || 1;
    console.log(`\n${set.name}: family ${perKb.toFixed(1)} µs/KB (median of ${rounds})`);
    console.log("| detector | all | WebAssembly | the rest (JavaScript, regexps) |");
    console.log("| --- | --- | --- | --- |");
    const cell = (us: number) => `${((perKb * us) / total).toFixed(1)} (${((100 * us) / total).toFixed(0)}%)`;
    const sums = new Map<Kind, number>();
    for (const role of ROLES) {
      const row = KINDS.map((k) => shares.get(`${role}\u0000${k}`) ?? 0);
      const all = row.reduce((a, b) => a + b, 0);
      if (all === 0) continue;
      for (const [i, k] of KINDS.entries()) sums.set(k, (sums.get(k) ?? 0) + row[i]!);
      console.log(`| ${role} | ${cell(all)} | ${row.map(cell).join(" | ")} |`);
    }
    console.log(`| family | ${cell(total)} | ${KINDS.map((k) => cell(sums.get(k) ?? 0)).join(" | ")} |`);
  }
  session.disconnect();
}

await main();
