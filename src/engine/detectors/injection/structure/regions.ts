import { BLOCK, BLOCK_FIELDS, DECODER_GATES, GATE, MAX_PASS_UNITS } from "./first-pass-wasm.js";

/**
 * Region gating for long texts: the parts of a text where the structure detector may find something, from one
 * WebAssembly pass over the input in blocks of whole lines (first-pass-wasm.ts `blocks`), so the JavaScript path
 * (reading view, sentence bounds, the signal scans, the decoders) runs on those parts only, and offsets are mapped
 * back by adding the region's start.
 *
 * Soundness (test/property/injection-regions.property.test.ts checks the findings equal the ungated detector's):
 *
 * 1. Where a finding can start. A finding of `scanReading` is a sentence i, or i joined with i+1, on which `decide`
 *    fires over the signals of the matches that START in them. Every sentence ends at a line break at the latest
 *    (`\n` is a sentence end; the one that reads past it, `"\s{0,8}[}\]]`, ends a few characters into the next
 *    line), so when i starts in block b, i+1 starts in b or b+1. The walk records a signal at the word (or needle,
 *    marker) that completes it, never before the match starts and never further past the start of the range that
 *    holds it than anchor-gate.ts `mayBitsAround` reads (6 word runs and 160 characters; 512 for a Cyrillic,
 *    Greek, CJK or full-width character, which the `other` patterns read). So the signals of i and i+1 are within
 *    the blocks from b to the one holding that reach past b+1's end (`window`), with the `seen` marks' signals
 *    (a possessive and a prompt noun apart) computed on the union. A block where `decide` cannot fire on that union
 *    (with the LAZY signals the window's gates and walk allow, `RegionPass.lazyFor`, as `inputPass` assumes them)
 *    starts no finding.
 * 2. What the pass reads exactly. A printable ASCII block is read in lower case, which is its reading view (the view
 *    folds nothing in it, and a fold never reads across a line break); so is a block whose other characters the view
 *    keeps as they are (`foldsAsIs`: dashes, arrows, emoji; no lookalike, accent, space or invisible character),
 *    since those are no word characters to the walk or to any pattern either way. Any window holding another
 *    character (or a Cyrillic, Greek, CJK or full-width one) is live (the view's walk could differ there). A decoder reads within one line (base64 and hex runs, spaced chains,
 *    separated and leet lines hold no line break), so its segments start in a block whose gates pass.
 * 3. Text-global facts, and how they are carried. The walk's state (previous words for pairs and triples, the
 *    distance from an AI or reader noun, a vocative's context, a turn role's line start) runs on across blocks in
 *    the pass, so each block's record is what the whole text's walk sets there, not a fresh walk's. In a region's
 *    own scan, the facts that look back (a vocative's context, a turn role's line start, `(?<=^|\n)`) stop at the
 *    line break a region starts after, so they read alike; the needle checks (`http`, `@`, `_` in the text) and the
 *    gates are filters, sound on any text; a region starts MARGIN characters and MARGIN_RUNS word runs before its
 *    first live block and ends as far past its last, so a scan started at the region's start has met the whole
 *    text's scan (a pattern's search consumes its matches) before the live part, and a match read past the region's
 *    end holds no word beyond it. A region's start is a sentence bound of the whole text (after a line break not
 *    read by `"\s{0,8}[}\]]`), so its sentences are the text's there.
 * 4. Findings are kept only when their sentence (or segment) starts in a live block: a finding found in a margin
 *    is not one of the text's.
 * 5. Short texts (from `minGate` up to `minText`) are not cut into regions (a region with its margins is most of a
 *    short text), but their blocks are decided all the same: by 1., a text none of whose blocks is live starts no
 *    finding anywhere, so it is not read at all (`liveRegions` returns no region); one with a live block is read
 *    whole. The argument in 1.-3. holds for any length (the window, the reach and the `seen` union stop at the
 *    text's end as at any block's), and 2. is what makes a non-printable block near a folded character live.
 */

export interface Region {
  /** The slice the detector reads. */
  from: number;
  to: number;
  /** The live blocks inside it: findings starting here are kept. */
  coreFrom: number;
  coreTo: number;
  /** The blocks' gate bits: PRINTABLE when every block is printable ASCII, else each decoder's when one passes. */
  gates: number;
}

export interface RegionOptions {
  /** Shortest text whose blocks are decided; a shorter one is read whole. */
  minGate: number;
  /** Shortest text cut into regions; a shorter one is read whole when a block is live, else not at all (5.). */
  minText: number;
  /** Least units in a block (a block ends at the first line break past it). */
  block: number;
  /** Least characters, and word runs, of margin on either side of a region's live blocks. */
  margin: number;
  marginRuns: number;
  /** Above this share of the text in regions, the text is read whole (the same findings, fewer calls). */
  maxShare: number;
}

/**
 * `minGate` is `minText`: deciding the blocks of a short text costs more than it saves (bench/results/
 * 2026-11-27-s11-injstruct.md: on 1 KB README strings a fifth have all blocks dead, but their JavaScript path stops
 * early anyway, at `mayFind`; on 1 KB JSON none does, the leetspeak gate passes on one-line JSON).
 */
export const REGION_DEFAULTS: RegionOptions = {
  minGate: 4096,
  minText: 4096,
  block: 256,
  margin: 256,
  marginRuns: 8,
  maxShare: 0.6,
};

/** How far past the next block's end a match's walk signals may be recorded (see 1. above). */
const REACH_CHARS = 160;
const REACH_RUNS = 7;
/** How far a character the view folds may lie from a walk match's start and still change it (`OTHER_REACH`). */
const FOLD_REACH = 512;
/**
 * How far a LAZY match (an image or query URL, a destination) may read, at least: the templated image's is the
 * longest, 2 + 120 + 2 + 4 + 300 + 1 + 6 x 242 + 40 + 1 + about 200 characters. Its exact starts (read on the input
 * case folded) are used only where no folded character lies within it.
 */
const LAZY_REACH = 4096;

/** What the pass of `blocks` needs from the detector (the module, and the LAZY signals by needle). */
export interface RegionPass {
  /** The block records of `text`; the module then also knows the whole text's pass (`FirstPass.knowWhole`). */
  blocks(text: string, size: number): Int32Array | undefined;
  /** Whether the whole text's pass, known from the `blocks` just read, rules out any finding (printable text only). */
  dismissed(text: string): boolean;
  /** The LAZY signals with a match starting in `text[from, to)` read in lower case (a superset there). */
  lazyStarts(text: string, candidates: number, from: number, to: number): number;
  decide(bits: number): unknown;
  seenBits(seen: number): number;
  /** Whether the reading view of `text[from, to)` is its lower case, other characters kept (reading-view.ts). */
  foldsAsIs(text: string, from: number, to: number): boolean;
  /**
   * The LAZY signals that may match in a stretch whose walk set `bits` and whose pass set `gates` (where the module
   * records each gate: an image's at its `![`, OPEN_QUERY's at its URL, TARGET's at its address, at most 100 units
   * after the match starts, well within REACH_CHARS).
   */
  lazyFor(bits: number, gates: number): number;
}

/**
 * The regions of `input` (none: nothing can be found in it), or undefined when it is read whole (shorter than
 * `minGate`, too long for the module, short with a live block, mostly live).
 */
export function liveRegions(
  input: string,
  pass: RegionPass,
  options: RegionOptions = REGION_DEFAULTS,
): Region[] | undefined {
  if (input.length < options.minGate || input.length > MAX_PASS_UNITS) return undefined;
  const records = pass.blocks(input, options.block);
  if (records === undefined) return undefined;
  const count = records.length / BLOCK_FIELDS;
  const starts = new Int32Array(count + 1);
  for (let b = 0; b < count; b++) starts[b + 1] = records[b * BLOCK_FIELDS + BLOCK.END]!;
  // The whole text's first pass, known from its blocks: nothing can be found anywhere (`inputPass`'s DISMISSED).
  if (pass.dismissed(input)) return [];
  const short = input.length < options.minText;
  const live = liveBlocks(input, records, starts, pass, short);
  if (short) return live.includes(1) ? undefined : [];
  const regions: Region[] = [];
  let covered = 0;
  for (let b = 0; b < count; ) {
    if (live[b] === 0) {
      b++;
      continue;
    }
    let last = b;
    while (last + 1 < count && live[last + 1] === 1) last++;
    const region = withMargins(input, records, starts, b, last, options);
    const previous = regions.at(-1);
    if (previous !== undefined && region.from <= previous.to) {
      covered += region.to - previous.to;
      previous.to = region.to;
      previous.coreTo = region.coreTo;
      previous.gates =
        (previous.gates & region.gates & GATE.PRINTABLE) |
        ((previous.gates | region.gates) & ~GATE.PRINTABLE);
    } else {
      covered += region.to - region.from;
      regions.push(region);
    }
    b = last + 1;
  }
  return covered > input.length * options.maxShare ? undefined : regions;
}

/** 1 for each block where a finding may start (see 1. and 2. above); with `first`, up to the first such block. */
function liveBlocks(
  input: string,
  records: Int32Array,
  starts: Int32Array,
  pass: RegionPass,
  first = false,
): Uint8Array {
  const count = starts.length - 1;
  const live = new Uint8Array(count);
  if (first) {
    // A decoder's gate makes its block live (below): no block need be decided.
    for (let b = 0; b < count; b++)
      if ((records[b * BLOCK_FIELDS + BLOCK.GATES]! & DECODER_GATES) !== 0) {
        live[b] = 1;
        return live;
      }
  }
  // The first block holding a character the view folds (or a Cyrillic, Greek, CJK or full-width one, which the
  // `other` patterns read), from each block on.
  const nextFolded = new Int32Array(count + 1).fill(count);
  for (let b = count - 1; b >= 0; b--) {
    const gates = records[b * BLOCK_FIELDS + BLOCK.GATES]!;
    const folds =
      (gates & GATE.PRINTABLE) === 0 &&
      ((gates & GATE.OTHER_SCRIPT) !== 0 || !pass.foldsAsIs(input, starts[b]!, starts[b + 1]!));
    nextFolded[b] = folds ? b : nextFolded[b + 1]!;
  }
  const lazy = new LazyByBlock(input, records, starts, pass);
  for (let b = 0; b < count; b++) {
    if (first && b > 0 && live[b - 1] === 1) break;
    if ((records[b * BLOCK_FIELDS + BLOCK.GATES]! & DECODER_GATES) !== 0) {
      live[b] = 1;
      continue;
    }
    const next = Math.min(b + 1, count - 1);
    const nextEnd = starts[next + 1]!;
    const folded = nextFolded[b]!;
    if (folded < count && starts[folded]! < nextEnd + FOLD_REACH) {
      live[b] = 1;
      continue;
    }
    const [bits, seen, gates] = windowSignals(records, starts, b, next);
    const signals = bits | pass.seenBits(seen);
    if (pass.decide(signals) !== undefined) {
      live[b] = 1;
      continue;
    }
    // The LAZY signals the window may hold (each gate is recorded within REACH_CHARS of where its match starts, in b
    // or the next block), then, when those could make a rule fire, the exact ones starting in b or the next block.
    const needled = pass.lazyFor(bits, gates);
    if (pass.decide(signals | needled) === undefined) continue;
    const nearFolded = folded < count && starts[folded]! < nextEnd + LAZY_REACH;
    if (nearFolded || pass.decide(signals | lazy.at(b) | lazy.at(next)) !== undefined) live[b] = 1;
  }
  return live;
}

/** The LAZY signals of the matches starting in each block, computed on first use (`RegionPass.lazyStarts`). */
class LazyByBlock {
  readonly #bits: Int32Array;
  readonly #candidates: number;

  constructor(
    private readonly input: string,
    records: Int32Array,
    private readonly starts: Int32Array,
    private readonly pass: RegionPass,
  ) {
    const count = starts.length - 1;
    this.#bits = new Int32Array(count).fill(-1);
    let candidates = 0;
    for (let b = 0; b < count; b++) {
      const at = b * BLOCK_FIELDS;
      candidates |= pass.lazyFor(records[at + BLOCK.SIGNALS]!, records[at + BLOCK.GATES]!);
    }
    this.#candidates = candidates;
  }

  at(b: number): number {
    if (this.#bits[b]! < 0)
      this.#bits[b] = this.pass.lazyStarts(
        this.input,
        this.#candidates,
        this.starts[b]!,
        this.starts[b + 1]!,
      );
    return this.#bits[b]!;
  }
}

/** The walk's signals, `seen` marks and gates recorded from block `b` to REACH past the end of block `next`. */
function windowSignals(
  records: Int32Array,
  starts: Int32Array,
  b: number,
  next: number,
): [number, number, number] {
  const count = starts.length - 1;
  const reachEnd = starts[next + 1]! + REACH_CHARS;
  let bits = 0;
  let seen = 0;
  let gates = 0;
  let runs = 0;
  for (let j = b; j < count; j++) {
    const at = j * BLOCK_FIELDS;
    bits |= records[at + BLOCK.SIGNALS]!;
    seen |= records[at + BLOCK.SEEN]!;
    gates |= records[at + BLOCK.GATES]!;
    if (j > next) runs += records[at + BLOCK.RUNS]!;
    if (j >= next && starts[j + 1]! >= reachEnd && runs >= REACH_RUNS) break;
  }
  return [bits, seen, gates];
}

/**
 * The region of live blocks `first`..`last`: widened by blocks on either side until MARGIN characters and MARGIN_RUNS
 * word runs lie between its edges and the live blocks, and its start is a sentence bound of the text (`safeStart`).
 */
function withMargins(
  input: string,
  records: Int32Array,
  starts: Int32Array,
  first: number,
  last: number,
  options: RegionOptions,
): Region {
  const count = records.length / BLOCK_FIELDS;
  const coreFrom = starts[first]!;
  const coreTo = starts[last + 1]!;
  let head = first;
  let runs = 0;
  while (
    head > 0 &&
    (coreFrom - starts[head]! < options.margin ||
      runs < options.marginRuns ||
      !safeStart(input, starts[head]!))
  ) {
    head--;
    runs += records[head * BLOCK_FIELDS + BLOCK.RUNS]!;
  }
  let tail = last;
  runs = 0;
  while (
    tail + 1 < count &&
    (starts[tail + 1]! - coreTo < options.margin ||
      runs < options.marginRuns ||
      !safeStart(input, starts[tail + 1]!))
  ) {
    tail++;
    runs += records[tail * BLOCK_FIELDS + BLOCK.RUNS]!;
  }
  let gates: number = GATE.PRINTABLE;
  for (let b = head; b <= tail; b++) {
    const g = records[b * BLOCK_FIELDS + BLOCK.GATES]!;
    gates = (gates & g & GATE.PRINTABLE) | ((gates | g) & ~GATE.PRINTABLE);
  }
  return { from: starts[head]!, to: starts[tail + 1]!, coreFrom, coreTo, gates };
}

/**
 * Whether the whole text's sentence bounds hold `at` (a line start, or 0): `SENTENCE_END`'s `"\s{0,8}[}\]]` reads
 * across a line break, so a break after a `"` and whitespace only (within nine characters) may not end a sentence.
 */
export function safeStart(input: string, at: number): boolean {
  if (at <= 0 || at >= input.length) return true;
  for (let k = at - 1; k >= Math.max(0, at - 10); k--) {
    const c = input.charCodeAt(k);
    if (c === 0x22) return false;
    if (c < 128 ? !(c === 32 || (c >= 9 && c <= 13)) : !/\s/.test(String.fromCharCode(c))) return true;
  }
  return false;
}
