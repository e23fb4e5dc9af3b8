import type { TextMatch } from "../../types.js";

/**
 * One hazard pattern: a global regex whose whole match is the reported span. Every pattern in this folder is written
 * so that each repetition is bounded or separated from its neighbour by a disjoint class (`\s+` then a literal), so
 * the work per start position is bounded and a scan is linear in the input.
 */
export interface PatternRule {
  readonly type: string;
  readonly ruleId: string;
  readonly pattern: RegExp;
}

export function collectPatternMatches(rules: readonly PatternRule[], text: string, out: TextMatch[]): void {
  for (const rule of rules) {
    const { pattern } = rule;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      out.push({
        kind: "hazard",
        type: rule.type,
        start: m.index,
        end: m.index + m[0].length,
        ruleId: rule.ruleId,
      });
    }
  }
}
