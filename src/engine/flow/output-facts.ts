/**
 * The provenance facts of one tool result, computed by the output check from the RAW result (before any cut or
 * redaction, so a value the guard removed still counts as tool-supplied) and returned on the decision. Only hashes
 * leave this module; the install keeps them with the thread.
 */

import {
  hashValue,
  MAX_VALUES_PER_TEXT,
  normaliseValue,
  stringLeaves,
  type ToolOutputFacts,
  type ValueFact,
  type ValueKind,
  valueFactsOf,
} from "../../shared/provenance.js";
import type { CallToolResult, Finding } from "../../shared/types.js";
import { type ConnectorTarget, matchesConnector } from "../glob.js";
import { attachRecords, pointersOf } from "./intent-facts.js";

/** The texts of a result the model reads: text blocks, resources' text and URIs, structured content and _meta. */
export function resultTexts(result: CallToolResult): string[] {
  const texts: string[] = [];
  for (const block of result.content ?? []) {
    const b = block as {
      type?: string;
      text?: unknown;
      uri?: unknown;
      resource?: { text?: unknown; uri?: unknown };
    };
    if (typeof b.text === "string") texts.push(b.text);
    if (typeof b.uri === "string") texts.push(b.uri);
    if (typeof b.resource?.text === "string") texts.push(b.resource.text);
    if (typeof b.resource?.uri === "string") texts.push(b.resource.uri);
  }
  if (result.structuredContent !== undefined) stringLeaves(result.structuredContent, texts);
  return texts;
}

/**
 * The string a finding points at in the raw result (a JSON Pointer, then the UTF-16 span). `leaves`: the strings
 * already found by pointer (the findings of one result share a few).
 */
function findingValue(
  result: unknown,
  finding: Finding,
  leaves: Map<string, unknown> = new Map(),
): string | undefined {
  if (finding.start === undefined || finding.end === undefined) return undefined;
  let value = leaves.get(finding.path);
  if (value === undefined && !leaves.has(finding.path)) {
    value = leafAt(result, finding.path);
    leaves.set(finding.path, value);
  }
  return typeof value === "string" ? value.slice(finding.start, finding.end) : undefined;
}

/** The value at a JSON Pointer, or undefined. */
function leafAt(result: unknown, pointer: string): unknown {
  let value: unknown = result;
  for (const step of pointer.split("/").slice(1)) {
    const key = step.replace(/~1/gu, "/").replace(/~0/gu, "~");
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** How a detector's finding is spelled for hashing: as the extractor spells the same value. */
export function kindOfFinding(finding: Pick<Finding, "kind" | "type">): ValueKind | undefined {
  if (finding.kind === "secret") return "secret";
  if (finding.kind !== "pii") return undefined;
  if (finding.type === "email") return "email";
  if (finding.type === "iban") return "iban";
  if (finding.type.startsWith("phone")) return "phone";
  if (/card|account|ssn|routing|passport|tax|national/u.test(finding.type)) return "account";
  return "pii";
}

export interface OutputFactsInput extends ConnectorTarget {
  toolCallId?: string;
  /** The raw result, before any cut or redaction. */
  result: CallToolResult;
  /** The output check's findings (their spans point into the raw result). */
  findings: readonly Finding[];
  salt: string;
  trustedSources: readonly string[];
  /** Intent binding on: also what the call's arguments pointed at, and the records of its result. */
  intent?: { args: unknown };
}

/**
 * The facts of what a raw result says, before its findings are known: a pure function of the result and the salt,
 * so the output check may compute it while it waits for the worker (`computeOutputFacts` takes it then).
 */
export function resultValueFacts(result: CallToolResult, salt: string): ValueFact[] {
  const { facts, hashes } = valueFactsOf(resultTexts(result), salt, { side: "tool" });
  HASHES.set(facts, hashes);
  return facts;
}

/**
 * The hashes `resultValueFacts` made, by normal form, for as long as its facts live: a finding's value is most often
 * one of them (the same e-mail address or phone number), and its hash is then looked up, not computed again.
 */
const HASHES = new WeakMap<readonly ValueFact[], ReadonlyMap<string, string>>();

/** `textFacts`: `resultValueFacts(input.result, input.salt)` when already computed (it is not changed). */
export function computeOutputFacts(
  input: OutputFactsInput,
  textFacts?: readonly ValueFact[],
): ToolOutputFacts {
  const texts = resultTexts(input.result);
  const made = textFacts === undefined ? valueFactsOf(texts, input.salt, { side: "tool" }) : undefined;
  const values: ValueFact[] = made ? made.facts : [...textFacts!];
  const hashes = made ? made.hashes : textFacts && HASHES.get(textFacts);
  const seen = new Set(values.map((v) => v.h));
  const injection = new Set<string>();
  const leaves = new Map<string, unknown>();
  // A value found twice hashes the same: each (kind, value) is hashed once.
  const hashed = new Set<string>();
  for (const finding of input.findings) {
    if (finding.kind === "injection") injection.add(finding.ruleId);
    const kind = kindOfFinding(finding);
    const raw = kind === undefined ? undefined : findingValue(input.result, finding, leaves);
    if (raw === undefined || kind === undefined || hashed.has(`${kind}\u0000${raw}`)) continue;
    hashed.add(`${kind}\u0000${raw}`);
    const norm = normaliseValue(kind, raw);
    if (norm === undefined) continue;
    const h = hashes?.get(norm) ?? hashValue(norm, input.salt);
    if (!seen.has(h) && values.length < 2 * MAX_VALUES_PER_TEXT) {
      seen.add(h);
      values.push({ kind, h });
    }
  }
  const facts: ToolOutputFacts = {
    server: input.serverName,
    tool: input.toolName || input.connectorType,
    values,
    injection: [...injection],
  };
  if (input.toolCallId !== undefined) facts.toolCallId = input.toolCallId;
  if (input.trustedSources.length > 0 && matchesConnector(input, input.trustedSources)) facts.trusted = true;
  if (input.intent && !facts.trusted) {
    facts.pointers = pointersOf(input.intent.args, input.salt);
    facts.records = attachRecords(texts, values, input.salt);
  }
  return facts;
}
