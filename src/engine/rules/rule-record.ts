import type { RuleKind } from "../../shared/vocabulary.js";
import type { TextDetector } from "../types.js";
import type { Action } from "./actions.js";
import type { RuleContext } from "./rule-context.js";

/** The policy section that sets a rule's action (`pii.types.email`, `inputHazards.ssrf`, `sanitizer.mode`...). */
export type PolicyFamily = "pii" | "secrets" | "injection" | "inputHazards" | "sanitizer";

/** A string, or a function that builds one at test time (fake credentials are never literals in the repo). */
export type RuleExample = string | (() => string);

/** Settings a detector factory may read; built from the resolved policy. */
export interface DetectorContext {
  readonly phoneRegions: readonly string[];
  /**
   * The learned injection model (`injection.scorer`) is on for tool output at the policy's top level: the phrase
   * rules then take its second opinion (src/engine/detectors/injection/scorer/second-opinion.ts).
   */
  readonly injectionModel?: boolean;
}

/**
 * One rule, declared once. Everything else (the TypeScript unions, the policy schema's enums, policy matching, the
 * wire sets, the README's rule table) is derived from these records. Most rules are run by the string scanner
 * (`ScannedRuleRecord`); a few get their findings from a hook the user gives the engine (`HookRuleRecord`).
 */
export type RuleRecord = ScannedRuleRecord | HookRuleRecord;

/** What every rule declares, however its findings are made. */
interface RuleRecordBase {
  /** Stable id, reported in findings and audit records, and the key of `rules: { <id>: <action> }`. */
  readonly id: string;
  readonly kind: RuleKind;
  /** The finding type, and the key of `<family>.types` (hazards: of `inputHazards`). */
  readonly type: string;
  readonly family: PolicyFamily;
  /** One line for the README's rule table. */
  readonly summary: string;
  /** Action when the policy says nothing about this rule, its type or its family, per phase. */
  readonly defaults: { readonly input: Action; readonly output: Action };
  /**
   * Off unless the policy names it: its id (or a dotted prefix) in `rules`, or its type in `<family>.types`. The
   * family's phase action alone does not turn it on. `true`: in both phases; `"input"`: on tool arguments only (the
   * learned scorer, chosen on tool output, runs on results by default and on arguments only when named).
   */
  readonly optIn?: boolean | "input";
  /**
   * Literals of which at least one occurs (exact case) in every text the rule matches, as gitleaks' keywords (a test
   * checks it over random text). Built-in detectors find these literals themselves; for rules declared in the policy
   * the scanner's shared prefilter skips the rule on a string holding none.
   */
  readonly keywords?: readonly string[];
  /**
   * What confirms a candidate beyond its shape (documentation for the README's rule table; the detector applies it).
   * Not in the published package (scripts/build-js.mjs).
   */
  readonly validator?: string;
  /**
   * Context words near a match: the shape of a declared rule's `context`, read by the same function
   * (rule-context.ts). Only records the generic token detector reads carry one (it is their `token.context`, and a
   * test checks that no record carries a context nothing reads); a detector written as code says in `validator`
   * what context it looks for.
   */
  readonly context?: RuleContext;
  /** Ids the detector reports under this record, when more precise than `id` (hazard sub-rules, phrase rules). */
  readonly subRuleIds?: readonly string[];
}

/** A rule the string scanner runs over every string: its detector finds the matches. */
export interface ScannedRuleRecord extends RuleRecordBase {
  readonly hook?: undefined;
  /**
   * Builds the matcher. Several records may share one factory (the injection phrase rules share one detector); the
   * detector set calls each factory once.
   */
  readonly detector: (context: DetectorContext) => TextDetector;
  /**
   * Run by one generic test: each positive example yields a match of this type, no negative one does. Every
   * built-in record has them in the source tree; the published package leaves them out (no code reads them at run
   * time: scripts/build-js.mjs), so `BUILT_IN_RULES` read from the package has none.
   */
  readonly examples?: {
    readonly positive: readonly RuleExample[];
    readonly negative: readonly RuleExample[];
  };
}

/**
 * A rule whose findings come from a hook the user gives the engine (their own classifier), not from the text scan:
 * no detector, so the detector set skips it. The policy sets its action like any rule's of its family; the engine
 * asks the policy before calling the hook, and does not call it when the action is `off`.
 */
export interface HookRuleRecord extends RuleRecordBase {
  /** The engine option that supplies the findings. */
  readonly hook: "injectionClassifier";
  readonly detector?: undefined;
  /**
   * No text examples: what the rule finds is the user's model's call. The reason is stated; the generic registry
   * test runs the hook with a fake classifier instead, to check the findings' id, kind and type and its policy keys.
   */
  readonly examples?: { readonly none: string };
}

/** True for a rule the string scanner runs. */
export function isScanned(rule: RuleRecord): rule is ScannedRuleRecord {
  return rule.detector !== undefined;
}

export function exampleText(example: RuleExample): string {
  return typeof example === "function" ? example() : example;
}
