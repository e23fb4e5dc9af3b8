/**
 * Handles (issue 17 item 5): a value the output check redacted becomes a stable per-thread handle (`[EMAIL_1]`,
 * `[IBAN_2]`) the model can pass in a later call without ever seeing the value; the guard puts the value back for
 * the server. Anchors: LLM Guard's vault (anonymize / deanonymize), Presidio's reversible operators, CaMeL's
 * variables.
 *
 * Invariants:
 * - One handle per distinct normalised value (and type) per thread: the same value gets the same handle, found by
 *   a keyed hash of the normalised value (`h`), never by the value.
 * - A stored entry never holds the value in clear unless the user opted in (`storeInClear`): with a key it holds
 *   the value sealed with AES-256-GCM (a key derived by HKDF from the user's secret; the thread's salt, the handle
 *   and its hash as associated data, so an entry moved to another thread or handle does not open); without a key
 *   it holds no value at all (the value stays in this process's memory).
 * - Only placeholders the redaction wrote (`[REDACTED:<type>]`) are turned into handles, and only when the
 *   placeholders of a string line up one for one, in order and type, with the redaction findings of that string;
 *   otherwise the string keeps its placeholders (the value stays hidden, the model just cannot use it).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { hashValue, normaliseValue, type ValueKind } from "./provenance.js";
import type { CallToolResult, Finding, JsonObject, JsonValue } from "./types.js";

/** One handle of a thread, as kept with the thread (ToolMessage artifact, the middleware's state key). */
export interface HandleEntry {
  /** `[EMAIL_1]`: what the model reads and writes. */
  handle: string;
  /** The finding type the value was redacted as (`email`, `iban`, ...). */
  type: string;
  /** Keyed hash of the normalised value: the same value gets the same handle. */
  h: string;
  /** The value, AES-256-GCM sealed with the handle key (iv | tag | ciphertext, base64url). */
  sealed?: string;
  /** The value in clear: only with the explicit `storeInClear` option. */
  clear?: string;
}

/** What a handle's entry holds at rest, and with what. */
export interface HandleSealing {
  /** A secret (the install's `handleKey`, else its `provenanceKey`): values are sealed with a key derived from it. */
  key?: string;
  /** Without a key: `true` stores the value in clear in the entry (so in the checkpoint). Default `false`. */
  storeInClear?: boolean;
}

/** Finding kinds whose redacted values become handles. Secrets stay redacted: a credential the model cannot see
 * should not become usable by reference. */
export const HANDLE_KINDS: ReadonlySet<string> = new Set(["pii"]);

/** `[EMAIL_1]`, `[CREDIT_CARD_12]`: an upper-case label and a number in brackets. */
export const HANDLE_PATTERN = /\[[A-Z][A-Z0-9_]{0,40}_\d{1,6}\]/g;
const HANDLE_DOMAIN = "tollgate.handle.v1";

/** The label of a type: `credit_card` -> `CREDIT_CARD`. */
export function handleLabel(type: string): string {
  const label = type
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return /^[A-Z]/.test(label) ? label.slice(0, 40) : `VALUE${label ? `_${label}` : ""}`.slice(0, 40);
}

const KIND_OF_TYPE: Record<string, ValueKind> = {
  email: "email",
  iban: "iban",
  phone: "phone",
  credit_card: "account",
  url: "url",
};

/** The normal form of a redacted value, so `Dana@X.example` and `dana@x.example` share a handle. */
export function normaliseRedacted(type: string, value: string): string {
  const kind = KIND_OF_TYPE[type] ?? "pii";
  return normaliseValue(kind, value) ?? value.trim();
}

/** The keyed hash an entry is found by: the thread's derived salt, so it is no easier to test than provenance. */
export function handleHash(type: string, value: string, derivedSalt: string): string {
  return hashValue(`${type}\u0000${normaliseRedacted(type, value)}`, derivedSalt, HANDLE_DOMAIN);
}

// ---------------------------------------------------------------------------------------------------------------
// Sealing (node:crypto's AES-256-GCM and HKDF: nothing hand-written)
// ---------------------------------------------------------------------------------------------------------------

const sealKeys = new Map<string, Buffer>();

function sealKey(secret: string): Buffer {
  let key = sealKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, HANDLE_DOMAIN, "tollgate handles aes-256-gcm", 32));
    if (sealKeys.size > 64) sealKeys.clear();
    sealKeys.set(secret, key);
  }
  return key;
}

function associatedData(threadSalt: string, handle: string, h: string): Buffer {
  return Buffer.from(`${HANDLE_DOMAIN}\u0000${threadSalt}\u0000${handle}\u0000${h}`);
}

export function sealValue(
  value: string,
  secret: string,
  threadSalt: string,
  handle: string,
  h: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(secret), iv);
  cipher.setAAD(associatedData(threadSalt, handle, h));
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed value, or undefined when the key is wrong or the entry was moved or changed. */
export function openValue(
  sealed: string,
  secret: string,
  threadSalt: string,
  handle: string,
  h: string,
): string | undefined {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    if (bytes.length < 28) return undefined;
    const decipher = createDecipheriv("aes-256-gcm", sealKey(secret), bytes.subarray(0, 12));
    decipher.setAAD(associatedData(threadSalt, handle, h));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

export function isHandleEntry(value: unknown): value is HandleEntry {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Partial<HandleEntry>;
  return (
    typeof e.handle === "string" &&
    /^\[[A-Z][A-Z0-9_]*_\d+\]$/.test(e.handle) &&
    typeof e.type === "string" &&
    typeof e.h === "string" &&
    (e.sealed === undefined || typeof e.sealed === "string") &&
    (e.clear === undefined || typeof e.clear === "string")
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Putting handles in a redacted result, and values back in arguments
// ---------------------------------------------------------------------------------------------------------------

/** Gives the handle of a value (an existing one, or a new one it records). */
export type HandleFor = (type: string, value: string) => string;

function pointerGet(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let node = root;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function pointerSet(root: unknown, pointer: string, value: string): void {
  const keys = pointer
    .slice(1)
    .split("/")
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  const last = keys.pop();
  const parent = pointerGet(root, keys.length ? `/${keys.join("/")}` : "");
  if (last !== undefined && typeof parent === "object" && parent !== null)
    (parent as Record<string, unknown>)[last] = value;
}

const PLACEHOLDER = /\[REDACTED:([a-z0-9_.-]{1,64})\]/g;

/** Redaction spans of one string: overlapping findings were redacted as one span, the earliest-starting. */
function redactedSpans(findings: readonly Finding[]): Map<string, Finding[]> {
  const byPath = new Map<string, Finding[]>();
  for (const f of findings) {
    if (f.action !== "redact" || f.start === undefined || f.end === undefined) continue;
    const list = byPath.get(f.path) ?? [];
    list.push(f);
    byPath.set(f.path, list);
  }
  for (const [path, list] of byPath) {
    list.sort((a, b) => (a.start as number) - (b.start as number) || (b.end as number) - (a.end as number));
    const merged: Finding[] = [];
    for (const f of list) {
      const prev = merged.at(-1);
      if (prev && (f.start as number) < (prev.end as number)) continue;
      merged.push(f);
    }
    byPath.set(path, merged);
  }
  return byPath;
}

/**
 * The redacted result with its `[REDACTED:<type>]` placeholders replaced by handles, for findings of `HANDLE_KINDS`
 * whose values `raw` holds at their offsets. A string whose placeholders do not line up with its findings is left
 * as it is. Returns `redacted` itself when nothing changed.
 */
export function putHandles(
  raw: CallToolResult,
  redacted: CallToolResult,
  findings: readonly Finding[],
  handleFor: HandleFor,
): CallToolResult {
  let copy: CallToolResult | undefined;
  for (const [path, spans] of redactedSpans(findings)) {
    const source = pointerGet(raw, path);
    const target = pointerGet(copy ?? redacted, path);
    if (typeof source !== "string" || typeof target !== "string") continue;
    const placeholders = [...target.matchAll(PLACEHOLDER)];
    const lined =
      placeholders.length === spans.length && placeholders.every((p, i) => p[1] === spans[i]!.type);
    if (!lined || !spans.some((s) => HANDLE_KINDS.has(s.kind))) continue;
    let i = 0;
    const next = target.replace(PLACEHOLDER, (whole) => {
      const span = spans[i++]!;
      if (!HANDLE_KINDS.has(span.kind)) return whole;
      const value = source.slice(span.start, span.end);
      return value.trim() === "" ? whole : handleFor(span.type, value);
    });
    if (next === target) continue;
    copy ??= structuredClone(redacted);
    pointerSet(copy, path, next);
  }
  return copy ?? redacted;
}

/** Looks up the value of a handle of this thread (undefined: unknown here, or its value is not available). */
export type ValueLookup = (handle: string) => string | undefined;

function restoreValue(value: JsonValue, lookup: ValueLookup, restored: Map<string, string>): JsonValue {
  if (typeof value === "string") {
    if (!value.includes("[")) return value;
    return value.replace(HANDLE_PATTERN, (handle) => {
      const found = lookup(handle);
      if (found === undefined) return handle;
      restored.set(found, handle);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((item) => restoreValue(item, lookup, restored));
  if (value !== null && typeof value === "object") {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) out[key] = restoreValue(item, lookup, restored);
    return out;
  }
  return value;
}

/**
 * The arguments with every known handle replaced by its value, and the values put back (value -> handle). An
 * unknown handle is left as it is (see docs/handles.md). Returns `args` itself when there was nothing to put back.
 */
export function restoreHandles(
  args: JsonObject,
  lookup: ValueLookup,
): { args: JsonObject; restored: Map<string, string> } {
  const restored = new Map<string, string>();
  const out = restoreValue(args, lookup, restored) as JsonObject;
  return { args: restored.size > 0 ? out : args, restored };
}

/** `text` with every value that was put back replaced by its handle again (what the model may read). */
export function maskRestored(text: string, restored: ReadonlyMap<string, string> | undefined): string {
  if (!restored || restored.size === 0) return text;
  let out = text;
  // Longest first, so a value that contains another is replaced whole.
  for (const [value, handle] of [...restored].sort((a, b) => b[0].length - a[0].length)) {
    if (value.length > 0) out = out.split(value).join(handle);
  }
  return out;
}

/** `maskRestored` over every string of a JSON value. */
export function maskRestoredJson<T extends JsonValue>(
  value: T,
  restored: ReadonlyMap<string, string> | undefined,
): T {
  if (!restored || restored.size === 0) return value;
  if (typeof value === "string") return maskRestored(value, restored) as T;
  if (Array.isArray(value)) return value.map((v) => maskRestoredJson(v, restored)) as T;
  if (value !== null && typeof value === "object") {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = maskRestoredJson(v, restored);
    return out as T;
  }
  return value;
}
