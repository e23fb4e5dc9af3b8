import { HAZARD_RULES } from "./built-in/hazards.js";
import { INJECTION_TYPE_RULES } from "./built-in/injection.js";
import { INJECTION_CLASSIFIER_RULES } from "./built-in/injection-classifier.js";
import { INJECTION_SCORER_RULES } from "./built-in/injection-scorer.js";
import { INJECTION_STRUCTURE_RULES } from "./built-in/injection-structure.js";
import { PII_RULES } from "./built-in/pii.js";
import { SANITIZER_RULES } from "./built-in/sanitizer.js";
import { SECRET_RULES } from "./built-in/secrets.js";
import type { PolicyFamily, RuleRecord } from "./rule-record.js";

/**
 * Every built-in rule, in the order the detectors run (secrets before PII, so the scanner meets the more specific
 * match first). Adding a rule is adding one record (and its examples) to one of the built-in files.
 */
export const BUILT_IN_RULES: readonly RuleRecord[] = [
  ...SECRET_RULES,
  ...PII_RULES,
  ...INJECTION_TYPE_RULES,
  ...INJECTION_STRUCTURE_RULES,
  ...INJECTION_SCORER_RULES,
  // Not scanned: its findings come from the `injectionClassifier` hook (the detector set skips it).
  ...INJECTION_CLASSIFIER_RULES,
  ...HAZARD_RULES,
  ...SANITIZER_RULES,
];

export type PiiType = (typeof PII_RULES)[number]["type"];
export type SecretType = (typeof SECRET_RULES)[number]["type"];
export type HazardType = (typeof HAZARD_RULES)[number]["type"];
export type InjectionRuleType = (
  | typeof INJECTION_TYPE_RULES
  | typeof INJECTION_STRUCTURE_RULES
  | typeof INJECTION_SCORER_RULES
  | typeof INJECTION_CLASSIFIER_RULES
)[number]["type"];

export const PII_TYPES: readonly PiiType[] = PII_RULES.map((rule) => rule.type);
export const SECRET_TYPES: readonly SecretType[] = SECRET_RULES.map((rule) => rule.type);
export const HAZARD_TYPES: readonly HazardType[] = HAZARD_RULES.map((rule) => rule.type);
export const INJECTION_TYPES: readonly InjectionRuleType[] = [
  ...new Set(
    [
      ...INJECTION_TYPE_RULES,
      ...INJECTION_STRUCTURE_RULES,
      ...INJECTION_SCORER_RULES,
      ...INJECTION_CLASSIFIER_RULES,
    ].map((rule) => rule.type),
  ),
];

/** The type names `<family>.types` accepts, for the given records. */
export function typesOf(records: readonly RuleRecord[], family: PolicyFamily): string[] {
  return [...new Set(records.filter((rule) => rule.family === family).map((rule) => rule.type))];
}

/** Every id a finding can carry: each record's id and its sub-rules' ids. */
export function ruleIdsOf(records: readonly RuleRecord[]): string[] {
  return records.flatMap((rule) => [rule.id, ...(rule.subRuleIds ?? [])]);
}

/**
 * The keys `rules: { ... }` accepts: every rule id, and every dotted prefix of one (`injection`,
 * `injection.role_reassignment`, `hazard.sql_injection`), which sets all the rules under it.
 */
export function ruleKeysOf(records: readonly RuleRecord[]): string[] {
  const keys = new Set<string>();
  for (const id of ruleIdsOf(records)) {
    const parts = id.split(".");
    for (let i = 1; i <= parts.length; i++) keys.add(parts.slice(0, i).join("."));
  }
  return [...keys].sort();
}

/** The record that owns a finding's rule id: its own id, a sub-rule's, or the nearest dotted prefix. */
export function recordIndex(records: readonly RuleRecord[]): (ruleId: string) => RuleRecord | undefined {
  const byId = new Map<string, RuleRecord>();
  for (const rule of records) {
    byId.set(rule.id, rule);
    for (const sub of rule.subRuleIds ?? []) byId.set(sub, rule);
  }
  return (ruleId) => {
    for (let id = ruleId; ; ) {
      const found = byId.get(id);
      if (found !== undefined) return found;
      const dot = id.lastIndexOf(".");
      if (dot < 0) return undefined;
      id = id.slice(0, dot);
    }
  };
}
