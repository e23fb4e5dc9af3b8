import type { RuleKind } from "../../shared/vocabulary.js";
import type { CustomRuleConfig } from "../policy-types.js";
import type { PolicyFamily } from "./rule-record.js";

export const FAMILY_OF_KIND: Record<CustomRuleConfig["kind"], PolicyFamily> = {
  pii: "pii",
  secret: "secrets",
  injection: "injection",
  hazard: "inputHazards",
};

/**
 * The id, type and family of the rules a policy declares, read from an unvalidated value: just enough for the
 * schema to accept their types and ids (the schema then validates the declarations themselves).
 */
export function declaredRules(
  value: unknown,
): { id: string; type: string; family: PolicyFamily; kind: RuleKind }[] {
  const list = (value as { customRules?: unknown } | null)?.customRules;
  if (!Array.isArray(list)) return [];
  const out: { id: string; type: string; family: PolicyFamily; kind: RuleKind }[] = [];
  for (const item of list) {
    const { id, type, kind } = (item ?? {}) as Record<string, unknown>;
    if (typeof id !== "string" || typeof type !== "string" || typeof kind !== "string") continue;
    const family = FAMILY_OF_KIND[kind as CustomRuleConfig["kind"]];
    if (family !== undefined) out.push({ id, type, family, kind: kind as RuleKind });
  }
  return out;
}
