/**
 * When a zero-width joiner (U+200D) or non-joiner (U+200C) carries meaning, so that stripping it would change the
 * text a reader sees rather than reveal something hidden:
 * - between letters of a script whose shaping they control: cursive joining (Arabic and Persian, Syriac, N'Ko,
 *   Mongolian) and the Brahmic conjuncts and half forms (Devanagari and the other Indic scripts, Sinhala, Myanmar,
 *   Khmer). Both neighbours must be letters or marks of such a script, by `Script_Extensions`;
 * - ZWJ inside an emoji ZWJ sequence: after a pictograph, a skin-tone modifier or VS16, and before a pictograph.
 * Everywhere else (between Latin, Cyrillic or CJK letters, next to spaces, at either end) a joiner only splits words
 * for a keyword filter.
 */

const ZWJ = 0x200d;
const VS16 = 0xfe0f;

const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
const JOINING_SCRIPT = new RegExp(
  [
    "Arabic",
    "Syriac",
    "Nko",
    "Mongolian",
    "Hanifi_Rohingya",
    "Devanagari",
    "Bengali",
    "Gurmukhi",
    "Gujarati",
    "Oriya",
    "Tamil",
    "Telugu",
    "Kannada",
    "Malayalam",
    "Sinhala",
    "Myanmar",
    "Khmer",
  ]
    .map((script) => `\\p{Script_Extensions=${script}}`)
    .join("|"),
  "u",
);
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;

/** Whether the ZWJ or ZWNJ at `at` (a single code unit) joins what is around it. */
export function joinerIsMeaningful(text: string, at: number): boolean {
  const before = codePointBefore(text, at);
  const after = at + 1 < text.length ? text.codePointAt(at + 1)! : undefined;
  if (before === undefined || after === undefined) return false;
  const previous = roleOf(before);
  const next = roleOf(after);
  if (previous & JOINING_LETTER && next & JOINING_LETTER) return true;
  if (text.charCodeAt(at) !== ZWJ || !(next & EMOJI_PART)) return false;
  return before === VS16 || (previous & (EMOJI_PART | EMOJI_SKIN_TONE)) !== 0;
}

const JOINING_LETTER = 1;
const EMOJI_PART = 2;
const EMOJI_SKIN_TONE = 4;
/** The same few letters and emoji surround most joiners; remembering their roles skips three property tests. */
const ROLES = new Map<number, number>();
const ROLE_CACHE_LIMIT = 4096;

function roleOf(cp: number): number {
  let role = ROLES.get(cp);
  if (role !== undefined) return role;
  const char = String.fromCodePoint(cp);
  role =
    (LETTER_OR_MARK.test(char) && JOINING_SCRIPT.test(char) ? JOINING_LETTER : 0) |
    (PICTOGRAPH.test(char) ? EMOJI_PART : 0) |
    (EMOJI_MODIFIER.test(char) ? EMOJI_SKIN_TONE : 0);
  if (ROLES.size < ROLE_CACHE_LIMIT) ROLES.set(cp, role);
  return role;
}

function codePointBefore(text: string, at: number): number | undefined {
  if (at === 0) return undefined;
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(at - 2);
  }
  return low;
}
