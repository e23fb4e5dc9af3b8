/**
 * A hash of what the learned model finds, for proving that a speed change changes no finding: the model's own
 * findings, the phrase rules' findings with the model as their second opinion, `maxLogit` and `spanLogit` of each
 * text (the training and second-opinion paths), over README prose (whole and in 1 KB strings), JSON tool output, the
 * eval set's dev split, the corpus' dev part and the benign set's dev half (dev data only).
 *
 *   TOLLGATE_CORPORA=... TOLLGATE_SPAM_DIR=... npx tsx bench/scorer/hash-findings.ts [--dir=<checkout>]
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { TextMatch } from "../../src/engine/types.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { loadBenign } from "../injection-benign/load.js";
import { readmes, toolOutputs } from "../lib/injection-texts.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";

const dir = resolve(process.argv.find((a) => a.startsWith("--dir="))?.slice(6) ?? ".");
const at = (path: string) => pathToFileURL(resolve(dir, path)).href;

async function main(): Promise<void> {
  const detector = (await import(
    at("src/engine/detectors/injection/scorer/scorer-detector.ts")
  )) as typeof import("../../src/engine/detectors/injection/scorer/scorer-detector.js");
  const opinion = (await import(
    at("src/engine/detectors/injection/scorer/second-opinion.ts")
  )) as typeof import("../../src/engine/detectors/injection/scorer/second-opinion.js");
  const phrase = (await import(
    at("src/engine/detectors/injection/index.ts")
  )) as typeof import("../../src/engine/detectors/injection/index.js");
  const score = (await import(
    at("src/engine/detectors/injection/scorer/score-text.ts")
  )) as typeof import("../../src/engine/detectors/injection/scorer/score-text.js");
  const model = detector.shippedScorerModel();
  const scorer = detector.createScorerDetector();
  const vetted = opinion.withSecondOpinion(phrase.createInjectionDetector());
  const docs = readmes(3_000_000);
  const texts = [
    ...docs,
    ...docs.flatMap((d) =>
      Array.from({ length: Math.ceil(d.length / 1024) }, (_, i) => d.slice(i * 1024, (i + 1) * 1024)),
    ),
    ...toolOutputs(200),
    ...generateSplit(loadSplitDefinition(), "dev")
      .filter((s) => s.task === "injection")
      .map((s) => s.text),
    ...corpusDocuments(corporaRoot())
      .filter((d) => d.part === "dev")
      .map((d) => d.text),
    ...(await loadBenign("dev")).docs.map((d) => d.text),
  ];
  const hash = createHash("sha256");
  let findings = 0;
  for (const text of texts) {
    const out: TextMatch[] = [];
    scorer.detect(text, out);
    vetted.detect(text, out);
    findings += out.length;
    hash.update(JSON.stringify(out.map((m) => [m.ruleId, m.type, m.start, m.end])));
    const end = Math.min(text.length, 700);
    hash.update(`${score.maxLogit(text, model)}|${score.spanLogit(text, 0, end, model)}\n`);
  }
  console.log(`${texts.length} texts, ${findings} findings, sha256 ${hash.digest("hex")} (${dir})`);
}

await main();
