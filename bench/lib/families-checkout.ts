/**
 * The families-text policy's detectors, the shared literal pass and an engine constructor, loaded from any checkout
 * (this one or a reference worktree with a node_modules symlink), so benches that compare two checkouts side by side
 * in one process build both the same way.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { TextDetector } from "../../src/engine/types.js";
import { NO_INJECTION } from "../speed/families-text.js";

export interface CheckoutEngine {
  checkOutput(request: unknown): Promise<{ findings: unknown[] }>;
}

export interface FamiliesCheckout {
  /** The families-text policy's output plan: its sanitizers, then its detectors. */
  detectors: TextDetector[];
  /** The default policy's output plan (the full check: injection included), the same way. */
  fullDetectors: TextDetector[];
  /** Builds the normalised view of a text (what the check does after the detectors' first reading). */
  view(text: string): void;
  /** Runs the shared literal pass on a text (what the check has done before its number detectors run). */
  pass(text: string): void;
  /** A calling-thread engine of that checkout for `policy`. */
  engine(policy: object): CheckoutEngine;
}

export async function familiesCheckoutAt(dir: string): Promise<FamiliesCheckout> {
  const at = (path: string) => import(pathToFileURL(join(dir, path)).href);
  const { LocalPolicyEngine } = await at("src/engine/local-engine.ts");
  const { createDetectorSet } = await at("src/engine/detector-set.ts");
  const { resolvePolicy } = await at("src/engine/policy.ts");
  const { ScanPlans } = await at("src/engine/scan-plans.ts");
  const { candidateIndex, passLiterals } = await at("src/engine/scan/candidates.ts");
  const { normalisedView } = await at("src/engine/scan/normalised-view.ts");
  const planOf = (policy: object): TextDetector[] => {
    const resolved = resolvePolicy(policy, process.env, { detectorIds: new Set() });
    const plan = new ScanPlans(resolved, createDetectorSet(resolved, [])).get(
      "output",
      resolved.sanitizer.mode,
    );
    return [...plan.sanitizers, ...plan.detectors];
  };
  const any = passLiterals(["\u0001"]);
  return {
    detectors: planOf(NO_INJECTION),
    fullDetectors: planOf({}),
    view: (text) => normalisedView(text),
    pass: (text) => candidateIndex(text).passHits(any),
    engine: (policy) => new LocalPolicyEngine(policy, { worker: false }),
  };
}
