/** What a rule finds. `control` and `markup` are the sanitizer's; the others are content rules. */
export const RULE_KINDS = ["pii", "secret", "injection", "markup", "hazard", "control"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** Every kind a finding can have: the rules' kinds and the checks' own. The wire reads this. */
export const FINDING_KINDS = [...RULE_KINDS, "schema", "capability", "limit"] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
