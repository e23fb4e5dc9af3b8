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
    for (const literal of bytes) for (const b of literal) held[b] = 1;
    for (const b of CLASS_ORDER) if (held[b] === 1) classes[b] = count++;
  } else for (const literal of bytes) for (const b of literal) if (classes[b] === 0) classes[b] = count++;
  if (fold) for (let b = 0x41; b <= 0x5a; b++) classes[b] = classes[b + 0x20]!;
  return { classes, count };
}

/**
 * The trie's goto function, failure links folded in (a complete DFA), and each state's outputs, longest first.
 * `hotFirst` (the shared literal pass's layout): classes numbered commonest byte first and states in breadth-first
 * order, so the transitions prose takes stand near each other in the table; the same matches either way.
 */
export function buildDfa(bytes: readonly Uint8Array[], fold: boolean, hotFirst = false): Dfa {
  const { classes, count: k } = inputClasses(bytes, fold, hotFirst);
  const rows: Int32Array[] = [new Int32Array(k).fill(-1)];
  const own: number[][] = [[]];
  bytes.forEach((literal, id) => {
    let s = 0;
    for (const b of literal) {
      const c = classes[b]!;
      if (rows[s]![c]! < 0) {
        rows[s]![c] = rows.length;
        rows.push(new Int32Array(k).fill(-1));
        own.push([]);
      }
      s = rows[s]![c]!;
    }
    own[s]!.push(id);
  });
  if (rows.length > MAX_STATES)
    throw new LiteralAutomatonError(
      `${bytes.length} literals need ${rows.length} states; at most ${MAX_STATES}`,
    );
  const outputs = foldFailureLinks(rows, own, bytes, k);
  return renumber(classes, k, rows, outputs, hotFirst);
}

/** Breadth first: each state's missing transitions become its failure state's, its outputs gain the failure's. */
function foldFailureLinks(
  rows: Int32Array[],
  own: number[][],
  bytes: readonly Uint8Array[],
  k: number,
): number[][] {
  const fail = new Int32Array(rows.length);
  const outputs: number[][] = own.map((ids) => [...ids]);
  const queue: number[] = [];
  for (let c = 0; c < k; c++) {
    const next = rows[0]![c]!;
    if (next < 0) rows[0]![c] = 0;
    else queue.push(next);
  }
  for (let head = 0; head < queue.length; head++) {
    const r = queue[head]!;
    for (let c = 0; c < k; c++) {
      const s = rows[r]![c]!;
      if (s < 0) {
        rows[r]![c] = rows[fail[r]!]![c]!;
        continue;
      }
      fail[s] = r === 0 ? 0 : rows[fail[r]!]![c]!;
      outputs[s]!.push(...outputs[fail[s]!]!);
      queue.push(s);
    }
  }
  for (const ids of outputs) ids.sort((a, b) => bytes[b]!.length - bytes[a]!.length || a - b);
  return outputs;
}

/** Each state's rank in a breadth-first walk of the complete DFA from the root. */
function breadthFirst(rows: Int32Array[], k: number): Int32Array {
  const rank = new Int32Array(rows.length).fill(-1);
  const queue = [0];
  rank[0] = 0;
  for (let head = 0; head < queue.length; head++)
    for (let c = 0; c < k; c++) {
      const s = rows[queue[head]!]![c]!;
      if (rank[s] === -1) {
        rank[s] = queue.length;
        queue.push(s);
      }
    }
  return rank;
}

/** Renumbers states so the accepting ones come last, and lays the table and outputs out as the module reads them. */
function renumber(
  classes: Uint8Array,
  k: number,
  rows: Int32Array[],
  outputs: number[][],
  hotFirst: boolean,
): Dfa {
  const depth = hotFirst ? breadthFirst(rows, k) : new Int32Array(rows.length);
  const order = [...rows.keys()].sort(
    (a, b) =>
      Number(outputs[a]!.length > 0) - Number(outputs[b]!.length > 0) || depth[a]! - depth[b]! || a - b,
  );
  const newId = new Int32Array(rows.length);
  order.forEach((old, i) => {
    newId[old] = i;
  });
  const firstAccept = order.findIndex((old) => outputs[old]!.length > 0);
  // Entries are the next state's row as a byte offset (state * k * 4): the module's loop needs no multiply.
  const table = new Int32Array(rows.length * k);
  order.forEach((old, i) => {
    for (let c = 0; c < k; c++) table[i * k + c] = newId[rows[old]![c]!]! * k * 4;
  });
  const accepting = firstAccept === -1 ? [] : order.slice(firstAccept);
  const outStart = new Int32Array(accepting.length + 1);
  const ids: number[] = [];
  accepting.forEach((old, i) => {
    ids.push(...outputs[old]!);
    outStart[i + 1] = ids.length;
  });
  const mostOutputs = Math.max(0, ...accepting.map((old) => outputs[old]!.length));
  // No accepting state: a first-accept number no state reaches.
  return {
    classes,
    classCount: k,
    table,
    firstAccept: firstAccept === -1 ? MAX_STATES + 1 : firstAccept,
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
