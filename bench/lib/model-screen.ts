import type { ScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import { logitOf } from "../../src/engine/detectors/injection/scorer/score-text.js";
import { forEachScoredSegmentOfView } from "../../src/engine/detectors/injection/scorer/scorer-wasm.js";
import { toReadingView, viewToInput } from "../../src/engine/detectors/injection/structure/reading-view.js";
import { stringAround } from "../../src/engine/scan/string-bounds.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

/**
 * The learned model as a screen for the rest of the injection family (issue 18: "the grammar run only where a trigger
 * fired"): one pass of the model over the text scores every segment, and a screened detector reads only the lines
 * whose segments reach `SCREEN_FLOOR` (or hold a letter of a script other than Latin, which the model reads poorly),
 * with `SCREEN_MARGIN` characters of context either side, never past the end of the JSON string that holds them.
 *
 * Measured on dev by bench/scorer/cascade-screen.ts (bench/results/2026-11-28-s20-cascade.md): at -8 no dev attack
 * the default family detects is lost on the findings' own segments. A retrained model moves the scale: measure the
 * floor again with that script.
 */
export const SCREEN_FLOOR = -8;
/** Characters of context read past a kept line on either side (whole lines: the read ends at a line break). */
export const SCREEN_MARGIN = 0;
/** Above this share of the text kept, the text is read whole (the same findings, fewer calls). */
const MAX_SHARE = 0.6;
/** A letter of a script other than Latin (CJK, Cyrillic, Greek, Arabic...): such a segment is never screened out. */
export const OTHER_SCRIPT = /[^\P{L}\p{Script=Latin}]/u;

/** One segment of the screen's pass, in input offsets, with its screen logit. */
export interface ScreenSegment {
  start: number;
  end: number;
  /** The highest of its own logit and those of its pairs with its same-line neighbours. */
  logit: number;
}

/**
 * The segments of `input` that `keep` accepts, with their screen logits: one pass of the model over the input's
 * reading view. `keep` sees the segment's logit and can ask for its input offsets; only kept segments are listed.
 */
export function screenSegments(
  input: string,
  model: ScorerModel,
  keep: (logit: number, inInput: () => [number, number]) => boolean = () => true,
): ScreenSegment[] {
  const view = toReadingView(input);
  const starts: number[] = [];
  const ends: number[] = [];
  const lines: number[] = [];
  const sums: number[] = [];
  const counts: number[] = [];
  forEachScoredSegmentOfView(view.text, model, (start, end, line, sum, count) => {
    starts.push(start);
    ends.push(end);
    lines.push(line);
    sums.push(sum);
    counts.push(count);
  });
  const out: ScreenSegment[] = [];
  for (let i = 0; i < starts.length; i++) {
    let logit = counts[i]! > 0 ? logitOf(model, sums[i]!, counts[i]!) : Number.NEGATIVE_INFINITY;
    for (const j of [i - 1, i + 1])
      if (
        model.pairs &&
        j >= 0 &&
        j < starts.length &&
        lines[j] === lines[i] &&
        counts[j]! > 0 &&
        counts[i]! > 0
      )
        logit = Math.max(logit, logitOf(model, sums[i]! + sums[j]!, counts[i]! + counts[j]!));
    const inInput = () => viewToInput(view, starts[i]!, ends[i]!);
    if (!keep(logit, inInput)) continue;
    const [start, end] = inInput();
    out.push({ start, end, logit });
  }
  return out;
}

/** A part of the text a screened detector reads: `[from, to)`, keeping the findings that start in `[coreFrom, coreTo)`. */
export interface ScreenRegion {
  from: number;
  to: number;
  coreFrom: number;
  coreTo: number;
}

/** Start of the line holding `at`, not before `floor`. */
function lineStart(text: string, at: number, floor: number): number {
  return Math.max(floor, text.lastIndexOf("\n", at - 1) + 1);
}

/** End of the line holding `at` (its line break excluded), not past `ceiling`. */
function lineEnd(text: string, at: number, ceiling: number): number {
  const next = text.indexOf("\n", at);
  return Math.min(ceiling, next < 0 ? text.length : next);
}

/**
 * The regions a screened detector reads on `text`, in order and disjoint, or undefined when it reads the text whole
 * (more than `MAX_SHARE` of it kept). Each kept segment keeps its lines (within its JSON string, `stringAround`),
 * read with `margin` more characters either side to whole lines.
 */
export function screenRegions(
  text: string,
  model: ScorerModel,
  floor = SCREEN_FLOOR,
  margin = SCREEN_MARGIN,
): ScreenRegion[] | undefined {
  const regions: ScreenRegion[] = [];
  let read = 0;
  // A text with no letter of another script is tested once; otherwise each segment below the floor, on the input.
  const scripts = OTHER_SCRIPT.test(text);
  const keep = (logit: number, inInput: () => [number, number]) =>
    logit >= floor || (scripts && OTHER_SCRIPT.test(text.slice(...inInput())));
  for (const s of screenSegments(text, model, keep)) {
    const [first, last] = stringAround(text, s.start);
    const coreFrom = lineStart(text, s.start, first);
    const coreTo = lineEnd(text, Math.max(s.start, s.end - 1), last);
    const from = lineStart(text, Math.max(first, coreFrom - margin), first);
    const to = margin === 0 ? coreTo : lineEnd(text, Math.min(last, coreTo + margin), last);
    const previous = regions[regions.length - 1];
    // Reads that meet or overlap are one read, with one core (a superset of both).
    if (previous !== undefined && from <= previous.to) {
      read += Math.max(0, to - previous.to);
      previous.to = Math.max(previous.to, to);
      previous.coreTo = Math.max(previous.coreTo, coreTo);
    } else {
      read += to - from;
      regions.push({ from, to, coreFrom, coreTo });
    }
  }
  return read > MAX_SHARE * text.length ? undefined : regions;
}

/**
 * `inner`, read through the model's screen: on each region of `screenRegions` only, its matches that start in the
 * region's core kept, with offsets in `text`. Same id, kind and gates as `inner`. The regions of the last text are
 * kept, so the family's screened detectors share one pass of the model per text.
 */
export function screened(
  inner: TextDetector,
  loadModel: () => ScorerModel,
  floor = SCREEN_FLOOR,
  margin = SCREEN_MARGIN,
): TextDetector {
  return screenedBy(inner, (text) => regionsOf(text, loadModel(), floor, margin));
}

/** `inner` read on the regions `regionsFor` gives a text (undefined: the whole text). */
export function screenedBy(
  inner: TextDetector,
  regionsFor: (text: string) => readonly ScreenRegion[] | undefined,
): TextDetector {
  return {
    id: inner.id,
    kind: inner.kind,
    ...(inner.requires === undefined ? {} : { requires: inner.requires }),
    ...(inner.minLength === undefined ? {} : { minLength: inner.minLength }),
    ...(inner.keywords === undefined ? {} : { keywords: inner.keywords }),
    ...(inner.contextReach === undefined ? {} : { contextReach: inner.contextReach }),
    ...(inner.joinedScreen === undefined ? {} : { joinedScreen: inner.joinedScreen }),
    detect(text: string, out: TextMatch[]): void {
      const regions = regionsFor(text);
      if (regions === undefined) {
        inner.detect(text, out);
        return;
      }
      const found: TextMatch[] = [];
      for (const r of regions) {
        found.length = 0;
        inner.detect(text.slice(r.from, r.to), found);
        for (const m of found) {
          const start = m.start + r.from;
          if (start >= r.coreFrom && start < r.coreTo) out.push({ ...m, start, end: m.end + r.from });
        }
      }
    },
  };
}

/** The last text's regions (its detectors run one after another on one text). */
let last:
  | { text: string; model: ScorerModel; floor: number; margin: number; regions: ScreenRegion[] | undefined }
  | undefined;

function regionsOf(
  text: string,
  model: ScorerModel,
  floor: number,
  margin: number,
): ScreenRegion[] | undefined {
  if (
    last !== undefined &&
    last.text === text &&
    last.model === model &&
    last.floor === floor &&
    last.margin === margin
  )
    return last.regions;
  const regions = screenRegions(text, model, floor, margin);
  last = { text, model, floor, margin, regions };
  return regions;
}

/** Forgets the last text's regions (benches that read one text again, to time the screen's pass each time). */
export function forgetScreen(): void {
  last = undefined;
}
