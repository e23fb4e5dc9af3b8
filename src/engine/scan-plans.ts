import type { DetectorSet } from "./detector-set.js";
import { isBuiltInInjectionDetector } from "./detectors/injection/index.js";
import { kindIsActive, matchPolicy, type Phase } from "./match-policy.js";
import type { ResolvedPolicy } from "./policy.js";
import type { SanitizerMode } from "./policy-types.js";
import type { ScanPlan } from "./scan/string-scanner.js";

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
    const policy: ResolvedPolicy = injection
      ? { ...p, injection: { ...p.injection, [phase]: injection } }
      : p;
    const d = this.#detectors;
    plan = {
      sanitizers: phase === "output" && mode !== "pass-through" ? d.sanitizers : [],
      stripSanitized: mode === "detect-and-strip" || mode === "detect-and-strip-and-wrap",
      detectors: [
        ...(kindIsActive(p.secrets, phase) ? d.secrets : []),
        ...(kindIsActive(p.pii, phase) ? d.pii : []),
        ...(policy.injection[phase] !== "off" ? d.injection : []),
        ...(phase === "input" && Object.values(p.inputHazards).some((a) => a !== "off") ? d.hazards : []),
      ],
      decide: matchPolicy(policy, phase, mode),
      redaction: p.redaction,
    };
    const injectionDetector = d.injection[0];
    if (
      policy.injection[phase] !== "off" &&
      injectionDetector !== undefined &&
      isBuiltInInjectionDetector(injectionDetector)
    )
      plan.offloadable = injectionDetector;
    cache.set(mode, plan);
    return plan;
  }
}
