/**
 * The output check's part of intent binding (policy `intentBinding: on`): from a call's arguments, what it pointed
 * at (`pointers`), and from its raw result, the records (a line with its indented continuation, or a JSON object)
 * that hold target values, each as the hashes of its words, with each target value's record indices. Hashes only
 * (src/shared/intent.ts); the flow step compares them with the user's turn.
 */
import {
  type ArgPointer,
  identifierTokens,
  MAX_POINTER_WORDS,
  textWords,
  wordHash,
} from "../../shared/intent.js";
import {
  extractValues,
  hashValue,
  type ObjectFact,
  stringLeaves,
  type ValueFact,
  type ValueKind,
} from "../../shared/provenance.js";

/** The kinds intent binding binds: where a call acts. */
export const BINDABLE_KINDS: ReadonlySet<ValueKind> = new Set([
  "email",
  "url",
  "host",
  "iban",
  "account",
  "phone",
  "path",
]);
/** A whole argument of one of these kinds points by its value (did the user type it?), not by its words. */
const WHOLE_VALUE_KINDS: ReadonlySet<ValueKind> = new Set(["email", "url", "iban", "phone", "account"]);

const MAX_POINTERS = 16;
const MAX_POINTER_CHARS = 200;
const MAX_RECORDS = 64;
const MAX_RECORD_WORDS = 96;
const MAX_RECORDS_PER_VALUE = 8;

/**
 * What a call's string arguments (up to 16, each up to 200 characters: a query, a path, a channel, an id, a name)
 * pointed at. A whole address or number is kept as its value hash, so it points only where the user typed it: a
 * URL that came from a tool never makes its page "asked about".
 */
export function pointersOf(args: unknown, salt: string): ArgPointer[] {
  const out: ArgPointer[] = [];
  for (const leaf of stringLeaves(args)) {
    if (out.length >= MAX_POINTERS) break;
    const value = leaf.trim();
    if (value.length === 0 || value.length > MAX_POINTER_CHARS) continue;
    const whole = /\s/u.test(value)
      ? undefined
      : extractValues(value, { side: "tool", maxValues: 4, passages: false }).find(
          (v) => WHOLE_VALUE_KINDS.has(v.kind) && v.value === value,
        );
    if (whole) {
      out.push({ h: hashValue(whole.norm, salt) });
      continue;
    }
    const words = [...new Set(textWords(value))].slice(0, MAX_POINTER_WORDS);
    if (words.length > 0) out.push({ words: words.map((w) => wordHash(w, salt)) });
  }
  return out;
}

/** The texts of a JSON document's objects (each object's own scalar leaves), or undefined when it is not JSON. */
function jsonRecords(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/u.test(trimmed)) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  const records: string[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (depth > 32 || typeof node !== "object" || node === null || records.length >= MAX_RECORDS) return;
    const items = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node)) {
      const own = items.filter((v) => typeof v === "string" || typeof v === "number").map(String);
      if (own.length > 0) records.push(own.join("\n"));
    }
    for (const item of items) walk(item, depth + 1);
  };
  walk(doc, 0);
  return records;
}

/** A text's records: a line that is not indented, with the indented lines that follow it; blank lines end one. */
function lineRecords(text: string): string[] {
  const records: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) records.push(current.join("\n"));
    current = [];
  };
  for (const line of text.split(/\r?\n/u)) {
    if (line.trim() === "") flush();
    else if (/^\s/u.test(line) && current.length > 0) current.push(line);
    else {
      flush();
      current.push(line);
    }
  }
  flush();
  return records;
}

/**
 * Puts each bindable value's record indices on its fact (`r`) and returns the records' word hashes. Only records
 * that hold a bindable value are kept (at most 64; at most 96 words each).
 */
export function attachRecords(texts: readonly string[], values: ValueFact[], salt: string): string[][] {
  const byHash = new Map<string, ValueFact>();
  for (const fact of values) if (BINDABLE_KINDS.has(fact.kind)) byHash.set(fact.h, fact);
  const records: string[][] = [];
  if (byHash.size === 0) return records;
  for (const text of texts) {
    for (const record of jsonRecords(text) ?? lineRecords(text)) {
      if (records.length >= MAX_RECORDS) return records;
      const held = new Set<ValueFact>();
      for (const found of extractValues(record, { side: "tool", passages: false })) {
        const fact = byHash.get(hashValue(found.norm, salt));
        if (fact) held.add(fact);
      }
      if (held.size === 0) continue;
      const index = records.length;
      records.push([...new Set(textWords(record))].slice(0, MAX_RECORD_WORDS).map((w) => wordHash(w, salt)));
      for (const fact of held) {
        fact.r ??= [];
        if (fact.r.length < MAX_RECORDS_PER_VALUE) fact.r.push(index);
      }
    }
  }
  return records;
}

/**
 * An id-shaped token (`ev-304`, `m-1045`, `t-88`, `tx-9003`, `v1.4.2`): letters and digits, both present, joined by
 * `-`, `_` or `.`; not a date (`2026-12-08`, `2026-12-08t15`). What designated-object.ts asks the user to designate.
 */
export function isIdShaped(token: string): boolean {
  if (token.length > 64 || /^\d{4}-\d{2}-\d{2}/u.test(token)) return false;
  return /^(?=[\s\S]*\p{L})(?=[\s\S]*\p{N})[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)+$/u.test(token);
}

const MAX_OBJECTS = 32;
const MAX_OBJECT_WORDS = 32;

/**
 * The records of a result's texts that begin with an id (the id is the record's first token: `[ev-303] Dentist`,
 * `T-88 [open] ...`, a JSON object whose first value is its id), each as the id's hash and the record's word hashes
 * (at most 32 words, each also in its other number: `newsletter` and `newsletters`, so "delete the newsletters"
 * designates the record of a newsletter). At most 32 records. An id a sentence mentions (`cancel ev-304`) does not
 * begin its record: a result can name an object, only its own records designate one.
 */
export function objectsOf(texts: readonly string[], salt: string): ObjectFact[] {
  const out: ObjectFact[] = [];
  for (const text of texts) {
    for (const record of jsonRecords(text) ?? lineRecords(text)) {
      if (out.length >= MAX_OBJECTS) return out;
      const first = identifierTokens(record.trimStart().split(/\s/u, 1)[0] ?? "")[0];
      if (first === undefined || !isIdShaped(first)) continue;
      const words = new Set<string>();
      for (const word of textWords(record)) {
        if (words.size >= 2 * MAX_OBJECT_WORDS) break;
        words.add(word);
        words.add(word.endsWith("s") ? word.slice(0, -1) : `${word}s`);
      }
      out.push({ h: wordHash(first, salt), w: [...words].map((w) => wordHash(w, salt)) });
    }
  }
  return out;
}
