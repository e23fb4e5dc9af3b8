import { F, structureSignals } from "./features.js";
import { FirstPass, mayBePiece, pieceFilter } from "./first-pass-wasm.js";
import { LEXICONS } from "./lexicon.js";
import { foldLexiconEntry } from "./reading-view.js";

/**
 * The structure detector's first pass: the signals a reading MAY carry, from one walk over its words, so that a
 * reading on which no rule of `decide` can fire is dismissed before any regex runs (sentence bounds, the lexicon
 * trie, the vocative, reader, turn and prompt patterns each cost a full scan).
 *
 * Soundness (the invariant the tests check): for an ASCII-script reading (no Cyrillic, Greek, CJK or full-width
 * character, the only ones the `other` patterns read), the bits returned hold every bit any sentence of the reading
 * gets from the full scan. `decide` is monotone (every rule is a conjunction of "has one of"), and a sentence's flags,
 * or a sentence's joined with its neighbour's, are a subset of the union, so `decide(mayBits(reading)) === undefined`
 * means the full scan finds nothing. Each bit is derived from what every match of its pattern must contain:
 *
 * - lexicon entries: an entry's pieces (its runs of `[a-z0-9_]`) are whole word runs of the reading, consecutive when
 *   consecutive in the entry (what separates them in the entry is matched by non-word characters only: `\s+` or the
 *   entry's own punctuation; the scan puts `\b` at each end that is a word character). One adjacent pair of pieces
 *   (the rarest-looking) or the only piece is the entry's key; a key seen sets the roles of every entry with that key.
 * - hand-written patterns: the words or characters their sources cannot do without (see `mayBits`, `needleBits`, `seenBits`).
 *
 * Word runs are hashed as they are read (a 32-bit polynomial hash; a collision only adds bits) and looked up in
 * typed-array hash tables (`HashTable`). Hand-written rather than a regex: one regex per signal is what this
 * replaces, and a V8 alternation over ~2,000 multi-word entries re-enters its trie at every word start (one regex
 * for what the walk's anchor signals need, tried on 1 KB README strings, cost more than the walk itself).
 */

/** Pseudo-signals of single words, for the hand-written patterns (bits of `WordInfo.marks`). */
const M = {
  VOCATIVE_NOUN: 1 << 0,
  AI_NOUN: 1 << 1,
  READER_NOUN: 1 << 2,
  PARTICIPLE: 1 << 3,
  MACHINE_PARTICIPLE: 1 << 4,
  OBLIGATION: 1 << 5,
  TURN_ROLE: 1 << 6,
  POSSESSIVE: 1 << 7,
  PROMPT_NOUN: 1 << 8,
  MODE_WORD: 1 << 9,
  PROMPT_REF_NOUN: 1 << 10,
  PROMPT_REF_NEXT: 1 << 11,
  TURN_PAIR_FIRST: 1 << 12,
  TURN_PAIR_SECOND: 1 << 13,
  CONTEXT: 1 << 14,
  WINDOW: 1 << 15,
  SYSTEM: 1 << 16,
  MESSAGE: 1 << 17,
  LANGUAGE: 1 << 18,
  MODEL: 1 << 19,
  AI_FIRST: 1 << 20,
  AI_SECOND: 1 << 21,
  VOCATIVE_FIRST: 1 << 22,
} as const;

interface Tables {
  /** Per word hash: lexicon bits of single-piece entries (`values`) and pseudo-signals (M, `more`). */
  words: HashTable;
  /** Per pair hash: lexicon bits of entries keyed by that pair. */
  pairs: HashTable;
  /** The words of pair and triple keys, as a filter (first-pass-wasm.ts `pieceFilter`): no piece, no pair probe. */
  pieces: Uint8Array;
}

/**
 * Word or pair hash -> two numbers, open addressing with linear probing in typed arrays at most 1/8 full, so most
 * words of a text (no key) end at the first, empty slot: no `Map` lookup and no separate filter per word. Hashes are
 * >= 0, so -1 marks an empty slot.
 */
interface HashTable {
  keys: Int32Array;
  values: Int32Array;
  more: Int32Array;
  mask: number;
}

function hashTable(values: ReadonlyMap<number, number>, more: ReadonlyMap<number, number>): HashTable {
  const hashes = new Set([...values.keys(), ...more.keys()]);
  let size = 16;
  while (size < hashes.size * 8) size *= 2;
  const table: HashTable = {
    keys: new Int32Array(size).fill(-1),
    values: new Int32Array(size),
    more: new Int32Array(size),
    mask: size - 1,
  };
  for (const h of hashes) {
    let at = probeStart(h, table.mask);
    while (table.keys[at] !== -1) at = (at + 1) & table.mask;
    table.keys[at] = h;
    table.values[at] = values.get(h) ?? 0;
    table.more[at] = more.get(h) ?? 0;
  }
  return table;
}

const probeStart = (h: number, mask: number) => (h ^ (h >>> 11)) & mask;

/** The slot holding `h`, or -1. */
function find(table: HashTable, h: number): number {
  const { keys, mask } = table;
  for (let at = probeStart(h, mask); ; at = (at + 1) & mask) {
    const k = keys[at]!;
    if (k === h) return at;
    if (k === -1) return -1;
  }
}

/** Hashes stay within V8's small integers (31 bits with pointer compression): no number is boxed in the walk. */
const HASH_MASK = 0x3fffffff;

function hashWord(word: string): number {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + word.charCodeAt(i)) & HASH_MASK;
  return h;
}

/** A key's hash: the word's, or the pair hash of its words in order (a triple chains two pair hashes). */
function hashKey(ws: readonly string[]): number {
  let h = hashWord(ws[0]!);
  for (let k = 1; k < ws.length; k++) h = hashPair(h, hashWord(ws[k]!));
  return h;
}

function hashPair(first: number, second: number): number {
  return (Math.imul(first, 0x9e3779b1) ^ second) & HASH_MASK;
}

/** Words so frequent that a key made of them dismisses little: a pair avoids them where it can. */
const COMMON = new Set(
  "a an the to of in on at by for from with and or is are be was were it its this that you your me my we our us they them i if as do not no all any every each what when before after now then than new".split(
    " ",
  ),
);

/** The word runs of an entry, as the scan's `\b` and `\w` see them (ASCII, no `u` flag). */
function pieces(entry: string): string[] {
  return entry.split(/[^A-Za-z0-9_]+/).filter((p) => p.length > 0);
}

type Key = { words: string[] };

/** The entry's key: its only piece, or the adjacent pair (or triple, where a pair holds a common word) least common. */
function keyOf(entry: string): Key | undefined {
  const ps = pieces(entry);
  if (ps.length <= 1) return ps.length === 0 ? undefined : { words: ps };
  const score = (ws: string[]) => -ws.filter((w) => COMMON.has(w)).length * 100 + ws.join("").length;
  let best: string[] = [ps[0]!, ps[1]!];
  for (let k = 0; k + 1 < ps.length; k++) {
    const pair = [ps[k]!, ps[k + 1]!];
    if (score(pair) > score(best)) best = pair;
  }
  if (best.some((w) => COMMON.has(w)) && ps.length >= 3) {
    let triple: string[] = ps.slice(0, 3);
    for (let k = 0; k + 2 < ps.length; k++) {
      const t = ps.slice(k, k + 3);
      if (score(t) - 3 * 100 > score(triple) - 3 * 100) triple = t;
    }
    // A triple is scored against the pair as the number of uncommon words it adds.
    if (triple.filter((w) => !COMMON.has(w)).length >= best.filter((w) => !COMMON.has(w)).length)
      best = triple;
  }
  return { words: best };
}

const orInto = (map: Map<number, number>, key: number, bits: number) =>
  map.set(key, (map.get(key) ?? 0) | bits);

let tables: Tables | undefined;
/** The most word runs any ASCII lexicon entry has. */
let maxEntryRuns = 0;
/** Entries the word walk cannot key (none today: every entry has a word run); their bits are always assumed. */
let unkeyedBits = 0;

/**
 * The marks the patterns need, by word: `[words (space-separated), bit, also the plural]` (the lexicon's own lists
 * are read in `buildTables`).
 */
const MARKED_WORDS: readonly (readonly [string, number, boolean?])[] = [
  // AI_NOUN: `(?:ai|a\.i\.|llm|chatbot|copilot|language\s+model|gpt|chatgpt|ai\s+(?:assistant|agent|model|system))s?`
  ["ai llm chatbot copilot gpt chatgpt", M.AI_NOUN, true],
  ["ai", M.AI_FIRST],
  ["assistant agent model system", M.AI_SECOND, true],
  [
    "ai llm chatbot copilot gpt chatgpt assistant agent model bot crawler reader system tool",
    M.READER_NOUN,
    true,
  ],
  [
    "reading processing summarising summarizing parsing handling ingesting indexing browsing crawling scraping",
    M.PARTICIPLE,
  ],
  ["processing summarising summarizing parsing ingesting indexing crawling scraping", M.MACHINE_PARTICIPLE],
  // `(?:is|are)\s+(?:required|instructed|expected|asked|told)\s+to`: its first word follows the noun.
  ["should must shall need needs has have is are", M.OBLIGATION],
  ["your tu tus tes ton vos votre seu sua suas seus tuo tue dein deine deinen deiner", M.POSSESSIVE],
  [
    "instruction instructions prompt instrucciones instrucoes istruzioni anweisungen systemprompt consignes",
    M.PROMPT_NOUN,
  ],
  [
    "instruction instructions prompt prompts rules guidelines directives guidance configuration message",
    M.PROMPT_REF_NOUN,
  ],
  ["that which you your", M.PROMPT_REF_NEXT],
  ["system developer admin", M.TURN_PAIR_FIRST],
  ["message prompt instruction instructions override update", M.TURN_PAIR_SECOND],
  ["context", M.CONTEXT],
  ["window", M.WINDOW],
  ["system", M.SYSTEM],
  ["message", M.MESSAGE],
  ["language", M.LANGUAGE],
  ["model models", M.MODEL],
];

function buildTables(): Tables {
  const words = new Map<number, number>();
  const marks = new Map<number, number>();
  const pairs = new Map<number, number>();
  const keyPieces = new Set<number>();
  const { lexicon } = structureSignals();
  for (const [entry, bits] of lexicon.bitsOf) {
    if (!/^[\x00-\x7f]*$/.test(entry)) continue;
    maxEntryRuns = Math.max(maxEntryRuns, pieces(entry).length);
    const key = keyOf(entry);
    if (key === undefined) unkeyedBits |= bits;
    else orInto(key.words.length === 1 ? words : pairs, hashKey(key.words), bits);
    if (key !== undefined && key.words.length > 1) for (const w of key.words) keyPieces.add(hashWord(w));
  }
  const mark = (list: readonly string[], bit: number, plural = false) => {
    for (const w of list) {
      orInto(marks, hashWord(w), bit);
      if (plural) orInto(marks, hashWord(`${w}s`), bit);
    }
  };
  const asciiOf = (pick: (l: (typeof LEXICONS)[number]) => readonly string[]) =>
    [...new Set(LEXICONS.flatMap(pick).map(foldLexiconEntry))].filter((e) => /^[\x00-\x7f]*$/.test(e));
  // The vocative's noun ends with the entry's last piece, then `s?`; nouns ending in punctuation (`a.i.`) are
  // looked for as text (see `mayBits`).
  const nouns = asciiOf((l) => l.addressees).map(pieces);
  mark(
    nouns.map((ps) => ps.at(-1)!),
    M.VOCATIVE_NOUN,
    true,
  );
  // Every piece before the last of a longer noun: the word before a noun's last piece when the noun starts earlier.
  mark(
    nouns.flatMap((ps) => ps.slice(0, -1)),
    M.VOCATIVE_FIRST,
  );
  for (const [list, bit, plural] of MARKED_WORDS) mark(list.split(" "), bit, plural);
  mark(
    asciiOf((l) => l.turnRoles).flatMap((e) => pieces(e)),
    M.TURN_ROLE,
  );
  mark(
    asciiOf((l) => l.modeWords).filter((e) => !e.includes("*")),
    M.MODE_WORD,
  );
  return {
    words: hashTable(words, marks),
    pairs: hashTable(pairs, new Map()),
    pieces: pieceFilter(keyPieces),
  };
}

/** Every `*modus` compound of the mode words ends with this; checked by text, not by hash. */
const MODE_SUFFIX = "modus";
/** Runs from an AI or reader noun to its participle: `(?:(?:that|who)\s+(?:is|are)\s+)?` puts two words between. */
const PARTICIPLE_REACH = 3;
const FAR = 1 << 20;

let pass: FirstPass | undefined;

/** The WebAssembly first pass (first-pass-wasm.ts), with the walk's tables in its memory; built on first use. */
export function firstPass(): FirstPass {
  tables ??= buildTables();
  pass ??= new FirstPass(
    { words: tables.words, pairs: tables.pairs, pieces: tables.pieces, unkeyed: unkeyedBits },
    { ADDRESSEE, TURN, PROMPT_REF, MODE, OWN_PROMPT, URL, EMAIL, TOOL },
  );
  return pass;
}

/**
 * The signals `reading` may carry (a superset of what the full scan sets in any sentence); see the module comment.
 * Only for readings without a Cyrillic, Greek, CJK or full-width character (the caller checks). Signals whose
 * patterns are cheap to run exactly (`LAZY`) are left to `lazyBits`, which the caller asks for only when they could
 * change the decision. Run by the WebAssembly walk (`firstPass`), which returns what `mayBitsReference` does; with
 * `enough`, by `mayBitsReference`, which may stop early (bits that only grow: a superset of what `enough` needs).
 */
export function mayBits(reading: string, enough?: (bits: number) => boolean): number {
  const module = firstPass();
  if (module.holds(reading) && module.whole >= 0) return module.whole;
  // A long reading's caller asks only whether the signals can fire: the JavaScript walk stops at the first line
  // where they can (prose nearly always can, early), where the module would walk it all.
  if (enough !== undefined) return mayBitsReference(reading, enough);
  if (module.holds(reading)) return module.walk(0, reading.length);
  if (!module.load(reading, false)) return mayBitsReference(reading);
  return module.walk(0, reading.length);
}

/**
 * `mayBits` in JavaScript: the reference the WebAssembly walk is tested against, and the walk for a text too long
 * for the module's memory. With `enough`, it may stop at a line break where `enough` holds of the bits so far.
 */
export function mayBitsReference(reading: string, enough?: (bits: number) => boolean): number {
  tables ??= buildTables();
  const { words, pairs, pieces: keyPieces } = tables;
  let bits = unkeyedBits | markerBits(reading);
  let seen = 0;
  const needles = needleBits(reading);
  const n = reading.length;
  let previous = -1;
  let previousPair = -1;
  // Whether the previous word, and the two before this one, may be pieces of a pair or triple key.
  let previousPiece = false;
  let pairPiece = false;
  let previousMarks = 0;
  // Word runs since the last one that can end an AI noun (`ai`, `language model`, `ai assistant`) or a reader noun.
  let sinceAi = FAR;
  let sinceReader = FAR;
  // The next line break `enough` is asked at (long readings only): bits only grow, so the walk stops at the first
  // line where it holds (the caller asks `enough` of the returned bits again).
  let lineBreak = enough === undefined ? n : lineBreakFrom(reading, 0);
  let i = 0;
  while (i < n) {
    let c = reading.charCodeAt(i);
    if (c >= 128 || WORD[c] === 0) {
      i++;
      continue;
    }
    // A word run: hashed as it is read, up to the first character that is not a word character.
    const start = i;
    let h = 0;
    do {
      h = (Math.imul(h, 31) + c) & HASH_MASK;
      c = ++i < n ? reading.charCodeAt(i) : 32;
    } while (c < 128 && WORD[c] === 1);
    let wordMarks = 0;
    const at = find(words, h);
    if (at >= 0) {
      bits |= words.values[at]!;
      wordMarks = words.more[at]!;
    }
    const pair = previous < 0 ? -1 : hashPair(previous, h);
    // A pair (or triple) key is made of pieces: one with a word that is none is not looked up.
    const piece = mayBePiece(keyPieces, h);
    if (pair >= 0 && piece && previousPiece) {
      bits |= pairBits(pairs, pair);
      if (previousPair >= 0 && pairPiece) bits |= pairBits(pairs, hashPair(previousPair, h));
    }
    if (pair >= 0) pairPiece = previousPiece && piece;
    previousPiece = piece;
    sinceAi++;
    sinceReader++;
    if (wordMarks !== 0 || previousMarks !== 0) {
      seen |= wordMarks | pairMarks(previousMarks, wordMarks);
      const reader = readerBits(wordMarks, previousMarks, sinceAi, sinceReader);
      bits |= reader & READER_FOUND;
      if ((reader & AI_END) !== 0) sinceAi = 0;
      if ((reader & READER_END) !== 0) sinceReader = 0;
      if (
        (wordMarks & M.VOCATIVE_NOUN) !== 0 &&
        separatorWithin(reading, i, 4) &&
        ((previousMarks & M.VOCATIVE_FIRST) !== 0 || vocativeContext(reading, start))
      )
        bits |= ADDRESSEE;
      if ((wordMarks & M.TURN_ROLE) !== 0 && firstOnLine(reading, start) && turnColonAfter(reading, i))
        bits |= TURN;
    }
    if (
      reading.charCodeAt(i - 1) === 115 &&
      i - start >= MODE_SUFFIX.length &&
      reading.startsWith(MODE_SUFFIX, i - MODE_SUFFIX.length)
    )
      seen |= M.MODE_WORD;
    previousPair = pair;
    previous = h;
    previousMarks = wordMarks;
    if (i > lineBreak) {
      const sofar = bits | needles | seenBits(seen);
      if (enough!(sofar)) return sofar;
      lineBreak = lineBreakFrom(reading, i);
    }
  }
  return bits | needles | seenBits(seen);
}

/** The first line break at or after `from`, or the length. */
function lineBreakFrom(text: string, from: number): number {
  const at = text.indexOf("\n", from);
  return at === -1 ? text.length : at;
}

/**
 * Whether what comes before `start` on its line is only a turn marker's prefix characters (`[ \t>#*_|[(-]`): looked
 * up for the rare words that are a turn role, instead of following every character.
 */
function firstOnLine(text: string, start: number): boolean {
  for (let k = start - 1; k >= 0; k--) {
    const c = text.charCodeAt(k);
    if (c === 10) return true;
    if (c >= 128 || TURN_PREFIX[c] !== 1) return false;
  }
  return true;
}

/** TURN when a turn marker may start at one of the text's `<` or `[` (`markerAt`). */
function markerBits(text: string): number {
  for (const open of MARKER_OPENERS)
    for (let at = text.indexOf(open); at !== -1; at = text.indexOf(open, at + 1))
      if (markerAt(text, at) !== 0) return TURN;
  return 0;
}
const MARKER_OPENERS = ["<", "["];

function pairBits(pairs: HashTable, h: number): number {
  const at = find(pairs, h);
  return at < 0 ? 0 : pairs.values[at]!;
}

const WORD = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
  WORD[ch.charCodeAt(0)] = 1;
/** `[ \t>#*_|[(-]`: what may come before a turn role at a line start. */
const TURN_PREFIX = new Uint8Array(128);
for (const ch of " \t>#*_|[(-") TURN_PREFIX[ch.charCodeAt(0)] = 1;

// Read once: a loader that compiles to CommonJS turns each use of an imported binding into a getter call.
const { ADDRESSEE, TURN, PROMPT_REF, MODE, OWN_PROMPT, URL, EMAIL, TOOL, TARGET, OPEN_QUERY } = F;
const IMAGES = F.TEMPLATED_IMAGE | F.IMAGE_WITH_QUERY;
/** The signals `lazyBits` finds exactly; `mayBits` leaves them out. */
export const LAZY = IMAGES | OPEN_QUERY | TARGET;

const READER_FOUND = ADDRESSEE;
const AI_END = 1 << 30;
const READER_END = 1 << 29;

/**
 * READER_AT_WORK | AI_OBLIGED, word by word: an AI noun (`ai`, `llm`, `gpt`... with `s?`; `language model`; `ai
 * assistant`) followed by an obligation's first word, or by a participle within PARTICIPLE_REACH words; or a reader
 * noun followed by a machine participle within that reach. Returns ADDRESSEE when found, and whether this word ends
 * an AI or a reader noun.
 */
function readerBits(word: number, previous: number, sinceAi: number, sinceReader: number): number {
  let out = 0;
  if ((word & M.OBLIGATION) !== 0 && sinceAi === 1) out |= READER_FOUND;
  if ((word & M.PARTICIPLE) !== 0 && sinceAi <= PARTICIPLE_REACH) out |= READER_FOUND;
  if ((word & M.MACHINE_PARTICIPLE) !== 0 && Math.min(sinceAi, sinceReader) <= PARTICIPLE_REACH)
    out |= READER_FOUND;
  const aiEnd =
    (word & M.AI_NOUN) !== 0 ||
    ((previous & M.AI_FIRST) !== 0 && (word & M.AI_SECOND) !== 0) ||
    ((previous & M.LANGUAGE) !== 0 && (word & M.MODEL) !== 0);
  if (aiEnd) out |= AI_END | READER_END;
  if ((word & M.READER_NOUN) !== 0) out |= READER_END;
  return out;
}

/** Pair marks, kept in `seen` above the single-word marks. */
const P = {
  PROMPT_REF: 1 << 24,
  TURN_PAIR: 1 << 25,
  CONTEXT_WINDOW: 1 << 26,
  SYSTEM_MESSAGE: 1 << 27,
} as const;

function pairMarks(first: number, second: number): number {
  let out = 0;
  if ((first & M.PROMPT_REF_NOUN) !== 0 && (second & M.PROMPT_REF_NEXT) !== 0) out |= P.PROMPT_REF;
  if ((first & M.TURN_PAIR_FIRST) !== 0 && (second & M.TURN_PAIR_SECOND) !== 0) out |= P.TURN_PAIR;
  if ((first & M.CONTEXT) !== 0 && (second & M.WINDOW) !== 0) out |= P.CONTEXT_WINDOW;
  if ((first & M.SYSTEM) !== 0 && (second & M.MESSAGE) !== 0) out |= P.SYSTEM_MESSAGE;
  return out;
}

/**
 * The vocative's lookbehind, `(?:^|[\n.!?;:"'(\[*>#-])\s{0,4}` before the noun: checked before a one-word noun;
 * a word that ends a longer noun (`ai assistant`) after a word that may start one is taken without it.
 */
function vocativeContext(text: string, start: number): boolean {
  // Back over at most four whitespace characters to one of the class (`\n` is both) or the text start.
  for (let k = start - 1, spaces = 0; k >= 0; k--) {
    const ch = text[k]!;
    if (VOCATIVE_BEFORE.includes(ch)) return true;
    if (!/\s/.test(ch) || ++spaces > 4) return false;
  }
  return true;
}
const VOCATIVE_BEFORE = "\n.!?;:\"'([*>#-";

/** The vocative's `s?\s{0,2}[,:]` after the noun's last piece: a `,` or `:` within `room` characters. */
function separatorWithin(text: string, from: number, room: number): boolean {
  const end = Math.min(text.length, from + room);
  for (let k = from; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === 44 || c === 58) return true;
  }
  return false;
}

/**
 * A line-start turn role's `(?:\s{1,3}(?:message|...|instructions))?[ \t*_\]]{0,4}(?:[:：]|\(#)`: a `:` or `(#`
 * within 20 characters of the role's end (3 + 12 + 4 at most).
 */
function turnColonAfter(text: string, from: number): boolean {
  const colon = text.indexOf(":", from);
  if (colon !== -1 && colon - from <= 20) return true;
  const hash = text.indexOf("(#", from);
  return hash !== -1 && hash - from <= 20;
}

const TAG_WORDS = ["tool_", "function_result", "system", "developer", "admin"];

/**
 * The turn markers that start at `<` or `[` (`<|im_start|>`, `<<sys>>`, `</tool_output>`, `<system_x>`, `[INST]`):
 * TURN when one may start at `at`.
 */
function markerAt(text: string, at: number): number {
  const next = text.charCodeAt(at + 1);
  if (text.charCodeAt(at) === 91) {
    const k = next === 47 ? at + 2 : at + 1;
    return text.startsWith("inst", k) || text.startsWith("sys", k) ? TURN : 0;
  }
  if (next === 124 || next === 60) return TURN;
  let k = at + 1;
  if (text.charCodeAt(k) === 47) k++;
  // `\s{0,4}`: any whitespace (the view may hold U+00A0 and other spaces `\s` takes).
  for (let spaces = 0; spaces < 4 && k < text.length && /\s/.test(text[k]!); spaces++) k++;
  for (const word of TAG_WORDS) if (text.startsWith(word, k)) return TURN;
  return 0;
}

/** The signals read from substrings of the whole text: `a.i.` and the address and tool needles. */
function needleBits(text: string): number {
  let bits = 0;
  // `a.i.` ends in punctuation: its vocative and reader forms are not followed word by word.
  if (text.includes("a.i.")) bits |= ADDRESSEE;
  if (text.includes("http") || text.includes("www.")) bits |= URL;
  if (text.includes("@")) bits |= EMAIL;
  if (text.includes("_") || text.includes("`")) bits |= TOOL;
  return bits;
}

/** The signals of the word patterns whose words were seen (as marks and pair marks). */
export function seenBits(seen: number): number {
  let bits = 0;
  if ((seen & P.PROMPT_REF) !== 0) bits |= PROMPT_REF;
  if ((seen & P.TURN_PAIR) !== 0) bits |= TURN;
  if ((seen & M.MODE_WORD) !== 0) bits |= MODE;
  if ((seen & M.POSSESSIVE) !== 0 && (seen & (M.PROMPT_NOUN | P.CONTEXT_WINDOW | P.SYSTEM_MESSAGE)) !== 0)
    bits |= OWN_PROMPT;
  return bits;
}

/** The LAZY signals whose needles (and gate) `text` passes: the ones `lazyBits` may find. */
export function lazyCandidates(text: string): number {
  let bits = 0;
  for (const feature of structureSignals().features) {
    if ((feature.bit & LAZY) === 0 || (bits & feature.bit) !== 0) continue;
    if (feature.asciiNeedles !== undefined && !feature.asciiNeedles.some((needle) => text.includes(needle)))
      continue;
    if (feature.asciiGate !== undefined && !feature.asciiGate(text)) continue;
    bits |= feature.bit;
  }
  return bits;
}

/** Of the `candidates` (from `lazyCandidates`), the LAZY signals of `text`, exactly: each pattern run once. */
export function lazyBits(text: string, candidates: number): number {
  let bits = 0;
  for (const feature of structureSignals().features) {
    if ((feature.bit & candidates) === 0 || (bits & feature.bit) !== 0) continue;
    feature.ascii.lastIndex = 0;
    if (feature.ascii.test(text)) bits |= feature.bit;
    feature.ascii.lastIndex = 0;
  }
  return bits;
}

/**
 * How far past a range `mayBitsAround` reads: back over this many word runs (an AI noun three runs before its
 * participle, `language model` one more, `a.i.` two), forward over the longest lexicon entry's runs (at least six:
 * a possessive, two words, a prompt noun) and at least this many characters (an e-mail's `@` up to 64 characters
 * into its match, a mode word 40 after its entry, a turn role's `:` 20 after the role, a `<` marker's name).
 */
const BACK_RUNS = 6;
const FORWARD_CHARS = 160;

/**
 * A superset of the signals of every match that STARTS in `text[from, to)`, for an ASCII-script reading: `mayBits`
 * over that range widened (BACK_RUNS, FORWARD_CHARS) so that whatever such a match needs lies inside it. A match's
 * words lie after its start; the patterns that look back (a participle's AI noun, a vocative's context, a turn
 * role's line start) look back at most BACK_RUNS runs, and the walk answers `true` for what lies before its start
 * (a vocative's context, a line start). The widened range starts at a word run's start and ends at one's end.
 */
export function mayBitsAround(text: string, from: number, to: number): number {
  tables ??= buildTables();
  let start = from;
  for (let runs = 0; runs < BACK_RUNS && start > 0; runs++) {
    while (start > 0 && !isWordAt(text, start - 1)) start--;
    while (start > 0 && isWordAt(text, start - 1)) start--;
  }
  let end = to;
  for (let runs = 0; runs < Math.max(maxEntryRuns, 6) && end < text.length; runs++) {
    while (end < text.length && !isWordAt(text, end)) end++;
    while (end < text.length && isWordAt(text, end)) end++;
  }
  end = Math.max(end, Math.min(text.length, to + FORWARD_CHARS));
  while (end < text.length && isWordAt(text, end)) end++;
  const module = firstPass();
  if (module.holds(text) || module.load(text, false)) return module.walk(start, end);
  return mayBitsReference(start === 0 && end === text.length ? text : text.slice(start, end));
}

function isWordAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c < 128 && WORD[c] === 1;
}
