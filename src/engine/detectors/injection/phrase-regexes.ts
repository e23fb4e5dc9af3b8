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
 * A rule's regex source: its forward part, behind its lookbehind (`before`) if it has one. A lookbehind rule is
 * `(?=forward)(?<=before)forward`: V8 runs a leading lookbehind first, and every "your" in the text walked back over
 * up to ten words before `your (responses|reply|...)` was even looked at; the cheap forward part runs first instead,
 * and ends where the rule does.
 */
export function ruleSource(rule: InjectionRule): string {
  const forward = forwardOf(rule);
  return rule.before === undefined ? forward : `(?=${forward})(?<=${rule.before})${forward}`;
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
  readonly #skeletons: (RegExp | undefined)[];

  constructor(rules: readonly InjectionRule[]) {
    this.#rules = rules;
    this.byIndex = rules.map(({ id, type }) => ({ id, type }));
    this.#regexes = rules.map(() => undefined);
    this.#skeletons = rules.map(() => undefined);
  }

  /** The rule's sticky, case-insensitive regex (see `ruleSource`). */
  regex(rule: number): RegExp {
    let regex = this.#regexes[rule];
    if (regex === undefined) {
      regex = compilePhrase(ruleSource(this.#rules[rule]!), "i");
      this.#regexes[rule] = regex;
    }
    return regex;
  }

  /**
   * The rule's consuming skeleton (phrase-skeleton.ts), sticky: where it fails at a lead word, the rule fails on any
   * text that holds the same characters from there on (the glued retry's view).
   */
  skeleton(rule: number): RegExp {
    let skeleton = this.#skeletons[rule];
    if (skeleton === undefined) {
      skeleton = new RegExp(consumingSkeleton(expandPhrase(forwardOf(this.#rules[rule]!))), "yi");
      this.#skeletons[rule] = skeleton;
    }
    return skeleton;
  }

  /** The index in `rules` of the first whose regex matches at `at` of `text` (its end in `end`), or -1. */
  matchAt(rules: readonly number[], text: string, at: number): number {
    for (let i = 0; i < rules.length; i++) {
      const regex = this.regex(rules[i]!);
      regex.lastIndex = at;
      if (regex.test(text)) {
        this.end = regex.lastIndex;
        return i;
      }
    }
    return -1;
  }

  /** Whether the skeleton of one of `rules` matches at `at` of `text`. */
  skeletonAt(rules: readonly number[], text: string, at: number): boolean {
    for (const rule of rules) {
      const skeleton = this.skeleton(rule);
      skeleton.lastIndex = at;
      if (skeleton.test(text)) return true;
    }
    return false;
  }
}
