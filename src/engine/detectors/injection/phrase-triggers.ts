/**
 * The phrase rules' one pass over a text: every lead word (where a word boundary may hold on both sides), every
 * occurrence of every gate literal, each with the units before its end (phrase-literals.ts), and whether the text
 * needs folding (a character outside printable ASCII, tab, LF and CR: a non-ASCII chunk stops the pass at once, a
 * control character is noted by the loop). A WebAssembly loop (wasm/phrase-triggers.ts, on the shared literal
 * automaton's DFA) over the text's UTF-8 bytes, 64 KB at a time, reporting UTF-16 offsets; JavaScript sees only what
 * it reports. With the rules' gates (TriggerGates), the module checks them itself and reports only the lead words one
 * of whose rules may match there; gate literals never leave it.
 */
import { instantiateEmbedded, layOut, type WasmMemory } from "../../../shared/wasm/embedded.js";
import { MODULE_PACKED } from "../../../shared/wasm/phrase-triggers.generated.js";
import type { TriggerDfa } from "./phrase-gates.js";

/**
 * Where a literal is reported (a literal's kind is the union of its roles': it is reported where any of them holds):
 * LEAD_WORD where it may be a whole word (a lead word, or a gate literal that is a whole word in every match of its
 * rule), GATE_LITERAL everywhere, WORD_START where a non-word character may stand right before it, WORD_END right
 * after it ("may": the pass drops only sure misses; the byte next to a chunk's edge counts as may).
 */
export const LEAD_WORD = 1;
export const GATE_LITERAL = 2;
export const WORD_START = 4;
export const WORD_END = 8;
/**
 * With LEAD_WORD, for a lead word only: also where it is a word of a name of at least three words joined by `_`
 * ("ignore_previous_instructions"; "may", as the others). Such a hit's id carries JOINED_HIT, and the gate lets it out
 * as it is (its gate literals are words of the name too, which the pass does not report: `_` is a word character);
 * the detector reads the name with its joins as spaces (phrase-slugs.ts), and gates that.
 */
export const LEAD_JOINED = 16;
/** Set in a hit's id (above every literal id) when it was reported as a word of a joined name only. */
export const JOINED_HIT = 0x10000;

interface TriggerExports {
  readonly memory: WasmMemory;
  configure(...offsets: number[]): void;
  reset(): void;
  chunk(first: number): void;
  hits(): number;
  drain(): void;
  controls(): number;
  scan(text: number, from: number, to: number, ascii: number): number;
  scanChunk(text: number, n: number, overlap: number, ascii: number): number;
  hitsInA(): number;
  hitsInB(): number;
  configureGates(...offsets: number[]): void;
  resetGates(): void;
  gateChunk(): void;
  gateStep(): void;
  finish(): void;
  scanText(
    text: number,
    n: number,
    overlap: number,
    ascii: number,
    printable: number,
    chunked: number,
  ): number;
  leadsOut(): number;
  drainLeads(): void;
}

/** A rule's reach that any distance satisfies (RuleGate.reach Infinity), as the module reads it. */
export const REACH_ANY = 0x3fffffff;

/**
 * What the pass needs to report only the lead words one of whose rules may match there (wasm/phrase-triggers.ts,
 * "the conjunction inside the pass"). Built by the detector from the rules' gates (index.ts).
 */
export interface TriggerGates {
  /** By literal: the index of the lead it is, or -1. */
  readonly literalLead: Int32Array;
  /** By literal: the rules it is a gate literal of, gateRules[gateRuleFrom[id] .. gateRuleFrom[id + 1]). */
  readonly gateRuleFrom: Int32Array;
  readonly gateRules: Int32Array;
  /** By lead: 1 to report it wherever found (a rule without a gate, or a lead the gate may not drop). */
  readonly leadKeep: Int32Array;
  /** By lead: its gated rules, leadRules[leadRuleFrom[lead] .. leadRuleFrom[lead + 1]) (at most 30). */
  readonly leadRuleFrom: Int32Array;
  readonly leadRules: Int32Array;
  /** By rule: its gate's reach in units, REACH_ANY when unbounded (a rule without a gate is in no lead's list). */
  readonly reach: Int32Array;
}

/** Leads that wait for their rules' gate hits, at most (a full ring lets the oldest out undecided, as kept). */
const RING_LEADS = 8192;

const CHUNK_BYTES = 64 * 1024;
const HIT_CAP = 4096;
const HIT_CAP_FOR = (dfa: TriggerDfa) => Math.max(HIT_CAP, dfa.mostOutputs);

/**
 * byte -> bit 0 space-like (up to 0x20, from 0x80, a backslash), bit 1 word character ([A-Za-z0-9_], `\w` without
 * the `u` flag), bit 2 control character (below 0x20 but tab, LF, CR; 0x7f), bit 3 one of `nrt`, bit 4 a backslash.
 */
function byteTable(): Uint8Array {
  const table = new Uint8Array(256);
  for (let b = 0; b < 256; b++) {
    const space = b <= 0x20 || b >= 0x80 || b === 0x5c;
    const word = b < 0x80 && /\w/.test(String.fromCharCode(b));
    const control = (b < 0x20 && b !== 9 && b !== 10 && b !== 13) || b === 0x7f;
    const escapeLetter = b === 0x6e || b === 0x72 || b === 0x74;
    table[b] =
      (space ? 1 : 0) | (word ? 2 : 0) | (control ? 4 : 0) | (escapeLetter ? 8 : 0) | (b === 0x5c ? 16 : 0);
  }
  return table;
}

interface Layout {
  hits: number;
  hitsB: number;
  text: number;
  out: number;
}

function place(
  ex: TriggerExports,
  dfa: TriggerDfa,
  kinds: Int32Array,
  lengths: Int32Array,
  gates: TriggerGates | undefined,
): Layout {
  const cap = HIT_CAP_FOR(dfa);
  const blocks = CHUNK_BYTES / 16;
  // In the order `configure` takes them (wasm/phrase-triggers.ts), then the chunk.
  const regions = {
    classes: dfa.classes,
    bytes: byteTable(),
    table: dfa.rows,
    outStart: dfa.outStart,
    outEntries: outEntries(dfa, kinds, lengths),
    lengths,
    hits: cap * 12,
    hitsB: cap * 12,
    zeroMask: blocks * 2,
    zeroBefore: blocks * 4,
    leadMask: blocks * 2,
    pairMask: blocks * 2,
    utf16Before: blocks * 4,
    text: CHUNK_BYTES,
    // The gate's tables and state (wasm/phrase-triggers.ts: configureGates), empty when the pass reports every hit.
    literalLead: gates?.literalLead ?? 0,
    gateRuleFrom: gates?.gateRuleFrom ?? 0,
    gateRules: gates?.gateRules ?? 0,
    leadKeep: gates?.leadKeep ?? 0,
    leadRuleFrom: gates?.leadRuleFrom ?? 0,
    leadRules: gates?.leadRules ?? 0,
    reach: gates?.reach ?? 0,
    lastEnd: (gates?.reach.length ?? 0) * 4,
    waiting: (gates?.reach.length ?? 0) * 4,
    nodes: gates === undefined ? 0 : RING_LEADS * waitingSlots(gates) * 8,
    ring: gates === undefined ? 0 : RING_LEADS * 32,
    out: gates === undefined ? 0 : outCapacity(cap) * 12,
  };
  const at = layOut(ex.memory, Object.values(regions));
  const offset = (name: keyof typeof regions) => at[Object.keys(regions).indexOf(name)]!;
  ex.configure(
    offset("classes"),
    offset("bytes"),
    offset("table"),
    dfa.stride,
    dfa.firstAccept,
    offset("outStart"),
    offset("outEntries"),
    offset("lengths"),
    offset("hits"),
    cap,
    offset("hitsB"),
    offset("zeroMask"),
    offset("zeroBefore"),
    offset("leadMask"),
    offset("pairMask"),
    offset("utf16Before"),
  );
  if (gates !== undefined)
    ex.configureGates(
      offset("literalLead"),
      offset("gateRuleFrom"),
      offset("gateRules"),
      offset("leadKeep"),
      offset("leadRuleFrom"),
      offset("leadRules"),
      offset("reach"),
      gates.reach.length,
      offset("lastEnd"),
      offset("waiting"),
      offset("nodes"),
      waitingSlots(gates),
      offset("ring"),
      RING_LEADS,
      offset("out"),
    );
  return { hits: offset("hits"), hitsB: offset("hitsB"), text: offset("text"), out: offset("out") };
}

/**
 * The accepting states' literals as the module reads them: id | kind << 16 | length << 21 (ids below 2^16, kinds
 * below 32, lengths below 2^11: checked).
 */
function outEntries(dfa: TriggerDfa, kinds: Int32Array, lengths: Int32Array): Int32Array {
  return Int32Array.from(dfa.outIds, (id) => {
    if (id >= 1 << 16 || kinds[id]! >= 32 || lengths[id]! >= 1 << 11)
      throw new Error("phrase trigger table too large");
    return id | (kinds[id]! << 16) | (lengths[id]! << 21);
  });
}

/** The most gated rules a lead the gate may drop waits on (its slot's nodes in the module: one per rule). */
function waitingSlots(gates: TriggerGates): number {
  let most = 1;
  for (let lead = 0; lead < gates.leadKeep.length; lead++)
    if (gates.leadKeep[lead] === 0)
      most = Math.max(most, gates.leadRuleFrom[lead + 1]! - gates.leadRuleFrom[lead]!);
  return most;
}

/** Leads one gate call can let out: the ring's and those of the hits it reads (both stripes' buffers). */
function outCapacity(hitCap: number): number {
  return RING_LEADS + 2 * hitCap;
}

const encoder = new TextEncoder();

/**
 * The hits of the last scan, in ascending order of end: literal id, UTF-16 end offset, and units before the end
 * (bytes, a space-like byte after a space-like byte counting zero: see wasm/phrase-triggers.ts).
 */
export class TriggerHits {
  count = 0;
  ids = new Int32Array(256);
  ends = new Int32Array(256);
  units = new Int32Array(256);

  push(id: number, end: number, units: number): void {
    if (this.count === this.ids.length) {
      this.ids = doubled(this.ids);
      this.ends = doubled(this.ends);
      this.units = doubled(this.units);
    }
    this.ids[this.count] = id;
    this.ends[this.count] = end;
    this.units[this.count] = units;
    this.count++;
  }
}

export function doubled(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

export class PhraseTriggerScan {
  readonly #ex: TriggerExports;
  readonly #layout: Layout;
  /** Views of the chunk and hit regions (the memory never grows after construction, so they stay valid). */
  readonly #room: Uint8Array;
  readonly #hits: Int32Array;
  readonly #hitsB: Int32Array;
  readonly #out: Int32Array;
  /** Whether the pass reports only the lead words one of whose rules may match (`options.gates`). */
  readonly #gated: boolean;
  /**
   * The longest literal's length - 1: how far before its half the chunk scan's second stripe starts. Infinity: the
   * chunk scan is off (every chunk scanned step by step; tests compare the two).
   */
  readonly #overlap: number;
  // Whether a gated scan of a text that fits one chunk is one module call (`scanText`; off: call by call, for tests).
  readonly #oneCall: boolean;

  /**
   * `literals` lower case ASCII, `kinds[i]` a union of LEAD_WORD and GATE_LITERAL; matched ASCII case-insensitively
   * by `dfa`, their DFA (phrase-gates.ts: `triggerDfa`). With `gates`, a scan reports only lead words, and of those
   * only where one of their rules may match (TriggerGates); without, every hit.
   */
  constructor(
    readonly literals: readonly string[],
    kinds: readonly number[],
    dfa: TriggerDfa,
    options: { chunkScan?: boolean; gates?: TriggerGates; oneCall?: boolean } = {},
  ) {
    if (literals.some((l) => /[^\x21-\x7e]|\\/.test(l)))
      throw new Error("phrase trigger literals are printable ASCII without spaces or backslashes");
    this.#ex = instantiateEmbedded<TriggerExports>(MODULE_PACKED, abortFromModule);
    this.#layout = place(
      this.#ex,
      dfa,
      Int32Array.from(kinds),
      Int32Array.from(literals, (l) => l.length),
      options.gates,
    );
    this.#gated = options.gates !== undefined;
    this.#oneCall = this.#gated && options.oneCall !== false;
    const buffer = this.#ex.memory.buffer;
    this.#room = new Uint8Array(buffer, this.#layout.text, CHUNK_BYTES);
    this.#hits = new Int32Array(buffer, this.#layout.hits, HIT_CAP_FOR(dfa) * 3);
    this.#hitsB = new Int32Array(buffer, this.#layout.hitsB, HIT_CAP_FOR(dfa) * 3);
    this.#out = new Int32Array(buffer, this.#layout.out, this.#gated ? outCapacity(HIT_CAP_FOR(dfa)) * 3 : 0);
    this.#overlap =
      options.chunkScan === false ? Number.POSITIVE_INFINITY : Math.max(...literals.map((l) => l.length)) - 1;
  }

  /**
   * Scans `text` into `out` (cleared first). Returns true, with the hits incomplete, when the text holds a character
   * outside printable ASCII, tab, LF and CR (the rules read its fold instead: scan that).
   */
  scan(text: string, out: TriggerHits): boolean {
    if (this.#oneCall && text.length <= CHUNK_BYTES) {
      const { read, written } = encoder.encodeInto(text, this.#room);
      if (read !== written) return true;
      if (read === text.length) {
        const leads = this.#scanWhole(written, true, true, out);
        if (leads !== -1) return leads === -2;
      }
    }
    return this.#scanSteps(text, out);
  }

  #scanSteps(text: string, out: TriggerHits): boolean {
    const ex = this.#ex;
    this.#reset(out);
    let rest = text;
    let first = 1;
    while (rest.length > 0) {
      const { read, written } = encoder.encodeInto(rest, this.#room);
      if (read !== written) return true;
      ex.chunk(first);
      first = 0;
      this.#scanBytes(written, true, out);
      if (ex.controls() !== 0) return true;
      rest = read === rest.length ? "" : rest.slice(read);
    }
    this.#finish(out);
    return false;
  }

  /** Scans text that may hold any character (a fold), into `out` (cleared first). */
  scanAny(text: string, out: TriggerHits): void {
    if (this.#oneCall && text.length <= CHUNK_BYTES) {
      const { read, written } = encoder.encodeInto(text, this.#room);
      if (read === text.length && this.#scanWhole(written, read === written, false, out) !== -1) return;
    }
    const ex = this.#ex;
    this.#reset(out);
    let rest = text;
    let first = 1;
    while (rest.length > 0) {
      const { read, written } = encoder.encodeInto(rest, this.#room);
      ex.chunk(first);
      first = 0;
      this.#scanBytes(written, read === written, out);
      rest = read === rest.length ? "" : rest.slice(read);
    }
    this.#finish(out);
  }

  /**
   * Scans text given as one byte per UTF-16 unit (Latin-1: `bytes[0, length)`), into `out` (cleared first): the hits
   * the string of those units gives. The pass reads a byte from 0x80 as it reads every byte of a character outside
   * ASCII (space-like, no word character, no literal's), so only the offsets differ, and here a byte is a unit.
   */
  scanLatin1(bytes: Uint8Array, length: number, out: TriggerHits): void {
    if (this.#oneCall && length <= CHUNK_BYTES) {
      this.#room.set(bytes.subarray(0, length));
      if (this.#scanWhole(length, true, false, out) !== -1) return;
    }
    const ex = this.#ex;
    this.#reset(out);
    for (let at = 0; at < length; at += CHUNK_BYTES) {
      const n = Math.min(CHUNK_BYTES, length - at);
      this.#room.set(bytes.subarray(at, at + n));
      ex.chunk(at === 0 ? 1 : 0);
      this.#scanBytes(n, true, out);
    }
    this.#finish(out);
  }

  // The text in the chunk region (`n` bytes, all of it) scanned and gated in one module call (`scanText`), its leads
  // into `out` (cleared first). Returns the module's answer: the leads let out, -2 (`printable` and a control
  // character: hits incomplete, the text needs folding), or -1 (the hits did not fit: scan it call by call). (Line
  // comments: the build keeps a member's doc comment, and the package pays for it.)
  #scanWhole(n: number, ascii: boolean, printable: boolean, out: TriggerHits): number {
    const chunked = n >= 4 * this.#overlap + 32;
    const leads = this.#ex.scanText(
      this.#layout.text,
      n,
      this.#overlap,
      ascii ? 1 : 0,
      printable ? 1 : 0,
      chunked ? 1 : 0,
    );
    out.count = 0;
    if (leads > 0) copyHits(this.#out, leads, out);
    return leads;
  }

  #reset(out: TriggerHits): void {
    this.#ex.reset();
    if (this.#gated) this.#ex.resetGates();
    out.count = 0;
  }

  /** The text's end: the gate's kept leads still waiting go out. */
  #finish(out: TriggerHits): void {
    if (!this.#gated) return;
    this.#ex.finish();
    this.#takeLeads(out);
  }

  /** A chunk of `n` bytes: by `scanChunk` when it is long enough and its hits fit, else step by step. */
  #scanBytes(n: number, ascii: boolean, out: TriggerHits): void {
    const ex = this.#ex;
    const flag = ascii ? 1 : 0;
    if (n >= 4 * this.#overlap + 32 && ex.scanChunk(this.#layout.text, n, this.#overlap, flag) === 0) {
      if (this.#gated) {
        ex.gateChunk();
        this.#takeLeads(out);
        return;
      }
      copyHits(this.#hits, ex.hitsInA(), out);
      copyHits(this.#hitsB, ex.hitsInB(), out);
      return;
    }
    for (let at = 0; at < n; ) {
      at = ex.scan(this.#layout.text, at, n, flag);
      this.#deliver(out);
    }
  }

  #deliver(out: TriggerHits): void {
    const ex = this.#ex;
    if (this.#gated) {
      ex.gateStep();
      this.#takeLeads(out);
      return;
    }
    const count = ex.hits();
    if (count === 0) return;
    copyHits(this.#hits, count, out);
    ex.drain();
  }

  /** The leads the gate let out since the last call. */
  #takeLeads(out: TriggerHits): void {
    const count = this.#ex.leadsOut();
    if (count === 0) return;
    copyHits(this.#out, count, out);
    this.#ex.drainLeads();
  }
}

function copyHits(hits: Int32Array, count: number, out: TriggerHits): void {
  for (let i = 0; i < count * 3; i += 3) out.push(hits[i]!, hits[i + 1]!, hits[i + 2]!);
}

function abortFromModule(): never {
  throw new Error("the phrase trigger module aborted");
}
