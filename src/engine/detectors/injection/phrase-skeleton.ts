/**
 * A regex's consuming skeleton: the same source with every assertion taken out (`\b`, `\B`, `^`, `$`, lookaheads and
 * lookbehinds, whole) and every capturing group made non-capturing. Its language is a superset of the regex's, and it
 * reads nothing but the characters it consumes: wherever the regex matches a string at some position, ending at e,
 * the skeleton matches there too, and it matches at that position of any other string that holds the same
 * characters from there to e, whatever stands before or after them. (Taking an assertion out only lets more through;
 * a regex without backreferences, as the phrase rules are, has nothing else that reads outside its match.)
 *
 * The detector reads its prefix (`consumingPrefix`) at each lead word before it tries the lead's rules
 * (phrase-regexes.ts `leadPrefixSource`). The source is the regex syntax the phrase rules use (phrase-literals.ts parses the same); anything else throws.
 */

const QUANTIFIER = /(?:[*+?]|\{\d+(?:,\d*)?\})\??/y;
const GROUP_HEAD = /\?(?::|=|!|<=|<!|<[A-Za-z_]\w*>)/y;

class Stripper {
  #at = 0;
  constructor(readonly source: string) {}

  strip(): string {
    const out = this.#alternation();
    if (this.#at !== this.source.length) this.#fail("unbalanced )");
    return out;
  }

  /** The top-level sequence's atoms with their quantifiers, as written (undefined: a top-level alternation). */
  topAtoms(): string[] | undefined {
    const s = this.source;
    const atoms: string[] = [];
    while (this.#at < s.length) {
      if (s[this.#at] === "|") return undefined;
      const from = this.#at;
      this.#atom();
      QUANTIFIER.lastIndex = this.#at;
      const quantifier = QUANTIFIER.exec(s);
      if (quantifier !== null) this.#at += quantifier[0].length;
      atoms.push(s.slice(from, this.#at));
    }
    return atoms;
  }

  #fail(what: string): never {
    throw new Error(`phrase skeleton: ${what} at ${this.#at} of /${this.source}/`);
  }

  #alternation(): string {
    let out = this.#sequence();
    while (this.source[this.#at] === "|") {
      this.#at++;
      out += `|${this.#sequence()}`;
    }
    return out;
  }

  #sequence(): string {
    let out = "";
    const s = this.source;
    while (this.#at < s.length && s[this.#at] !== "|" && s[this.#at] !== ")") {
      const atom = this.#atom();
      QUANTIFIER.lastIndex = this.#at;
      const quantifier = QUANTIFIER.exec(s);
      if (quantifier !== null) this.#at += quantifier[0].length;
      // An assertion goes with its quantifier; a consuming atom keeps it.
      if (atom !== undefined) out += atom + (quantifier?.[0] ?? "");
    }
    return out;
  }

  /** The next atom's skeleton, or undefined for an assertion. */
  #atom(): string | undefined {
    const s = this.source;
    const c = s[this.#at++]!;
    if (c === "(") return this.#group();
    if (c === "[") return this.#charClass();
    if (c === "\\") return this.#escape();
    if (c === "^" || c === "$") return undefined;
    if (c === "*" || c === "+" || c === "?" || c === "{") this.#fail("quantifier without an atom");
    return c;
  }

  #group(): string | undefined {
    const s = this.source;
    let assertion = false;
    if (s[this.#at] === "?") {
      GROUP_HEAD.lastIndex = this.#at;
      const head = GROUP_HEAD.exec(s);
      if (head === null) this.#fail("unknown group");
      assertion = /^\?(?:=|!|<=|<!)$/.test(head[0]);
      this.#at += head[0].length;
    }
    const inner = this.#alternation();
    if (s[this.#at++] !== ")") this.#fail("missing )");
    return assertion ? undefined : `(?:${inner})`;
  }

  #escape(): string | undefined {
    const c = this.source[this.#at++];
    if (c === undefined) this.#fail("trailing \\");
    if (c === "b" || c === "B") return undefined;
    // Backreferences and escapes longer than one character are not in the rules' syntax.
    if (/[1-9kuxcp]/i.test(c)) this.#fail(`escape \\${c}`);
    return `\\${c}`;
  }

  #charClass(): string {
    const s = this.source;
    const from = this.#at - 1;
    while (s[this.#at] !== "]") {
      if (this.#at >= s.length) this.#fail("missing ]");
      this.#at += s[this.#at] === "\\" ? 2 : 1;
    }
    this.#at++;
    return s.slice(from, this.#at);
  }
}

/** The consuming skeleton of a regex source (see the header). */
export function consumingSkeleton(source: string): string {
  return new Stripper(source).strip();
}

/**
 * The skeleton's first atoms: up to and including its second atom that must match something other than whitespace
 * (no `?`, `*` or `{0,` quantifier; not `\s` alone). Every match of the skeleton starts with a match of this prefix
 * (a sequence's prefix matches a prefix of each of its matches), so where the prefix fails at a position, so do the
 * skeleton and the regex. Undefined when the skeleton's top level is an alternation.
 */
export function consumingPrefix(source: string): string | undefined {
  const atoms = new Stripper(consumingSkeleton(source)).topAtoms();
  if (atoms === undefined) return undefined;
  let out = "";
  let solid = 0;
  for (const atom of atoms) {
    out += atom;
    if (!/(?:[*?]|\{0,\d*\})\??$/.test(atom) && !/^\\s(?:[+]|\{\d+(?:,\d*)?\})?$/.test(atom) && ++solid === 2)
      break;
  }
  return out;
}
