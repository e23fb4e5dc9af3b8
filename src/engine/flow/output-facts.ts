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
import { attachRecords, objectsOf, pointersOf } from "./intent-facts.js";

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
 * Output facts objects `computeOutputFacts` made in this process: well formed by construction (no code of this
 * package changes facts after they are made), so a reader that validates facts from a checkpoint or the wire need
 * not read these (reading `values` is what computes them).
 */
const MADE_HERE = new WeakSet<object>();

/** Whether `computeOutputFacts` made `facts` in this process (then they are well formed). */
export function isComputedOutputFacts(facts: unknown): boolean {
  return typeof facts === "object" && facts !== null && MADE_HERE.has(facts);
}

/** What the facts' values are computed from, taken when the check runs: strings only, which nothing can change. */
interface ValueSources {
  texts: string[];
  /** Each finding's value in the raw result, with the kind it is hashed as. */
  found: { kind: ValueKind; raw: string }[];
  salt: string;
  /** Intent binding on and the source untrusted: the records are computed with the values. */
  withRecords: boolean;
}

/** The facts' values (and records), from the sources `computeOutputFacts` took. */
function valuesOf(sources: ValueSources): { values: ValueFact[]; records?: string[][] } {
  const { facts: values, hashes, seen } = valueFactsOf(sources.texts, sources.salt, { side: "tool" });
  // The findings' hashes that are not among the text's facts (a finding's value is most often one of them).
  const added = new Set<string>();
  for (const { kind, raw } of sources.found) {
    const norm = normaliseValue(kind, raw);
    // A normal form the text's facts hashed is among them already.
    if (norm === undefined || hashes.has(norm)) continue;
    const h = hashValue(norm, sources.salt);
    if (!seen.has(h) && !added.has(h) && values.length < 2 * MAX_VALUES_PER_TEXT) {
      added.add(h);
      values.push({ kind, h });
    }
  }
  if (!sources.withRecords) return { values };
  return { values, records: attachRecords(sources.texts, values, sources.salt) };
}

/**
 * Defines `key` on `facts` as an enumerable property computed when first read (then a plain data property holding
 * that value; assigning it sets a plain value too). `value` must give the same value every time it is called. JSON, a structured clone, a spread and every reader see the
 * value as if it had been set, in the property's place among the keys.
 */
function lazyProperty<K extends "values" | "records" | "objects">(
  facts: ToolOutputFacts,
  key: K,
  value: () => ToolOutputFacts[K],
): void {
  const settle = (v: ToolOutputFacts[K]) => {
    Object.defineProperty(facts, key, { value: v, enumerable: true, writable: true, configurable: true });
  };
  Object.defineProperty(facts, key, {
    enumerable: true,
    configurable: true,
    get() {
      const v = value();
      // A frozen object keeps the accessor (`value` gives the same value again).
      if (!Object.isFrozen(facts)) settle(v);
      return v;
    },
    set: settle,
  });
}

/**
 * Findings that make a result an injected one (for `flow.after_injection` and intent binding) although no injection
 * detector read its words as an instruction: a result that forged a conversation turn (`Human:` / `Assistant:`,
 * ChatML) or hid text from the person at the terminal did so to speak to the model. The sanitizer strips the markers
 * and the hidden text; what is left may still carry the instruction in words the detectors miss.
 */
const INJECTED_BY_FORM: ReadonlySet<string> = new Set(["markup.chat_template", "control.concealed_text"]);

/**
 * The facts of one raw result. The values (the result's text hashed window by window, its findings' values; with
 * intent binding, its records) are computed when first read, from strings taken now: only a sink call's flow step,
 * a checkpoint or the wire reads them, and a step whose facts nobody reads does not pay for them. Everything else is
 * set now.
 */
export function computeOutputFacts(input: OutputFactsInput): ToolOutputFacts {
  const injection = new Set<string>();
  const found: { kind: ValueKind; raw: string }[] = [];
  const leaves = new Map<string, unknown>();
  for (const finding of input.findings) {
    if (finding.kind === "injection" || INJECTED_BY_FORM.has(finding.ruleId)) injection.add(finding.ruleId);
    const kind = kindOfFinding(finding);
    const raw = kind === undefined ? undefined : findingValue(input.result, finding, leaves);
    if (raw !== undefined && kind !== undefined) found.push({ kind, raw });
  }
  const facts = { server: input.serverName, tool: input.toolName || input.connectorType } as ToolOutputFacts;
  const trusted = input.trustedSources.length > 0 && matchesConnector(input, input.trustedSources);
  const sources: ValueSources = {
    texts: resultTexts(input.result),
    found,
    salt: input.salt,
    withRecords: input.intent !== undefined && !trusted,
  };
  let computed: ReturnType<typeof valuesOf> | undefined;
  const compute = () => {
    computed ??= valuesOf(sources);
    return computed;
  };
  lazyProperty(facts, "values", () => compute().values);
  facts.injection = [...injection];
  if (input.toolCallId !== undefined) facts.toolCallId = input.toolCallId;
  if (trusted) facts.trusted = true;
  // The records that begin with an id, for designated-object.ts (an untrusted output's only; computed when read).
  else lazyProperty(facts, "objects", () => objectsOf(sources.texts, input.salt));
  if (input.intent && !trusted) {
    facts.pointers = pointersOf(input.intent.args, input.salt);
    lazyProperty(facts, "records", () => compute().records ?? []);
  }
  MADE_HERE.add(facts);
  return facts;
}
