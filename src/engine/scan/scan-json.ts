import { escapePointerToken } from "../../errors.js";
import type { Finding } from "../../policy/types.js";
import { type ScanPlan, scanString } from "./string-scanner.js";

/** Defines an own data property; plain assignment would treat a `__proto__` key from JSON as the prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Looks like a JSON document (object or array), worth keeping valid after a rewrite. */
function looksLikeJson(text: string): boolean {
  let i = 0;
  while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t"))
    i++;
  const c = text[i];
  return c === "{" || c === "[";
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Scans a string leaf. Findings always point into the original string. When the string holds a JSON document and
 * a rewrite would break it (a span crossed a quote, say), the document is rewritten leaf by leaf instead, so
 * JSON stays valid JSON.
 */
export function scanStringLeaf(text: string, path: string, plan: ScanPlan, findings: Finding[]): string {
  const scan = scanString(text, path, plan, findings);
  if (!scan.changed || !looksLikeJson(text)) return scan.text;
  if (tryParse(scan.text).ok) return scan.text;
  const original = tryParse(text);
  if (!original.ok) return scan.text;
  // Leaf-level findings would repeat the raw-text ones: collect them aside and drop them.
  const rewritten = scanJson(original.value, path, plan, []);
  return JSON.stringify(rewritten, null, text.includes("\n") ? 2 : undefined);
}

/**
 * Walks a JSON value (already checked for depth, cycles and types), scanning every string leaf and every object
 * key. Copy-on-write: unchanged subtrees are returned as the same objects, so a clean result allocates nothing.
 */
export function scanJson(value: unknown, path: string, plan: ScanPlan, findings: Finding[]): unknown {
  if (typeof value === "string") return scanStringLeaf(value, path, plan, findings);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (item === null || (typeof item !== "object" && typeof item !== "string")) continue;
      const next = scanJson(item, `${path}/${i}`, plan, findings);
      if (next !== item) {
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  const obj = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  let keysChanged = false;
  const keys = Object.keys(obj);
  const newKeys: string[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const childPath = `${path}/${escapePointerToken(key)}`;
    // Keys reach the model too (structuredContent is serialised into the ToolMessage), so they are scanned.
    const newKey = scanStringLeaf(key, childPath, plan, findings);
    newKeys[i] = newKey;
    if (newKey !== key) keysChanged = true;
    const item = obj[key];
    if (item === null || (typeof item !== "object" && typeof item !== "string")) continue;
    const next = scanJson(item, childPath, plan, findings);
    if (next !== item) {
      copy ??= { ...obj };
      setOwn(copy, key, next);
    }
  }
  if (!keysChanged) return copy ?? obj;
  const source = copy ?? obj;
  const rebuilt: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    let key = newKeys[i]!;
    // Two keys redacted to the same placeholder must not overwrite each other.
    if (Object.hasOwn(rebuilt, key)) {
      let n = 2;
      while (Object.hasOwn(rebuilt, `${key}#${n}`)) n++;
      key = `${key}#${n}`;
    }
    setOwn(rebuilt, key, source[keys[i]!]);
  }
  return rebuilt;
}
