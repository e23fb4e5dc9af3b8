/**
 * The UTF-8 length of `JSON.stringify(value)`, counted without making the string. The size checks of an output
 * check (the limit before the scan, the checked result after it) need the exact size of results up to the limit;
 * serialising an 8 MB result to learn its size made an 8 MB string twice per check, garbage that stays until the
 * next full collection. Hand-written: it is the serialiser's own rules (escapes, lone surrogates, what is left out
 * or written as null), and a value this walk does not know how to read (a `toJSON`, a class instance) is
 * serialised on its own, so the count is exact for any value.
 */
export function jsonByteLength(value: unknown): number {
  return valueBytes(value) ?? 0;
}

// Characters that are neither escaped nor a surrogate: a string of only these is its UTF-8 length plus quotes.
const NEEDS_CARE = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** Bytes of a string as JSON, quotes included. */
export function stringBytes(text: string): number {
  if (!NEEDS_CARE.test(text)) return Buffer.byteLength(text, "utf8") + 2;
  let bytes = 2;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c >= 0x20) bytes += c === 0x22 || c === 0x5c ? 2 : 1;
      // \b \t \n \f \r have two-character escapes; other control characters are \u00XX.
      else bytes += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    } else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 6; // a lone surrogate is written as \uXXXX
    } else if (c >= 0xd800 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

/**
 * Bytes of `value` as JSON; undefined for what `JSON.stringify` leaves out of an object (undefined, a function, a
 * symbol), which an array writes as `null`.
 */
function valueBytes(value: unknown): number | undefined {
  switch (typeof value) {
    case "string":
      return stringBytes(value);
    case "number":
      return Number.isFinite(value) ? String(value).length : 4;
    case "boolean":
      return value ? 4 : 5;
    case "object":
      if (value === null) return 4;
      if (Array.isArray(value)) return arrayBytes(value);
      if (isPlainObject(value)) return objectBytes(value as Record<string, unknown>);
      return serialisedBytes(value);
    case "bigint":
      return serialisedBytes(value); // throws, as JSON.stringify does
    default:
      return undefined;
  }
}

function arrayBytes(items: readonly unknown[]): number | undefined {
  if ("toJSON" in items) return serialisedBytes(items);
  let bytes = 2 + Math.max(0, items.length - 1);
  for (let i = 0; i < items.length; i++) bytes += valueBytes(items[i]) ?? 4;
  return bytes;
}

function objectBytes(record: Record<string, unknown>): number | undefined {
  let bytes = 2;
  let members = 0;
  for (const key of Object.keys(record)) {
    const member = valueBytes(record[key]);
    if (member === undefined) continue;
    bytes += stringBytes(key) + 1 + member;
    members++;
  }
  return bytes + Math.max(0, members - 1);
}

/** A plain object without `toJSON`: what the walk reads member by member. */
function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !("toJSON" in value);
}

function serialisedBytes(value: unknown): number | undefined {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : Buffer.byteLength(text, "utf8");
}
