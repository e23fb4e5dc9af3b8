/**
 * `npx tsx bench/scorer/cost.ts [--rounds=N]`: what the learned model (`injection.scorer`) costs per KB, beside the
 * phrase rules (the same rounds, as the ratio's baseline), on README prose from node_modules and on JSON tool output,
 * as 1 KB strings and as 64 KB texts. Per text the fastest of N interleaved rounds (a shared machine's preemption
 * lands in some rounds, not in the fastest), summed; the process CPU time of the whole run is printed beside it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createInjectionDetector } from "../../src/engine/detectors/injection/index.js";
import { createScorerDetector } from "../../src/engine/detectors/injection/scorer/scorer-detector.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 7);

function readmes(): string[] {
  const dir = join(root, "node_modules");
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const candidates = name.startsWith("@")
      ? readdirSync(join(dir, name)).map((sub) => join(dir, name, sub, "README.md"))
      : [join(dir, name, "README.md")];
    for (const file of candidates) if (existsSync(file)) out.push(readFileSync(file, "utf8"));
  }
  return out;
}

/** Tool output as MCP servers return it (the same rows as bench/structure-detector.ts). */
function toolOutputs(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const rows = Array.from({ length: 12 }, (_, j) => ({
      id: `row_${i}_${j}`,
      issue_url: `https://api.example.com/repos/acme/api/issues/${i * 13 + j}?page=${j}`,
      author_email: `dev${j}@example.com`,
      title: `Fix flaky test in module ${j}: retry on timeout`,
      body: `The nightly build failed again.\nSee the log at https://ci.example.com/builds/${i}/${j}. Assigned to the on-call.`,
      labels: ["bug", "ci", `team_${j % 3}`],
      created_at: new Date(Date.UTC(2026, 0, 1 + j)).toISOString(),
    }));
    out.push(JSON.stringify({ total_count: rows.length, items: rows }, null, i % 2 === 0 ? 2 : undefined));
  }
  return out;
}

function joined(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const text of texts) {
    current += current === "" ? text : `\n\n${text}`;
    if (current.length >= size) {
      out.push(current);
      current = "";
    }
  }
  if (current !== "") out.push(current);
  return out;
}

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
  const detectors: [string, TextDetector][] = [
    ["phrase rules", createInjectionDetector()],
    ["learned model", createScorerDetector()],
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
  console.log("| input | phrase rules µs/KB | learned model µs/KB | model / phrase |");
  console.log("| --- | --- | --- | --- |");
  for (const [setName, texts] of sets) {
    const kb = texts.reduce((n, t) => n + t.length, 0) / 1024;
    const figure = (name: string) =>
      (best.get(`${setName}\u0000${name}`)!.reduce((n, t) => n + t, 0) * 1000) / kb;
    const phrase = figure("phrase rules");
    const model = figure("learned model");
    console.log(
      `| ${setName} | ${phrase.toFixed(1)} | ${model.toFixed(1)} | ${(model / phrase).toFixed(2)} |`,
    );
  }
  console.log(`process CPU ${((used.user + used.system) / 1e6).toFixed(1)} s for the whole run`);
}

main();
