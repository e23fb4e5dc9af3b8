/**
 * Classification of single code points that render as nothing (or reorder what is around them) and so can hide
 * text from the person reading a transcript while the model still reads it. Shared by the sanitizer detector and by
 * the injection normaliser, which drops the same characters before matching phrases.
 *
 * The set comes from Unicode properties, not a list: `Default_Ignorable_Code_Point` (which already holds the Hangul
 * fillers, U+034F, U+17B4/5, the deprecated format controls U+206A-206F and the reserved ignorable ranges), every
 * format character `Cf`, and the controls `Cc`. A new Unicode version that the runtime knows is picked up as is.
 * Not included: U+2800 BRAILLE PATTERN BLANK, which renders as a visible empty cell (like a space) and is the
 * background of braille art and terminal spinners, so stripping it would corrupt them while hiding nothing.
 */

export type InvisibleType =
  | "control_char"
  | "zero_width"
  | "bidi_control"
  | "unicode_tag"
  | "variation_selector";

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
const BIDI = /\p{Bidi_Control}/u;
const SELECTOR = /\p{Variation_Selector}/u;
/**
 * Prepended concatenation marks are `Cf` but render a visible sign over the digits that follow (the Arabic number
 * and year signs, the Syriac abbreviation mark); stripping them would alter numbers, not reveal anything. JavaScript
 * exposes no `Prepended_Concatenation_Mark` property, so its few members are named here.
 */
const VISIBLE_FORMAT = new Set([
  0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06dd, 0x070f, 0x0890, 0x0891, 0x08e2, 0x110bd, 0x110cd,
]);

const NONE = 0;
const TYPES: readonly (InvisibleType | undefined)[] = [
  undefined,
  "control_char",
  "zero_width",
  "bidi_control",
  "unicode_tag",
  "variation_selector",
];
/**
 * The type of every BMP code point, as an index into TYPES: one array read per character on the hot path. Built on
 * the first classification, not when the package is imported (a few tens of milliseconds of start-up).
 */
let bmpTypes: Uint8Array | undefined;

/**
 * One pass prefilter: every code point that can start a finding. C0 controls but tab/LF/CR, DEL and C1, every
 * default-ignorable or format character, and (with the `u` flag, `\p{Cs}` matches only) unpaired surrogates.
 * Emoji and other paired supplementary characters do not match, so text without an invisible, the overwhelmingly
 * common case, is rejected by a single regex scan. A few visible format characters match and are then classified
 * as ordinary.
 */
export const INVISIBLE_PREFILTER =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cs}]/u;

/** Classifies one code point; `undefined` means an ordinary character. Tab, LF and CR are ordinary. */
export function classifyInvisible(cp: number): InvisibleType | undefined {
  if (cp <= 0xffff) {
    bmpTypes ??= buildBmpTable();
    return TYPES[bmpTypes[cp]!];
  }
  let type = SUPPLEMENTARY_TYPES.get(cp);
  if (type === undefined) {
    type = classifyByProperty(cp);
    if (SUPPLEMENTARY_TYPES.size < SUPPLEMENTARY_CACHE_LIMIT) SUPPLEMENTARY_TYPES.set(cp, type);
  }
  return TYPES[type];
}

/**
 * Supplementary code points are mostly emoji, and the same few recur, so their property test is remembered; the
 * bound keeps text made of a million distinct code points from growing the cache without end.
 */
const SUPPLEMENTARY_TYPES = new Map<number, number>();
const SUPPLEMENTARY_CACHE_LIMIT = 8192;

/** Whether the code unit at `at` is a surrogate with no partner: malformed UTF-16 that renders as nothing or "?". */
export function isLoneSurrogate(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = text.charCodeAt(at + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (unit >= 0xdc00 && unit <= 0xdfff) {
    const previous = at > 0 ? text.charCodeAt(at - 1) : 0;
    return !(previous >= 0xd800 && previous <= 0xdbff);
  }
  return false;
}

function classifyByProperty(cp: number): number {
  if (cp < 0x20) return cp === 0x09 || cp === 0x0a || cp === 0x0d ? NONE : 1;
  if (cp < 0x7f) return NONE;
  if (cp <= 0x9f) return 1; // DEL and the C1 block
  if (cp >= 0xd800 && cp <= 0xdfff) return NONE; // surrogates are judged in context, see isLoneSurrogate
  if (cp >= 0xe0000 && cp <= 0xe007f) return 4; // the tag block: ASCII spelled invisibly
  const char = String.fromCodePoint(cp);
  if (!INVISIBLE.test(char) || VISIBLE_FORMAT.has(cp)) return NONE;
  if (SELECTOR.test(char)) return 5;
  if (BIDI.test(char)) return 3;
  return 2;
}

/**
 * Fills the table with one global regex pass over every BMP character rather than 65,536 separate tests (about a
 * tenth of the start-up cost); only the few hundred hits are then typed one by one.
 */
function buildBmpTable(): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let cp = 0; cp <= 0xa0; cp++) table[cp] = classifyByProperty(cp);
  const units: number[] = [];
  for (let cp = 0xa0; cp <= 0xffff; cp++) units.push(cp >= 0xd800 && cp <= 0xdfff ? 0x20 : cp);
  let all = "";
  for (let i = 0; i < units.length; i += 4096) all += String.fromCharCode(...units.slice(i, i + 4096));
  for (const hit of all.matchAll(new RegExp(INVISIBLE.source, "gu"))) {
    const cp = hit[0].charCodeAt(0);
    table[cp] = classifyByProperty(cp);
  }
  return table;
}
