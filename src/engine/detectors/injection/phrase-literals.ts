/**
 * What a phrase rule's regex needs to find in a text before it can match: a set of literals of which every match
 * holds one, and how far into the match that literal can start. Derived from the rule's own compiled source (never
 * written a second time), by a small parser for the regex syntax the rules use and the classic literal extraction of
 * regex prefilters (a sequence needs what one of its parts needs; an alternation needs one of what each branch needs;
 * neighbouring parts of known finite text are joined into longer, rarer literals).
 *
 * Distances are counted in "compressed" units: every character counts one, except a whitespace character that
 * follows another whitespace character, which counts zero. A whitespace run matched by `\s+` or `\s{0,3}` then costs
 * at most one unit however long it is, so a rule without an unbounded repetition of anything else has a bounded
 * compressed length (an unbounded one, such as "ignore (all |the )*previous instructions", has none: `Infinity`).
 * Hand-written because no maintained npm package extracts required literals from a JavaScript regex.
 */

/** One parsed regex element. `chars`: the lower-case ASCII characters a single-character element matches, when it
 * is a small set of printable non-space ASCII; `ws`: it matches only whitespace. */
type Node =
  | { readonly t: "char"; readonly chars: readonly string[] | null; readonly ws: boolean }
  | { readonly t: "seq"; readonly items: readonly Node[] }
  | { readonly t: "alt"; readonly branches: readonly Node[] }
  | { readonly t: "rep"; readonly node: Node; readonly min: number; readonly max: number }
  | { readonly t: "zero" };

/** A regex the parser does not read (a syntax the phrase rules do not use). */
export class PhraseLiteralError extends Error {
  override readonly name = "PhraseLiteralError";
}

const COUNTED = /\{(\d+)(,(\d*))?\}/y;
const GROUP_HEAD = /\?(?::|=|!|<=|<!|<[A-Za-z_]\w*>)/y;

const ANY: Node = { t: "char", chars: null, ws: false };
const SPACE: Node = { t: "char", chars: null, ws: true };
const ZERO: Node = { t: "zero" };
/** `\b`: zero width, but a literal right after it that starts with a word character starts a word. */
const BOUNDARY: Node = { t: "zero" };

class Parser {
  #at = 0;
  constructor(readonly source: string) {}

  parse(): Node {
    const node = this.#alt();
    if (this.#at !== this.source.length) this.#fail("unbalanced )");
    return node;
  }

  /** A sticky regex's match at the current position (no copy of the rest of the source). */
  #sticky(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.#at;
    return pattern.exec(this.source);
  }

  #fail(what: string): never {
    throw new PhraseLiteralError(`${what} at ${this.#at} of /${this.source}/`);
  }

  #alt(): Node {
    const branches = [this.#seq()];
    while (this.source[this.#at] === "|") {
      this.#at++;
      branches.push(this.#seq());
    }
    return branches.length === 1 ? branches[0]! : { t: "alt", branches };
  }

  #seq(): Node {
    const items: Node[] = [];
    while (this.#at < this.source.length && this.source[this.#at] !== "|" && this.source[this.#at] !== ")")
      items.push(this.#quantified(this.#atom()));
    return items.length === 1 ? items[0]! : { t: "seq", items };
  }

  #quantified(node: Node): Node {
    const s = this.source;
    const c = s[this.#at];
    let min: number;
    let max: number;
    if (c === "*" || c === "+" || c === "?") {
      this.#at++;
      [min, max] = c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : [0, 1];
    } else if (c === "{" && this.#sticky(COUNTED) !== null) {
      const m = this.#sticky(COUNTED)!;
      this.#at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    } else return node;
    if (s[this.#at] === "?") this.#at++; // lazy: the same strings
    return { t: "rep", node, min, max };
  }

  #atom(): Node {
    const s = this.source;
    const c = s[this.#at++]!;
    if (c === "(") return this.#group();
    if (c === "[") return this.#charClass();
    if (c === "\\") return this.#escape(false).node;
    if (c === ".") return ANY;
    if (c === "^" || c === "$") return ZERO;
    return literal(c);
  }

  #group(): Node {
    const s = this.source;
    let zeroWidth = false;
    if (s[this.#at] === "?") {
      const head = this.#sticky(GROUP_HEAD);
      if (head === null) this.#fail("unknown group");
      zeroWidth = /^\?(?:=|!|<=|<!)$/.test(head[0]);
      this.#at += head[0].length;
    }
    const inner = this.#alt();
    if (s[this.#at++] !== ")") this.#fail("missing )");
    return zeroWidth ? ZERO : inner;
  }

  /** An escape; in a class, `\b` is a backspace (a character, not an assertion). */
  #escape(inClass: boolean): { node: Node; char?: string } {
    const c = this.source[this.#at++];
    if (c === undefined) this.#fail("trailing \\");
    if (c === "b" && !inClass) return { node: BOUNDARY };
    if (c === "B") return { node: ZERO };
    if ("snrtfv".includes(c)) return { node: SPACE };
    if ("SwWdD".includes(c)) return { node: ANY };
    if (/[a-zA-Z0-9]/.test(c)) this.#fail(`escape \\${c}`);
    return { node: literal(c), char: c };
  }

  #charClass(): Node {
    const s = this.source;
    const negated = s[this.#at] === "^";
    if (negated) this.#at++;
    const chars = new Set<string>();
    let exact = true;
    let onlySpace = true;
    while (s[this.#at] !== "]") {
      if (this.#at >= s.length) this.#fail("missing ]");
      let char: string | undefined;
      if (s[this.#at] === "\\") {
        this.#at++;
        const escaped = this.#escape(true);
        if (escaped.node === SPACE) {
          exact = false;
          continue;
        }
        char = escaped.char;
        if (char === undefined) exact = false;
      } else char = s[this.#at++]!;
      onlySpace = false;
      if (s[this.#at] === "-" && s[this.#at + 1] !== "]") {
        this.#at += 2; // a range: not a small set
        if (s[this.#at - 1] === "\\") this.#at++;
        exact = false;
      } else if (char !== undefined) {
        const node = literal(char);
        if (node.t !== "char" || node.chars === null) exact = false;
        else chars.add(node.chars[0]!);
      }
    }
    this.#at++;
    if (negated) return ANY;
    if (onlySpace) return SPACE;
    return exact && chars.size <= 8 ? { t: "char", chars: [...chars], ws: false } : ANY;
  }
}

/** A literal character: printable non-space ASCII is a literal (lower case: the rules match case-insensitively). */
function literal(c: string): Node {
  if (/\s/.test(c)) return SPACE;
  const code = c.charCodeAt(0);
  if (code < 0x21 || code > 0x7e) return ANY;
  return { t: "char", chars: [c.toLowerCase()], ws: false };
}

export function parseRegex(source: string): Node {
  return new Parser(source).parse();
}

/** Most units a match of `node` can span (see the header); whitespace runs count one. */
function span(node: Node): number {
  switch (node.t) {
    case "char":
      return 1;
    case "zero":
      return 0;
    case "seq":
      return node.items.reduce((n, item) => n + span(item), 0);
    case "alt":
      return Math.max(...node.branches.map(span));
    case "rep":
      if (onlySpace(node.node)) return node.max === 0 ? 0 : 1;
      return node.max === 0 ? 0 : node.max * span(node.node);
  }
}

function onlySpace(node: Node): boolean {
  switch (node.t) {
    case "char":
      return node.ws;
    case "zero":
      return true;
    case "seq":
      return node.items.every(onlySpace);
    case "alt":
      return node.branches.every(onlySpace);
    case "rep":
      return onlySpace(node.node);
  }
}

const MOST_STRINGS = 64;

const exactCache = new WeakMap<Node, Set<string> | null>();

/** Every string `node` can match, when that is a small finite set of printable ASCII; otherwise null (memoised:
 * the requirement of a node asks it of every node below, at every level). */
function exactStrings(node: Node): Set<string> | null {
  let exact = exactCache.get(node);
  if (exact === undefined) {
    exact = computeExact(node);
    exactCache.set(node, exact);
  }
  return exact;
}

function computeExact(node: Node): Set<string> | null {
  switch (node.t) {
    case "char":
      return node.chars === null ? null : new Set(node.chars);
    case "zero":
      return new Set([""]);
    case "seq": {
      let out: Set<string> | null = new Set([""]);
      for (const item of node.items) {
        const next = exactStrings(item);
        out = next === null ? null : product(out!, next);
        if (out === null) return null;
      }
      return out;
    }
    case "alt": {
      const out = new Set<string>();
      for (const branch of node.branches) {
        const next = exactStrings(branch);
        if (next === null) return null;
        for (const s of next) out.add(s);
      }
      return out.size > MOST_STRINGS ? null : out;
    }
    case "rep": {
      if (node.max > 2) return null;
      const one = exactStrings(node.node);
      if (one === null) return null;
      let out = new Set(node.min === 0 ? [""] : []);
      let power: Set<string> | null = new Set([""]);
      for (let k = 1; k <= node.max && power !== null; k++) {
        power = product(power, one);
        if (power !== null && k >= node.min) out = new Set([...out, ...power]);
      }
      return power === null ? null : out;
    }
  }
}

function product(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> | null {
  if (a.size * b.size > MOST_STRINGS) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

/**
 * What stands next to a literal in every match, as bits: NON_WORD_BEFORE, a character that is not a word character
 * (`\w` without the `u` flag: [A-Za-z0-9_]) or the text's start right before it; NON_WORD_AFTER, the same right after
 * it. A literal with both is a whole word of the text wherever a match holds it ("ai" in "the ai", never in "said").
 */
export const NON_WORD_BEFORE = 1;
export const NON_WORD_AFTER = 2;

/** A set of literals every match holds one of, starting at most `offset` units after the match's start. */
export interface Requirement {
  readonly literals: readonly string[];
  readonly offset: number;
  /** Estimated occurrences per character of English text (lower is rarer). */
  readonly frequency: number;
  /** What stands next to each of the literals in every match (NON_WORD_BEFORE | NON_WORD_AFTER). */
  readonly sides: number;
}

/** English letter frequencies; short literals are weighted up (they are whole common words: "the", "for"). */
const LETTER_FREQUENCY: Record<string, number> = {
  e: 0.127,
  t: 0.091,
  a: 0.082,
  o: 0.075,
  i: 0.07,
  n: 0.067,
  s: 0.063,
  h: 0.061,
  r: 0.06,
  d: 0.043,
  l: 0.04,
  c: 0.028,
  u: 0.028,
  m: 0.024,
  w: 0.024,
  f: 0.022,
  g: 0.02,
  y: 0.02,
  p: 0.019,
  b: 0.015,
  v: 0.0098,
  k: 0.0077,
  j: 0.0015,
  x: 0.0015,
  q: 0.00095,
  z: 0.00074,
};
const SHORT_WORD_WEIGHT = [1e6, 3e3, 1e3, 3e2, 30, 5];

export function literalFrequency(literal: string): number {
  let p = SHORT_WORD_WEIGHT[literal.length] ?? 1;
  for (const c of literal) p *= LETTER_FREQUENCY[c] ?? (/\d/.test(c) ? 0.005 : 0.01);
  return p;
}

/**
 * The requirement "one of `literals`", for finite text starting at most `offset` units into the match, with `sides`
 * known next to each. A kept literal can sit inside a longer member, so its start is bounded by `offset` plus the
 * longest member's length.
 */
function requirement(literals: Iterable<string>, offset: number, known = 0): Requirement | null {
  const list = [...new Set(literals)];
  if (list.length === 0 || list.includes("")) return null;
  const longest = Math.max(...list.map((s) => s.length));
  // Whole words that are prefixes of each other ("message", "messages") are kept as word starts: one literal fewer
  // for the pass's automaton, at the price of a hit at a longer word ("messaging").
  const bothSides = NON_WORD_BEFORE | NON_WORD_AFTER;
  const sides =
    known === bothSides && list.some((s) => list.some((t) => t !== s && s.startsWith(t)))
      ? NON_WORD_BEFORE
      : known;
  // A literal that holds another member where that member keeps the known sides adds nothing: every occurrence of
  // it holds the other (anywhere inside without sides, as its prefix with a side before, as its suffix with one after).
  const holds = (s: string, t: string): boolean =>
    t !== s &&
    (sides === 0
      ? s.includes(t)
      : sides === NON_WORD_BEFORE
        ? s.startsWith(t)
        : sides === NON_WORD_AFTER
          ? s.endsWith(t)
          : false);
  const minimal = list.filter((s) => !list.some((t) => holds(s, t)));
  const frequency = minimal.reduce((n, s) => n + literalFrequency(s), 0);
  return { literals: minimal.sort(), offset: offset + longest, frequency, sides };
}

function rarer(a: Requirement | null, b: Requirement | null): Requirement | null {
  if (a === null) return b;
  if (b === null) return a;
  return b.frequency < a.frequency || (b.frequency === a.frequency && b.offset < a.offset) ? b : a;
}

/**
 * The rarest requirement of `node` (null: none found, e.g. it can match the empty string); `sides`: what is known to
 * stand next to every match of `node` (NON_WORD_BEFORE | NON_WORD_AFTER).
 */
export function rarestRequirement(node: Node, sides = 0): Requirement | null {
  switch (node.t) {
    case "char":
      return node.chars === null ? null : requirement(node.chars, 0, sides);
    case "zero":
      return null;
    case "rep":
      return node.min === 0 ? null : rarestRequirement(node.node, repeatedSides(node, sides));
    case "alt": {
      const exact = exactStrings(node);
      if (exact !== null) return requirement(exact, 0, sides);
      const parts = node.branches.map((branch) => rarestRequirement(branch, sides));
      if (parts.some((p) => p === null)) return null;
      return requirement(
        parts.flatMap((p) => p!.literals),
        Math.max(...parts.map((p) => p!.offset)),
        parts.reduce((known, p) => known & p!.sides, sides),
      );
    }
    case "seq":
      return sequenceRequirement(node.items, sides);
  }
}

/** What stands next to every match of a repetition's element: the repetition's own sides when it repeats at most
 * once; else also the element's own end before the next copy (and its start after the previous one). */
function repeatedSides(node: Node & { t: "rep" }, sides: number): number {
  if (node.max <= 1) return sides;
  return (
    (sides & NON_WORD_BEFORE && endsNonWord(node.node) ? NON_WORD_BEFORE : 0) |
    (sides & NON_WORD_AFTER && startsNonWord(node.node) ? NON_WORD_AFTER : 0)
  );
}

/** Runs of neighbouring items of finite text joined into literals, and each other item's own requirement. */
function sequenceRequirement(items: readonly Node[], sides: number): Requirement | null {
  let best: Requirement | null = null;
  let run: Set<string> | null = null;
  let runOffset = 0;
  let runStart = 0;
  let offset = 0;
  const closeRun = (end: number) =>
    requirement(
      run!,
      runOffset,
      runSides(run!, sideBefore(items, runStart, sides), sideAfter(items, end, sides)),
    );
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    // A `\b` ends a run, so the run's sides see it (it adds no text either way).
    const exact = item === BOUNDARY ? null : exactStrings(item);
    if (exact !== null) {
      const joined: Set<string> | null = run === null ? exact : product(run, exact);
      if (joined === null) {
        best = rarer(best, closeRun(i - 1));
        run = exact;
        runOffset = offset;
        runStart = i;
      } else {
        if (run === null) {
          runOffset = offset;
          runStart = i;
        }
        run = joined;
      }
    } else {
      if (run !== null) best = rarer(best, closeRun(i - 1));
      run = null;
      const itemSides = sidesOf(sideBefore(items, i, sides), sideAfter(items, i, sides));
      const own = rarestRequirement(item, itemSides);
      if (own !== null) best = rarer(best, { ...own, offset: own.offset + offset });
    }
    offset += span(item);
  }
  if (run !== null) best = rarer(best, closeRun(items.length - 1));
  return best;
}

/** What is known before item `i` of a sequence: "non-word" (a non-word character or the text's start), "boundary"
 * (a `\b` right before it), or "unknown"; `sides` is what stands next to the whole sequence. */
type Side = "non-word" | "boundary" | "unknown";

function sideBefore(items: readonly Node[], i: number, sides: number): Side {
  for (let k = i - 1; k >= 0; k--) {
    const item = items[k]!;
    if (item === BOUNDARY) return "boundary";
    if (item.t === "zero") continue;
    if (!endsNonWord(item)) return "unknown";
    if (!canBeEmpty(item)) return "non-word";
  }
  return sides & NON_WORD_BEFORE ? "non-word" : "unknown";
}

function sideAfter(items: readonly Node[], i: number, sides: number): Side {
  for (let k = i + 1; k < items.length; k++) {
    const item = items[k]!;
    if (item === BOUNDARY) return "boundary";
    if (item.t === "zero") continue;
    if (!startsNonWord(item)) return "unknown";
    if (!canBeEmpty(item)) return "non-word";
  }
  return sides & NON_WORD_AFTER ? "non-word" : "unknown";
}

/** A nested item's sides: a `\b` says nothing about a node whose first or last character is not known. */
function sidesOf(before: Side, after: Side): number {
  return (before === "non-word" ? NON_WORD_BEFORE : 0) | (after === "non-word" ? NON_WORD_AFTER : 0);
}

/** A run of finite text's sides: a `\b` next to it counts where every member has a word character on that side. */
function runSides(run: ReadonlySet<string>, before: Side, after: Side): number {
  const all = (test: (s: string) => boolean) => [...run].every((s) => s !== "" && test(s));
  const b = before === "non-word" || (before === "boundary" && all((s) => isWordChar(s[0]!)));
  const a = after === "non-word" || (after === "boundary" && all((s) => isWordChar(s[s.length - 1]!)));
  return (b ? NON_WORD_BEFORE : 0) | (a ? NON_WORD_AFTER : 0);
}

function isWordChar(c: string): boolean {
  return /\w/.test(c);
}

/** Whether every non-empty match of `node` ends with a character that is not a word character. */
function endsNonWord(node: Node): boolean {
  return edgeNonWord(node, true);
}

function startsNonWord(node: Node): boolean {
  return edgeNonWord(node, false);
}

function edgeNonWord(node: Node, last: boolean): boolean {
  switch (node.t) {
    case "char":
      return node.ws || node.chars?.every((c) => !isWordChar(c)) === true;
    case "zero":
      return true;
    case "alt":
      return node.branches.every((branch) => edgeNonWord(branch, last));
    case "rep":
      return node.max === 0 || edgeNonWord(node.node, last);
    case "seq": {
      const items = last ? [...node.items].reverse() : node.items;
      for (const item of items) {
        if (!edgeNonWord(item, last)) return false;
        if (!canBeEmpty(item)) return true;
      }
      return true;
    }
  }
}

function canBeEmpty(node: Node): boolean {
  switch (node.t) {
    case "char":
      return false;
    case "zero":
      return true;
    case "alt":
      return node.branches.some(canBeEmpty);
    case "rep":
      return node.min === 0 || canBeEmpty(node.node);
    case "seq":
      return node.items.every(canBeEmpty);
  }
}

/**
 * How much more frequent than its lead words a rule's word-bounded rest literal may be and still gate the rule (a
 * conjunction: the rule is tried only where both stand within its reach). 1: only a literal estimated rarer than the
 * lead words gates a rule, as before. Measured on the bench's README texts (bench/results/2026-11-27-s11-injphrase.md):
 * at 4 ("for"/"from", "if"/"note" and "act" gated) the regex calls fall from 3.8 to 1.4 per KB but the phrase rules
 * gain only 3-4% (the pass and the hits cost more than the calls), while the new literals add a byte class and 51
 * DFA states: 5.5 KB more generated data in a package near its 500 kB cap. Measured again once the pass checked the
 * gates itself (bench/results/2026-11-27-s13-injphrase.md): at 4, README lead words reaching JavaScript 3.8 -> 1.6
 * per KB and the phrase rules 0.94-0.95 of their cost, for 4.4 kB more packed (20: 1.2 per KB, 0.91-0.94, 5.2 kB);
 * left at 1 for the package's budget. Raise it here and run `npm run build:gates`.
 */
const CONJUNCTION_FACTOR = 1;

/**
 * What a rule's `rest` needs beyond its lead word: the literals and the most units after the lead word's start one of
 * them can start (the lead's own length included). Null when the rest needs nothing, or when its rarest literal is
 * more frequent than the lead words and not a word-bounded literal at most CONJUNCTION_FACTOR times as frequent (the
 * rule is tried at every lead word).
 */
export function restRequirement(leads: readonly string[], rest: RegExp): Requirement | null {
  const own = rarestRequirement(parseRegex(rest.source));
  const lead = requirement(
    leads.map((l) => l.toLowerCase()),
    0,
  );
  if (own === null) return null;
  if (lead !== null && lead.frequency <= own.frequency) {
    const conjunction = own.sides !== 0 && own.frequency <= lead.frequency * CONJUNCTION_FACTOR;
    if (!conjunction) return null;
  }
  return { ...own, offset: own.offset + Math.max(...leads.map((l) => l.length)) };
}
