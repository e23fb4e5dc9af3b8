import type { Span } from "./instruction-span.js";

/**
 * Text hidden in Unicode tag characters (U+E0000-E007F) renders as nothing, but the injection detectors read it as
 * the ASCII it shadows, so a sentence they flag can join visible words ("pays by invoice" in a CSV cell) with a
 * hidden instruction glued to them. The visible words are the record's own data; the hidden run was never meant for a
 * person. A cut keeps that apart: in a flagged span, every hidden run is cut, and a visible piece only when it is an
 * instruction on its own (the detector's own test, `isInstruction`). A span with no tag character comes back whole.
 */

/** The high surrogate every tag character has in UTF-16; its low half is 0xDC00-0xDC7F. */
const TAG_HIGH = 0xdb40;

function isTagAt(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== TAG_HIGH) return false;
  const low = text.charCodeAt(at + 1);
  return low >= 0xdc00 && low <= 0xdc7f;
}

/** Read within the span only: an `indexOf` would read on to the text's end once per finding on a text with none. */
function holdsTagHigh(text: string, span: Span): boolean {
  for (let i = span.start; i < span.end; i++) if (text.charCodeAt(i) === TAG_HIGH) return true;
  return false;
}

/** The flagged span without the visible words it joins to a hidden run (see the module's comment). */
export function withoutVisibleData(
  text: string,
  span: Span,
  isInstruction: (piece: string) => boolean,
): Span[] {
  if (!holdsTagHigh(text, span)) return [span];
  const pieces: { start: number; end: number; hidden: boolean }[] = [];
  for (let at = span.start; at < span.end; ) {
    const hidden = isTagAt(text, at);
    let end = at;
    while (end < span.end && isTagAt(text, end) === hidden) end += hidden ? 2 : 1;
    pieces.push({ start: at, end: Math.min(end, span.end), hidden });
    at = end;
  }
  if (!pieces.some((p) => p.hidden)) return [span];
  const kept: Span[] = [];
  for (const { start, end, hidden } of pieces) {
    const piece = text.slice(start, end);
    if (hidden || (piece.trim() !== "" && isInstruction(piece))) kept.push({ start, end });
  }
  return kept;
}
