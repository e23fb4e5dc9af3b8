/**
 * The phrase rules' regexes: one sticky regex per rule, shared by all its leads, and each lead's prefix check, every
 * one made on its first use.
 *
 * Why per rule and on first use: V8 compiles a regex to native code on its first runs, at a cost that grows with its
 * size (10-45 ms for the largest rules). One alternation per lead word held every rule of that lead, so a rule with
 * twenty leads was compiled in up to twenty regexes, and a fresh process paid 1-3 s of CPU over its first thousand
 * ordinary strings compiling rules that never matched. Here a rule is compiled once, and only when one of its leads
 * passes the prefix check, which on ordinary text few do; the prefix checks are short.
 */
import { compilePhrase, expandPhrase } from "./phrase-pattern.js";
import { consumingPrefix, consumingSkeleton } from "./phrase-skeleton.js";
import type { InjectionRule, InjectionType } from "./rules.js";

/** A rule's name and type, as its findings carry them. */
export interface RuleName {
  readonly id: string;
  readonly type: InjectionType;
}

export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A rule's forward part in the phrase notation: its leads as one alternation, then its rest. */
function forwardOf(rule: InjectionRule, leads: readonly string[] = rule.lead): string {
  return `(?:${leads.map(escapeRegExp).join("|")})${rule.rest}`;
}

/**
 * The leads of a rule that can match where the lead word `lead` stands: those that start with it or that it starts
 * with (the text there begins with `lead`, case folded; a rule's match starts with one of its leads).
 */
function leadsAt(rule: InjectionRule, lead: string): string[] {
  return rule.lead.filter((other) => other.startsWith(lead) || lead.startsWith(other));
}

/**
 * The prefix check of lead word `lead`, whose rules are `rules` (phrase-skeleton.ts `consumingPrefix`, of each rule's
 * forward part with only the leads that can stand there, `leadsAt`): every match of one of the rules at such a lead
 * word starts with a match of its prefix, so where this fails, every rule fails. A rule whose skeleton has no prefix
 * (a top-level alternation) gives its whole skeleton.
 */
export function leadPrefixSource(lead: string, rules: readonly InjectionRule[]): string {
  const prefixes = rules.map((rule) => {
    const forward = expandPhrase(forwardOf(rule, leadsAt(rule, lead)));
    return consumingPrefix(forward) ?? consumingSkeleton(forward);
  });
  return [...new Set(prefixes)].join("|");
}

/**
 * The rules' regexes, made on first use. Matching at a lead word tries the lead's rules in order, each with its own
 * backtracking: the first rule that matches there and its end, the finding the rules tried one by one give (and the
 * same as one alternation of them in that order would, which the detector ran before).
 */
export class RuleRegexes {
  readonly byIndex: readonly RuleName[];
  /** The end of the match `matchAt` last found. */
  end = 0;
  readonly #rules: readonly InjectionRule[];
  readonly #regexes: (RegExp | undefined)[];
  /** By rule: its lookbehind alone, sticky, matching the empty string at a position where it holds. */
  readonly #behind: (RegExp | undefined)[];

  constructor(rules: readonly InjectionRule[]) {
    this.#rules = rules;
    this.byIndex = rules.map(({ id, type }) => ({ id, type }));
    this.#regexes = rules.map(() => undefined);
    this.#behind = rules.map(() => undefined);
  }

  /**
   * The rule's forward part (its leads, then its rest) as a sticky, case-insensitive regex; its lookbehind is apart
   * (`behindAt`). A lookbehind rule matches where its forward part matches and its lookbehind holds at the lead word's
   * start (a lookbehind reads only what ends there, so the two are independent). The forward part runs first: most
   * attempts fail there, and every "your" in the text walked back over up to ten words before `your (responses|
   * reply|...)` was even looked at when V8 ran the lookbehind first. Compiled apart, the forward part is compiled once
   * (as `(?=forward)(?<=before)forward` it was twice).
   */
  regex(rule: number): RegExp {
    let regex = this.#regexes[rule];
    if (regex === undefined) {
      regex = compilePhrase(forwardOf(this.#rules[rule]!), "i");
      this.#regexes[rule] = regex;
    }
    return regex;
  }

  /** Whether the rule's lookbehind holds at `at` of `text` (true for a rule without one). */
  behindAt(rule: number, text: string, at: number): boolean {
    const before = this.#rules[rule]!.before;
    if (before === undefined) return true;
    let regex = this.#behind[rule];
    if (regex === undefined) {
      regex = compilePhrase(`(?<=${before})`, "i");
      this.#behind[rule] = regex;
    }
    regex.lastIndex = at;
    return regex.test(text);
  }

  /**
   * The index in `rules` of the first that matches at `at` of `text` (its end in `end`), or -1: its forward part
   * matches there and its lookbehind, if any, holds there.
   */
  matchAt(rules: readonly number[], text: string, at: number): number {
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i]!;
      const regex = this.regex(rule);
      regex.lastIndex = at;
      if (regex.test(text) && this.behindAt(rule, text, at)) {
        this.end = regex.lastIndex;
        return i;
      }
    }
    return -1;
  }
}
