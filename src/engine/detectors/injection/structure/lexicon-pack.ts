/**
 * Lexicons as packed text, for the package (lexicon.ts reads every language but English so;
 * scripts/build-lexicons.ts writes them). Brotli reads their UTF-8 text more densely than the tarball's gzip reads the
 * bundle's JavaScript (../../../../shared/packed-bytes.ts): about a fifth less for the same words.
 */
import { packBytes, unpackBytes } from "../../../../shared/packed-bytes.js";
import type { LanguageLexicon } from "./lexicon.js";

/**
 * The roles a lexicon may hold besides `lang` (each lexicon is written in its own key order). Every key of
 * `LanguageLexicon` is here: the type below fails to compile when one is missing.
 */
const ROLES = [
  "addressees",
  "addressPhrases",
  "verbs",
  "agentObjects",
  "sensitive",
  "replyContext",
  "roleShift",
  "modeEntry",
  "modeWords",
  "obey",
  "override",
  "turnRoles",
  "leak",
  "fillIn",
  "promptQual",
  "verbatim",
  "conversation",
] as const satisfies readonly Exclude<keyof LanguageLexicon, "lang">[];
type Role = (typeof ROLES)[number];
const EVERY_ROLE: Exclude<keyof LanguageLexicon, "lang"> extends Role ? true : never = true;
const OPTIONAL_ROLES: ReadonlySet<Role> = new Set(["promptQual", "verbatim", "conversation"]);

/** The separators of the packed text: between lexicons, between roles, between entries; no entry holds one. */
const LEXICON_BREAK = "\n\n";
const ROLE_BREAK = "\n";
const ENTRY_BREAK = "|";

/**
 * Lexicons as one text: per lexicon a line `lang=xx`, then a line `role=entry|entry|...` per role it has, in its own
 * key order (so the decoded objects are equal to the written ones, key order included); lexicons separated by an
 * empty line. Throws on an entry that holds a separator or is empty, or a role that is not a list.
 */
export function encodeLexicons(lexicons: readonly LanguageLexicon[]): string {
  return lexicons
    .map((lexicon) =>
      Object.entries(lexicon)
        .map(([key, value]) => {
          if (key === "lang") return `lang=${String(value)}`;
          if (!Array.isArray(value)) throw new Error(`lexicon ${lexicon.lang}: ${key} is not a list`);
          for (const entry of value as unknown[])
            if (typeof entry !== "string" || entry === "" || /[|\n]/.test(entry))
              throw new Error(
                `lexicon ${lexicon.lang}: ${key} entry ${JSON.stringify(entry)} cannot be packed`,
              );
          return `${key}=${value.join(ENTRY_BREAK)}`;
        })
        .join(ROLE_BREAK),
    )
    .join(LEXICON_BREAK);
}

/** The lexicons `encodeLexicons` wrote; throws on a role it does not know, a missing role or a role given twice. */
export function decodeLexicons(text: string): LanguageLexicon[] {
  if (!EVERY_ROLE) throw new Error("unreachable");
  return text.split(LEXICON_BREAK).map((block) => {
    const lexicon: Record<string, string | string[]> = {};
    for (const line of block.split(ROLE_BREAK)) {
      const cut = line.indexOf("=");
      const key = line.slice(0, cut);
      const value = line.slice(cut + 1);
      if (cut < 0 || key in lexicon || (key !== "lang" && !(ROLES as readonly string[]).includes(key)))
        throw new Error(`packed lexicon: bad line ${JSON.stringify(line.slice(0, 40))}`);
      lexicon[key] = key === "lang" ? value : value === "" ? [] : value.split(ENTRY_BREAK);
    }
    if (typeof lexicon["lang"] !== "string") throw new Error("packed lexicon: no lang");
    for (const role of ROLES)
      if (!(role in lexicon) && !OPTIONAL_ROLES.has(role))
        throw new Error(`packed lexicon ${String(lexicon["lang"])}: no ${role}`);
    return lexicon as unknown as LanguageLexicon;
  });
}

/**
 * The windowed coding of lexicon text (a simple form of Unicode's SCSU): UTF-8, except that a lexicon whose letters
 * lie mostly in 128 consecutive code points (Cyrillic, Greek, Hebrew, Arabic and Persian, Devanagari, Bengali, Thai)
 * is written one byte a letter, `0x80 + (code point - window start)`. Brotli then reads a letter as one symbol instead
 * of two or three bytes: 1.6 kB less in the package for those nine languages (session 22; CJK and Hangul stay UTF-8).
 * Control bytes (never in lexicon text: `windowBytes` refuses them, and lone surrogates, which UTF-8 cannot carry):
 * WINDOW_AT and the window's start (2 bytes, big-endian) switch the window on; UTF8_AGAIN switches it off; OUTSIDE, in
 * a window, says one character follows as UTF-8.
 */
const WINDOW_AT = 0x01;
const UTF8_AGAIN = 0x02;
const OUTSIDE = 0x03;
const WINDOW = 0x80;
/**
 * A lexicon is written in a window when the window holds at least this share of its non-ASCII letters (a letter
 * outside costs 3 bytes against UTF-8's 2; Persian's own letters lie past the Arabic block's first 128).
 */
const WINDOW_SHARE = 0.75;

/** The window start holding most of `codes` (non-ASCII code points), or -1 when none holds WINDOW_SHARE of them. */
function windowFor(codes: readonly number[]): number {
  let best = -1;
  let held = 0;
  for (const start of new Set(codes)) {
    if (start + WINDOW > 0x10000) continue;
    const n = codes.filter((c) => c >= start && c < start + WINDOW).length;
    if (n > held) [best, held] = [start, n];
  }
  return codes.length > 0 && held >= WINDOW_SHARE * codes.length ? best : -1;
}

/** `text` in the windowed coding, each lexicon (block between empty lines) in its own window or in UTF-8. */
export function windowBytes(text: string): Uint8Array {
  const out: number[] = [];
  let start = -1;
  for (const [b, block] of text.split(LEXICON_BREAK).entries()) {
    if (b > 0) for (const c of LEXICON_BREAK) out.push(c.charCodeAt(0));
    const chars = [...block];
    const next = windowFor(chars.map((c) => c.codePointAt(0)!).filter((c) => c >= 0x80));
    if (next >= 0) out.push(WINDOW_AT, next >> 8, next & 0xff);
    else if (start >= 0) out.push(UTF8_AGAIN);
    start = next;
    for (const c of chars) {
      const code = c.codePointAt(0)!;
      if (code === WINDOW_AT || code === UTF8_AGAIN || code === OUTSIDE)
        throw new Error(`lexicon text holds the control character ${code}`);
      if (code >= 0xd800 && code <= 0xdfff) throw new Error("lexicon text holds a lone surrogate");
      if (code < 0x80) out.push(code);
      else if (start >= 0 && code >= start && code < start + WINDOW) out.push(WINDOW + code - start);
      else {
        if (start >= 0) out.push(OUTSIDE);
        out.push(...Buffer.from(c, "utf8"));
      }
    }
  }
  return Uint8Array.from(out);
}

/** The length of the UTF-8 sequence a lead byte starts. */
const utf8Length = (lead: number) => (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2);
const isControl = (b: number) => b === WINDOW_AT || b === UTF8_AGAIN || b === OUTSIDE;
const UTF16 = new TextDecoder("utf-16le");

/**
 * The text `windowBytes` wrote; throws on a truncated window or character after OUTSIDE. Each run between control
 * bytes is decoded at once (UTF-8 by Buffer, a window's letters as UTF-16 units: a window never reaches past U+FFFF).
 */
export function windowText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const parts: string[] = [];
  let start = -1;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b === WINDOW_AT) {
      if (i + 3 > bytes.length) throw new Error("windowed lexicon text: truncated window");
      start = (bytes[i + 1]! << 8) | bytes[i + 2]!;
      i += 3;
    } else if (b === UTF8_AGAIN) {
      start = -1;
      i++;
    } else if (b === OUTSIDE) {
      const end = i + 1 + utf8Length(bytes[i + 1] ?? 0);
      if (end > bytes.length) throw new Error("windowed lexicon text: truncated character");
      parts.push(buffer.toString("utf8", i + 1, end));
      i = end;
    } else {
      let end = i;
      while (end < bytes.length && !isControl(bytes[end]!)) end++;
      if (start < 0) parts.push(buffer.toString("utf8", i, end));
      else {
        const units = new Uint16Array(end - i);
        for (let k = i; k < end; k++)
          units[k - i] = bytes[k]! < WINDOW ? bytes[k]! : start + bytes[k]! - WINDOW;
        parts.push(UTF16.decode(units));
      }
      i = end;
    }
  }
  return parts.join("");
}

/** `encodeLexicons` in the windowed coding, compressed for the package (../../../../shared/packed-bytes.ts). */
export function packLexicons(lexicons: readonly LanguageLexicon[]): string {
  return packBytes(windowBytes(encodeLexicons(lexicons)));
}

/** The lexicons `packLexicons` packed. */
export function unpackLexicons(packed: string): LanguageLexicon[] {
  return decodeLexicons(windowText(unpackBytes(packed)));
}
