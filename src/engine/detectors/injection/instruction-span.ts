/**
 * "Neutralise, don't block": the span to cut for an injection match is the whole sentence or line the instruction
 * sits in, not the few words the phrase rule matched, so what is left of the instruction is not readable and the
 * rest of the document is kept. Meant for the output action of the injection family (the policy wires it; see the
 * CHANGELOG): replace `[match.start, match.end)` by `instructionSpan(text, match)` before redacting.
 *
 * A sentence ends at `.`, `!`, `?` (or their CJK forms) followed by a space, quote or the end, at a line break, and
 * at the end of a JSON string (`",`). A dot inside a URL, a number or an abbreviation without a following space
 * does not end it. The search is bounded (MAX_REACH each way), so a cut is at most a few kilobytes even in a
 * minified file with no boundary, and the work per match is constant.
 */

export interface Span {
  start: number;
  end: number;
}

const MAX_REACH = 2_000;

/** Characters looked at so far by every span search in the process, for tests that count work rather than time. */
export const instructionSpanWork = { steps: 0 };
const CJK_END = new Set(["。", "！", "？"]);
const CLOSERS = new Set(['"', "'", "»", "”", ")", "]"]);

function isLineBreak(ch: string): boolean {
  return ch === "\n" || ch === "\r" || ch === "\u2028" || ch === "\u2029";
}

/** Whether a sentence ends right after position `i` (the character at `i` is the terminator). */
function endsSentenceAt(text: string, i: number): boolean {
  const ch = text[i]!;
  if (isLineBreak(ch) || CJK_END.has(ch)) return true;
  if (ch !== "." && ch !== "!" && ch !== "?") return false;
  const next = text[i + 1];
  return next === undefined || /\s/.test(next) || CLOSERS.has(next);
}

/** Whether the quote at `quote` opens a JSON string value (`: "`, `[ "`, `, "`). */
function opensJsonString(text: string, quote: number): boolean {
  let i = quote - 1;
  while (i >= 0 && i > quote - 8 && text[i] === " ") i--;
  const ch = text[i];
  return ch === ":" || ch === "[" || ch === ",";
}

/** The sentence or line around `[match.start, match.end)`, without its surrounding whitespace. */
export function instructionSpan(text: string, match: Span): Span {
  let start = match.start;
  const floor = Math.max(0, match.start - MAX_REACH);
  while (start > floor) {
    instructionSpanWork.steps++;
    const prev = text[start - 1]!;
    if (endsSentenceAt(text, start - 1)) break;
    if (prev === '"' && opensJsonString(text, start - 1)) break;
    start--;
  }
  let end = match.end;
  const ceiling = Math.min(text.length, match.end + MAX_REACH);
  // The match may already end on a terminator; otherwise walk to the next one and include it.
  if (!(end > start && endsSentenceAt(text, end - 1))) {
    while (end < ceiling) {
      instructionSpanWork.steps++;
      const ch = text[end]!;
      if (isLineBreak(ch)) break;
      if (ch === '"' && (text[end + 1] === "," || text[end + 1] === "}")) break; // end of a JSON string value
      end++;
      if (endsSentenceAt(text, end - 1)) break;
    }
  }
  while (start < end && /\s/.test(text[start]!)) {
    instructionSpanWork.steps++;
    start++;
  }
  while (end > start && /\s/.test(text[end - 1]!)) {
    instructionSpanWork.steps++;
    end--;
  }
  return { start: Math.min(start, match.start), end: Math.max(end, match.end) };
}

/**
 * Widens every match to its instruction span and merges the overlapping ones: the spans to cut, in order. A cut that
 * touches another (two instructions in one sentence) becomes one.
 */
export function instructionSpans(text: string, matches: readonly Span[]): Span[] {
  const widened = matches
    .map((m) => instructionSpan(text, m))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of widened) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
