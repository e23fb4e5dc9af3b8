import { createHmac } from "node:crypto";

export type Replacement = "placeholder" | "mask" | "hash" | "instruction";

/** What stands where a neutralised instruction was. Trips no detector, so a second check is a no-op. */
export const INSTRUCTION_REMOVED = "[instruction removed]";

export interface RedactionSettings {
  hashKey: string | undefined;
  maskKeepLast: number;
}

/** Types whose values are digit groups: the mask keeps their separators and their last digits. */
const GROUPED_TYPES = new Set(["credit_card", "phone", "us_ssn", "iban"]);

function isAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * `****-****-****-1234`: letters and digits become `*` except the last `keep`; separators stay. A short value (at
 * most twice `keep` characters, a 7-digit local phone number) keeps none: the tail would be most of it.
 */
function maskGrouped(value: string, keepLast: number): string {
  let remaining = 0;
  for (let i = 0; i < value.length; i++) if (isAlnum(value.charCodeAt(i))) remaining++;
  const keep = remaining > keepLast * 2 ? keepLast : 0;
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (!isAlnum(value.charCodeAt(i))) out += c;
    else out += remaining-- > keep ? "*" : c;
  }
  return out;
}

/** The mask that fits a value's type (langchain's piiMiddleware `mask` strategy does the same per type). */
function mask(type: string, value: string, keepLast: number): string {
  if (type === "email") {
    // `j***@example.com`: the domain says where mail goes, not who receives it; one letter of the local part stays.
    const at = value.lastIndexOf("@");
    if (at > 0) return `${value[0]}***${value.slice(at)}`;
  }
  if (GROUPED_TYPES.has(type)) return maskGrouped(value, keepLast);
  const keep = value.length > keepLast * 3 ? keepLast : 0;
  return "*".repeat(value.length - keep) + value.slice(value.length - keep);
}

/**
 * A replacement is made of its value's characters, `*`, the ASCII letters, digits, spaces and `[]:_.-` of its fixed
 * words, and the rule type it names: `[a-z0-9_]+` in policies and built-in rules; another type is noted.
 */
const PLAIN_TYPE = /^[A-Za-z0-9_.:-]*$/;
let oddTypeNamed = false;

function named(type: string): string {
  if (!oddTypeNamed && !PLAIN_TYPE.test(type)) oddTypeNamed = true;
  return type;
}

/** Whether every replacement made in this process is of the characters above (once false, for good). */
export function replacementsStayPlain(): boolean {
  return !oddTypeNamed;
}

/** Text that stands in for a redacted value. Placeholders never trip a detector, so a second check is a no-op. */
export function replacementFor(
  strategy: Replacement,
  type: string,
  value: string,
  settings: RedactionSettings,
): string {
  switch (strategy) {
    case "instruction":
      return INSTRUCTION_REMOVED;
    case "placeholder":
      return `[REDACTED:${named(type)}]`;
    case "mask":
      return mask(type, value, settings.maskKeepLast);
    case "hash": {
      // Keyed (HMAC) so equal values give equal tokens for joins, but tokens cannot be brute-forced offline
      // from small value spaces such as phone numbers without the key.
      const digest = createHmac("sha256", settings.hashKey ?? "")
        .update(`${type}\u0000${value}`)
        .digest("hex");
      return `[HASH:${named(type)}:${digest.slice(0, 16)}]`;
    }
  }
}

/** Placeholders by type, made once each: a text with 400 k redactions of one type holds one placeholder string. */
const placeholders = new Map<string, string>();
/** Types are rule types (a policy's few dozen); the bound only keeps a process that loads many policies small. */
const MAX_PLACEHOLDERS = 1024;

function placeholder(type: string): string {
  let text = placeholders.get(type);
  if (text === undefined) {
    if (placeholders.size >= MAX_PLACEHOLDERS) placeholders.clear();
    text = `[REDACTED:${named(type)}]`;
    placeholders.set(type, text);
  }
  return text;
}

/**
 * `replacementFor` the value at `text[start, end)`: the value is only read (sliced) by the strategies that use it,
 * and a placeholder is one string per type.
 */
export function replacementOf(
  strategy: Replacement,
  type: string,
  text: string,
  start: number,
  end: number,
  settings: RedactionSettings,
): string {
  if (strategy === "placeholder") return placeholder(type);
  if (strategy === "instruction") return INSTRUCTION_REMOVED;
  return replacementFor(strategy, type, text.slice(start, end), settings);
}
