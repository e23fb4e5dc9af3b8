import type { Phase } from "./action-conversions.js";
import { detectorsFor } from "./active-detectors.js";
import type { DetectorSet } from "./detector-set.js";
import { isBuiltInStructureDetector } from "./detectors/injection/structure/structure-detector.js";
import { matchPolicy, withInjectionAction } from "./match-policy.js";
import type { ResolvedPolicy } from "./policy.js";
import type { SanitizerMode } from "./policy-types.js";
import { BUILT_IN_RULES } from "./rules/registry.js";
import { JOINABLE_DETECTORS } from "./scan/json-screen.js";
import type { ScanPlan } from "./scan/string-scanner.js";
import type { TextDetector } from "./types.js";

/**
 * The scan plans of one engine: which detectors run and what each match means, per phase and sanitizer mode.
 * Built on first use and cached, so a check allocates no plan. Only detectors some setting uses are included.
 */
export class ScanPlans {
  readonly #policy: ResolvedPolicy;
  readonly #detectors: DetectorSet;
  /** Input, output, then both with the "redact" override; each keyed by mode (no key string per call). */
  readonly #cache: Map<SanitizerMode, ScanPlan>[] = [new Map(), new Map(), new Map(), new Map()];

  constructor(policy: ResolvedPolicy, detectors: DetectorSet) {
    this.#policy = policy;
    this.#detectors = detectors;
  }

  /** `injection` overrides the policy's injection action (tool descriptions are always redacted, never blocked). */
  get(phase: Phase, mode: SanitizerMode, injection?: "redact"): ScanPlan {
    const cache = this.#cache[(phase === "input" ? 0 : 1) + (injection === undefined ? 0 : 2)]!;
    let plan = cache.get(mode);
    if (plan) return plan;
    const p = this.#policy;
    const policy: ResolvedPolicy = injection ? withInjectionAction(p, phase, injection) : p;
    const d = this.#detectors;
    plan = {
      sanitizers: phase === "output" && mode !== "pass-through" ? d.sanitizers : [],
      stripSanitized: mode === "detect-and-strip" || mode === "detect-and-strip-and-wrap",
      // Only detectors with a rule the policy does not switch off for this phase.
      detectors: detectorsFor(d, policy, phase),
      decide: matchPolicy(policy, phase, mode),
      decidesByLabel: true,
      redaction: p.redaction,
    };
    // The costliest detector goes to the worker thread for long strings: the instruction-to-agent structure detector
    // (npm run bench: ~3-16x the phrase detector's time per MB, most of a full check).
    // Joined only when built in: a declared rule may carry a listed id, never a listed detector.
    const joinable = plan.detectors.filter(
      (x) =>
        JOINABLE_DETECTORS.has(x.id) &&
        (d.secrets.includes(x) || d.pii.includes(x) || d.injection.includes(x)),
    );
    if (joinable.length > 0) plan.joinable = joinable;
    const literals = screenLiterals(d, plan.detectors);
    if (literals.size > 0) plan.screenLiterals = literals;
    const offloadable = d.injection.find(isBuiltInStructureDetector);
    if (offloadable !== undefined && plan.detectors.includes(offloadable)) plan.offloadable = offloadable;
    cache.set(mode, plan);
    return plan;
  }
}

/**
 * The literals of the built-in detectors whose every record names `keywords` (sound by the records' own test: a rule
 * never matches a text without one of them), for a JSON screening: it reads the strings of one that is not joinable
 * for them, and joins for one that is only the strings that hold one; built in only, as for `joinable`: a declared
 * rule may carry a built-in id, never a built-in detector.
 */
function screenLiterals(
  d: DetectorSet,
  detectors: readonly TextDetector[],
): Map<TextDetector, readonly string[]> {
  const out = new Map<TextDetector, readonly string[]>();
  for (const entry of d.entries) {
    const x = entry.detector;
    if (!detectors.includes(x) || !(d.secrets.includes(x) || d.pii.includes(x))) continue;
    const records = BUILT_IN_RULES.filter((r) => entry.ruleIds.includes(r.id));
    if (records.length === 0 || records.some((r) => r.keywords === undefined || r.keywords.length === 0))
      continue;
    out.set(x, [...new Set(records.flatMap((r) => r.keywords!))]);
  }
  return out;
}
