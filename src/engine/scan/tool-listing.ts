import { escapePointerToken } from "../../errors.js";
import type { Finding, ToolDescriptor } from "../../policy/types.js";
import { assertSchemaDepth } from "../schema-validator.js";
import { scanStringLeaf } from "./scan-json.js";
import type { ScanPlan } from "./string-scanner.js";

const REMOVED = "[REMOVED: instructions aimed at the model]";

/**
 * JSON Schema keywords whose strings are structure the tool call depends on (types, formats, patterns, references,
 * required property names), not prose: rewriting them would break the call. Property names (keys) are kept for
 * the same reason. Everything else that is a string (descriptions, titles, enum, const, default, examples, at any
 * depth) reaches the model's tool definitions and is cleaned.
 */
const STRUCTURAL = new Set([
  "type",
  "format",
  "pattern",
  "$ref",
  "$dynamicRef",
  "$schema",
  "$id",
  "$anchor",
  "required",
  "dependentRequired",
  "contentEncoding",
  "contentMediaType",
]);

export interface ListingCheck {
  /** The listing to show the model, or undefined when an injection was found and the setting drops the tool. */
  tool: ToolDescriptor | undefined;
  findings: Finding[];
}

/**
 * The description treatment, applied to every string of a tool listing the model receives: PII and secrets are
 * redacted, and where instructions aimed at the model begin, the rest of the string is cut (a planted block runs on
 * for sentences after the phrase a detector matches; nothing after that point is trustworthy). With `drop`, any
 * injection anywhere drops the tool instead. `plan` is the output plan with injections redacted. A field nested
 * deeper than MAX_SCHEMA_DEPTH throws SchemaTooDeepError before the (recursive) cleaning walks it.
 */
export function checkToolListing(tool: ToolDescriptor, plan: ScanPlan, drop: boolean): ListingCheck {
  const findings: Finding[] = [];
  const fields = tool as unknown as Record<string, unknown>;
  for (const key of ["annotations", "inputSchema", "outputSchema"]) {
    assertSchemaDepth(fields[key], `/${key}`, `listing of tool ${JSON.stringify(String(tool.name))}`);
  }
  let next: Record<string, unknown> | undefined;
  for (const key of ["title", "description", "annotations", "inputSchema", "outputSchema"]) {
    const value = fields[key];
    if (value === undefined) continue;
    const cleaned =
      key === "inputSchema" || key === "outputSchema"
        ? cleanSchema(value, `/${key}`, plan, findings)
        : cleanValue(value, `/${key}`, plan, findings);
    if (cleaned !== value) {
      next ??= { ...fields };
      next[key] = cleaned;
    }
  }
  if (drop && findings.some((f) => f.kind === "injection")) {
    return { tool: undefined, findings: findings.map((f) => ({ ...f, action: "block" as const })) };
  }
  return { tool: next === undefined ? tool : (next as unknown as ToolDescriptor), findings };
}

/** One string, as a description: redacted, and cut where an injection begins. */
function cleanText(text: string, path: string, plan: ScanPlan, findings: Finding[]): string {
  const mark = findings.length;
  const scanned = scanStringLeaf(text, path, plan, findings);
  let cut: number | undefined;
  for (let i = mark; i < findings.length; i++) {
    const f = findings[i]!;
    // Inside JSON text a finding has no offset: nothing in the string is then trustworthy.
    if (f.kind === "injection") cut = Math.min(cut ?? Number.POSITIVE_INFINITY, f.start ?? 0);
  }
  if (cut === undefined) return scanned;
  const kept = scanStringLeaf(text.slice(0, cut), path, plan, []);
  return `${kept.trimEnd()} ${REMOVED}`.trimStart();
}

/** Any JSON value of a listing outside the schemas (annotations): every string, keys kept. */
function cleanValue(value: unknown, path: string, plan: ScanPlan, findings: Finding[]): unknown {
  if (typeof value === "string") return cleanText(value, path, plan, findings);
  if (value === null || typeof value !== "object") return value;
  return mapChildren(value, path, (child, childPath) => cleanValue(child, childPath, plan, findings));
}

/** A schema: every string but structural keywords, at any depth; keys kept. */
function cleanSchema(value: unknown, path: string, plan: ScanPlan, findings: Finding[]): unknown {
  if (typeof value === "string") return cleanText(value, path, plan, findings);
  if (value === null || typeof value !== "object") return value;
  return mapChildren(value, path, (child, childPath, key) =>
    key !== undefined && STRUCTURAL.has(key) ? child : cleanSchema(child, childPath, plan, findings),
  );
}

/** Copy-on-write map over an array's items or an object's values. `key` is the object key, if any. */
function mapChildren(
  value: object,
  path: string,
  map: (child: unknown, childPath: string, key: string | undefined) => unknown,
): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = map(value[i], `${path}/${i}`, undefined);
      if (next !== value[i]) {
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  const obj = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(obj)) {
    const next = map(obj[key], `${path}/${escapePointerToken(key)}`, key);
    if (next !== obj[key]) {
      copy ??= { ...obj };
      // An own data property: plain assignment would treat a `__proto__` key as the prototype.
      Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy ?? obj;
}
