import type { PolicyConfig, ToolPolicy } from "./policy-types.js";

/** The sections a `tools.<glob>` entry may set besides `requires` and `sanitizer` (those are read where they apply). */
const SECTIONS = ["pii", "secrets", "injection", "inputHazards", "limits", "rules", "allow"] as const;

/** Whether any tool entry sets a family, so connector types can get a policy of their own. */
export function hasToolSections(config: PolicyConfig): boolean {
  return Object.values(config.tools ?? {}).some((tool) =>
    SECTIONS.some((section) => tool[section] !== undefined),
  );
}

/**
 * The policy for one call: for each section, the first glob (in key order, as for `sanitizer`) that `matches` (the
 * engine matches server and tool apart, as the capability gate does) and sets it is merged onto the top-level section (its `types` onto the top-level types, `rules` and
 * `inputHazards` key by key, `limits` field by field; allow-lists add up). Undefined when no tool entry applies.
 */
export function toolPolicyConfig(
  config: PolicyConfig,
  matches: (glob: string) => boolean,
): PolicyConfig | undefined {
  const chosen: Partial<Record<(typeof SECTIONS)[number], ToolPolicy>> = {};
  for (const [glob, tool] of Object.entries(config.tools ?? {})) {
    for (const section of SECTIONS) {
      if (chosen[section] === undefined && tool[section] !== undefined && matches(glob))
        chosen[section] = tool;
    }
  }
  if (Object.keys(chosen).length === 0) return undefined;
  const merged: PolicyConfig = { ...config };
  for (const family of ["pii", "secrets", "injection"] as const) {
    const over = chosen[family]?.[family];
    if (over === undefined) continue;
    const top = config[family];
    merged[family] = { ...top, ...over, types: { ...top?.types, ...over.types } };
  }
  if (chosen.inputHazards)
    merged.inputHazards = { ...config.inputHazards, ...chosen.inputHazards.inputHazards };
  if (chosen.limits) merged.limits = { ...config.limits, ...chosen.limits.limits };
  if (chosen.rules) merged.rules = { ...config.rules, ...chosen.rules.rules };
  const allow = chosen.allow?.allow;
  if (allow) {
    merged.allow = {
      values: [...(config.allow?.values ?? []), ...(allow.values ?? [])],
      patterns: [...(config.allow?.patterns ?? []), ...(allow.patterns ?? [])],
    };
  }
  return merged;
}
