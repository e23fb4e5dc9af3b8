/**
 * The model's segmentation, feature hashing and weight sums run by wasm/injection-scorer.ts: the same segments as
 * `forEachSegment` (segments.ts), each with the features `streamFeatures` (features.ts) places inside it when it reads
 * the whole text, which stay the reference (training reads them) and which
 * test/property/injection-scorer-wasm.property.test.ts checks this against.
 *
 * One module instance per process, holding one model's weights at a time (copied in when another model is scored:
 * training scores many). Synchronous and not re-entrant: a visitor may not score again (it throws).
 */

import { instantiateEmbedded, type WasmMemory } from "../../../../shared/wasm/embedded.js";
import { MODULE_BASE64 } from "../../../../shared/wasm/injection-scorer.generated.js";
import { blankQuotedMentions } from "../quoted-mention.js";
import type { ScorerModel } from "./model.js";
import { mayHoldQuotedMention, mayOpenQuotedMention } from "./segments.js";

interface ScorerExports {
  readonly memory: WasmMemory;
  buildClasses(at: number): void;
  buildFeatureTable(at: number): void;
  configure(weights: number, bucketsLog2: number, charSizes: number, words: boolean): void;
  segment(
    text: number,
    n: number,
    records: number,
    cap: number,
    first: number,
    quotes: boolean,
    quoteList: number,
    quoteCap: number,
  ): number;
  quotesListed(): number;
  sumKept(): void;
  keptRecords(): number;
}

/** One segment: `[start, end)` of the text, its line number, the signed sum of its feature weights and their count. */
export type SegmentScoreVisitor = (
  start: number,
  end: number,
  line: number,
  sum: number,
  count: number,
) => void;

const PAGE = 65536;
/**
 * The module's own data and stack fill its first page; its class table (64 KB) the second; its feature table (256
 * KB) the next four; the weights follow (by code: each bucket's weight, then its negation).
 */
const CLASSES_AT = PAGE;
const FEATURES_AT = 2 * PAGE;
const WEIGHTS_AT = 6 * PAGE;
const RECORD_BYTES = 20;
/** Records kept per run: a text with more segments is read in more runs (at most about eight; see `recordCap`). */
const MIN_RECORDS = 4096;
/** Opening quotes the module lists for one text (more, and the host finds them itself). */
const QUOTE_CAP = 4096;

function abortFromModule(): never {
  throw new Error("injection scorer: the WebAssembly module aborted");
}

/** Records per run for a text of `n` units: a segment has at least one unit and one separator, so at most n/2 + 1. */
function recordCap(n: number): number {
  return Math.max(MIN_RECORDS, Math.ceil(n / 16));
}

class ScorerModule {
  readonly #exports = instantiateEmbedded<ScorerExports>(MODULE_BASE64, abortFromModule);
  #model: ScorerModel | undefined;
  #textAt = 0;
  #capacity = 0;
  #recordsAt = 0;
  #quotesAt = 0;
  #bytes = Buffer.alloc(0);
  #records = new Int32Array(0);
  #busy = false;

  /** `blank`: read `text` as `scoringText` reads a view (its quoted mentions blanked) rather than as it is. */
  forEach(text: string, model: ScorerModel, blank: boolean, visit: SegmentScoreVisitor): void {
    if (this.#busy) throw new Error("injection scorer: scoring is not re-entrant (a visitor scored again)");
    this.#busy = true;
    try {
      this.#load(model);
      // One unit more: the module reads a NUL unit after the text (no word unit: a word ends at the text's end).
      this.#place(text.length + 1);
      this.#bytes.write(text, this.#textAt, "utf16le");
      this.#bytes.writeUInt16LE(0, this.#textAt + 2 * text.length);
      const n = text.length;
      // Every JSON hint holds a double quote: a text without one has none.
      const quotes = text.includes('"');
      // The first run also lists the opening quotes a naming cue may precede. When one does and blanking changes
      // the text, the blanked text (same length) is read again before any record is visited.
      const total = this.#segment(n, quotes, 0, blank);
      if (blank && this.#mayHoldQuotedMention(text)) {
        const blanked = blankQuotedMentions(text);
        if (blanked !== undefined) {
          this.#bytes.write(blanked, this.#textAt, "utf16le");
          this.#visitAll(n, quotes, this.#segment(n, quotes, 0, false), visit);
          return;
        }
      }
      this.#visitAll(n, quotes, total, visit);
    } finally {
      this.#busy = false;
    }
  }

  /** One run of the module from the `first`-th segment; returns the text's segment count. */
  #segment(n: number, quotes: boolean, first: number, listQuotes: boolean): number {
    const cap = recordCap(n);
    return this.#exports.segment(
      this.#textAt,
      n,
      this.#recordsAt,
      cap,
      first,
      quotes,
      this.#quotesAt,
      listQuotes ? QUOTE_CAP : 0,
    );
  }

  /** `mayHoldQuotedMention` (segments.ts) at the quotes the module listed, so a text is searched for them once. */
  #mayHoldQuotedMention(text: string): boolean {
    const count = this.#exports.quotesListed();
    if (count < 0) return mayHoldQuotedMention(text);
    const words = this.#records;
    const base = this.#quotesAt >>> 2;
    for (let i = 0; i < count; i++) if (mayOpenQuotedMention(text, words[base + i]!)) return true;
    return false;
  }

  /** Visits the records of the run just made (of a text with `total` segments), then of the runs after it. */
  #visitAll(n: number, quotes: boolean, total: number, visit: SegmentScoreVisitor): void {
    const cap = recordCap(n);
    for (let first = 0; ; ) {
      this.#exports.sumKept();
      const kept = this.#exports.keptRecords();
      const records = this.#records;
      const base = this.#recordsAt >>> 2;
      for (let r = 0; r < kept; r++) {
        const at = base + r * 5;
        visit(records[at]!, records[at + 1]!, records[at + 2]!, records[at + 3]!, records[at + 4]!);
      }
      first += cap;
      if (first >= total) return;
      this.#segment(n, quotes, first, false);
    }
  }

  /** Copies `model`'s weights in when it is not the one loaded (the layout after them is kept). */
  #load(model: ScorerModel): void {
    if (this.#model === model) return;
    if (this.#model === undefined) {
      this.#grow(WEIGHTS_AT);
      this.#exports.buildClasses(CLASSES_AT);
      this.#exports.buildFeatureTable(FEATURES_AT);
    }
    const size = model.weights.length;
    if (this.#model === undefined || this.#model.weights.length !== size) this.#capacity = 0;
    this.#grow(WEIGHTS_AT + 2 * size);
    const signed = new Int8Array(this.#exports.memory.buffer, WEIGHTS_AT, 2 * size);
    for (let b = 0; b < size; b++) {
      signed[2 * b] = model.weights[b]!;
      signed[2 * b + 1] = -model.weights[b]!;
    }
    const sizes = model.config.charSizes.reduce((mask, k) => mask | (1 << k), 0);
    this.#exports.configure(WEIGHTS_AT, model.config.bucketsLog2, sizes, model.config.words);
    this.#model = model;
    this.#refresh();
  }

  /** Room for a text of `n` units and its records after the weights. */
  #place(n: number): void {
    if (n <= this.#capacity && this.#bytes.buffer === this.#exports.memory.buffer) return;
    // Grown by half again at least, so a run of ever longer texts moves the records a few times, not each time.
    const capacity = Math.max(n, Math.ceil(this.#capacity * 1.5), 16_384);
    this.#textAt = (WEIGHTS_AT + 2 * this.#model!.weights.length + 7) & ~7;
    this.#recordsAt = (this.#textAt + capacity * 2 + 7) & ~7;
    this.#quotesAt = this.#recordsAt + recordCap(capacity) * RECORD_BYTES;
    this.#grow(this.#quotesAt + QUOTE_CAP * 4);
    this.#capacity = capacity;
    this.#refresh();
  }

  #grow(end: number): void {
    const memory = this.#exports.memory;
    if (memory.buffer.byteLength < end) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
  }

  /** Views of the memory (a grown memory has a new buffer). */
  #refresh(): void {
    const buffer = this.#exports.memory.buffer;
    this.#bytes = Buffer.from(buffer);
    this.#records = new Int32Array(buffer);
  }
}

let shared: ScorerModule | undefined;

/**
 * Visits every segment of `text` (a scoring text: `scoringText` of a reading view) in `forEachSegment`'s order, with
 * its feature weight sum and count under `model`.
 */
export function forEachScoredSegment(text: string, model: ScorerModel, visit: SegmentScoreVisitor): void {
  shared ??= new ScorerModule();
  shared.forEach(text, model, false, visit);
}

/** `forEachScoredSegment` of `scoringText(view)`: what the model reads of a reading view's text. */
export function forEachScoredSegmentOfView(
  view: string,
  model: ScorerModel,
  visit: SegmentScoreVisitor,
): void {
  shared ??= new ScorerModule();
  shared.forEach(view, model, true, visit);
}
