import { BackendUnavailableError } from "../errors.js";
import type { FindingKind } from "../shared/vocabulary.js";
import { actionFor, ruleLookup } from "./match-policy.js";
import type { ResolvedCustomRule, ResolvedPolicy } from "./policy.js";
import { INJECTION_TRIGGERS } from "./rules/injection-triggers.js";
import {
  derivedLiteral,
  registerDetectorTriggers,
  registeredDetectorTriggers,
  registeredTriggers,
  registerTriggers,
} from "./rules/keyword-prefilter.js";
import { BUILT_IN_RULES } from "./rules/registry.js";
import { contextAllows, resolveRuleContext } from "./rules/rule-context.js";
import {
  type DetectorContext,
  isScanned,
  type RuleRecord,
  type ScannedRuleRecord,
} from "./rules/rule-record.js";
import {
  exactFeatures,
  HAS_AT,
  HAS_BRACKET,
  HAS_COLON,
  HAS_CONTROL,
  HAS_DASH,
  HAS_DIGIT,
  HAS_EQUALS,
  HAS_HASH,
  HAS_LT,
  HAS_NEWLINE,
  HAS_NON_ASCII,
  HAS_SLASH,
  HAS_SPACE,
  HAS_UNDERSCORE,
  HAS_UPPER,
} from "./scan/string-features.js";
import type { TextDetector, TextMatch } from "./types.js";

/**
 * A detector given to the engine in code (`new LocalPolicyEngine(policy, { detectors: [...] })`), as langchain's
 * piiMiddleware takes a custom detector. The policy names it from a custom rule (`customRules: [{ id, kind, type,
 * detector: "<id>" }]`), which gives it its kind, type and action; the engine refuses a policy that names an unknown
 * detector, and a detector no rule names.
 */
export interface CustomDetector {
  readonly id: string;
  /** A regular expression (the `g` flag is added), or a function returning the spans it finds in `text`. */
  readonly detect: RegExp | ((text: string) => readonly { start: number; end: number }[]);
}

/** One detector and the rules whose matches it reports. */
export interface DetectorEntry {
  detector: TextDetector;
  ruleIds: readonly string[];
  family: RuleRecord["family"];
}

/** The detectors one engine instance uses, built once from the policy. */
export interface DetectorSet {
  sanitizers: readonly TextDetector[];
  pii: readonly TextDetector[];
  secrets: readonly TextDetector[];
  injection: readonly TextDetector[];
  hazards: readonly TextDetector[];
  /** Detectors of the rules the policy declares (pattern rules and detectors given in code). */
  custom: readonly TextDetector[];
  /** Every content detector in run order, with the rule ids it reports. */
  entries: readonly DetectorEntry[];
}

const KIND_OF_FAMILY: Record<ResolvedCustomRule["family"], FindingKind> = {
  pii: "pii",
  secrets: "secret",
  injection: "injection",
  inputHazards: "hazard",
  sanitizer: "control",
};

// Rarest first in tool text: the feature a keyword is gated on is the first of these it has.
const RARITY = [
  HAS_CONTROL,
  HAS_HASH,
  HAS_LT,
  HAS_BRACKET,
  HAS_AT,
  HAS_EQUALS,
  HAS_UNDERSCORE,
  HAS_NON_ASCII,
  HAS_SLASH,
  HAS_COLON,
  HAS_DASH,
  HAS_NEWLINE,
  HAS_UPPER,
  HAS_DIGIT,
  HAS_SPACE,
];

/**
 * The scanner's cheap gates implied by a rule's keywords: a string holding keyword `k` has every feature of `k`, so
 * the rule needs at least one of the keywords' rarest features, and at least the shortest keyword's length. Checked
 * per string with one bit test, before the keyword pass itself (on JSON of ~100k short strings, the keyword pass
 * for 50 declared rules cost ~17 ms/MB; most strings now skip it). Undefined when a keyword has no feature at all.
 */
function keywordGates(keywords: readonly string[]): { requires: number; minLength: number } | undefined {
  let requires = 0;
  for (const keyword of keywords) {
    const features = exactFeatures(keyword);
    const rarest = RARITY.find((feature) => (features & feature) !== 0);
    if (rarest === undefined) return undefined;
    requires |= rarest;
  }
  return { requires, minLength: Math.min(...keywords.map((k) => k.length)) };
}

/** A declared rule's matcher: its pattern, or the detector given in code under the name it gives. */
function customDetector(rule: ResolvedCustomRule, code: ReadonlyMap<string, CustomDetector>): TextDetector {
  const kind = KIND_OF_FAMILY[rule.family];
  const keywords = rule.keywords;
  const given = rule.detector === undefined ? undefined : code.get(rule.detector);
  const source = given?.detect ?? new RegExp(rule.pattern ?? "(?!)", `g${rule.flags}`);
  const pattern =
    source instanceof RegExp
      ? new RegExp(source.source, source.flags.includes("g") ? source.flags : `${source.flags}g`)
      : undefined;
  // The same context shape and function as the built-in records' (rules/rule-context.ts).
  const context = resolveRuleContext(rule.context);
  const push = (out: TextMatch[], text: string, start: number, end: number) => {
    if (contextAllows(text, start, end, context))
      out.push({ kind, type: rule.type, start, end, ruleId: rule.id });
  };
  return {
    id: rule.id,
    kind,
    // The scanner's shared prefilter skips the rule on strings without one of these.
    ...(keywords === undefined ? {} : { keywords, ...keywordGates(keywords) }),
    detect(text: string, out: TextMatch[]): void {
      if (pattern !== undefined) {
        pattern.lastIndex = 0;
        for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
          if (m[0].length === 0) {
            pattern.lastIndex++;
            continue;
          }
          push(out, text, m.index, m.index + m[0].length);
        }
        return;
      }
      let spans: readonly { start: number; end: number }[];
      try {
        spans = (source as (text: string) => readonly { start: number; end: number }[])(text);
      } catch (error) {
        // Fail closed: a check whose detector failed is not a check; the interceptor blocks the call.
        throw new BackendUnavailableError(
          `detector "${rule.detector}" (rule ${rule.id}) threw: ${(error as Error)?.message ?? String(error)}`,
          error,
        );
      }
      if (!Array.isArray(spans))
        throw new BackendUnavailableError(
          `detector "${rule.detector}" (rule ${rule.id}) did not return an array of spans`,
        );
      for (const span of spans) {
        const { start, end } = span ?? {};
        if (
          !Number.isInteger(start) ||
          !Number.isInteger(end) ||
          start < 0 ||
          end > text.length ||
          start >= end
        ) {
          throw new BackendUnavailableError(
            `detector "${rule.detector}" (rule ${rule.id}) returned an invalid span ${JSON.stringify(span)} for a string of ${text.length} characters`,
          );
        }
        push(out, text, start, end);
      }
    },
  };
}

/**
 * Drops the matches whose value the allow-list names. Done on the detector's own output, before the scanner
 * resolves overlaps, so an allowed value never hides another match.
 */
function withAllowList(detector: TextDetector, allow: ResolvedPolicy["allow"]): TextDetector {
  const values = new Set(allow.values);
  const patterns = allow.patterns.map((source) => new RegExp(`^(?:${source})$`));
  const allowed = (value: string) => values.has(value) || patterns.some((pattern) => pattern.test(value));
  const wrapped: TextDetector = {
    id: detector.id,
    kind: detector.kind,
    ...(detector.keywords === undefined ? {} : { keywords: detector.keywords }),
    detect(text: string, out: TextMatch[]): void {
      const from = out.length;
      detector.detect(text, out);
      let kept = from;
      for (let i = from; i < out.length; i++) {
        const m = out[i]!;
        if (!allowed(text.slice(m.start, m.end))) out[kept++] = m;
      }
      out.length = kept;
    },
  };
  if (detector.requires !== undefined) (wrapped as { requires?: number }).requires = detector.requires;
  if (detector.minLength !== undefined) (wrapped as { minLength?: number }).minLength = detector.minLength;
  return wrapped;
}

// The injection family's literal triggers (its phrase detector's lead words), through the prefilter's registration.
registerTriggers(INJECTION_TRIGGERS.detectorId, INJECTION_TRIGGERS.triggers);

/**
 * Whether the policy turns the learned injection model (`injection.scorer`) on for tool output at its top level
 * (per-tool sections aside): the phrase rules then take its second opinion.
 */
function injectionModelOn(policy: ResolvedPolicy): boolean {
  const view = ruleLookup(policy)("injection.scorer", "injection", "scored_instruction");
  return actionFor(policy, "injection.scorer", view, "output") !== "off";
}

export function createDetectorSet(
  policy: ResolvedPolicy,
  detectors: readonly CustomDetector[] = [],
): DetectorSet {
  const context: DetectorContext = {
    phoneRegions: policy.pii.phoneRegions,
    injectionModel: injectionModelOn(policy),
  };
  const allowing = policy.allow.values.length > 0 || policy.allow.patterns.length > 0;
  // Several records may share one factory (the injection types share one phrase detector): built once.
  const built = new Map<ScannedRuleRecord["detector"], DetectorEntry>();
  const entries: DetectorEntry[] = [];
  const sanitizers: TextDetector[] = [];
  const byFamily: Record<string, TextDetector[]> = { pii: [], secrets: [], injection: [], inputHazards: [] };
  for (const record of BUILT_IN_RULES) {
    // A hook's rule (the user's injection classifier) has no detector: the engine calls the hook itself.
    if (!isScanned(record)) continue;
    const existing = built.get(record.detector);
    if (existing) {
      (existing.ruleIds as string[]).push(record.id, ...(record.subRuleIds ?? []));
      continue;
    }
    if (record.family === "sanitizer") {
      sanitizers.push(record.detector(context));
      built.set(record.detector, {
        detector: sanitizers[sanitizers.length - 1]!,
        ruleIds: [],
        family: "sanitizer",
      });
      continue;
    }
    // A built-in record's keywords are not handed to the scanner's prefilter: each built-in detector already finds
    // its own literal with one native `indexOf` or the shared token-prefix pass, and measured on 1 MB of text the
    // extra keyword pass cost more than it saved (29.4 vs 22.1 ms, medians of 15 interleaved checks). The keywords
    // stay in the record (the README table, and a test proves they are sound); declared rules, whose patterns
    // are full regex scans, do use the prefilter.
    const raw = record.detector(context);
    const detector = allowing ? withAllowList(raw, policy.allow) : raw;
    // Triggers by id (the injection family's), or those the detector derived for itself (the secret detectors').
    const triggers = registeredTriggers(raw.id) ?? registeredDetectorTriggers(raw);
    if (triggers !== undefined) registerDetectorTriggers(detector, triggers);
    const entry: DetectorEntry = {
      detector,
      ruleIds: [record.id, ...(record.subRuleIds ?? [])],
      family: record.family,
    };
    built.set(record.detector, entry);
    entries.push(entry);
    byFamily[record.family]!.push(detector);
  }
  const code = new Map(detectors.map((d) => [d.id, d]));
  const custom: TextDetector[] = [];
  for (const rule of policy.customRules) {
    const raw = customDetector(rule, code);
    const detector = allowing ? withAllowList(raw, policy.allow) : raw;
    // A pattern rule without keywords is gated by the literal its pattern starts with, when it has one: declared
    // rules then cost one shared prefilter pass per string, not one regex scan each.
    const derived =
      rule.keywords === undefined && rule.detector === undefined && rule.pattern !== undefined
        ? derivedLiteral(rule.pattern, rule.flags)
        : undefined;
    if (derived !== undefined) registerDetectorTriggers(detector, derived);
    custom.push(detector);
    entries.push({ detector, ruleIds: [rule.id], family: rule.family });
  }
  return {
    sanitizers,
    pii: byFamily.pii!,
    secrets: byFamily.secrets!,
    injection: byFamily.injection!,
    hazards: byFamily.inputHazards!,
    custom,
    entries,
  };
}
