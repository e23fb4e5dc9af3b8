import { createInjectionDetector } from "../../src/engine/detectors/injection/index.js";
import { createScorerDetector } from "../../src/engine/detectors/injection/scorer/scorer-detector.js";
import { withSecondOpinion } from "../../src/engine/detectors/injection/scorer/second-opinion.js";
import { createStructureInjectionDetector } from "../../src/engine/detectors/injection/structure/structure-detector.js";
import { composeDetectors } from "../../src/engine/detectors/shared/compose-detectors.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";
import { joined, readmes, toolOutputs } from "../lib/injection-texts.js";

const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 7);

function slices(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (const text of texts)
    for (let i = 0; i + size <= text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function main(): void {
  const prose = joined(readmes(), 64 * 1024).slice(0, 40);
  const json = joined(toolOutputs(400), 64 * 1024);
  const sets: [string, string[]][] = [
    ["README prose, 1 KB strings", slices(prose, 1024).slice(0, 3000)],
    ["JSON tool output, 1 KB strings", slices(json, 1024).slice(0, 3000)],
    ["README prose, 64 KB texts", prose],
    ["JSON tool output, 64 KB texts", json],
  ];
  // The family as the engine runs it on tool output, in its order (phrase rules, structure detector, model): the
  // model reads the reading view the structure detector built for the same string, so its marginal cost in the
  // family is the difference of the last two columns, not its cost alone.
  const family = (parts: TextDetector[]) => composeDetectors("injection", "injection", parts);
  const detectors: [string, TextDetector][] = [
    ["phrase rules", createInjectionDetector()],
    ["phrase rules + second opinion", withSecondOpinion(createInjectionDetector())],
    ["learned model", createScorerDetector()],
    ["rules", family([createInjectionDetector(), createStructureInjectionDetector()])],
    [
      "rules + model",
      family([
        withSecondOpinion(createInjectionDetector()),
        createStructureInjectionDetector(),
        createScorerDetector(),
      ]),
    ],
  ];
  const best = new Map<string, Float64Array>();
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++)
    for (const [setName, texts] of sets)
      for (const [name, detector] of detectors) {
        const key = `${setName}\u0000${name}`;
        const row = best.get(key) ?? new Float64Array(texts.length).fill(Number.POSITIVE_INFINITY);
        best.set(key, row);
        for (let i = 0; i < texts.length; i++) {
          const out: TextMatch[] = [];
          const start = process.hrtime.bigint();
          detector.detect(texts[i]!, out);
          const ms = Number(process.hrtime.bigint() - start) / 1e6;
          if (ms < row[i]!) row[i] = ms;
        }
      }
  const used = process.cpuUsage(cpu);
  console.log(`per text the fastest of ${rounds} interleaved rounds, summed; node ${process.version}`);
  console.log(
    `| input | ${detectors.map(([name]) => `${name} µs/KB`).join(" | ")} | model's share in the family µs/KB |`,
  );
  console.log(`| --- |${" --- |".repeat(detectors.length + 1)}`);
  for (const [setName, texts] of sets) {
    const kb = texts.reduce((n, t) => n + t.length, 0) / 1024;
    const figure = (name: string) =>
      (best.get(`${setName}\u0000${name}`)!.reduce((n, t) => n + t, 0) * 1000) / kb;
    const cells = detectors.map(([name]) => figure(name).toFixed(1));
    const marginal = figure("rules + model") - figure("rules");
    console.log(`| ${setName} | ${cells.join(" | ")} | ${marginal.toFixed(1)} |`);
  }
  console.log(`process CPU ${((used.user + used.system) / 1e6).toFixed(1)} s for the whole run`);
}

main();
