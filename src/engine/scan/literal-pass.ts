/**
 * The shared literal pass's scanner (scan/candidates.ts runs it once per long text): the DFA of
 * src/shared/literal-automaton.ts (same construction, ASCII letters folded) run by wasm/literal-pass.ts, which reads
 * each ASCII chunk as two stripes at once (two independent DFA chains in one loop: about twice the bytes per
 * nanosecond of the shared automaton's one chain), and hands back every occurrence of every literal as per-literal
 * lists of starts (no callback per hit). Gives up on a text whose hits fill a stripe's buffer: the callers' own
 * searches, which give up on dense texts too, are cheaper there.
 *
 * Invariant (test/property/literal-pass.property.test.ts): each list is every ASCII-case-folded occurrence of its
 * literal, overlapping ones included, ascending, with UTF-16 offsets.
 */
import { buildDfa, type Dfa, utf8Literals } from "../../shared/literal-automaton.js";
import { instantiateEmbedded, layOut, type WasmMemory } from "../../shared/wasm/embedded.js";
import { MODULE_PACKED } from "../../shared/wasm/literal-pass.generated.js";

interface PassExports {
  readonly memory: WasmMemory;
  configure(
    k: number,
    accept: number,
    outStart: number,
    outIds: number,
    a: number,
    b: number,
    c: number,
    d: number,
    cap: number,
  ): void;
  reset(): void;
  hitsInA(): number;
  hitsInB(): number;
  hitsInC(): number;
  hitsInD(): number;
  scanAscii(text: number, n: number, base: number, overlap: number): number;
  scanUtf8(text: number, n: number, base: number): number;
  configureRuns(runs: number, cap: number, sides: number): void;
  digitRunsUtf8(text: number, n: number, base: number): number;
  configurePairs(out: number, cap: number): void;
  configureColons(out: number, cap: number): void;
  colonsFound(): number;
  pairsFound(): number;
  sidesAscii(text: number, n: number, base: number, first: number, gap: number, second: number): number;
  configurePresence(tables: number): void;
  presenceFound(): number;
  presenceOf(text: number, n: number): number;
  pairsAscii(text: number, n: number, base: number, first: number, gap: number, second: number): number;
}

/**
 * Two ASCII characters a fixed distance apart (`.` and `.` seven on: the dots of a Discord bot token), whose every
 * occurrence the pass lists by the first's offset: a detector whose candidates are such a pair reads the list instead
 * of visiting every occurrence of the first character (every sentence's full stop) itself.
 */
export interface GappedPair {
  /** The first character's code (below 128). */
  readonly first: number;
  /** How far on the second stands (at least 1). */
  readonly gap: number;
  readonly second: number;
}

/**
 * The characters whose presence anywhere in a text the pass notes (PassResult.present, bit k for the k-th): what the
 * detectors and the envelope ask of a whole text by a native search each (an absent one costs a read of the whole
 * text), answered by the SIMD walk that reads every chunk anyway. ASCII; the first TABLE_PRESENCE by the module's
 * nibble tables (at most eight), then `:` and `[`, which the module tests by compares (wasm/literal-pass.ts
 * COLON_BIT, BRACKET_BIT: the order here is theirs).
 */
export const PRESENCE_CHARS = "<&%\\=\"'{:[";
const TABLE_PRESENCE = 8;

/** The module's presence tables (see wasm/literal-pass.ts `presenceOff`): bit k for PRESENCE_CHARS[k]'s low and high halves. */
function presenceTables(): Uint8Array {
  const tables = new Uint8Array(32);
  for (let k = 0; k < TABLE_PRESENCE; k++) {
    const code = PRESENCE_CHARS.charCodeAt(k);
    tables[code & 15]! |= 1 << k;
    tables[16 + (code >> 4)]! |= 1 << k;
  }
  return tables;
}

const CHUNK_BYTES = 64 * 1024;
/** Hits each stripe's buffer holds per chunk: one per 8 bytes of a stripe; more and the pass gives up. */
const STRIPE_HITS = CHUNK_BYTES / 4 / 8;
/** Digit runs a chunk may hold, one per 8 of its bytes; more and the text's runs are not given (a table of numbers). */
const CHUNK_RUNS = CHUNK_BYTES / 8;
/** A pair's occurrences a chunk may hold, one per 8 of its bytes; more and the text's are not given. */
const CHUNK_PAIRS = CHUNK_BYTES / 8;

interface Layout {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly text: number;
  readonly runs: number;
  readonly sides: number;
  readonly pairs: number;
  readonly colons: number;
}

/**
 * The DFA's table as the module reads it: the accepting states' rows moved up to `acceptAt`, a power of two at least
 * the other states' rows' bytes and the accepting ones', every entry (a next state's row as a byte offset) moved with
 * them. Invariant: a state accepts exactly when its offset has the bit `acceptAt` set (every other state's offset is
 * below it, every accepting one below twice it), so the module tests four stripes' next states with one OR and one
 * AND per step instead of a compare and a branch each. The gap between the two parts is never read.
 */
function acceptBitTable(dfa: Dfa): { table: Int32Array; acceptAt: number } {
  const k = dfa.classCount;
  const states = dfa.table.length / k;
  const firstAccept = Math.min(dfa.firstAccept, states);
  const below = firstAccept * k * 4;
  let acceptAt = 4;
  while (acceptAt < below || acceptAt < (states - firstAccept) * k * 4) acceptAt *= 2;
  const table = new Int32Array((acceptAt + (states - firstAccept) * k * 4) / 4);
  for (let s = 0; s < states; s++) {
    const at = movedOffset(s * k * 4, below, acceptAt) / 4;
    for (let c = 0; c < k; c++) table[at + c] = movedOffset(dfa.table[s * k + c]!, below, acceptAt);
  }
  return { table, acceptAt };
}

/** A row offset of the shared DFA's table in acceptBitTable's: the accepting rows (from `below` on) moved to `acceptAt`. */
function movedOffset(offset: number, below: number, acceptAt: number): number {
  return offset < below ? offset : acceptAt + offset - below;
}

/** Where the module reads the classes (wasm/literal-pass.ts CLASSES): the host's first region (shared/wasm/embedded.ts). */
const CLASSES_AT = 65536;

function place(exports: PassExports, dfa: Dfa): Layout {
  const bit = acceptBitTable(dfa);
  const cap = Math.max(STRIPE_HITS, dfa.mostOutputs);
  // Each byte's class as its column's byte offset in a row (class * 4, 16 bits: up to 256 classes), so a step needs no
  // shift.
  const scaled = Uint16Array.from(dfa.classes, (c) => c * 4);
  const [classes, table, outStart, outIds, a, b, c, d, text, runs, sides, pairs, colons, presence] = layOut(
    exports.memory,
    [
      scaled,
      bit.table,
      dfa.outStart,
      dfa.outIds,
      cap * 8,
      cap * 8,
      cap * 8,
      cap * 8,
      CHUNK_BYTES,
      CHUNK_RUNS * 8,
      CHUNK_RUNS * 4,
      CHUNK_PAIRS * 4,
      CHUNK_PAIRS * 4,
      presenceTables(),
    ],
  ) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // The module reads the classes and the table at fixed offsets (wasm/literal-pass.ts CLASSES, TABLE): the first two
  // regions, the classes 256 entries of two bytes.
  if (classes !== CLASSES_AT || table !== CLASSES_AT + 512 || scaled.length !== 256)
    throw new Error("literal pass: the classes and the table are not where the module reads them");
  exports.configure(dfa.classCount, bit.acceptAt, outStart, outIds, a, b, c, d, cap);
  exports.configureRuns(runs, CHUNK_RUNS, sides);
  exports.configurePairs(pairs, CHUNK_PAIRS);
  exports.configureColons(colons, CHUNK_PAIRS);
  exports.configurePresence(presence);
  return { a, b, c, d, text, runs, sides, pairs, colons };
}

/** What one pass over a text found. */
export interface PassResult {
  /** Every occurrence of each literal, by literal index (undefined: none). */
  readonly lists: (number[] | undefined)[];
  /**
   * The text's maximal runs of ASCII digits `[0-9]` as `[start, end)` pairs of UTF-16 offsets, ascending
   * (`[s0, e0, s1, e1, ...]`); undefined when some 64 kB chunk holds more than one run per 8 bytes.
   */
  readonly digitRuns: Int32Array | undefined;
  /**
   * Beside `digitRuns` (defined exactly when it is), four bytes per run: the two characters before its start and the
   * two from its end (`text[start - 2]`, `text[start - 1]`, `text[end]`, `text[end + 1]`), each its code unit below
   * OTHER, else OTHER (a code unit of 0xff or more, or no character there). Read from the chunk while the pass holds
   * it, so a detector that asks what stands around a run (an IBAN's country letters, a phone's separators, an
   * address's dots) reads this list in order instead of the text a cache line apart per run.
   */
  readonly digitRunSides: Uint8Array | undefined;
  /** Whether every character of the text is ASCII (every chunk encoded to as many bytes as it has characters). */
  readonly ascii: boolean;
  /**
   * By pair (in the order given to the constructor), every offset where the pair stands, ascending; undefined when
   * the text is not all ASCII or some 64 kB stretch holds more than one per 8 bytes.
   */
  readonly pairs: readonly (Int32Array | undefined)[];
  /**
   * Every colon a hex digit (`[0-9A-Fa-f]`) or a colon follows, ascending (an IPv6 address holds one); undefined as
   * `pairs` are.
   */
  readonly hexColons: Int32Array | undefined;
  /** Bit k set exactly when PRESENCE_CHARS[k] occurs in the text. */
  readonly present: number;
}

/**
 * What `digitRunSides` holds for a code unit of 0xff or more, and where the text has no character (before its start,
 * after its end): a test of a side that accepts such a code reads the text where it finds this.
 */
export const OTHER = 0xff;

/** The sides' list, lent from one pass to the next (a pass runs to its end before another starts); grown by doubling. */
let sideScratch = new Uint8Array(256);

/**
 * Runs of digits gathered chunk by chunk, a run cut by a chunk's end joined to its continuation, with their sides
 * (PassResult.digitRunSides: four bytes a run, in the lent list until `sides()` copies them out).
 */
class RunList {
  // 64 bytes: V8 keeps a typed array this small on the heap; a larger one costs a backing store of its own, made
  // once per pass (a 1 KB text's pass made one of 1 KB), and the list grows by doubling anyway.
  #pairs = new Int32Array(16);
  #size = 0;

  /**
   * Appends `count` (start, end) pairs from `from`, the runs of `chunk`, and their sides: `sides` as the module wrote
   * them for an ASCII chunk (each correct but where the chunk does not hold the character: only its first and last
   * run can stand that near its edges, and those two are read from the text here), else read from the text.
   */
  append(from: Int32Array, count: number, chunk: Chunk, sides: Uint8Array | undefined): void {
    if (count === 0) return;
    const first = this.#size;
    this.#room(count * 2);
    this.#pairs.set(from.subarray(0, count * 2), first);
    if (sides !== undefined) sideScratch.set(sides.subarray(0, count * 4), 2 * first);
    this.#size += count * 2;
    if (sides === undefined) for (let r = first; r < this.#size; r += 2) this.#readSides(r, chunk.text);
    else {
      this.#readSides(first, chunk.text);
      this.#readSides(this.#size - 2, chunk.text);
    }
    // A run cut by the last chunk's end goes on with this chunk's first: one run, the continuation's end and sides.
    if (first > 0 && this.#pairs[first - 1] === from[0]) {
      this.#pairs[first - 1] = from[1]!;
      sideScratch.copyWithin(2 * first - 2, 2 * first + 2, 2 * first + 4);
      this.#pairs.copyWithin(first, first + 2, this.#size);
      sideScratch.copyWithin(2 * first, 2 * first + 4, 2 * this.#size);
      this.#size -= 2;
    }
  }

  /** Room for `more` pairs' entries after the last, in both lists. */
  #room(more: number): void {
    const need = this.#size + more;
    if (need > this.#pairs.length) {
      const pairs = new Int32Array(Math.max(need, this.#pairs.length * 2));
      pairs.set(this.#pairs.subarray(0, this.#size));
      this.#pairs = pairs;
    }
    if (2 * need > sideScratch.length) {
      const sides = new Uint8Array(Math.max(2 * need, sideScratch.length * 2));
      sides.set(sideScratch.subarray(0, 2 * this.#size));
      sideScratch = sides;
    }
  }

  /** Reads the sides of the run at `r` (its start's index in the pairs) from the text. */
  #readSides(r: number, text: string): void {
    const start = this.#pairs[r]!;
    const end = this.#pairs[r + 1]!;
    sideScratch[2 * r] = sideOf(text, start - 2);
    sideScratch[2 * r + 1] = sideOf(text, start - 1);
    sideScratch[2 * r + 2] = sideOf(text, end);
    sideScratch[2 * r + 3] = sideOf(text, end + 1);
  }

  toArray(): Int32Array {
    return this.#pairs.slice(0, this.#size);
  }

  /** The sides, copied out of the lent list. */
  sides(): Uint8Array {
    return sideScratch.slice(0, 2 * this.#size);
  }
}

/** The code unit at `at` of `text` as a side: itself below OTHER, else (OTHER and above, or no character) OTHER. */
function sideOf(text: string, at: number): number {
  return at >= 0 && at < text.length ? Math.min(text.charCodeAt(at), OTHER) : OTHER;
}

/** Offsets gathered chunk by chunk: an Int32Array grown by doubling, made at the first offset (4 bytes an offset). */
class OffsetList {
  #items: Int32Array | undefined;
  #size = 0;

  /** Appends the offsets of `from`. */
  append(from: Int32Array): void {
    if (from.length === 0) return;
    this.#room(from.length).set(from, this.#size);
    this.#size += from.length;
  }

  push(at: number): void {
    this.#room(1)[this.#size++] = at;
  }

  /** The items, with room for `more` after the last. */
  #room(more: number): Int32Array {
    const need = this.#size + more;
    if (this.#items === undefined || need > this.#items.length) {
      const grown = new Int32Array(Math.max(need, 2 * (this.#items?.length ?? 32)));
      if (this.#items !== undefined) grown.set(this.#items.subarray(0, this.#size));
      this.#items = grown;
    }
    return this.#items;
  }

  /** The offsets (a view: the list is not appended to after). */
  toArray(): Int32Array {
    return this.#items === undefined ? EMPTY : this.#items.subarray(0, this.#size);
  }
}

const EMPTY = new Int32Array(0);

const encoder = new TextEncoder();

const NO_PAIR: GappedPair = { first: 255, gap: 1, second: 255 };

/** `sidesAscii`'s pair arguments: the first gapped pair, or none (255 is no ASCII byte: the walk reads only digits). */
function firstPair(pairs: readonly GappedPair[]): [number, number, number] {
  const { first, gap, second } = pairs.length === 0 ? NO_PAIR : pairs[0]!;
  return [first, gap, second];
}

/**
 * `colons` with the colons `sidesAscii` found in the ASCII chunk of `n` characters at `base` of `text`, and the
 * chunk's last character if it is a colon the next chunk's first follows with a hex digit or a colon; undefined when
 * they did not fit or `colons` was undefined already.
 */
function appendColons(
  colons: OffsetList | undefined,
  ex: PassExports,
  layout: Layout,
  text: string,
  base: number,
  n: number,
): OffsetList | undefined {
  const found = ex.colonsFound();
  if (colons === undefined || found < 0) return undefined;
  colons.append(new Int32Array(ex.memory.buffer, layout.colons, found));
  const last = base + n - 1;
  if (text.charCodeAt(last) === 58 && isHexOrColonCode(text.charCodeAt(last + 1))) colons.push(last);
  return colons;
}

function isHexOrColonCode(code: number): boolean {
  return (code >= 48 && code <= 58) || ((code | 32) >= 97 && (code | 32) <= 102);
}

/**
 * `runs` with the chunk's `found` runs (in the module's runs buffer) appended, or undefined when the chunk's did not
 * fit or it holds more than one per 8 of its `n` bytes (a table of numbers), or `runs` was undefined already.
 */
function appendRuns(
  runs: RunList | undefined,
  ex: PassExports,
  layout: Layout,
  found: number,
  chunk: Chunk,
): RunList | undefined {
  if (runs === undefined || found < 0 || found > chunk.n >> 3) return undefined;
  const sides = chunk.ascii ? new Uint8Array(ex.memory.buffer, layout.sides, found * 4) : undefined;
  runs.append(new Int32Array(ex.memory.buffer, layout.runs, found * 2), found, chunk, sides);
  return runs;
}

/** The chunk of `text` the pass has encoded: `n` characters (bytes when `ascii`) from offset `base`. */
interface Chunk {
  readonly text: string;
  readonly base: number;
  readonly n: number;
  readonly ascii: boolean;
}

export class LiteralPass {
  readonly #exports: PassExports;
  readonly #layout: Layout;
  readonly #lengths: Int32Array;
  /** The longest literal's UTF-8 length - 1: how far before its stripe the second stripe's DFA starts. */
  readonly #overlap: number;

  /** Compiles `literals` (non-empty), matched with ASCII letters folded; each of `gappedPairs` is listed too. */
  constructor(
    readonly literals: readonly string[],
    readonly gappedPairs: readonly GappedPair[] = [],
  ) {
    const bytes = utf8Literals(literals, true);
    const dfa = buildDfa(bytes, true, true);
    this.#exports = instantiateEmbedded<PassExports>(MODULE_PACKED, abortFromModule);
    this.#layout = place(this.#exports, dfa);
    this.#lengths = Int32Array.from(literals, (literal) => literal.length);
    this.#overlap = Math.max(0, ...bytes.map((b) => b.length - 1));
  }

  /**
   * Every occurrence of each literal, the digit runs, each gapped pair's occurrences and the hex colons of `text`, or
   * undefined when more than `cap` hits in all, or a stripe's buffer filled.
   */
  run(text: string, cap: number): PassResult | undefined {
    const ex = this.#exports;
    const layout = this.#layout;
    const lists: (number[] | undefined)[] = new Array(this.literals.length);
    let runs: RunList | undefined = new RunList();
    const pairs: (OffsetList | undefined)[] = this.gappedPairs.map(() => new OffsetList());
    let colons: OffsetList | undefined = new OffsetList();
    let present = 0;
    let count = 0;
    let base = 0;
    let allAscii = true;
    ex.reset();
    let rest = text;
    while (rest.length > 0) {
      const room = new Uint8Array(ex.memory.buffer, layout.text, CHUNK_BYTES);
      // encodeInto never splits a character (nor a surrogate pair) across two chunks.
      const { read, written } = encoder.encodeInto(rest, room);
      const ascii = read === written;
      allAscii &&= ascii;
      const status = ascii
        ? ex.scanAscii(layout.text, written, base, this.#overlap)
        : ex.scanUtf8(layout.text, written, base);
      if (status < 0) return undefined;
      count += this.#collect(lists, layout.a, ex.hitsInA());
      count += this.#collect(lists, layout.b, ex.hitsInB());
      count += this.#collect(lists, layout.c, ex.hitsInC());
      count += this.#collect(lists, layout.d, ex.hitsInD());
      if (count > cap) return undefined;
      if (ascii) {
        const found = ex.sidesAscii(layout.text, written, base, ...firstPair(this.gappedPairs));
        // The walk stops where a chunk's runs do not fit: its presence is then read by a walk of its own.
        present |= found >= 0 ? ex.presenceFound() : ex.presenceOf(layout.text, written);
        runs = this.#sidesAscii(text, base, written, found, runs, pairs);
        colons = appendColons(colons, ex, layout, text, base, written);
      } else {
        present |= ex.presenceOf(layout.text, written);
        const chunk = { text, base, n: written, ascii: false };
        runs = appendRuns(runs, ex, layout, ex.digitRunsUtf8(layout.text, written, base), chunk);
        pairs.fill(undefined);
        colons = undefined;
      }
      base += read;
      rest = read === rest.length ? "" : rest.slice(read);
    }
    return {
      lists,
      digitRuns: runs?.toArray(),
      digitRunSides: runs?.sides(),
      ascii: allAscii,
      pairs: pairs.map((list) => list?.toArray()),
      hexColons: colons?.toArray(),
      present,
    };
  }

  /**
   * The digit runs and the pairs of the ASCII chunk of `n` characters at `base` of `text` (in the module's text
   * buffer), which `sidesAscii` has walked (`found`: its answer), appended to `runs` (returned; undefined once a
   * chunk's did not fit) and to each pair's list.
   */
  #sidesAscii(
    text: string,
    base: number,
    n: number,
    found: number,
    runs: RunList | undefined,
    pairs: (OffsetList | undefined)[],
  ): RunList | undefined {
    const ex = this.#exports;
    const layout = this.#layout;
    const all = this.gappedPairs;
    const kept = appendRuns(runs, ex, layout, found, { text, base, n, ascii: true });
    for (let k = 0; k < all.length; k++) {
      const { first: a, gap, second } = all[k]!;
      if (k > 0 && pairs[k] !== undefined) ex.pairsAscii(layout.text, n, base, a, gap, second);
      const list = pairs[k];
      const count = ex.pairsFound();
      if (list === undefined || count < 0) {
        pairs[k] = undefined;
        continue;
      }
      list.append(new Int32Array(ex.memory.buffer, layout.pairs, count));
      // The module reads only pairs whose second character is in the chunk; the chunk's last `gap` are read here.
      for (let at = base + Math.max(0, n - gap); at < base + n; at++)
        if (text.charCodeAt(at) === a && text.charCodeAt(at + gap) === second) list.push(at);
    }
    return kept;
  }

  /** Appends `count` (literal, end) pairs at `at` to the lists; returns `count`. */
  #collect(lists: (number[] | undefined)[], at: number, count: number): number {
    if (count === 0) return 0;
    const pairs = new Int32Array(this.#exports.memory.buffer, at, count * 2);
    const lengths = this.#lengths;
    for (let i = 0; i < pairs.length; i += 2) {
      const id = pairs[i]!;
      const start = pairs[i + 1]! - lengths[id]!;
      const list = lists[id];
      if (list === undefined) lists[id] = [start];
      else list.push(start);
    }
    return count;
  }
}

function abortFromModule(): never {
  throw new Error("the literal pass's module aborted");
}
