/**
 * Classification of single code points that render as nothing (or reorder what is around them) and so can hide
 * text from the person reading a transcript while the model still reads it. Shared by the sanitizer detector and by
 * the injection normaliser, which drops the same characters before matching phrases.
 */

export type InvisibleType =
  | "control_char"
  | "zero_width"
  | "bidi_control"
  | "unicode_tag"
  | "variation_selector";

/**
 * One pass prefilter: every code unit that can start an invisible or control finding. Text without any of them (the
 * overwhelmingly common case) is rejected by a single regex scan. `\udb40` is the high surrogate of the tag block
 * (U+E0000-U+E007F) and of the supplementary variation selectors (U+E0100-U+E01EF).
 */
export const INVISIBLE_PREFILTER =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: a non-unicode class on purpose; it must match variation selectors and lone surrogates as single code units.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufe00-\ufe0f\ufeff\ufff9-\ufffb\udb40]/;

/** Classifies one code point; `undefined` means an ordinary character. Tab, LF and CR are ordinary. */
export function classifyInvisible(cp: number): InvisibleType | undefined {
  if (cp < 0x20) return cp === 0x09 || cp === 0x0a || cp === 0x0d ? undefined : "control_char";
  if (cp < 0x7f) return undefined;
  if (cp <= 0x9f) return "control_char"; // DEL and the C1 block
  if (cp === 0x00ad || cp === 0x180e) return "zero_width"; // soft hyphen, Mongolian vowel separator
  if (cp === 0x061c || cp === 0x200e || cp === 0x200f) return "bidi_control";
  if (cp >= 0x200b && cp <= 0x200d) return "zero_width";
  if (cp >= 0x202a && cp <= 0x202e) return "bidi_control";
  if (cp >= 0x2060 && cp <= 0x2064) return "zero_width"; // word joiner, invisible math operators
  if (cp >= 0x2066 && cp <= 0x2069) return "bidi_control";
  if (cp >= 0xfe00 && cp <= 0xfe0f) return "variation_selector";
  if (cp === 0xfeff) return "zero_width";
  if (cp >= 0xfff9 && cp <= 0xfffb) return "zero_width"; // interlinear annotation marks
  if (cp >= 0xe0000 && cp <= 0xe007f) return "unicode_tag";
  if (cp >= 0xe0100 && cp <= 0xe01ef) return "variation_selector";
  return undefined;
}
