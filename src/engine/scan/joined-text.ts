import type { TextMatch } from "../types.js";
import { normalisedView } from "./normalised-view.js";
import { runDetectors, type ScanPlan } from "./string-scanner.js";

/**
 * How far on each side of a boundary between two text blocks the joined scan reads. A value split across blocks
 * is found when both of its parts lie within this distance of the boundary; the longest values the detectors know
 * (a PEM private key) fit.
 */
const WINDOW = 4096;

/**
 * The model reads a result's text blocks one after the other, so a value can be split across two of them ("card:
 * 4111 1111" + "1111 1111") where neither block alone holds it. This finds the matches that cross a boundary
 * between consecutive texts, reading the joined text around each boundary, and returns, per text, the part of
 * each such match that falls in it (offsets into that text), so every part can be cut.
 */
export function crossBoundaryMatches(texts: readonly string[], plan: ScanPlan): TextMatch[][] | undefined {
  if (texts.length < 2 || plan.detectors.length === 0) return undefined;
  const starts: number[] = [];
  let length = 0;
  for (const text of texts) {
    starts.push(length);
    length += text.length;
  }
  const joined = texts.join("");
  // Windows around each inner boundary, merged where they overlap so each region is read once.
  const regions: [number, number][] = [];
  for (let k = 1; k < texts.length; k++) {
    const from = Math.max(0, starts[k]! - WINDOW);
    const to = Math.min(length, starts[k]! + WINDOW);
    const last = regions[regions.length - 1];
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else regions.push([from, to]);
  }
  let perText: TextMatch[][] | undefined;
  const seen = new Set<string>();
  for (const [from, to] of regions) {
    const window = joined.slice(from, to);
    const view = normalisedView(window);
    const found = runDetectors(plan.detectors, window);
    // The same view the blocks get on their own: a split value written with escapes or odd separators too.
    if (view !== undefined)
      for (const m of runDetectors(plan.detectors, view.text)) {
        const [start, end] = view.toOriginal(m.start, m.end);
        found.push({ ...m, start, end });
      }
    for (const m of found) {
      const start = m.start + from;
      const end = m.end + from;
      const first = textAt(starts, start);
      const last = textAt(starts, end - 1);
      if (first === last) continue; // inside one text: that text's own scan finds it
      const key = `${start}:${end}:${m.ruleId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      perText ??= texts.map(() => []);
      for (let k = first; k <= last; k++) {
        const partStart = Math.max(start, starts[k]!) - starts[k]!;
        const partEnd = Math.min(end, starts[k]! + texts[k]!.length) - starts[k]!;
        if (partEnd > partStart) perText[k]!.push({ ...m, start: partStart, end: partEnd });
      }
    }
  }
  return perText;
}

/** Index of the text that holds joined offset `offset` (the last text starting at or before it). */
function textAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
