/**
 * "Neutralise, don't block": the span to cut for an injection match is the whole sentence or line the instruction
 * sits in, not the few words the phrase rule matched, so what is left of the instruction is not readable and the
 * rest of the document is kept. Meant for the output action of the injection family (the policy wires it; see the
 * CHANGELOG): replace `[match.start, match.end)` by `instructionSpan(text, match)` before redacting.
 *
 * A sentence ends at `.`, `!`, `?` (or their CJK forms) followed by a space, quote or the end, at a line break, and
 * at the end of a JSON string (`",`). A dot inside a URL, a number or an abbreviation without a following space
 * does not end it. The search is bounded (MAX_REACH each way), so a cut is at most a few kilobytes even in a
 * minified file with no boundary.
 *
 * Many matches in one stretch with no boundary (`<IMPORTANT>` repeated, a phrase repeated without a full stop) would
 * each walk the same MAX_REACH characters again. The four walks (back to a sentence start, on to a sentence end,
 * trimming whitespace at either edge) ask position-only questions ("is there a boundary at k?"), so each keeps what
 * it has already read of the text as one interval and only reads past its edges: over matches in order (as the
 * scanner asks for them) every character is read a bounded number of times, and one match never costs more than
 * walking it alone. The answers are exactly those of walking each match on its own.
 */

export interface Span {
  start: number;
  end: number;
}

const MAX_REACH = 2_000;

/** Characters looked at so far by every span search in the process, for tests that count work rather than time. */
export const instructionSpanWork = { steps: 0 };
/**
 * The characters `\s` matches in a regex (ECMAScript WhiteSpace and LineTerminator), by code unit; false for NaN (a
 * position outside the text). Read per character by the span walks, where a regex test per character cost more than
 * the walk itself.
 */
export function isRegexSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `\n`, `\r`, U+2028, U+2029 (false for NaN). */
function isLineBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/** `。`, `！`, `？`. */
function isCjkEnd(c: number): boolean {
  return c === 0x3002 || c === 0xff01 || c === 0xff1f;
}

/** `"`, `'`, `»`, `”`, `)`, `]`: what may follow a terminator that ends a sentence. */
function isCloser(c: number): boolean {
  return c === 0x22 || c === 0x27 || c === 0xbb || c === 0x201d || c === 0x29 || c === 0x5d;
}

/** Whether a sentence ends right after position `i` (the character at `i` is the terminator). */
function endsSentenceAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (isLineBreak(c) || isCjkEnd(c)) return true;
  if (c !== 0x2e && c !== 0x21 && c !== 0x3f) return false;
  if (i + 1 >= text.length) return true;
  const next = text.charCodeAt(i + 1);
  return isRegexSpace(next) || isCloser(next);
}

/** Whether the quote at `quote` opens a JSON string value (`: "`, `[ "`, `, "`). */
function opensJsonString(text: string, quote: number): boolean {
  let i = quote - 1;
  while (i >= 0 && i > quote - 8 && text.charCodeAt(i) === 0x20) i--;
  const c = text.charCodeAt(i);
  return c === 0x3a || c === 0x5b || c === 0x2c;
}

/** The sentence or line around `[match.start, match.end)`, without its surrounding whitespace. */
export function instructionSpan(text: string, match: Span): Span {
  if (cached === undefined || cached.text !== text) cached = new SpanFinder(text);
  return cached.span(match);
}

/** The finder of the last text asked about: the scanner asks for every match of one text in turn. */
let cached: SpanFinder | undefined;

/**
 * Whether a sentence glued to the one before starts at `k`: `.`, `!` or `?` after a lower-case letter or a digit,
 * then an upper-case letter and a lower-case one ("Closes #1261.Assistant, ..."; what a field that drops spaces hands
 * on). Only a cut's start reads it, so an instruction glued after a benign sentence takes the sentence before with it
 * no more; a cut's end still runs to a real sentence end, so nothing after a match is left readable that was cut
 * before. "v1.4", "e.g." and "example.com" are no such start (no upper case then lower case after the stop).
 */
function startsGluedSentence(text: string, k: number): boolean {
  const stop = text.charCodeAt(k - 1);
  if (stop !== 0x2e && stop !== 0x21 && stop !== 0x3f) return false;
  const before = text.charCodeAt(k - 2);
  const first = text.charCodeAt(k);
  const second = text.charCodeAt(k + 1);
  return (
    ((before >= 0x61 && before <= 0x7a) || (before >= 0x30 && before <= 0x39)) &&
    first >= 0x41 &&
    first <= 0x5a &&
    second >= 0x61 &&
    second <= 0x7a
  );
}

/** Whether a JSON string value ends at `k` (`",` or `"}`). */
function closesJsonString(text: string, k: number): boolean {
  if (text.charCodeAt(k) !== 0x22) return false;
  const next = text.charCodeAt(k + 1);
  return next === 0x2c || next === 0x7d;
}

class SpanFinder {
  // A sentence starts at k: right after a terminator, or after the quote that opens a JSON string value.
  private readonly sentenceStart: BackwardSearch;
  // The walk on stops at k: before a line break or a closing JSON quote, or after a terminator.
  private readonly sentenceStop: ForwardSearch;
  private readonly firstNonSpace: ForwardSearch;
  // The character before k is not whitespace.
  private readonly endOfNonSpace: BackwardSearch;

  constructor(readonly text: string) {
    this.sentenceStart = new BackwardSearch(
      (k) =>
        endsSentenceAt(text, k - 1) ||
        (text.charCodeAt(k - 1) === 0x22 && opensJsonString(text, k - 1)) ||
        startsGluedSentence(text, k),
    );
    this.sentenceStop = new ForwardSearch(
      (k) => isLineBreak(text.charCodeAt(k)) || closesJsonString(text, k) || endsSentenceAt(text, k),
    );
    this.firstNonSpace = new ForwardSearch((k) => !isRegexSpace(text.charCodeAt(k)));
    this.endOfNonSpace = new BackwardSearch((k) => !isRegexSpace(text.charCodeAt(k - 1)));
  }

  span(match: Span): Span {
    const text = this.text;
    let start = this.sentenceStart.last(match.start, Math.max(0, match.start - MAX_REACH));
    let end = match.end;
    // The match may already end on a terminator; otherwise walk to the next one and include it.
    if (!(end > start && endsSentenceAt(text, end - 1))) {
      const ceiling = Math.min(text.length, match.end + MAX_REACH);
      const stop = this.sentenceStop.first(end, ceiling);
      // A line break or a closing quote stays outside; a terminator is included.
      end =
        stop === ceiling || isLineBreak(text.charCodeAt(stop)) || closesJsonString(text, stop)
          ? stop
          : stop + 1;
    }
    start = this.firstNonSpace.first(start, end);
    end = this.endOfNonSpace.last(end, start);
    return { start: Math.min(start, match.start), end: Math.max(end, match.end) };
  }
}

/**
 * The first position at or after `from` (below `cap`) where `hit` holds. Invariant: no hit in `[lo, hi)`, and a hit at
 * `hi` when `hitAtHi`. A query inside that interval starts reading at `hi`; one below it reads up to `lo` and joins
 * it; one above it starts a new interval (queries come in order, so the old one is not asked about again).
 */
class ForwardSearch {
  private lo = -1;
  private hi = -1;
  private hitAtHi = false;

  constructor(private readonly hit: (k: number) => boolean) {}

  first(from: number, cap: number): number {
    if (this.lo < 0 || from > this.hi) {
      this.lo = from;
      this.hi = from;
      this.hitAtHi = false;
    } else if (from < this.lo) {
      for (let k = from; k < this.lo; k++) {
        if (k >= cap) return cap;
        instructionSpanWork.steps++;
        if (this.hit(k)) return k;
      }
      this.lo = from;
    }
    if (this.hitAtHi) return Math.min(this.hi, cap);
    for (; this.hi < cap; this.hi++) {
      instructionSpanWork.steps++;
      if (this.hit(this.hi)) {
        this.hitAtHi = true;
        return this.hi;
      }
    }
    return cap;
  }
}

/**
 * The last position in `(floor, from]` where `hit` holds, else `floor`. Invariant: no hit in `(lo, hi]`, and a hit at
 * `lo` when `hitAtLo`. The mirror of ForwardSearch.
 */
class BackwardSearch {
  private lo = -1;
  private hi = -1;
  private hitAtLo = false;

  constructor(private readonly hit: (k: number) => boolean) {}

  last(from: number, floor: number): number {
    if (this.hi < 0 || from < this.lo) {
      this.lo = from;
      this.hi = from;
      this.hitAtLo = false;
    } else if (from > this.hi) {
      for (let k = from; k > this.hi; k--) {
        if (k <= floor) {
          this.lo = floor;
          this.hi = from;
          this.hitAtLo = false;
          return floor;
        }
        instructionSpanWork.steps++;
        if (this.hit(k)) {
          this.lo = k;
          this.hi = from;
          this.hitAtLo = true;
          return k;
        }
      }
      this.hi = from;
    }
    if (this.hitAtLo) return Math.max(this.lo, floor);
    for (; this.lo > floor; this.lo--) {
      instructionSpanWork.steps++;
      if (this.hit(this.lo)) {
        this.hitAtLo = true;
        return this.lo;
      }
    }
    return floor;
  }
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
