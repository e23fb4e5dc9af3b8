import type { TextDetector, TextMatch } from "../../types.js";
import { toMatchableText } from "./normalise.js";
import { compilePhrase } from "./phrase-pattern.js";
import { INJECTION_RULES, type InjectionType } from "./rules.js";

export { type MatchableText, toMatchableText } from "./normalise.js";
export { INJECTION_RULES, type InjectionRule, type InjectionType } from "./rules.js";

interface CompiledRule {
  type: InjectionType;
  pattern: RegExp;
  /**
   * For rules with a lookbehind: the same phrase without it. V8 runs a leading lookbehind first, so every "your"
   * in the text walked back over up to ten words before `your (responses|reply|...)` was even looked at. The rule
   * can only match where this forward part matches, and the forward part ends where the rule ends, so trying it
   * first finds the same matches. Measured (1 MB, medians of 9 interleaved rounds): detector 7.80 -> 7.53 ms on the
   * corpus mix, 7.39 -> 6.96 ms on the bench text; the lookbehind rule (~0.7 ms/MB) left the profile's top entries.
   */
  forward?: RegExp;
}

/**
 * Prompt-injection detector: normalise once (case, invisible characters, lookalikes), find every lead word with one
 * trigger scan, then try only the rules that can start at that word with a sticky, bounded regex. Benign text costs
 * one folding pass (a `toLowerCase` for ASCII) plus one trigger scan; the per-trigger work is bounded, so the whole
 * detector is linear in the input.
 */
export function createInjectionDetector(): TextDetector {
  const { words, symbols, symbolStarts, rulesByLead } = compileRules();
  return {
    id: "injection",
    kind: "injection",
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 6) return;
      const matchable = toMatchableText(text);
      const folded = matchable.text;
      // Two scans merged in text order, as if they were one alternation: the lead words, and the symbol leads
      // (`<`, `</`). Alone, the word alternation scans the corpus mix at 2.4 ms/MB instead of 3.4 ms/MB with the
      // symbols in it; the whole detector went from 8.2 to 7.9 ms/MB (corpus) and 8.4 to 8.0 ms/MB (bench text).
      words.lastIndex = 0;
      symbols.lastIndex = 0;
      let word = words.exec(folded);
      // Most strings hold no `<`: a native `includes` skips the symbol regex call (on 1 KB results that call was
      // ~1.5% of the in-process check).
      let symbol: RegExpExecArray | null = null;
      for (const ch of symbolStarts) {
        if (!folded.includes(ch)) continue;
        symbol = symbols.exec(folded);
        break;
      }
      while (word !== null || symbol !== null) {
        const fromWords = symbol === null || (word !== null && word.index < symbol.index);
        const hit = fromWords ? word! : symbol!;
        let resume = hit.index + hit[0].length;
        const rules = rulesByLead.get(hit[0]);
        if (rules !== undefined) {
          for (const rule of rules) {
            // `test` on the sticky pattern, then `lastIndex` as the end: no match array per attempt (~10k lead
            // words per MB of prose are tried, almost all fail).
            if (rule.forward !== undefined) {
              rule.forward.lastIndex = hit.index;
              if (!rule.forward.test(folded)) continue;
            }
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
            // Resume after a match so one phrase is one finding; otherwise step past the lead word.
            if (matchEnd > resume) resume = matchEnd;
            break;
          }
        }
        if (word !== null && (fromWords || word.index < resume)) {
          words.lastIndex = resume;
          word = words.exec(folded);
        }
        if (symbol !== null && (!fromWords || symbol.index < resume)) {
          symbols.lastIndex = resume;
          symbol = symbols.exec(folded);
        }
      }
    },
  };
}

function compileRules(): {
  words: RegExp;
  symbols: RegExp;
  symbolStarts: string[];
  rulesByLead: Map<string, CompiledRule[]>;
} {
  const rulesByLead = new Map<string, CompiledRule[]>();
  for (const rule of INJECTION_RULES) {
    const leadAlternation = rule.lead.map(escapeRegExp).join("|");
    const before = rule.before === undefined ? "" : `(?<=${rule.before})`;
    const compiled: CompiledRule = {
      type: rule.type,
      pattern: compilePhrase(`${before}(?:${leadAlternation})${rule.rest}`),
    };
    if (rule.before !== undefined) compiled.forward = compilePhrase(`(?:${leadAlternation})${rule.rest}`);
    for (const lead of rule.lead) {
      const list = rulesByLead.get(lead) ?? [];
      list.push(compiled);
      rulesByLead.set(lead, list);
    }
  }
  // Longest first so `</` wins over `<` and `ignoring` over `ignore` where both could start at one position.
  const leads = [...rulesByLead.keys()].sort((a, b) => b.length - a.length);
  const words = leads.filter((lead) => /^\w/.test(lead)).map(escapeRegExp);
  const symbolLeads = leads.filter((lead) => !/^\w/.test(lead));
  const symbols = symbolLeads.map(escapeRegExp);
  return {
    words: new RegExp(`\\b(?:${words.join("|")})\\b`, "g"),
    // With no symbol leads `symbolStarts` is empty and this regex is never run.
    symbols: new RegExp(symbols.join("|") || "(?!)", "g"),
    symbolStarts: [...new Set(symbolLeads.map((lead) => lead[0]!))],
    rulesByLead,
  };
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
