/**
 * Every occurrence of many literals in one pass: an Aho-Corasick automaton compiled to a complete DFA over input
 * classes, run by a small WebAssembly loop (wasm/literal-automaton.ts) over the text's UTF-8 bytes, reporting UTF-16
 * offsets. A detector that needs "where could a match start" for hundreds of literals asks once instead of once per
 * literal or through a regex alternation (see the source's header for why neither is cheap in V8).
 *
 * Invariants (test/property/literal-automaton.test.ts checks them against `indexOf` over every literal):
 * - every occurrence of every literal is reported, overlapping ones included, each once;
 * - hits come in ascending order of their end, and literals ending at the same offset longest first;
 * - offsets are UTF-16 code-unit offsets into the string as given, whatever characters it holds (a lone surrogate
 *   counts as the one unit it is);
 * - `asciiCaseInsensitive` folds A-Z onto a-z and nothing else (what a regex `i` flag does on ASCII; the caller
 *   checks other characters' case itself).
 */

import { instantiateEmbedded, layOut, type WasmMemory } from "./wasm/embedded.js";
import { MODULE_PACKED } from "./wasm/literal-automaton.generated.js";

export interface LiteralAutomatonOptions {
  /** Match ASCII letters in either case (default false: exact code units). */
  readonly asciiCaseInsensitive?: boolean;
}

/** One occurrence: which literal (its index in the compiled list) and where it starts and ends (UTF-16, end exclusive). */
export type LiteralHit = (literal: number, start: number, end: number) => void;

/** A literal set needing more than 65,535 automaton states, or an empty literal. */
export class LiteralAutomatonError extends Error {
  override readonly name = "LiteralAutomatonError";
}

interface AutomatonExports {
  readonly memory: WasmMemory;
  configure(
    classes: number,
    table: number,
    k: number,
    accept: number,
    outStart: number,
    outIds: number,
    hits: number,
    cap: number,
  ): void;
  reset(): void;
  hits(): number;
  drain(): void;
  scan(text: number, from: number, to: number, ascii: number): number;
}

/** Text is encoded into the instance's memory this many bytes at a time (what bounds the memory a scan adds). */
const CHUNK_BYTES = 64 * 1024;
const MAX_STATES = 0xffff;

export interface Dfa {
  readonly classes: Uint8Array;
  readonly classCount: number;
  /** Complete transition table, states renumbered so the accepting ones are the last. */
  readonly table: Int32Array;
  readonly firstAccept: number;
  /** outStart[s - firstAccept] .. outStart[s - firstAccept + 1]: the literal ids of accepting state s in outIds. */
  readonly outStart: Int32Array;
  readonly outIds: Int32Array;
  readonly mostOutputs: number;
}

/** `text` with A-Z lowered and every other character as it is (the automaton's fold). */
export const foldAscii = (text: string): string => text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());

export function utf8Literals(literals: readonly string[], fold: boolean): Uint8Array[] {
  const encoder = new TextEncoder();
  return literals.map((literal, i) => {
    if (literal.length === 0) throw new LiteralAutomatonError(`literal ${i} is empty`);
    return encoder.encode(fold ? foldAscii(literal) : literal);
  });
}

/**
 * Bytes in the order their classes are numbered: the commonest of text first (the space, lower-case letters by their
 * frequency in English, digits, common punctuation), then every other byte. A state's row holds its next states by
 * class, so the transitions prose takes stand together at the head of each row (fewer cache lines per state).
 */
const CLASS_ORDER: readonly number[] = (() => {
  const common = [..." etaoinshrdlcumwfgypbvkjxqz0123456789.,\n-_:/\"'=()"].map((c) => c.charCodeAt(0));
  const rest = Array.from({ length: 256 }, (_, b) => b).filter((b) => !common.includes(b));
  return [...common, ...rest];
})();

/**
 * Byte -> class: one class per byte some literal holds (A-Z share a-z's when folding), 0 for every other byte. Numbered
 * in CLASS_ORDER with `hotFirst`, else in the order the literals first hold them.
 */
function inputClasses(
  bytes: readonly Uint8Array[],
  fold: boolean,
  hotFirst: boolean,
): { classes: Uint8Array; count: number } {
  const classes = new Uint8Array(256);
  let count = 1;
  if (hotFirst) {
    const held = new Uint8Array(256);
    for (const literal of bytes) for (let i = 0; i < literal.length; i++) held[literal[i]!] = 1;
    for (const b of CLASS_ORDER) if (held[b] === 1) classes[b] = count++;
  } else
    for (const literal of bytes)
      for (let i = 0; i < literal.length; i++) if (classes[literal[i]!] === 0) classes[literal[i]!] = count++;
  if (fold) for (let b = 0x41; b <= 0x5a; b++) classes[b] = classes[b + 0x20]!;
  return { classes, count };
}

/**
 * The trie's goto function, failure links folded in (a complete DFA), and each state's outputs, longest first.
 * `hotFirst` (the shared literal pass's layout): classes numbered commonest byte first and states in breadth-first
 * order, so the transitions prose takes stand near each other in the table; the same matches either way.
 * It runs once per process (the phrase triggers' DFA is built from their literals when the generated gates are read;
 * the literal pass builds its own), on cold code: a state's row is its failure state's row copied (`copyWithin`, not
 * a loop over the classes) with its own trie edges written over it, in both numberings.
 */
export function buildDfa(bytes: readonly Uint8Array[], fold: boolean, hotFirst = false): Dfa {
  const { classes, count: k } = inputClasses(bytes, fold, hotFirst);
  const trie = buildTrie(bytes, classes, k);
  const { rows, fail, outputs } = foldFailureLinks(trie, bytes, k);
  return renumber(classes, k, trie, rows, fail, outputs, hotFirst);
}

/** The trie of the literals: states numbered as created, each with its parent and the class of the edge into it. */
interface Trie {
  readonly count: number;
  /** `next[s * k + c]`: the child of s on class c, -1 none (the fold reuses its first `count` rows). */
  readonly next: Int32Array;
  readonly parent: Int32Array;
  readonly via: Int32Array;
  /** The literals ending at each state (undefined: none). */
  readonly own: readonly (number[] | undefined)[];
  /** The states, shallowest first (a state after its failure state). */
  readonly byDepth: Int32Array;
  /** `childStart[s]` .. `childStart[s + 1]`: the children of s in `children`. */
  readonly childStart: Int32Array;
  readonly children: Int32Array;
}

function buildTrie(bytes: readonly Uint8Array[], classes: Uint8Array, k: number): Trie {
  let most = 1;
  for (const literal of bytes) most += literal.length;
  const next = new Int32Array(most * k).fill(-1);
  const parent = new Int32Array(most);
  const via = new Int32Array(most);
  const depth = new Int32Array(most);
  const own: (number[] | undefined)[] = [];
  let count = 1;
  // Indexed loops: `for...of` over a typed array costs an iterator step per byte on cold code.
  for (let id = 0; id < bytes.length; id++) {
    const literal = bytes[id]!;
    let s = 0;
    for (let i = 0; i < literal.length; i++) {
      const c = classes[literal[i]!]!;
      const at = s * k + c;
      if (next[at]! < 0) {
        next[at] = count;
        parent[count] = s;
        via[count] = c;
        depth[count] = depth[s]! + 1;
        count++;
      }
      s = next[at]!;
    }
    const ids = own[s];
    if (ids === undefined) own[s] = [id];
    else ids.push(id);
  }
  if (count > MAX_STATES)
    throw new LiteralAutomatonError(`${bytes.length} literals need ${count} states; at most ${MAX_STATES}`);
  return {
    count,
    next,
    parent,
    via,
    own,
    byDepth: byDepthOf(depth, count),
    ...childrenOf(parent, count),
  };
}

/** States 0..count-1 by `depth` (each below `count`), ties in state order: a counting sort. */
function byDepthOf(depth: Int32Array, count: number): Int32Array {
  const start = new Int32Array(count + 1);
  for (let s = 0; s < count; s++) start[depth[s]! + 1]!++;
  for (let d = 1; d <= count; d++) start[d]! += start[d - 1]!;
  const order = new Int32Array(count);
  for (let s = 0; s < count; s++) order[start[depth[s]!]!++] = s;
  return order;
}

/** Each state's children, grouped by parent (in state order within a parent). */
function childrenOf(parent: Int32Array, count: number): { childStart: Int32Array; children: Int32Array } {
  const childStart = new Int32Array(count + 1);
  for (let s = 1; s < count; s++) childStart[parent[s]! + 1]!++;
  for (let s = 1; s <= count; s++) childStart[s]! += childStart[s - 1]!;
  const fill = childStart.slice(0, count);
  const children = new Int32Array(Math.max(0, count - 1));
  for (let s = 1; s < count; s++) children[fill[parent[s]!]!++] = s;
  return { childStart, children };
}

/**
 * Failure links, shallowest state first: each state's row is its failure state's (complete by then), its own edges
 * written over it; its outputs gain the failure's. A state whose own outputs are none shares its failure state's
 * list (never written after: each list is made whole when its state is reached, and sorted once).
 */
function foldFailureLinks(
  trie: Trie,
  bytes: readonly Uint8Array[],
  k: number,
): { rows: Int32Array; fail: Int32Array; outputs: (readonly number[])[] } {
  const { count, via, own, byDepth, childStart, children } = trie;
  // Every row but the root's is overwritten whole before it is read; the root's missing edges lead to itself.
  const rows = trie.next.subarray(0, count * k);
  for (let c = 0; c < k; c++) if (rows[c]! < 0) rows[c] = 0;
  const fail = new Int32Array(count);
  const outputs: number[][] = new Array(count);
  const none: number[] = [];
  outputs[0] = none;
  for (let d = 0; d < count; d++) {
    const s = byDepth[d]!;
    const row = s * k;
    const failRow = fail[s]! * k;
    if (s !== 0) rows.copyWithin(row, failRow, failRow + k);
    for (let i = childStart[s]!; i < childStart[s + 1]!; i++) {
      const child = children[i]!;
      const c = via[child]!;
      const f = s === 0 ? 0 : rows[failRow + c]!;
      fail[child] = f;
      const ids = own[child];
      outputs[child] =
        ids === undefined ? outputs[f]! : outputs[f]!.length === 0 ? ids : [...ids, ...outputs[f]!];
      rows[row + c] = child;
    }
  }
  const longestFirst = (a: number, b: number) => bytes[b]!.length - bytes[a]!.length || a - b;
  for (let s = 0; s < count; s++)
    if (own[s] !== undefined && outputs[s]!.length > 1) outputs[s]!.sort(longestFirst);
  return { rows, fail, outputs };
}

/** The states in breadth-first order of the complete DFA from the root. */
function breadthFirst(rows: Int32Array, count: number, k: number): Int32Array {
  const seen = new Uint8Array(count);
  const queue = new Int32Array(count);
  let tail = 1;
  seen[0] = 1;
  for (let head = 0; head < tail; head++) {
    const row = queue[head]! * k;
    for (let c = 0; c < k; c++) {
      const s = rows[row + c]!;
      if (seen[s] === 0) {
        seen[s] = 1;
        queue[tail++] = s;
      }
    }
  }
  return queue;
}

/**
 * Renumbers states so the accepting ones come last (each part in breadth-first order with `hotFirst`, else in trie
 * order), and lays the table and outputs out as the module reads them: the table is built as `rows` was, each row
 * its failure state's copied, then its own edges.
 */
function renumber(
  classes: Uint8Array,
  k: number,
  trie: Trie,
  rows: Int32Array,
  fail: Int32Array,
  outputs: readonly (readonly number[])[],
  hotFirst: boolean,
): Dfa {
  const { count, via, byDepth, childStart, children } = trie;
  const walk: Int32Array = hotFirst ? breadthFirst(rows, count, k) : new Int32Array(count);
  if (!hotFirst) for (let s = 0; s < count; s++) walk[s] = s;
  const order = new Int32Array(count);
  let placed = 0;
  for (let i = 0; i < count; i++) if (outputs[walk[i]!]!.length === 0) order[placed++] = walk[i]!;
  const accepting = placed;
  for (let i = 0; i < count; i++) if (outputs[walk[i]!]!.length > 0) order[placed++] = walk[i]!;
  const newId = new Int32Array(count);
  for (let i = 0; i < count; i++) newId[order[i]!] = i;
  // Entries are the next state's row as a byte offset (state * k * 4): the module's loop needs no multiply.
  const table = new Int32Array(count * k);
  for (let c = 0; c < k; c++) table[newId[0]! * k + c] = newId[rows[c]!]! * k * 4;
  for (let d = 1; d < count; d++) {
    const s = byDepth[d]!;
    const row = newId[s]! * k;
    const failRow = newId[fail[s]!]! * k;
    table.copyWithin(row, failRow, failRow + k);
    for (let i = childStart[s]!; i < childStart[s + 1]!; i++)
      table[row + via[children[i]!]!] = newId[children[i]!]! * k * 4;
  }
  const outStart = new Int32Array(count - accepting + 1);
  const ids: number[] = [];
  let mostOutputs = 0;
  for (let i = accepting; i < count; i++) {
    const out = outputs[order[i]!]!;
    for (const id of out) ids.push(id);
    outStart[i - accepting + 1] = ids.length;
    mostOutputs = Math.max(mostOutputs, out.length);
  }
  // No accepting state: a first-accept number no state reaches.
  return {
    classes,
    classCount: k,
    table,
    firstAccept: accepting === count ? MAX_STATES + 1 : accepting,
    outStart,
    outIds: Int32Array.from(ids),
    mostOutputs,
  };
}

/** Where each region lives in the instance's memory. */
interface Layout {
  readonly hits: number;
  readonly hitCap: number;
  readonly text: number;
}

function place(exports: AutomatonExports, dfa: Dfa): Layout {
  const hitCap = Math.max(1024, dfa.mostOutputs);
  const [classes, table, outStart, outIds, hits, text] = layOut(exports.memory, [
    dfa.classes,
    dfa.table,
    dfa.outStart,
    dfa.outIds,
    hitCap * 8,
    CHUNK_BYTES,
  ]) as [number, number, number, number, number, number];
  exports.configure(classes, table, dfa.classCount, dfa.firstAccept, outStart, outIds, hits, hitCap);
  return { hits, hitCap, text };
}

const encoder = new TextEncoder();

export class LiteralAutomaton {
  readonly #exports: AutomatonExports;
  readonly #layout: Layout;
  readonly #lengths: Int32Array;
  #scanning = false;

  /** Compiles `literals` (each non-empty; at most 65,535 automaton states, a few thousand typical literals). */
  constructor(
    readonly literals: readonly string[],
    options: LiteralAutomatonOptions = {},
  ) {
    const dfa = buildDfa(
      utf8Literals(literals, options.asciiCaseInsensitive === true),
      options.asciiCaseInsensitive === true,
    );
    this.#exports = instantiateEmbedded<AutomatonExports>(MODULE_PACKED, abortFromModule);
    this.#layout = place(this.#exports, dfa);
    this.#lengths = Int32Array.from(literals, (literal) => literal.length);
  }

  /**
   * Calls `found` for every occurrence, in ascending order of end (longest first at one end). `found` must not start
   * another scan of this automaton (the scan's state lives in the instance): it throws if it does.
   */
  scan(text: string, found: LiteralHit): void {
    if (this.#scanning)
      throw new LiteralAutomatonError("scan called from inside a scan of the same automaton");
    this.#scanning = true;
    try {
      this.#scanText(text, found);
    } finally {
      this.#scanning = false;
    }
  }

  #scanText(text: string, found: LiteralHit): void {
    const ex = this.#exports;
    const { text: textAt } = this.#layout;
    ex.reset();
    let rest = text;
    while (rest.length > 0) {
      const room = new Uint8Array(ex.memory.buffer, textAt, CHUNK_BYTES);
      // encodeInto never splits a character (nor a surrogate pair) across two chunks.
      const { read, written } = encoder.encodeInto(rest, room);
      const ascii = read === written ? 1 : 0;
      for (let at = 0; at < written; ) {
        at = ex.scan(textAt, at, written, ascii);
        this.#deliver(found);
      }
      rest = read === rest.length ? "" : rest.slice(read);
    }
  }

  #deliver(found: LiteralHit): void {
    const ex = this.#exports;
    const count = ex.hits();
    if (count === 0) return;
    const pairs = new Int32Array(ex.memory.buffer, this.#layout.hits, count * 2);
    // Copied out before calling back: `found` may run code that scans with another automaton (its own instance,
    // so this buffer stays put), but a copy keeps that an implementation detail.
    const copy = pairs.slice();
    ex.drain();
    for (let i = 0; i < copy.length; i += 2) {
      const id = copy[i]!;
      const end = copy[i + 1]!;
      found(id, end - this.#lengths[id]!, end);
    }
  }
}

function abortFromModule(): never {
  throw new LiteralAutomatonError("the literal automaton's module aborted");
}
