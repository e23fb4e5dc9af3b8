import type { TextDetector, TextMatch } from "../../types.js";
import { toMatchableText } from "./normalise.js";
import { compilePhrase } from "./phrase-pattern.js";
import { INJECTION_RULES, type InjectionType } from "./rules.js";

export { type MatchableText, toMatchableText } from "./normalise.js";
export { INJECTION_RULES, type InjectionRule, type InjectionType } from "./rules.js";

interface CompiledRule {
  type: InjectionType;
  pattern: RegExp;
}

/**
 * Prompt-injection detector: normalise once (case, invisible characters, lookalikes), find every lead word with one
 * trigger scan, then try only the rules that can start at that word with a sticky, bounded regex. Benign text costs
 * one folding pass (a `toLowerCase` for ASCII) plus one trigger scan; the per-trigger work is bounded, so the whole
 * detector is linear in the input.
 */
export function createInjectionDetector(): TextDetector {
  const { trigger, rulesByLead } = compileRules();
  return {
    id: "injection",
    kind: "injection",
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 6) return;
      const matchable = toMatchableText(text);
      const folded = matchable.text;
      trigger.lastIndex = 0;
      for (let hit = trigger.exec(folded); hit !== null; hit = trigger.exec(folded)) {
        const rules = rulesByLead.get(hit[0]);
        if (rules === undefined) continue;
        let end = -1;
        for (const rule of rules) {
          // `test` on the sticky pattern, then `lastIndex` as the end: no match array per attempt (~10k lead words
          // per MB of prose are tried, almost all fail).
          rule.pattern.lastIndex = hit.index;
          if (!rule.pattern.test(folded)) continue;
          const matchEnd = rule.pattern.lastIndex;
          const [start, stop] = matchable.toOriginal(hit.index, matchEnd);
          out.push({
            kind: "injection",
            type: rule.type,
            start,
            end: stop,
            ruleId: `injection.${rule.type}`,
          });
          end = matchEnd;
          break;
        }
        // Resume after a match so one phrase is one finding; otherwise step past the lead word.
        if (end > trigger.lastIndex) trigger.lastIndex = end;
      }
    },
  };
}

function compileRules(): { trigger: RegExp; rulesByLead: Map<string, CompiledRule[]> } {
  const rulesByLead = new Map<string, CompiledRule[]>();
  for (const rule of INJECTION_RULES) {
    const leadAlternation = rule.lead.map(escapeRegExp).join("|");
    const before = rule.before === undefined ? "" : `(?<=${rule.before})`;
    const compiled: CompiledRule = {
      type: rule.type,
      pattern: compilePhrase(`${before}(?:${leadAlternation})${rule.rest}`),
    };
    for (const lead of rule.lead) {
      const list = rulesByLead.get(lead) ?? [];
      list.push(compiled);
      rulesByLead.set(lead, list);
    }
  }
  // Longest first so `</` wins over `<` and `ignoring` over `ignore` where both could start at one position.
  const leads = [...rulesByLead.keys()].sort((a, b) => b.length - a.length);
  const words = leads.filter((lead) => /^\w/.test(lead)).map(escapeRegExp);
  const symbols = leads.filter((lead) => !/^\w/.test(lead)).map(escapeRegExp);
  const source = [`\\b(?:${words.join("|")})\\b`, ...symbols].join("|");
  return { trigger: new RegExp(source, "g"), rulesByLead };
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
