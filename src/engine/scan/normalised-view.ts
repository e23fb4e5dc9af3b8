import { digitRunSidesOf, digitRunsOf } from "../detectors/shared/digit-runs.js";
import { classifyInvisible } from "../sanitizer/invisible-chars.js";
import { candidateIndex, heldIfIndexed, MIN_PASS_LENGTH, passLiterals } from "./candidates.js";
import { type OffsetList, type OffsetMap, SegmentMap, TextBuilder } from "./offset-map.js";

/**
 * The text the detectors read a second time, as a model would read it: in-text escapes decoded (`\u0040`, `%40`,
 * `&#64;`, `&commat;`), full-width and other compatibility forms folded (NFKC: `４１１１` is 4111), spaces of every
 * width as a space and dashes of every kind as "-", invisible characters dropped, and the separators real data uses
 * inside digit groups (dots, slashes, underscores) as "-", the separator the digit detectors know. Matches on it are
 * mapped back through `toOriginal`, so a redaction cuts the ORIGINAL span (escape sequences included).
 *
 * Undefined when the view would be the text itself (plain ASCII without escapes or dotted digit groups: most text),
 * so the common case costs one regex test.
 */
export interface NormalisedView {
  readonly text: string;
  toOriginal(start: number, end: number): [number, number];
  /**
   * Offsets in `text` where it differs from the original (ascending): a match elsewhere is one the original has.
   * Typed (4 bytes an offset), or the stripped text's own offsets: a hostile text can differ every other character.
   */
  readonly changes: OffsetList;
  /** Bytes of maps and offsets the view holds of its own (0 when it is the stripped text, whose map it reads). */
  readonly bytes: number;
}

/** A text the sanitizer stripped (`working`, the original without the map's removed runs). */
export interface StrippedText {
  readonly working: string;
  readonly map: OffsetMap;
}

// Three digit groups joined by dots, slashes or underscores somewhere: the cheap test before DOTTED_GROUPS.
const DOTTED_TRIGGER = /\d[._/]\d{1,4}[._/]\d/;
const PERCENT_RUN = /(?:%[0-9a-fA-F]{2})+/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;
// Where the view can differ: a backslash, percent sign or ampersand, a control character, or anything not ASCII.
// Everything between is copied as one slice.
const INTERESTING = /[^\t\n\r\x20-\x24\x27-\x5b\x5d-\x7e]/g;

/**
 * Found in every text whose view is not the text itself (`normalisedView` returns a view only where INTERESTING or
 * DOTTED_TRIGGER matches), and only within one line of digits and punctuation: a text with none of it has no view.
 * Global; the caller resets `lastIndex`.
 */
export const VIEW_TRIGGER = new RegExp(`${INTERESTING.source}|${DOTTED_TRIGGER.source}`, "g");
/** The ASCII characters INTERESTING matches but `%`, `&` and `\\` (found with `includes`): the controls and DEL. */
const INTERESTING_CONTROLS = passLiterals(
  Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).filter(
    (char) => char.match(INTERESTING) !== null && char !== "%" && char !== "&" && char !== "\\",
  ),
);
// Named entities that spell characters a value is made of (HTML's full table is 2,000 names; these are the ones that
// can hide an address, a number or a URL, plus the usual five).
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  commat: "@",
  period: ".",
  colon: ":",
  sol: "/",
  bsol: "\\",
  hyphen: "-",
  dash: "-",
  lowbar: "_",
  num: "#",
  plus: "+",
  equals: "=",
  percnt: "%",
  quest: "?",
  lpar: "(",
  rpar: ")",
};
const SPACE = /\p{Zs}/u;
const DASH = /[\p{Pd}\u2212\ufe63\uff0d]/u;
/**
 * Three or more digit groups of at most four digits joined by dots, slashes or underscores (a card as 4111.1111.1111
 * .1111, an SSN as 536.22.4187); at least nine digits, so dates (01.02.2024) are left alone, and not a dotted IPv4
 * address. Linear: each step consumes a separator and a digit.
 */
const DOTTED_GROUPS = /(?<!\d)\d{1,4}(?:[._/]\d{1,4}){2,}(?!\d)/g;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** The fewest digits a folded DOTTED_GROUPS match holds (dates such as 01.02.2024 hold eight). */
const MIN_FOLDED_DIGITS = 9;

// The last text's view: the envelope reads the same text right after the scanner did (a text the scan left as it
// was), so it gets the view for free. One entry: it holds one text and its view until the next call.
let lastText: string | undefined;
let lastView: NormalisedView | undefined;
/** escapesOnlyText(lastText) as it was when its view was built (the pass's lists of it may be gone since). */
let lastEscapesOnly = false;

/**
 * The view of `text`. With `stripped` (the text as the sanitizer stripped it), a view that would differ from `text`
 * only by dropping exactly the characters the sanitizer removed IS the stripped text: it is returned as such, mapped
 * through the stripped text's offset map, with no segments of its own (the same text, offsets and changes as the
 * view built character by character; a text dense with invisible characters would need a segment per character).
 */
export function normalisedView(text: string, stripped?: StrippedText): NormalisedView | undefined {
  if (text === lastText) return lastView;
  const escapesOnly = escapesOnlyText(text);
  const view =
    (stripped !== undefined ? strippedView(text, stripped) : undefined) ?? buildView(text, escapesOnly);
  lastText = text;
  lastView = view;
  lastEscapesOnly = escapesOnly;
  return view;
}

/**
 * A place the view differs from the text: `width` characters at `at` read as `folded`. Returns false to stop the
 * walk.
 */
type Emit = (folded: string, at: number, width: number) => boolean;

/**
 * Walks the characters where the view can differ from `text`, in order, and calls `emit` for each place it does
 * (what `buildView` builds from). False when `emit` stopped it. `escapesOnly`: the text is known to be ASCII with no
 * control character or DEL (escapesOnlyText), so the only characters INTERESTING matches in it are `%`, `&` and
 * `\`, found with native searches (walkEscapes) rather than the regex, which visits every character.
 */
function walkFolds(text: string, emit: Emit, escapesOnly = false): boolean {
  if (escapesOnly) return walkEscapes(text, emit);
  INTERESTING.lastIndex = 0;
  // `test`, not `exec`: one code unit per hit, read from `lastIndex`, and no match array per hit (a text dense in
  // escapes has one every few characters; the arrays were ~95 MB of garbage for 8 MB of `&#64;` addresses).
  while (INTERESTING.test(text)) {
    const i = INTERESTING.lastIndex - 1;
    const width = foldAt(text, i, emit);
    if (width < 0) return false;
    INTERESTING.lastIndex = i + width;
  }
  return true;
}

/**
 * walkFolds on a text whose INTERESTING characters are only `%`, `&` and `\`: the three are found with `indexOf`
 * and visited in order, each search resumed where the last place's sequence ended (the regex's `lastIndex`), so the
 * places visited and their widths are the regex walk's.
 */
function walkEscapes(text: string, emit: Emit): boolean {
  let backslash = text.indexOf("\\");
  let percent = text.indexOf("%");
  let ampersand = text.indexOf("&");
  for (let from = 0; ; ) {
    if (backslash !== -1 && backslash < from) backslash = text.indexOf("\\", from);
    if (percent !== -1 && percent < from) percent = text.indexOf("%", from);
    if (ampersand !== -1 && ampersand < from) ampersand = text.indexOf("&", from);
    let i = backslash;
    if (percent !== -1 && (i === -1 || percent < i)) i = percent;
    if (ampersand !== -1 && (i === -1 || ampersand < i)) i = ampersand;
    if (i === -1) return true;
    const width = foldAt(text, i, emit);
    if (width < 0) return false;
    from = i + width;
  }
}

/**
 * The walk's place at `i` (a character INTERESTING matches): emits what it reads as where that differs from the
 * text, and returns how many characters it takes (at least 1), or -1 when `emit` stopped the walk.
 */
function foldAt(text: string, i: number, emit: Emit): number {
  const c = text.charCodeAt(i);
  let width = 1;
  let go = true;
  if (c === 0x5c) {
    if (text.charCodeAt(i + 1) === 0x75 && HEX4.test(text.slice(i + 2, i + 6))) {
      width = 6;
      go = emit(foldChar(String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16))), i, width);
    }
  } else if (c === 0x25) {
    const percent = decodePercent(text, i);
    if (percent !== undefined) {
      width = percent.width;
      if (percent.folded !== undefined) go = emit(percent.folded, i, width);
    }
  } else if (c === 0x26) {
    const entityWidth = entityAt(text, i);
    const decodedEntity = entityWidth > 0 ? decodeEntity(text, i, entityWidth) : undefined;
    if (decodedEntity !== undefined) {
      width = entityWidth;
      go = emit(foldChar(decodedEntity), i, width);
    }
  } else {
    const cp = text.codePointAt(i)!;
    width = cp > 0xffff ? 2 : 1;
    const char = text.slice(i, i + width);
    const folded = foldChar(char);
    if (folded !== char) go = emit(folded, i, width);
  }
  return go ? width : -1;
}

/**
 * Whether the shared pass read `text` (a long text) as ASCII with no control character or DEL: then `%`, `&` and
 * `\` are the only characters INTERESTING matches in it. False when the pass has not run on it or says otherwise.
 * The text whose view was built last is answered as it was then (its candidate index may be gone since: the
 * detectors read the view's text after it).
 */
export function escapesOnlyText(text: string): boolean {
  if (text.length < MIN_PASS_LENGTH) return false;
  if (lastEscapesOnly && text === lastText) return true;
  const index = candidateIndex(text);
  const controls = index.passHitsIfRun(INTERESTING_CONTROLS);
  return controls !== undefined && index.isAscii() && controls.every((list) => list.length === 0);
}

const ESCAPE_STARTS = ["%", "&", "\\"] as const;

/** `INTERESTING.test(text)`; with `escapesOnly` (see walkFolds), three native searches instead. */
function hasInteresting(text: string, escapesOnly: boolean): boolean {
  if (escapesOnly) return ESCAPE_STARTS.some((char) => heldIfIndexed(text, char) ?? text.includes(char));
  INTERESTING.lastIndex = 0;
  return INTERESTING.test(text);
}

function buildView(text: string, escapesOnly: boolean): NormalisedView | undefined {
  const built = hasInteresting(text, escapesOnly) ? walkedView(text, escapesOnly) : undefined;
  // No escape, or escape-looking characters that decoded to nothing different: the view is the text, but for dotted
  // groups.
  if (built === undefined) return dottedGroupsOnly(text, digitRunsOf(text), digitRunSidesOf(text));
  const dotted: number[] = [];
  const view = foldDottedGroups(built.parts.toString(), dotted);
  const { changes, map } = built;
  for (const at of dotted) changes.push(at);
  const sorted = changes.sorted();
  return {
    text: view,
    changes: sorted,
    toOriginal: (start, end) => map.toOriginal(start, end),
    bytes: map.bytes + sorted.byteLength,
  };
}

/** The folds of `text` (walkFolds) built into parts; undefined when nothing reads differently. */
function walkedView(text: string, escapesOnly: boolean): ViewParts | undefined {
  const built = new ViewParts(text);
  walkFolds(text, (folded, at, width) => built.emit(folded, at, width), escapesOnly);
  if (built.changes.size === 0) return undefined;
  built.flush(text.length);
  return built;
}

/** A view to read tags on (the envelope's): its text and the way back to the original. */
export interface TagView {
  readonly text: string;
  toOriginal(start: number, end: number): [number, number];
}

/**
 * The normalised view of `text` as far as the envelope's tag pattern can tell: the view but for dotted digit
 * groups. Those fold `.`, `_` and `/` between digits to "-", same length, and no tag reads differently for it (a
 * tag's name is letters, and the digit before a folded separator has already ended the name or failed the
 * pattern's look-ahead; `.` and "-" are alike to the pattern everywhere else). Undefined when the view is the text
 * itself. The last view `normalisedView` built, when it is of this text, serves. `escapesOnly`: the caller knows the
 * text is ASCII with no control character or DEL (see walkFolds); otherwise the shared pass is asked.
 */
export function tagView(text: string, escapesOnly = false): TagView | undefined {
  if (text === lastText) return lastView;
  const built = walkedView(text, escapesOnly || escapesOnlyText(text));
  if (built === undefined) return undefined;
  const { map } = built;
  return { text: built.parts.toString(), toOriginal: (start, end) => map.toOriginal(start, end) };
}

/** What buildView builds while walking the folds: the view's pieces, its map to the original and its changes. */
class ViewParts {
  readonly map = new SegmentMap();
  readonly parts = new TextBuilder();
  readonly changes = new Offsets();
  /** The view's length so far. */
  #length = 0;
  /** Start of the pending run of characters copied as they are. */
  #copied = 0;

  constructor(readonly text: string) {}

  /** Copies the pending run of the original up to `upTo`. */
  flush(upTo: number): void {
    if (upTo > this.#copied) {
      this.parts.push(this.text.slice(this.#copied, upTo));
      this.map.addLinear(this.#length, this.#copied);
      this.#length += upTo - this.#copied;
    }
  }

  /** `width` characters at `at` read as `folded` (an Emit: never stops the walk). */
  emit(folded: string, at: number, width: number): boolean {
    this.flush(at);
    const length = this.#length;
    if (folded.length === width && width === 1) this.map.addLinear(length, at);
    else if (folded.length > 0) this.map.addBlock(length, at, width);
    if (this.changes.last !== length) this.changes.push(length);
    this.parts.push(folded);
    this.#length = length + folded.length;
    this.#copied = at + width;
    return true;
  }
}

/**
 * The stripped text as the view, when the view of `text` would drop exactly the characters the sanitizer removed
 * and change nothing else; undefined otherwise (the caller builds the view). Allocates nothing per character.
 */
function strippedView(text: string, { working, map }: StrippedText): NormalisedView | undefined {
  const runs = map.size;
  if (runs === 0) return undefined;
  // The removed runs (original offsets) walked alongside the view's drops: every drop lies inside a run, and the
  // drops add up to everything removed, so the two remove the same characters.
  let run = 0;
  let dropped = 0;
  const same = walkFolds(text, (folded, at, width) => {
    if (folded.length > 0) return false;
    while (run < runs && map.runEnd(run) <= at) run++;
    if (run === runs || map.runStart(run) > at || map.runEnd(run) < at + width) return false;
    dropped += width;
    return true;
  });
  if (!same || dropped !== map.removedLength) return undefined;
  // Dotted digit groups in what is left: the view folds them, the stripped text does not.
  if (DOTTED_TRIGGER.test(working)) {
    const dotted: number[] = [];
    if (foldDottedGroups(working, dotted) !== working) return undefined;
  }
  const length = working.length;
  return {
    text: working,
    changes: map.strippedOffsets(),
    toOriginal: (start, end) => {
      const first = locateStripped(map, length, start);
      return end <= start ? [first, first] : [first, locateStripped(map, length, end - 1) + 1];
    },
    bytes: 0,
  };
}

/**
 * Where character `index` of a stripped text `length` long is in the original (as SegmentMap's lookup: past the end,
 * the last character's place extended; an empty text maps offsets to themselves).
 */
function locateStripped(map: OffsetMap, length: number, index: number): number {
  if (length === 0) return index;
  return index < length ? map.toOriginal(index) : map.toOriginal(length - 1) + (index - length + 1);
}

/**
 * Plain ASCII without escapes: the view differs only where dotted digit groups are, one for one. `runs`: the text's
 * digit runs when the shared pass gave them, and their sides (digitRunSidesOf).
 */
function dottedGroupsOnly(text: string, runs?: Int32Array, sides?: Uint8Array): NormalisedView | undefined {
  const changes: number[] = [];
  const view = foldDottedGroups(text, changes, runs, sides);
  if (changes.length === 0) return undefined;
  const offsets = Int32Array.from(changes);
  return { text: view, changes: offsets, toOriginal: identityRange, bytes: offsets.byteLength };
}

/** A growable list of offsets in an Int32Array. */
class Offsets {
  #items = new Int32Array(16);
  size = 0;
  last = -1;

  push(at: number): void {
    if (this.size === this.#items.length) {
      const grown = new Int32Array(this.size * 2);
      grown.set(this.#items);
      this.#items = grown;
    }
    this.#items[this.size++] = at;
    this.last = at;
  }

  /** The offsets, ascending, trimmed to size. */
  sorted(): Int32Array {
    const out = this.#items.slice(0, this.size);
    let ascending = true;
    for (let i = 1; i < out.length && ascending; i++) if (out[i]! < out[i - 1]!) ascending = false;
    if (!ascending) out.sort();
    this.#items = out;
    return out;
  }
}

function identityRange(start: number, end: number): [number, number] {
  return [start, end];
}

/**
 * Rewrites the separators of dotted digit groups to "-" (same length); pushes where each run starts. With `runs`
 * (the text's digit runs) and their `sides` (digitRunSidesOf), the trigger and the matches are read from them
 * (dottedTriggerAtRuns, dottedGroupsAtRuns).
 */
function foldDottedGroups(text: string, changes: number[], runs?: Int32Array, sides?: Uint8Array): string {
  const atRuns = runs !== undefined && sides !== undefined;
  if (atRuns ? !dottedTriggerAtRuns(runs, sides) : !DOTTED_TRIGGER.test(text)) return text;
  const folded = new DottedFold(text, changes);
  if (atRuns) dottedGroupsAtRuns(text, runs, sides, (at, run) => folded.fold(at, run));
  else {
    DOTTED_GROUPS.lastIndex = 0;
    for (let m = DOTTED_GROUPS.exec(text); m !== null; m = DOTTED_GROUPS.exec(text))
      folded.fold(m.index, m[0]);
  }
  return folded.result();
}

/** The text with the dotted digit groups folded so far, built left to right (foldDottedGroups). */
class DottedFold {
  #out = "";
  #copied = 0;

  constructor(
    readonly text: string,
    readonly changes: number[],
  ) {}

  /** Folds the group `run` at `at` unless it is an IPv4 address or has fewer than nine digits. */
  fold(at: number, run: string): void {
    if (IPV4.test(run) || run.replace(/\D/g, "").length < MIN_FOLDED_DIGITS) return;
    this.changes.push(at);
    this.#out += this.text.slice(this.#copied, at) + run.replace(/[._/]/g, "-");
    this.#copied = at + run.length;
  }

  result(): string {
    return this.#copied === 0 ? this.text : this.#out + this.text.slice(this.#copied);
  }
}

/** `.`, `_` or `/`: what DOTTED_TRIGGER and DOTTED_GROUPS accept between digit groups. */
function isGroupSeparator(code: number): boolean {
  return code === 0x2e || code === 0x5f || code === 0x2f;
}

/**
 * `DOTTED_TRIGGER.test(text)` from the text's digit runs: its one to four digits stand between two non-digits, so
 * they are a whole run, with a separator right before it that ends the run before and one right after it that
 * starts the run after.
 */
function dottedTriggerAtRuns(runs: Int32Array, sides: Uint8Array): boolean {
  for (let r = 2; r + 3 < runs.length; r += 2) {
    const start = runs[r]!;
    const end = runs[r + 1]!;
    if (end - start > 4 || runs[r - 1] !== start - 1 || runs[r + 2] !== end + 1) continue;
    // `text[start - 1]` and `text[end]`: the run's sides (digitRunSidesOf).
    if (isGroupSeparator(sides[2 * r + 1]!) && isGroupSeparator(sides[2 * r + 2]!)) return true;
  }
  return false;
}

/**
 * DOTTED_GROUPS' matches from the text's digit runs, in order, read from the runs alone. A group is digits between a
 * separator (or a non-digit, for the first) and a separator or a non-digit, so a whole run: a match starts at a run of
 * at most four digits with a separator right after it (its side, digitRunSidesOf), and takes each next run that starts
 * right after that separator and has at most four digits (a longer run fails `\d{1,4}(?!\d)`: the regex gives that
 * group back and ends before its separator, a non-digit). Three groups or more are a match; the global scan goes on
 * at its end, and after a run that starts none at the next run. Matches the fold leaves (DottedFold.fold: fewer than
 * nine digits, or an IPv4 address) are not visited.
 */
function dottedGroupsAtRuns(
  text: string,
  runs: Int32Array,
  sides: Uint8Array,
  visit: (at: number, run: string) => void,
): void {
  let from = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const start = runs[r]!;
    if (start < from || runs[r + 1]! - start > 4 || !isGroupSeparator(sides[2 * r + 2]!)) continue;
    let last = r;
    let digits = runs[r + 1]! - start;
    // Whether the groups so far read as an IPv4 address's (IPV4: each of one to three digits, after a dot).
    let dotted = digits <= 3;
    for (let next = r + 2; next < runs.length; next += 2) {
      const length = runs[next + 1]! - runs[next]!;
      if (runs[next] !== runs[last + 1]! + 1 || length > 4) break;
      digits += length;
      dotted &&= length <= 3 && sides[2 * last + 2] === 0x2e;
      last = next;
      if (!isGroupSeparator(sides[2 * next + 2]!)) break;
    }
    if (last - r < 4) continue;
    from = runs[last + 1]!;
    const address = dotted && last - r === 6;
    if (digits >= MIN_FOLDED_DIGITS && !address) visit(start, text.slice(start, from));
  }
}

/** One character as the detectors should see it: "" when invisible, folded otherwise. */
function foldChar(char: string): string {
  const cp = char.codePointAt(0)!;
  if (classifyInvisible(cp) !== undefined) return "";
  if (cp < 0x80) return char;
  if (cp >= 0xd800 && cp <= 0xdfff) return char; // a lone surrogate stays: it is no letter or digit
  if (SPACE.test(char)) return " ";
  if (DASH.test(char)) return "-";
  const folded = char.normalize("NFKC");
  // A compatibility form can fold to a space or a dash too (a full-width hyphen-minus is folded above).
  return folded;
}

/**
 * A run of `%XX` at `i` decoded as UTF-8 and folded: its width, and what it reads as (undefined when it is not
 * UTF-8: left as written). Undefined when no run starts at `i`.
 */
function decodePercent(text: string, i: number): { width: number; folded?: string } | undefined {
  PERCENT_RUN.lastIndex = i;
  const m = PERCENT_RUN.exec(text);
  if (!m) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(m[0]);
  } catch {
    return { width: m[0].length }; // not UTF-8: as written
  }
  let folded = "";
  for (const char of decoded) folded += foldChar(char);
  return { width: m[0].length, folded };
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHexDigit = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/**
 * The width of the character reference at `i` (`&` at `i`), as the sticky regex
 * `&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});` reads it, or 0 when none starts there. By code units rather
 * than the regex: `exec` made a match array per reference (a text can hold one every few characters).
 */
export function entityAt(text: string, i: number): number {
  let k = i + 1;
  if (text.charCodeAt(k) === 0x23) {
    k++;
    const x = text.charCodeAt(k);
    const hex = x === 0x78 || x === 0x58;
    if (hex) k++;
    const from = k;
    while (k - from < (hex ? 6 : 7) && (hex ? isHexDigit : isDigit)(text.charCodeAt(k))) k++;
    if (k === from) return 0;
  } else {
    const from = k;
    while (k - from < 8 && isLetter(text.charCodeAt(k))) k++;
    if (k - from < 2) return 0;
  }
  return text.charCodeAt(k) === 0x3b ? k + 1 - i : 0;
}

/** What the reference `text[i, i + width)` (as `entityAt` found it) stands for; undefined when nothing we decode. */
function decodeEntity(text: string, i: number, width: number): string | undefined {
  const body = text.slice(i + 1, i + width - 1);
  // Own names only: `&valueOf;` is no entity (the object's prototype has a function by that name).
  if (body.charCodeAt(0) !== 0x23)
    return Object.hasOwn(NAMED_ENTITIES, body) ? NAMED_ENTITIES[body] : undefined;
  const x = body.charCodeAt(1);
  const cp =
    x === 0x78 || x === 0x58 ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
  return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : undefined;
}
