/**
 * The phrase rules' detector as it was before its one-pass gates (commit 2bfa62c,
 * src/engine/detectors/injection/index.ts, `createInjectionDetector`), kept verbatim as the reference the gated
 * detector is compared with (test/property/phrase-gates.property.test.ts): a global `\b(?:lead words)\b` regex scan
 * and each lead's rules tried at every lead word it stops at. Since session 16 a lead word may also start glued to
 * the word before it (`nextWord`).
 */

import { toFoldedText } from "../../src/engine/detectors/injection/normalise.js";
import { execGlued } from "../../src/engine/detectors/injection/phrase-glued.js";
import { compilePhrase } from "../../src/engine/detectors/injection/phrase-pattern.js";
import { addSlugFindingsAt } from "../../src/engine/detectors/injection/phrase-slugs.js";
import { isQuotedMention } from "../../src/engine/detectors/injection/quoted-mention.js";
import { INJECTION_RULES, type InjectionType } from "../../src/engine/detectors/injection/rules.js";
import {
  HAS_DASH,
  HAS_LT,
  HAS_NON_ASCII,
  HAS_SPACE,
  HAS_UNDERSCORE,
} from "../../src/engine/scan/string-features.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

interface CompiledRule {
  id: string;
  type: InjectionType;
}

/*
 * Case: the rules are written for lower-case text, but the detector runs every regex with the `i` flag on text whose
 * ASCII keeps its original case (`toFoldedText`), instead of lower-casing a copy first. That is the same matching:
 * without the `u` flag, `i` makes an ASCII letter match only the same letter in either case (a non-ASCII character
 * never canonicalises to ASCII), and every rule source is lower case outside its escapes (a unit test checks this),
 * so a letter matches under `i` exactly when its lower case matches without it; `\w`, `\b`, `\s` and the other
 * classes hold both cases of a letter or neither. The non-ASCII characters left after folding are lower case
 * already (checked over every code point: each fold is unchanged by `toLowerCase`). A fast-check property test compares random-case rule phrases against a lower-case-first reference, and
 * the findings over every corpus text (plus upper-cased and random-case copies, 8,016 findings) are identical.
 * Measured with the per-lead gate below (1 MB, medians of 7-9 interleaved rounds): detector 7.7 -> 6.4 ms/MB on the
 * corpus mix (two-byte text, where lower-casing each slice was the slow path), 7.1 -> 6.8 on the bench text.
 */

/**
 * Prompt-injection detector: normalise once (case, invisible characters, lookalikes), find every lead word with one
 * trigger scan, then try only the rules that can start at that word with a sticky, bounded regex. Benign text costs
 * one folding pass (none for printable ASCII) plus one trigger scan; the per-trigger work is bounded, so the whole
 * detector is linear in the input.
 */
export function createReferenceInjectionDetector(): TextDetector {
  const { words, symbols, symbolStarts, rulesByLead } = compileRules();
  const leadWords = new Set([...rulesByLead.keys()].filter((lead) => /^\w/.test(lead)));
  const plain = [...leadWords].filter((lead) => /^\w+$/.test(lead)).sort((a, b) => b.length - a.length);
  PLAIN_WORDS = new RegExp(`(?:${plain.map(escapeRegExp).join("|")})\\b`, "yi");
  const detector: TextDetector = {
    id: "injection",
    kind: "injection",
    // Every word rule has a mandatory `\s` (a non-optional space, which compilePhrase makes `\s+`, or `\s` in its
    // lookbehind; checked rule by rule), and the `<` rules need a `<`. Folding maps only non-ASCII code points, so
    // the folded text has such a character only if the original has it or has a non-ASCII one (U+00A0, `＜`).
    requires: HAS_SPACE | HAS_LT | HAS_NON_ASCII | HAS_DASH | HAS_UNDERSCORE,
    minLength: 6,
    detect(text: string, out: TextMatch[]): void {
      const from = out.length;
      detectText(text, out);
      // Session 16: slugs read with their joins as spaces (phrase-slugs.ts), the same step as the detector's.
      const joins: number[] = [];
      // Session 17: joined by `_` too.
      for (let at = 0; at < text.length; at++) if (text[at] === "-" || text[at] === "_") joins.push(at);
      addSlugFindingsAt(text, joins, joins.length, leadWords, detectText, out, from);
    },
  };
  function detectText(text: string, out: TextMatch[]): void {
    if (text.length < 6) return;
    const matchable = toFoldedText(text);
    const folded = openEscapes(matchable.text);
    // Two scans merged in text order, as if they were one alternation: the lead words, and the symbol leads
    // (`<`, `</`). Alone, the word alternation scans the corpus mix at 2.4 ms/MB instead of 3.4 ms/MB with the
    // symbols in it; the whole detector went from 8.2 to 7.9 ms/MB (corpus) and 8.4 to 8.0 ms/MB (bench text).
    words.lastIndex = 0;
    symbols.lastIndex = 0;
    let word = nextWord(words, folded);
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
      // The keys are lower case; most lead words in text are too, so the second lookup is rarely needed.
      const lead = rulesByLead.get(hit[0]) ?? rulesByLead.get(hit[0].toLowerCase());
      let gate: RegExpExecArray | null = null;
      let matchEnd = 0;
      if (lead !== undefined) {
        lead.any.lastIndex = hit.index;
        // A failed `exec` makes no match array, like `test` (~10k lead words per MB of prose are tried, almost
        // all fail); a match names its rule by its group.
        gate = lead.any.exec(folded);
        matchEnd = lead.any.lastIndex;
        // Session 17: a lookbehind's first word glued to a value (phrase-glued.ts), the same step as the detector's.
        if (gate === null && lead.behind) {
          const glued = execGlued(lead.any, folded, hit.index);
          if (glued !== undefined) [gate, matchEnd] = [glued.match, glued.end];
        }
      }
      if (gate !== null) {
        const rule = lead!.rules[matchedAlternative(gate, lead!.rules.length)]!;
        // Writing about an attack that names its phrase in quotes addresses nobody (quoted-mention.ts).
        if (!isQuotedMention(folded, hit.index, matchEnd)) {
          const [start, stop] = matchable.toOriginal(hit.index, matchEnd);
          out.push({ kind: "injection", type: rule.type, start, end: stop, ruleId: rule.id });
        }
        // Resume after a match so one phrase is one finding; otherwise step past the lead word.
        if (matchEnd > resume) resume = matchEnd;
      }
      if (word !== null && (fromWords || word.index < resume)) {
        words.lastIndex = resume;
        word = nextWord(words, folded);
      }
      if (symbol !== null && (!fromWords || symbol.index < resume)) {
        symbols.lastIndex = resume;
        symbol = symbols.exec(folded);
      }
    }
  }
  return detector;
}

/**
 * The next lead word from `words.lastIndex`: a match of `(?:lead words)\b` that starts a word, after a boundary or
 * glued to the word before it (after a digit, or at a lower-to-upper change: "200Ignore", "okPlease"). Added with
 * the glued starts (session 16); before, the scan's own `\b` did this.
 */
/** The leads of word characters only, longest first, sticky (set by the detector's compile). */
let PLAIN_WORDS = /(?!)/y;

function nextWord(words: RegExp, text: string): RegExpExecArray | null {
  for (let m = words.exec(text); m !== null; m = words.exec(text)) {
    const at = m.index;
    const before = at === 0 ? "" : text[at - 1]!;
    if (at === 0 || !/\w/.test(before)) return m;
    const glued =
      /\d/.test(before) ||
      (/[a-z]/.test(before) && /[A-Z]/.test(text[at]!)) ||
      /^[A-Z][A-Z][a-z]/.test(text.slice(at - 1, at + 2));
    // Only a lead of word characters starts glued (not `e-mail`), with whitespace after it: the longest such one.
    // Session 17: or a colon and whitespace ("200SYSTEM: the assistant must...").
    const spaced = (w: string) => /^:?\s/.test(text.slice(at + w.length, at + w.length + 2));
    if (glued && /^\w+$/.test(m[0]) && spaced(m[0])) return m;
    if (glued) {
      PLAIN_WORDS.lastIndex = at;
      const plain = PLAIN_WORDS.exec(text);
      if (plain !== null && spaced(plain[0])) {
        words.lastIndex = at + plain[0].length;
        return plain;
      }
    }
    words.lastIndex = at + 1;
  }
  return null;
}

/**
 * JSON-escaped whitespace (`\n`, `\r`, `\t` as a backslash and a letter) read as whitespace: a tool output that is
 * JSON text holds each line of a string behind such an escape, and the letter glued to the next line's first word
 * (`...\nIgnore previous instructions`) hid its lead word from the word-boundary trigger scan. Two characters become
 * two spaces, so offsets are unchanged; text without a backslash is returned as is.
 */
const ESCAPED_SPACE = /\\[nrt]/g;

function openEscapes(folded: string): string {
  return folded.includes("\\") ? folded.replace(ESCAPED_SPACE, "  ") : folded;
}

interface LeadRules {
  /**
   * All rules of one lead word as one sticky alternation, each rule in a named group (`r0`, `r1`, ... in rule
   * order): one regex call per lead word instead of one per rule (and two per lookbehind rule). The alternation
   * tries the rules in order, each with its own backtracking, so at a lead word it matches exactly when one of the
   * rules does, with the first rule that matches there (its group is the one set) and that rule's own end; that is
   * the finding the rules tried one by one would give, without running the matching rule a second time. A
   * lookbehind rule enters as `(?=forward)(?<=before)forward`: V8 runs a leading lookbehind first, and every "your"
   * in the text walked back over up to ten words before `your (responses|reply|...)` was even looked at; the cheap
   * forward part runs first instead, and ends where the rule does. Measured (1 MB, medians of 7 interleaved
   * rounds): ~0.2 ms/MB less on both the corpus mix and the bench text (~21k lead words per MB there, many with 2-4
   * rules) than a regex call per rule.
   */
  any: RegExp;
  rules: CompiledRule[];
  /** Whether one of its rules has a lookbehind (session 17). */
  behind: boolean;
}

/** The index of the alternative (rule) of a lead's alternation that matched: its named group is the one set. */
function matchedAlternative(match: RegExpExecArray, alternatives: number): number {
  const groups = match.groups!;
  for (let i = 0; i < alternatives - 1; i++) if (groups[`r${i}`] !== undefined) return i;
  return alternatives - 1;
}

function compileRules(): {
  words: RegExp;
  symbols: RegExp;
  symbolStarts: string[];
  rulesByLead: Map<string, LeadRules>;
} {
  const rulesByLead = new Map<string, LeadRules>();
  const sourcesByLead = new Map<string, string[]>();
  for (const rule of INJECTION_RULES) {
    const leadAlternation = rule.lead.map(escapeRegExp).join("|");
    const forward = `(?:${leadAlternation})${rule.rest}`;
    const compiled: CompiledRule = { id: rule.id, type: rule.type };
    const source = rule.before === undefined ? forward : `(?=${forward})(?<=${rule.before})${forward}`;
    for (const lead of rule.lead) {
      const entry = rulesByLead.get(lead) ?? { any: /(?!)/y, rules: [], behind: false };
      entry.rules.push(compiled);
      if (rule.before !== undefined) entry.behind = true;
      rulesByLead.set(lead, entry);
      const sources = sourcesByLead.get(lead) ?? [];
      sources.push(source);
      sourcesByLead.set(lead, sources);
    }
  }
  for (const [lead, sources] of sourcesByLead) {
    rulesByLead.get(lead)!.any = compilePhrase(
      sources.map((source, i) => `(?<r${i}>${source})`).join("|"),
      "i",
    );
  }
  // The trigger scan is one alternation regex over all lead words, not an Aho-Corasick automaton over them. Both were
  // timed on the same README prose, interleaved (automaton in bench/lib/trigger-automaton.ts; 2 cores at load 18):
  // whole READMEs, 22 rounds, fastest / median 5.1 / 31 µs per KB for the regex vs 17.6 / 52 for the automaton; in
  // bench/injection-cost.ts (7 rounds) 12.8 vs 13.8 (1 KB strings) and 8.3 vs 13.8 (whole READMEs), fastest. V8
  // compiles the alternation to native code that skips to the possible first letters; a table walk in JS pays a few
  // array reads per character and cannot skip.
  // Longest first so `</` wins over `<` and `ignoring` over `ignore` where both could start at one position.
  const leads = [...rulesByLead.keys()].sort((a, b) => b.length - a.length);
  const words = leads.filter((lead) => /^\w/.test(lead)).map(escapeRegExp);
  const symbolLeads = leads.filter((lead) => !/^\w/.test(lead));
  const symbols = symbolLeads.map(escapeRegExp);
  return {
    words: new RegExp(`(?:${words.join("|")})\\b`, "gi"),
    // With no symbol leads `symbolStarts` is empty and this regex is never run.
    symbols: new RegExp(symbols.join("|") || "(?!)", "g"),
    symbolStarts: [...new Set(symbolLeads.map((lead) => lead[0]!))],
    rulesByLead,
  };
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
