/**
 * Row (design choice, not a goal): the secret detectors gated by the shared prefilter (the token detector and
 * prose-credential register literal triggers) against the same detectors ungated, over every string and key of the
 * bench's 1 MB of JSON records (the structured row's input), with the PII and secret lists the output check runs, with
 * and without the injection family. Ratio = ungated time / gated time, medians of interleaved rounds; the findings
 * must be equal.
 */
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { runDetectors } from "../../src/engine/scan/string-scanner.js";
import type { TextDetector } from "../../src/engine/types.js";
import { interleave, medianRatio } from "../lib/interleave.js";
import { structuredRequest } from "./common.js";

const GATED = new Set(["secret.tokens", "secret.prose_credential"]);

/** A copy the prefilter does not know: it runs on every string its other gates pass. */
function ungated(d: TextDetector): TextDetector {
  if (!GATED.has(d.id)) return d;
  return {
    id: d.id,
    kind: d.kind,
    ...(d.requires === undefined ? {} : { requires: d.requires }),
    ...(d.minLength === undefined ? {} : { minLength: d.minLength }),
    detect: (text, out) => d.detect(text, out),
  };
}

function stringsOf(value: unknown, into: string[]): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, into);
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      into.push(k);
      stringsOf(v, into);
    }
  return into;
}

export async function secretGateRatios(rounds = 9): Promise<{ lists: string; ratio: number }[]> {
  const { request } = structuredRequest();
  const strings = stringsOf(request.result.structuredContent, []);
  const set = createDetectorSet(resolvePolicy({}));
  const out: { lists: string; ratio: number }[] = [];
  for (const [lists, gated] of [
    ["pii + secrets", [...set.pii, ...set.secrets]],
    ["pii + secrets + injection", [...set.pii, ...set.secrets, ...set.injection]],
  ] as const) {
    const open = gated.map(ungated);
    const run = (list: readonly TextDetector[]) => () => {
      let found = 0;
      for (const s of strings) found += runDetectors(list, s).length;
      return found;
    };
    if (run(gated)() !== run(open)()) throw new Error(`${lists}: gated and ungated findings differ`);
    const result = await interleave(
      [
        { name: "gated", run: run(gated) },
        { name: "ungated", run: run(open) },
      ],
      rounds,
    );
    out.push({ lists, ratio: medianRatio(result, "ungated", "gated") });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { lists, ratio } of await secretGateRatios())
    console.log(`secret detectors gated vs ungated, 1 MB JSON strings, ${lists}: ${ratio.toFixed(2)}x`);
}
