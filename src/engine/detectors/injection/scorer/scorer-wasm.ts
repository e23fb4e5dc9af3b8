/**
 * The model's segmentation, feature hashing and weight sums run by wasm/injection-scorer.ts: the same segments as
 * `forEachSegment` (segments.ts) and the same features as `writeFeatures` (features.ts), which stay the reference
 * (training reads them) and which test/property/injection-scorer-wasm.property.test.ts checks this against.
 *
 * One module instance per process, holding one model's weights at a time (copied in when another model is scored:
 * training scores many). Synchronous and not re-entrant: a visitor may not score again (it throws).
 */

import { instantiateEmbedded, type WasmMemory } from "../../../../shared/wasm/embedded.js";
import { MODULE_PACKED } from "../../../../shared/wasm/injection-scorer.generated.js";
import { doubled } from "../phrase-triggers.js";
import { mayOpenQuotedSpeech, quotedSpeechRanges, SPEECH_LAST_WORDS } from "../reported-speech.js";
import { builtReadingView, oneForOne, toReadingView } from "../structure/reading-view.js";
import { mentionRanges } from "./mention-blanks.js";
import type { ScorerModel } from "./model.js";
import { CUE_LAST_WORDS, mayOpenQuotedMention } from "./segments.js";

interface ScorerExports {
  readonly memory: WasmMemory;
  buildClasses(at: number): void;
  configure(weights: number, bucketsLog2: number, charSizes: number, words: boolean): void;
  segment(text: number, n: number, records: number, cap: number, first: number, quotes: boolean): number;
  findQuotes(text: number, n: number, from: number, out: number, cap: number): number;
  keptRecords(): number;
  cueWordsAt(): number;
  cueWordsBytes(): number;
  cueWordsWritten(): void;
  configureReport(on: boolean, bias: number, scale: number, minLogit: number, pairs: boolean): void;
  overflowed(): number;
  lowerAscii(text: number, n: number): number;
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
/** The module's own data and stack fill its first page; its class table (64 KB) the second; the weights follow. */
const CLASSES_AT = PAGE;
const WEIGHTS_AT = 2 * PAGE;
const RECORD_BYTES = 20;
/** Records kept per run: a text with more segments is read in more runs (at most about eight; see `recordCap`). */
const MIN_RECORDS = 4096;
/** Opening quotes the module lists for one text (in the records' region, before any record is written). */
const QUOTE_CAP = 4096;
const SPACE = 0x20;

function abortFromModule(): never {
  throw new Error("injection scorer: the WebAssembly module aborted");
}

/** Records per run for a text of `n` units: a segment has at least one unit and one separator, so at most n/2 + 1. */
function recordCap(n: number): number {
  return Math.max(MIN_RECORDS, Math.ceil(n / 16));
}
// The quote list shares the records' region: it must fit in the smallest one (five i32 a record, one a quote).
if (QUOTE_CAP > MIN_RECORDS * 5) throw new Error("QUOTE_CAP exceeds the records' region");

class ScorerModule {
  readonly #exports = instantiateEmbedded<ScorerExports>(MODULE_PACKED, abortFromModule);
  #model: ScorerModel | undefined;
  #textAt = 0;
  #capacity = 0;
  #recordsAt = 0;
  #bytes = Buffer.alloc(0);
  #records = new Int32Array(0);
  #units = new Uint16Array(0);
  /** The quotes `#blankMentions` reads around, and the ranges it blanks: reused from text to text. */
  #quotes: Int32Array = new Int32Array(256);
  /** The quotes that may open quoted speech (reported-speech.ts), read as `scoringText` reads them. */
  #speechQuotes: Int32Array = new Int32Array(64);
  readonly #ranges: number[] = [];
  #busy = false;

  /**
   * `blank`: read `text` as `scoringText` reads a view (its quoted mentions blanked) rather than as it is. `minLogit`:
   * visit only the spans `scoreText` reports at that threshold (the module applies its rule), and return false,
   * having visited none, when there are more of them than the records' region holds; undefined: every segment.
   */
  forEach(
    text: string,
    model: ScorerModel,
    blank: boolean,
    visit: SegmentScoreVisitor,
    minLogit?: number,
  ): boolean {
    if (this.#busy) throw new Error("injection scorer: scoring is not re-entrant (a visitor scored again)");
    this.#busy = true;
    try {
      this.#load(model);
      this.#place(text.length);
      this.#bytes.write(text, this.#textAt, "utf16le");
      if (blank) this.#blankMentions(text.length, text, false);
      if (minLogit === undefined) this.#run(text.length, text.includes('"'), visit);
      else return this.#report(text.length, text.includes('"'), model, minLogit, visit);
      return true;
    } finally {
      this.#busy = false;
    }
  }

  /**
   * `forEach(toReadingView(input).text, model, true, visit, minLogit)`. A view already built (`builtReadingView`) is
   * read as it is; otherwise none is built when the module can make it in place: a printable ASCII input read in
   * lower case, or one whose view replaces units one for one (`oneForOne`) patched over that. The view's text is
   * then built only if the quoted mentions of such a one for one view need reading.
   */
  forEachReportedOfInput(
    input: string,
    model: ScorerModel,
    minLogit: number,
    visit: SegmentScoreVisitor,
  ): boolean {
    if (this.#busy) throw new Error("injection scorer: scoring is not re-entrant (a visitor scored again)");
    this.#busy = true;
    try {
      this.#load(model);
      // A view another detector built for this input is read as it is (making it again would cost more).
      const built = builtReadingView(input);
      if (built !== undefined) {
        const text = built.text;
        this.#place(text.length);
        this.#bytes.write(text, this.#textAt, "utf16le");
        this.#blankMentions(text.length, text, false);
        return this.#report(text.length, text.includes('"'), model, minLogit, visit);
      }
      this.#place(input.length);
      this.#bytes.write(input, this.#textAt, "utf16le");
      let n = input.length;
      let quotes = input.includes('"');
      // A printable ASCII input's view is its lower case, and the blanking reads ASCII letters in any case
      // (`mayOpenQuotedMention`, `mentionRanges`: case-insensitive patterns and `| 0x20`), so it reads the input.
      let folded = false;
      if (this.#exports.lowerAscii(this.#textAt, n) === 0) {
        folded = true;
        const folds = oneForOne(input);
        if (folds === undefined) {
          const text = toReadingView(input).text;
          n = text.length;
          quotes = text.includes('"');
          this.#place(n);
          this.#bytes.write(text, this.#textAt, "utf16le");
        } else {
          const units = this.#units;
          const at = this.#textAt >>> 1;
          for (let k = 0; k < folds.length; k += 2) {
            units[at + folds[k]!] = folds[k + 1]!;
            if (folds[k + 1] === 0x22) quotes = true;
          }
        }
      }
      this.#blankMentions(n, input, folded);
      return this.#report(n, quotes, model, minLogit, visit);
    } finally {
      this.#busy = false;
    }
  }

  #report(
    n: number,
    quotes: boolean,
    model: ScorerModel,
    minLogit: number,
    visit: SegmentScoreVisitor,
  ): boolean {
    const exports = this.#exports;
    exports.configureReport(true, model.bias, model.scale, minLogit, model.pairs);
    try {
      exports.segment(this.#textAt, n, this.#recordsAt, recordCap(this.#capacity), 0, quotes);
    } finally {
      exports.configureReport(false, 0, 0, 0, false);
    }
    if (exports.overflowed() !== 0) return false;
    this.#visitKept(visit);
    return true;
  }

  #visitKept(visit: SegmentScoreVisitor): void {
    const kept = this.#exports.keptRecords();
    const records = this.#records;
    const base = this.#recordsAt >>> 2;
    for (let r = 0; r < kept; r++) {
      const at = base + r * 5;
      visit(records[at]!, records[at + 1]!, records[at + 2]!, records[at + 3]!, records[at + 4]!);
    }
  }

  /**
   * Blanks in the module's copy of `text` what `blankQuotedMentions` blanks (same length: only the quotations
   * change), read around the quotes the module lists that `mayOpenQuotedMention` (segments.ts) passes. `text` is
   * `source`, or with `folded` its reading view, built only if a quote needs reading.
   */
  #blankMentions(n: number, source: string, folded: boolean): void {
    let text: string | undefined;
    let open = 0;
    let speech = 0;
    // The module lists candidate quotes QUOTE_CAP at a time (in the records' region); those that pass the host's
    // test are kept.
    for (let from = 0; from < n; ) {
      const count = this.#exports.findQuotes(this.#textAt, n, from, this.#recordsAt, QUOTE_CAP);
      const records = this.#records;
      const base = this.#recordsAt >>> 2;
      for (let i = 0; i < count; i++) {
        const q = records[base + i]!;
        text ??= folded ? toReadingView(source).text : source;
        if (mayOpenQuotedSpeech(text, q)) {
          if (speech === this.#speechQuotes.length) this.#speechQuotes = doubled(this.#speechQuotes);
          this.#speechQuotes[speech++] = q;
        }
        if (!mayOpenQuotedMention(text, q)) continue;
        if (open === this.#quotes.length) this.#quotes = doubled(this.#quotes);
        this.#quotes[open++] = q;
      }
      if (count < QUOTE_CAP) break;
      from = records[base + count - 1]! + 1;
    }
    const ranges = this.#ranges;
    ranges.length = 0;
    if (open > 0) mentionRanges(text!, this.#quotes, open, ranges);
    if (speech > 0) quotedSpeechRanges(text!, this.#speechQuotes, speech, ranges);
    if (ranges.length === 0) return;
    const units = this.#units;
    const at = this.#textAt >>> 1;
    for (let r = 0; r < ranges.length; r += 2) units.fill(SPACE, at + ranges[r]!, at + ranges[r + 1]!);
  }

  #run(n: number, quotes: boolean, visit: SegmentScoreVisitor): void {
    const cap = recordCap(n);
    for (let first = 0; ; first += cap) {
      const total = this.#exports.segment(this.#textAt, n, this.#recordsAt, cap, first, quotes);
      this.#visitKept(visit);
      if (first + cap >= total) return;
    }
  }

  /** Copies `model`'s weights in when it is not the one loaded (the layout after them is kept). */
  #load(model: ScorerModel): void {
    if (this.#model === model) return;
    if (this.#model === undefined) {
      this.#grow(WEIGHTS_AT);
      this.#exports.buildClasses(CLASSES_AT);
      this.#writeCueWords();
    }
    const size = model.weights.length;
    if (this.#model === undefined || this.#model.weights.length !== size) this.#capacity = 0;
    this.#grow(WEIGHTS_AT + size);
    new Int8Array(this.#exports.memory.buffer, WEIGHTS_AT, size).set(model.weights);
    const sizes = model.config.charSizes.reduce((mask, k) => mask | (1 << k), 0);
    this.#exports.configure(WEIGHTS_AT, model.config.bucketsLog2, sizes, model.config.words);
    this.#model = model;
    this.#refresh();
  }

  /**
   * Writes CUE_LAST_WORDS into the module, so its quote list leaves out the quotes no cue word ends before (most
   * quotes: a JSON value's closing quote after a letter). Laid out as the module reads them: 128 index entries by a
   * word's last unit (u16 offset into the words, u16 count), then each word as a length byte and its units. Left
   * unwritten when a word is not ASCII or they do not fit: the module then lists its wider superset, and
   * `mayOpenQuotedMention` decides either way.
   */
  #writeCueWords(): void {
    const byLast = new Map<number, string[]>();
    for (const word of new Set([...CUE_LAST_WORDS, ...SPEECH_LAST_WORDS])) {
      const last = word.charCodeAt(word.length - 1);
      byLast.set(last, [...(byLast.get(last) ?? []), word]);
    }
    // The module reads the index as little-endian u16 pairs, whatever the host's byte order.
    const index = new DataView(new ArrayBuffer(128 * 4));
    const words: number[] = [];
    for (const [last, list] of byLast) {
      if (last >= 128) return;
      index.setUint16(last * 4, words.length, true);
      index.setUint16(last * 4 + 2, list.length, true);
      for (const word of list) {
        const units = Array.from(word, (ch) => ch.charCodeAt(0));
        if (units.length > 255 || units.some((u) => u >= 128)) return;
        words.push(units.length, ...units);
      }
    }
    const exports = this.#exports;
    if (index.byteLength + words.length > exports.cueWordsBytes()) return;
    const at = exports.cueWordsAt();
    const memory = new Uint8Array(exports.memory.buffer);
    memory.set(new Uint8Array(index.buffer), at);
    memory.set(words, at + index.byteLength);
    exports.cueWordsWritten();
  }

  /** Room for a text of `n` units and its records after the weights. */
  #place(n: number): void {
    if (n <= this.#capacity && this.#bytes.buffer === this.#exports.memory.buffer) return;
    // Grown by half again at least, so a run of ever longer texts moves the records a few times, not each time.
    const capacity = Math.max(n, Math.ceil(this.#capacity * 1.5), 16_384);
    this.#textAt = (WEIGHTS_AT + this.#model!.weights.length + 7) & ~7;
    this.#recordsAt = (this.#textAt + capacity * 2 + 7) & ~7;
    this.#grow(this.#recordsAt + recordCap(capacity) * RECORD_BYTES);
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
    this.#units = new Uint16Array(buffer);
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

/** `forEachReportedSpanOfView(toReadingView(input).text, ...)`, the view made in the module where it can be. */
export function forEachReportedSpanOfInput(
  input: string,
  model: ScorerModel,
  minLogit: number,
  visit: SegmentScoreVisitor,
): boolean {
  shared ??= new ScorerModule();
  return shared.forEachReportedOfInput(input, model, minLogit, visit);
}

/**
 * The spans `scoreText` reports on `view` at `minLogit`, each with the weight sum and feature count its logit is read
 * from (`line` is the segment's line), in its order; false, having visited none, when the text has more of them than
 * the module keeps at once (the caller then reads it segment by segment).
 */
export function forEachReportedSpanOfView(
  view: string,
  model: ScorerModel,
  minLogit: number,
  visit: SegmentScoreVisitor,
): boolean {
  shared ??= new ScorerModule();
  return shared.forEach(view, model, true, visit, minLogit);
}
