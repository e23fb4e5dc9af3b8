/**
 * What a vendor token looks like, as data (gitleaks' rule shape, Presidio's context): one record per vendor in
 * src/engine/rules/built-in/secrets.ts carries one of these, and one generic detector (token-detector.ts) reads them
 * all. The prefix index, the keywords and the examples are derived from the forms; nothing is written twice.
 */

import type { RuleContext } from "../../rules/rule-context.js";

/** Checksums vendors embed in their tokens (see checksums.ts). */
export type ChecksumName = "crc32-base62";

/**
 * One shape of a vendor's token. Either `prefixes` (a literal the token starts with: `ghp_`, `dop_v1_`) or `keyed`
 * (no literal prefix: the value must be assigned to a key holding one of the words, as `ASANA_KEY = "..."`).
 */
export interface TokenForm {
  /** Literal prefixes, exact case. Empty for a keyed form. */
  readonly prefixes: readonly string[];
  /** Body characters, as the inside of a character class: `A-Za-z0-9_-`. */
  readonly alphabet: string;
  /** Body length, exact or [min, max]. */
  readonly length: number | readonly [number, number];
  /** Further structure of the body (fixed separators, a fixed tail), tested on the whole body; anchored by the reader. */
  readonly shape?: RegExp;
  /** Minimum Shannon entropy of the body in bits per character (default 3; hex bodies of 32 reach about 3.7). */
  readonly minEntropy?: number;
  /**
   * The body must hold a digit. Set on forms whose prefix has none of the scanner's cheap features (`dp.pt.`, `hvs.`:
   * lower case and dots), so the detector can still declare what every match holds; a random body of these lengths
   * lacks a digit about once in a million.
   */
  readonly needsDigit?: boolean;
  /** Of upper case, lower case and digits, how many the body must hold (default 0). */
  readonly minClasses?: number;
  /**
   * A checksum the vendor embeds: a token that passes it is reported even when it reads as a placeholder. A token
   * that fails it is still judged on its shape, because scanners' fixtures and hand-made examples lack it; set
   * `checksumRequired` to drop those too.
   */
  readonly checksum?: ChecksumName;
  readonly checksumRequired?: boolean;
  /**
   * A literal the vendor embeds in every body (OpenAI's `T3BlbkFJ`, base64 of "OpenAI"): a body that holds it is the
   * vendor's token even when it reads as a placeholder, as with a checksum. A body holding the signature's tail with
   * its head changed (`T4BlbkFJ`) is an edited look-alike.
   */
  readonly signature?: string;
  /**
   * Context words near a prefixed token of this form (a prefix as common as `b_` or `live_` requires the vendor's
   * name nearby): the shape rules declared in the policy use, read by the same function (rules/rule-context.ts).
   * Overrides the record's `TokenSpec.context` for this form.
   */
  readonly context?: RuleContext;
  /** For keyed forms: the words the key must hold (lower case). */
  readonly keyed?: readonly string[];
  /** Report only the body (the prefix is a public host or label, as a webhook URL's). Default: the whole token. */
  readonly mask?: "token" | "body";
  /** Whether a word character or `-` right before or after the token makes it part of a longer word (default true). */
  readonly glued?: boolean;
  /**
   * Characters of the token BEFORE its literal (Azure AD client secrets `abc8Q~...`, Telegram bot tokens
   * `123456789:A...`, MaxMind keys ending `_mmk`): the literal is where the scan finds the token, the lead is read
   * back from it. With a lead, `shape`, entropy and classes are judged on the whole token (lead, literal and body).
   */
  readonly lead?: { readonly alphabet: string; readonly length: number | readonly [number, number] };
}

/** The token part of a vendor record. */
export interface TokenSpec {
  readonly forms: readonly TokenForm[];
  /** Values that are never this vendor's secret although shaped like it (published samples, stop words). */
  readonly allow?: readonly RegExp[];
  /** Context words for every prefixed form of the record (a form's own `context` replaces it); the record's `context`. */
  readonly context?: RuleContext;
}

export function lengthRange(form: TokenForm): [number, number] {
  return typeof form.length === "number" ? [form.length, form.length] : [form.length[0], form.length[1]];
}
