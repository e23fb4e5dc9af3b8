/**
 * Where the string values of a JSON text sit in the text, by JSON Pointer, and where an offset into a decoded value
 * falls in the text: what `JSON.parse` drops. A JSON text whose escapes could hide a value from the raw-text scan
 * (`\u0040`, `\/`, an escaped control character) is scanned leaf by leaf on its parsed values; with these positions
 * the findings made there keep offsets into the text itself, as the scan contract says every finding of a string
 * does (a reviewer, an audit reader or a caller applying the redactions elsewhere reads them).
 *
 * Hand-written rather than a parser library: only string values and their raw ranges are needed, and the text has
 * already been parsed by `JSON.parse` (so it is well formed); the walk is one forward pass with a stack of open
 * containers. Invariants: a pointer names the value `JSON.parse` keeps (the last of duplicate keys wins, as there);
 * ranges lie between the quotes; a decoded offset maps to the raw offset of the unit it starts (an escape's
 * backslash), and the value's length maps to the closing quote's offset.
 */
import { escapePointerToken } from "../../errors.js";

/** The raw range of one string value, between its quotes. */
export interface RawString {
  start: number;
  end: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

interface Frame {
  path: string;
  array: boolean;
  index: number;
  /** In an object: the key read last (its value comes next), or undefined when a key is expected. */
  key: string | undefined;
}

/** The end of the string token whose opening quote is at `open` (the offset of its closing quote). */
function closingQuote(text: string, open: number): number {
  let i = open + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    i += c === BACKSLASH ? 2 : 1;
  }
  return -1;
}

/** The pointer of the value that starts now in `frame` (the document itself when there is no frame). */
function valuePath(frame: Frame | undefined): string {
  if (frame === undefined) return "";
  return `${frame.path}/${escapePointerToken(frame.array ? frame.index : frame.key!)}`;
}

/** Every string value of the JSON text `text` by pointer, or undefined when the text does not read as JSON. */
export function jsonStringPositions(text: string): Map<string, RawString> | undefined {
  const out = new Map<string, RawString>();
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      stack.push({ path: valuePath(top), array: c === 0x5b, index: 0, key: undefined });
      i++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      i++;
    } else if (c === 0x2c /* , */) {
      if (top === undefined) return undefined;
      if (top.array) top.index++;
      else top.key = undefined;
      i++;
    } else if (c === QUOTE) {
      const close = closingQuote(text, i);
      if (close === -1) return undefined;
      if (top !== undefined && !top.array && top.key === undefined) {
        top.key = JSON.parse(text.slice(i, close + 1)) as string;
      } else {
        out.set(valuePath(top), { start: i + 1, end: close });
      }
      i = close + 1;
    } else {
      // Whitespace, `:`, numbers, true/false/null: nothing to record.
      i++;
    }
  }
  return stack.length === 0 ? out : undefined;
}

/**
 * The raw offsets of `decoded` offsets (ascending) into the value at `raw`: one walk over the value, a `\uXXXX`
 * escape six units for one, any other escape two for one, every other unit one for one.
 */
export function rawOffsets(text: string, raw: RawString, decoded: readonly number[]): number[] {
  const out: number[] = [];
  let at = raw.start;
  let unit = 0;
  for (const want of decoded) {
    while (unit < want && at < raw.end) {
      at += text.charCodeAt(at) === BACKSLASH ? (text.charCodeAt(at + 1) === 0x75 /* u */ ? 6 : 2) : 1;
      unit++;
    }
    out.push(at);
  }
  return out;
}
