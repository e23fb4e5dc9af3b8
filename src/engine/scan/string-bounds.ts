/**
 * The strings a joined text is made of, while a detector reads it (json-screen.ts joins a JSON value's strings with a
 * separator and reads them in one call). A detector whose verdict on a match weighs context that may lie far from it
 * (a token record's context words, up to 300 characters on either side) asks `stringAround` for the string the match
 * stands in and reads its context there only: on a joined text it then reads what it reads on that string alone, and
 * a neighbour string can neither accept nor reject its match. On any other text the string is the whole text.
 *
 * Set only for the synchronous span of one `withJoinedStrings` call (detectors run synchronously), restored after.
 */

/** A joined text: string `k` starts at `starts[k]` and ends `gap` characters before `starts[k + 1]`. */
export interface JoinedStrings {
  readonly text: string;
  readonly starts: Int32Array;
  readonly gap: number;
}

let reading: JoinedStrings | undefined;

/** Runs `read` with `joined` as the joined text being read (nested calls restore the outer one). */
export function withJoinedStrings<T>(joined: JoinedStrings, read: () => T): T {
  const outer = reading;
  reading = joined;
  try {
    return read();
  } finally {
    reading = outer;
  }
}

/**
 * `[start, end)` of the string of `text` that holds offset `at`: on the joined text being read, the string whose text
 * (or the separator after it) holds `at`; on any other text, the whole text.
 */
export function stringAround(text: string, at: number): [number, number] {
  const joined = reading;
  if (joined === undefined || joined.text !== text) return [0, text.length];
  const { starts, gap } = joined;
  const k = readingAt(starts, at);
  return [starts[k]!, starts[k + 1]! - gap];
}

/**
 * Where a read back from `at` must stop: the start of the string of `text` that holds `at` (stringAround's start, 0
 * on any text but the joined one being read). A look-back window is `[max(stringStart(text, at), at - n), at)`.
 */
export function stringStart(text: string, at: number): number {
  const joined = reading;
  if (joined === undefined || joined.text !== text) return 0;
  return joined.starts[readingAt(joined.starts, at)]!;
}

/**
 * Where a read on from `at` must stop: the end of the string of `text` that holds `at` (stringAround's end, the
 * text's length on any text but the joined one being read). A window on is `[at, min(stringEnd(text, at), at + n))`.
 */
export function stringEnd(text: string, at: number): number {
  const joined = reading;
  if (joined === undefined || joined.text !== text) return text.length;
  const { starts, gap } = joined;
  return starts[readingAt(starts, at) + 1]! - gap;
}

/** The string whose text or following separator holds offset `at` (starts ascending, `starts[0]` = 0). */
export function readingAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
