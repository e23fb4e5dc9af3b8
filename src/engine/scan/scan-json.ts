import { escapePointerToken } from "../../errors.js";
import { inspectJson, leafBound, noteSizeChange, OWN } from "../../shared/inspect-json.js";
import type { Finding } from "../../shared/types.js";
import { recordsOnly } from "../../shared/vocabulary.js";
import { isEpochLike, keyNamesPii } from "../detectors/pii/number-context.js";
import type { TextDetector, TextMatch } from "../types.js";
import { containsAny } from "./contains-any.js";
import { absorbOmitted, CappedFindings, scratchFor } from "./findings-cap.js";
import {
  CONTAINER,
  isCheckedNumber,
  KNOWN,
  type Members,
  MIN_CHECKED_NUMBER,
  type Screening,
  screenJson,
} from "./json-screen.js";
import { jsonStringPositions, rawOffsets } from "./json-string-positions.js";
import { type ScanPlan, scanString, withScreenedMatches } from "./string-scanner.js";

/** Defines an own data property; plain assignment would treat a `__proto__` key from JSON as the prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Looks like a JSON document (object or array), worth keeping valid after a rewrite. */
export function looksLikeJson(text: string): boolean {
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

/** A string that is a JSON object or array document (what a tool returns as "JSON text"). */
export function isJsonDocument(text: string): boolean {
  return looksLikeJson(text) && tryParse(text).ok;
}

// JSON text nested in a string is parsed here, outside the limits the result as a whole was checked against.
const EMBEDDED_LIMITS = { maxDepth: 64, maxArrayItems: Number.POSITIVE_INFINITY };
// `\u0040` is "@" to the model but not to a detector reading the raw text; `\/` likewise hides URLs.
const HIDING_ESCAPE = /\\(?:u[0-9a-fA-F]{4}|\/)/;
// A JSON number long enough to be checked (see MIN_CHECKED_NUMBER): read by its key, as the leaf walk does, it can
// be a value (`"ssn": 536224187`) that the raw text does not show as one.
const LONG_NUMBER = /\d{7}/;

function parseEmbedded(text: string): { ok: true; value: unknown } | { ok: false } {
  const parsed = tryParse(text);
  return parsed.ok && inspectJson(parsed.value, EMBEDDED_LIMITS) === undefined ? parsed : { ok: false };
}

/**
 * Rewrites JSON text leaf by leaf; its findings point at the string, with offsets into the text where the finding
 * is a span of a string value (json-string-positions.ts maps the decoded leaf's offsets through its escapes). A
 * finding on a key or a number keeps none: a key's path names its redacted form, a number's text is re-spelled.
 */
function scanEmbeddedJson(
  text: string,
  value: unknown,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
): string {
  const mark = findings.length;
  const rewritten = scanJson(value, path, plan, findings);
  if (findings.length > mark) placeInText(text, path, findings, mark);
  return rewritten === value ? text : JSON.stringify(rewritten, null, text.includes("\n") ? 2 : undefined);
}

/** Re-points `findings[mark..]` (made on the leaves of the JSON text `text` at `path`) at the text itself. */
function placeInText(text: string, path: string, findings: Finding[], mark: number): void {
  const positions = jsonStringPositions(text);
  // Per leaf, every offset its findings name, mapped in one walk over the leaf's raw string.
  const wanted = new Map<string, number[]>();
  for (let i = mark; i < findings.length; i++) {
    const f = findings[i]!;
    const raw = positions?.get(f.path.slice(path.length));
    if (raw === undefined || f.start === undefined || f.end === undefined || !f.path.startsWith(path))
      continue;
    const list = wanted.get(f.path);
    if (list === undefined) wanted.set(f.path, [f.start, f.end]);
    else list.push(f.start, f.end);
  }
  const mapped = new Map<string, Map<number, number>>();
  for (const [leaf, offsets] of wanted) {
    const sorted = [...new Set(offsets)].sort((a, b) => a - b);
    const raw = rawOffsets(text, positions!.get(leaf.slice(path.length))!, sorted);
    mapped.set(leaf, new Map(sorted.map((offset, k) => [offset, raw[k]!])));
  }
  for (let i = mark; i < findings.length; i++) {
    const { start, end, ...rest } = findings[i]!;
    const leaf = mapped.get(rest.path);
    findings[i] =
      leaf !== undefined && start !== undefined && end !== undefined
        ? { ...rest, path, start: leaf.get(start)!, end: leaf.get(end)! }
        : { ...rest, path };
  }
}

/**
 * Scans a string leaf. Findings point into the original string. When the string holds a JSON document, it stays
 * valid JSON: if a raw-text rewrite would break it (a span crossed a quote, say), or if JSON escapes could hide a
 * value from the raw-text scan, the document is scanned and rewritten leaf by leaf instead. `extra` are matches
 * found elsewhere (a value split across text blocks) that must be cut from this string too.
 */
/**
 * Appends findings made on a text the check derived from the tool's (a rewrite read once more), without their
 * offsets, which point into that derived text; a flag the first reading already made for the rule and field is
 * the same finding again.
 */
export function appendWithoutOffsets(findings: Finding[], again: readonly Finding[], from = 0): void {
  // The first reading's flags, by rule and path: `from` is where its findings start (they are appended in order).
  let flagged: Set<string> | undefined;
  for (const f of again) {
    if (f.action === "flag") {
      if (flagged === undefined) {
        flagged = new Set();
        for (let i = from; i < findings.length; i++) {
          const g = findings[i]!;
          if (g.action === "flag") flagged.add(`${g.ruleId}\u0000${g.path}`);
        }
      }
      if (flagged.has(`${f.ruleId}\u0000${f.path}`)) continue;
    }
    const { start: _start, end: _end, ...where } = f;
    findings.push(where);
  }
  absorbOmitted(findings, again);
}

/**
 * Short strings a plan's scan left clean (no finding, nothing rewritten), per plan: leaf strings under undefined, and
 * `key: value` readings under their key (so a lookup hashes the key and the value, which JSON.parse's strings cache,
 * and never builds the joined string). A JSON result repeats its keys in every record and many of its values (tags,
 * states, enums): a string already read clean is clean again, since a scan depends only on the string and the plan
 * (its detectors, decisions and redaction). Bounded in string length and count, cleared when full.
 */
const cleanStrings = new WeakMap<ScanPlan, Map<string | undefined, Set<string>>>();
const MEMO_MAX_LENGTH = 256;
const MEMO_MAX_SIZE = 16_384;
// The last plan's memo, without the WeakMap lookup (a check walks one plan over every string).
let memoPlan: ScanPlan | undefined;
let memo: Map<string | undefined, Set<string>> | undefined;
let memoSize = 0;

function memoOf(plan: ScanPlan): Map<string | undefined, Set<string>> | undefined {
  if (plan !== memoPlan) {
    memoPlan = plan;
    memo = cleanStrings.get(plan);
    memoSize = 0;
    if (memo !== undefined) for (const set of memo.values()) memoSize += set.size;
  }
  return memo;
}

/** The plan of the screening of the value being walked (json-screen.ts), its containers and members
 * (Screening.members), and its readings' verdicts. */
let screenedPlan: ScanPlan | undefined;
let screenedMembers: Members | undefined;
let screenedClean: Uint8Array | undefined;

/** Whether `text`, read after `key` (undefined: alone), is known clean under `plan`. */
function knownClean(plan: ScanPlan, key: string | undefined, text: string): boolean {
  return text.length + (key?.length ?? 0) <= MEMO_MAX_LENGTH && memoOf(plan)?.get(key)?.has(text) === true;
}

/** Remembers `text` (after `key`) as clean when its scan added no finding and counted none past a cap. */
function rememberIfClean(
  plan: ScanPlan,
  key: string | undefined,
  text: string,
  findings: Finding[],
  mark: number,
): void {
  if (text.length + (key?.length ?? 0) > MEMO_MAX_LENGTH || findings.length !== mark) return;
  // Past the cap a finding is counted, not stored: the length alone would not show it.
  if (findings instanceof CappedFindings && mark >= findings.cap) return;
  rememberClean(plan, key, text);
}

function rememberClean(plan: ScanPlan, key: string | undefined, text: string): void {
  let map = memoOf(plan);
  if (map === undefined) {
    map = new Map();
    cleanStrings.set(plan, map);
    memo = map;
  }
  if (memoSize >= MEMO_MAX_SIZE) {
    // A cache: a string it dropped is read again, clean again (a screened walk reads its screening's verdicts).
    map.clear();
    memoSize = 0;
  }
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  if (!set.has(text)) {
    set.add(text);
    memoSize++;
  }
}

/**
 * Remembers the strings a screening found clean (the next results repeat keys, tags and states, and a result checked
 * twice reads nothing again). `known` are the strings the screening found in the memo: a memo too full for both is
 * cleared first and they are written back. The walk reads the screening's verdicts in its members
 * (Screening.members), not here.
 */
function rememberScreened(plan: ScanPlan, screening: Screening): void {
  const { keys, values } = screening.readings;
  const { isClean, known } = screening;
  let clean = 0;
  for (let i = 0; i < isClean.length; i++) clean += isClean[i]!;
  if (memoSize + clean + known.length > MEMO_MAX_SIZE) {
    memoOf(plan)?.clear();
    memoSize = 0;
    for (const { key, value } of known) rememberShort(plan, key, value);
  }
  for (let i = 0; i < isClean.length; i++) if (isClean[i] === 1) rememberShort(plan, keys[i], values[i]!);
}

/** `rememberClean` of a string short enough for the memo. */
function rememberShort(plan: ScanPlan, key: string | undefined, value: string): void {
  if (value.length + (key?.length ?? 0) <= MEMO_MAX_LENGTH) rememberClean(plan, key, value);
}

export function scanStringLeaf(
  text: string,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
  extra?: readonly TextMatch[],
): string {
  if (extra === undefined && knownClean(plan, undefined, text)) return text;
  const jsonLike = looksLikeJson(text);
  // Long numbers read after their key (`"card": 4111...`, which the raw text does not show as a value): their
  // matches, with offsets into the text, join the raw scan's, so every finding keeps its offsets; a rewrite that
  // breaks the JSON (a number becomes a placeholder) is redone leaf by leaf below, where it becomes a string.
  let numberMatches: TextMatch[] | undefined;
  if (jsonLike && extra === undefined) {
    if (HIDING_ESCAPE.test(text)) {
      const parsed = parseEmbedded(text);
      if (parsed.ok) {
        const first = findings.length;
        const out = scanEmbeddedJson(text, parsed.value, path, plan, findings);
        // With its hiding escapes gone, the next check reads `out` as raw text, where values meet their neighbours
        // (a key renamed after a collision, a number beside it): settle it now, so a second check changes nothing.
        if (out === text || HIDING_ESCAPE.test(out)) return out;
        const again = scratchFor(findings);
        const settled = scanStringLeaf(out, path, plan, again);
        appendWithoutOffsets(findings, again, first);
        return settled;
      }
    }
    if (LONG_NUMBER.test(text)) numberMatches = keyedNumberMatches(text, path, plan);
  }
  const mark = findings.length;
  // The values the raw rewrite removes (every one, stored as a finding or past the cap), when it may be replaced.
  const removedValues = jsonLike ? new Set<string>() : undefined;
  const scan = scanString(text, path, plan, findings, extra ?? numberMatches, removedValues);
  if (!scan.changed && extra === undefined && !jsonLike)
    rememberIfClean(plan, undefined, text, findings, mark);
  if (!scan.changed || !jsonLike) return scan.text;
  if (tryParse(scan.text).ok) return scan.text;
  const original = parseEmbedded(text);
  if (!original.ok) return scan.text;
  const leafFindings = scratchFor(findings);
  const rewritten = scanEmbeddedJson(text, original.value, path, plan, leafFindings);
  // Every value the raw rewrite removed must be gone from the leaf-by-leaf rewrite too; when one is not (a value
  // spanning JSON punctuation, a part of a value split across blocks), the raw rewrite is returned: not applying a
  // recorded redaction would be worse than invalid JSON. All values are looked for in one pass over the rewrite.
  if (containsAny(rewritten, removedValues!)) return scan.text;
  // The raw-text findings stand (their offsets are exact); a leaf-level finding they do not account for (a number,
  // a value behind an escape) is added, so nothing the rewrite did goes unrecorded and no block is lost.
  const unmatched = new Map<string, number>();
  for (let i = mark; i < findings.length; i++) {
    const key = `${findings[i]!.ruleId}\u0000${findings[i]!.action}`;
    unmatched.set(key, (unmatched.get(key) ?? 0) + 1);
  }
  for (const f of leafFindings) {
    const key = `${f.ruleId}\u0000${f.action}`;
    const left = unmatched.get(key) ?? 0;
    if (left > 0) unmatched.set(key, left - 1);
    else findings.push(f);
  }
  // Past a cap both lists count rather than store: the raw reading's counts stand for the leaf reading's.
  return rewritten;
}

// The PII detectors of each detector list: the digit types (cards, SSNs, phone numbers) a number can be. A secret
// rule read on `password: 12345678` would find what the same digits as a string leaf (read without its key) do not.
const piiDetectors = new WeakMap<readonly TextDetector[], readonly TextDetector[]>();

// The same without the phone detector, for numbers that read as Unix times (see numberPlan).
const piiDetectorsButPhone = new WeakMap<readonly TextDetector[], readonly TextDetector[]>();

/**
 * The plan numbers are read with: the PII detectors only, no sanitizer; undefined when there are none. A ten- or
 * thirteen-digit JSON number in the range of Unix times is a time unless its key names a PII type: phone numbers
 * are written as strings (`+`, leading zeros, separators), so it is not read as one.
 */
function numberPlan(plan: ScanPlan, digits: string, key: string | undefined): ScanPlan | undefined {
  const epoch = isEpochLike(digits) && (key === undefined || !keyNamesPii(key));
  const cache = epoch ? piiDetectorsButPhone : piiDetectors;
  let detectors = cache.get(plan.detectors);
  if (detectors === undefined) {
    detectors = plan.detectors.filter((d) => d.kind === "pii" && !(epoch && d.id === "pii.phone"));
    cache.set(plan.detectors, detectors);
  }
  if (detectors.length === 0) return undefined;
  return { sanitizers: [], stripSanitized: false, detectors, decide: plan.decide, redaction: plan.redaction };
}

/**
 * A JSON number reaches the model as its decimal text (a card number stored as a number is still a card number). The
 * text is checked like a string, read after its key (`ssn: 536224187`) because detectors that need a context word
 * find it there, as the model does; only matches on the digits count. When a rewrite applies, the number becomes
 * the rewritten string, so JSON stays valid and the value is gone.
 */
function scanNumber(
  value: number,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
  key: string | undefined,
): unknown {
  if (!isCheckedNumber(value)) return value;
  const rewritten = scanDigits(String(value), path, plan, findings, key);
  return rewritten === undefined ? value : rewritten;
}

/** Checks a number's decimal text; returns its rewrite, or undefined when nothing rewrites it. */
function scanDigits(
  digits: string,
  path: string,
  fullPlan: ScanPlan,
  findings: Finding[],
  key: string | undefined,
): string | undefined {
  const plan = numberPlan(fullPlan, digits.replace(/^-/, ""), key);
  if (plan === undefined) return undefined;
  if (key !== undefined) {
    const prefix = `${key}: `;
    const found: Finding[] = [];
    const scan = scanString(prefix + digits, path, plan, found);
    // A key that was itself rewritten is checked on its own; the digits are then read alone, below.
    if (!scan.changed || scan.text.startsWith(prefix)) {
      for (const f of found) {
        if (f.start === undefined || f.start < prefix.length) continue;
        findings.push({ ...f, start: f.start - prefix.length, end: f.end! - prefix.length });
      }
      const rest = scan.changed ? scan.text.slice(prefix.length) : digits;
      return rest === digits ? undefined : rest;
    }
  }
  const scan = scanString(digits, path, plan, findings);
  return scan.changed ? scan.text : undefined;
}

// A long integer in JSON text (digits only: anchoring on them keeps the search fast on pretty-printed JSON); what
// precedes it is read by hand.
const NUMBER_TOKEN = /(?<![\w."-])-?\d{7,}(?![\d.eE"\w])/g;

/**
 * Whether offset `at` of a JSON text lies inside a string (between a quote and its closing quote, escapes read), asked
 * at offsets that never decrease: one forward pass over the text in all. A text that is no well-formed JSON is read
 * the same way (quotes pair in order).
 */
function stringTracker(text: string): (at: number) => boolean {
  let i = 0;
  let inside = false;
  return (at) => {
    for (; i < at; i++) {
      const code = text.charCodeAt(i);
      if (inside && code === 92)
        i++; // a backslash escapes the next character
      else if (code === 34) inside = !inside;
    }
    return inside;
  };
}

/** The key of the object member whose value starts at `at`; "" for an array item; undefined when not a value. */
function memberKey(text: string, at: number): string | undefined {
  let i = at - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) i--;
  if (text[i] === "," || text[i] === "[") return "";
  if (text[i] !== ":") return undefined;
  i--;
  while (i >= 0 && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) i--;
  if (text[i] !== '"') return undefined;
  const end = i;
  // Back to the opening quote of the key (an escaped quote inside it is preceded by a backslash).
  for (i--; i >= 0 && end - i <= 200; i--)
    if (text[i] === '"' && text[i - 1] !== "\\") return text.slice(i + 1, end);
  return undefined;
}

/**
 * The long integers of JSON text, as the leaf walk would read them (after their key), without parsing the
 * document: their matches, with offsets into the text.
 */
function keyedNumberMatches(text: string, path: string, plan: ScanPlan): TextMatch[] {
  const matches: TextMatch[] = [];
  const inString = stringTracker(text);
  NUMBER_TOKEN.lastIndex = 0;
  for (let m = NUMBER_TOKEN.exec(text); m !== null; m = NUMBER_TOKEN.exec(text)) {
    const digits = m[0];
    // Digits inside a string value ("1248311 requests, 2147483648 bytes") are the string's, read by the raw scan in
    // their words' context: after `, ` they would pass for an array item read alone.
    if (inString(m.index)) continue;
    const key = memberKey(text, m.index);
    if (key === undefined || Math.abs(Number(digits)) < MIN_CHECKED_NUMBER) continue;
    const at = m.index;
    const found: Finding[] = [];
    scanDigits(digits, path, plan, found, key === "" ? undefined : key);
    for (const f of found)
      if (f.start !== undefined && f.end !== undefined)
        matches.push({ kind: f.kind, type: f.type, ruleId: f.ruleId, start: f.start + at, end: f.end + at });
  }
  return matches;
}

/**
 * A string member read after its key (`password: ...`), as the model reads the serialised object: detectors that need
 * a context word (an AWS secret access key under `secret_access_key`, a credential assignment, bare SSN digits under
 * `ssn`) find it there, as they do in the same object written as JSON text. Matches inside the key are the key's own
 * scan's; when a rewrite reaches into the key, the value is read alone.
 */
function scanKeyedString(
  value: string,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
  key: string,
): string {
  if (looksLikeJson(value)) return scanStringLeaf(value, path, plan, findings);
  if (knownClean(plan, key, value)) return value;
  const prefix = `${key}: `;
  const found = scratchFor(findings);
  const scan = scanString(prefix + value, path, plan, found);
  if (!scan.changed) rememberIfClean(plan, key, value, found, 0);
  if (scan.changed && !scan.text.startsWith(prefix)) {
    // The value is read alone, but a block or flag the keyed reading made on it stands: a decision is never lost
    // to another match's rewrite (the rewrites themselves are redone on the value alone).
    for (const f of found)
      if ((f.action === "block" || recordsOnly(f.action)) && f.end !== undefined && f.end > prefix.length)
        findings.push({ ...f, start: Math.max(0, f.start! - prefix.length), end: f.end - prefix.length });
    return scanStringLeaf(value, path, plan, findings);
  }
  for (const f of found) {
    if (f.start === undefined) findings.push(f);
    else if (f.end! > prefix.length)
      findings.push({ ...f, start: Math.max(0, f.start - prefix.length), end: f.end! - prefix.length });
  }
  absorbOmitted(findings, found);
  return scan.changed ? scan.text.slice(prefix.length) : value;
}

/**
 * Walks a JSON value (already checked for depth, cycles and types), scanning every string leaf, every object key
 * and every integer long enough to be an identifier (by its decimal text). Copy-on-write: unchanged subtrees are
 * returned as the same objects, so a clean result allocates nothing. The strings of an object or array are screened
 * first, all in one pass (json-screen.ts): the walk skips those found clean, and scans the others one by one.
 */
export function scanJson(value: unknown, path: string, plan: ScanPlan, findings: Finding[]): unknown {
  if (value === null || typeof value !== "object") return walkJson(value, path, plan, findings);
  // The walk sums what its rewrites change of the value's jsonSizeBound (a JSON text inside it is walked by a
  // scanJson of its own, whose sum is its own), so the size check after the scan reads nothing under the value.
  const outerChange = sizeChange;
  sizeChange = 0;
  try {
    const out = screenAndWalk(value, path, plan, findings);
    if (out !== value && typeof out === "object" && out !== null) noteSizeChange(value, out, sizeChange);
    return out;
  } finally {
    sizeChange = outerChange;
  }
}

/**
 * What the walk's rewrites have changed of the value's jsonSizeBound so far: each leaf replaced adds its new bound
 * less its old, each key renamed its change of length (inspect-json.ts's sums).
 */
let sizeChange = 0;

/** `scanJson` of an object or array. */
function screenAndWalk(value: object, path: string, plan: ScanPlan, findings: Finding[]): unknown {
  const screening = screenJson(value, plan, (key, text) => knownClean(plan, key, text));
  if (screening === undefined) return walkJson(value, path, plan, findings);
  // A JSON text inside the value is walked (and screened) on its own; the outer screening is restored after it.
  const outerPlan = screenedPlan;
  const outerMembers = screenedMembers;
  const outerClean = screenedClean;
  // What the screening found clean is remembered, as a scan's clean strings are: the next results repeat keys, tags
  // and states (and a result checked twice reads nothing again).
  rememberScreened(plan, screening);
  screenedPlan = plan;
  screenedMembers = screening.members;
  screenedClean = screening.isClean;
  try {
    // The root is the screening's container 0.
    if (screening.members.dirty[0] === 0) return value;
    return withScreenedMatches(plan, screening.matches, () => walkJson(value, path, plan, findings, 0));
  } finally {
    screenedPlan = outerPlan;
    screenedMembers = outerMembers;
    screenedClean = outerClean;
  }
}

/**
 * Whether the walk reads nothing of `item` (a member read after `key`, or an array item with `key` undefined), so
 * needs no path for it: null, a boolean, an absent member, a short number, a string known clean (by its `slot` in
 * the screening's members, else by the memo), a container the screening found clean (which the walk would return as
 * it is). `slot`: the item's in the screening's members, or SCANNED (-1) outside a screened container.
 */
function nothingToRead(plan: ScanPlan, key: string | undefined, item: unknown, slot: number): boolean {
  if (item === null || item === undefined || typeof item === "boolean") return true;
  if (typeof item === "number") return !isCheckedNumber(item);
  if (slot === KNOWN) return true;
  // A string the screening read: its verdict (the memo is asked where it could answer: by the collection before the
  // screening read the string, and by the scan itself, scanStringLeaf and scanKeyedString, after it).
  if (slot >= 0) return screenedClean![slot] === 1;
  if (typeof item === "string") return knownClean(plan, key, item);
  return slot <= CONTAINER && screenedMembers!.dirty[CONTAINER - slot] === 0;
}

/**
 * `container`: the value's index among the screening's containers (Screening.members), or -1 when it is none (no
 * screening, or a value the screening did not collect): its members' verdicts are read there.
 */
function walkJson(
  value: unknown,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
  container = -1,
): unknown {
  if (typeof value === "string") return scanStringLeaf(value, path, plan, findings);
  if (typeof value === "number") return scanNumber(value, path, plan, findings, undefined);
  if (value === null || typeof value !== "object") return value;
  const base = container >= 0 ? screenedMembers!.start[container]! : -1;
  const slots = container >= 0 ? screenedMembers!.slots : undefined;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const slot = slots === undefined ? -1 : slots[base + i]!;
      // Nothing to read, so no path to build: a short number, a string read clean before, a clean container.
      if (nothingToRead(plan, undefined, item, slot)) continue;
      const next = walkJson(item, `${path}/${i}`, plan, findings, slot <= CONTAINER ? CONTAINER - slot : -1);
      if (next !== item) {
        // A container's walk summed its own changes.
        if (typeof item !== "object" || item === null) sizeChange += leafBound(next) - leafBound(item);
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  const obj = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  // Per member (by its place), its key's rewrite where it has one.
  let newKeys: string[] | undefined;
  let i = -1;
  // Own keys in Object.keys' order (the screening's slots'), without building their array (OWN).
  for (const key in obj) {
    if (!OWN.call(obj, key)) continue;
    i++;
    // Keys reach the model too (structuredContent is serialised into the ToolMessage), so they are scanned.
    const mark = findings.length;
    const keySlot = slots === undefined ? -1 : slots[base + 2 * i]!;
    const newKey =
      keySlot === KNOWN || (keySlot >= 0 && screenedClean![keySlot] === 1)
        ? key
        : scanStringLeaf(key, path, plan, findings);
    if (newKey !== key) {
      newKeys ??= [];
      newKeys[i] = newKey;
    }
    // A path naming a key that held a finding would copy the sensitive value into the audit log: name the key
    // by its redacted form instead (or a fixed token when the policy only flags it).
    const keyFindings = findings.length > mark;
    const item = obj[key];
    const slot = slots === undefined ? -1 : slots[base + 2 * i + 1]!;
    const skip = nothingToRead(plan, key, item, slot);
    // The member's path is built only when something needs it (most members of a clean record do not).
    if (skip && !keyFindings) continue;
    const token = !keyFindings ? key : newKey !== key ? newKey : "[REDACTED:key]";
    const childPath = `${path}/${escapePointerToken(token)}`;
    for (let f = mark; f < findings.length; f++) findings[f] = { ...findings[f]!, path: childPath };
    if (skip) continue;
    const next =
      typeof item === "number"
        ? scanNumber(item, childPath, plan, findings, key)
        : typeof item === "string"
          ? scanKeyedString(item, childPath, plan, findings, key)
          : walkJson(item, childPath, plan, findings, slot <= CONTAINER ? CONTAINER - slot : -1);
    if (next !== item) {
      if (typeof item !== "object" || item === null) sizeChange += leafBound(next) - leafBound(item);
      copy ??= { ...obj };
      setOwn(copy, key, next);
    }
  }
  return newKeys === undefined ? (copy ?? obj) : withKeysRewritten(obj, copy ?? obj, newKeys);
}

/**
 * The object with its members' keys rewritten (`newKeys[i]` for the i-th own key, where a key held a finding), in
 * the original order, holding `source`'s values (the walk's copy when a value changed too).
 */
function withKeysRewritten(
  obj: Record<string, unknown>,
  source: Record<string, unknown>,
  newKeys: string[],
): Record<string, unknown> {
  const keys = Object.keys(obj);
  const rebuilt: Record<string, unknown> = {};
  // Two keys redacted to the same placeholder must not overwrite each other: the second becomes `key#2`, and so on.
  // The next suffix to try is kept per key, so n keys sharing one placeholder cost O(n) probes, not O(n^2); a
  // suffix another key already holds is skipped (each probe moves the suffix on for good).
  const nextSuffix = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) {
    let key = newKeys[i] ?? keys[i]!;
    if (Object.hasOwn(rebuilt, key)) {
      let n = nextSuffix.get(key) ?? 2;
      while (Object.hasOwn(rebuilt, `${key}#${n}`)) n++;
      nextSuffix.set(key, n + 1);
      key = `${key}#${n}`;
    }
    sizeChange += 6 * (key.length - keys[i]!.length);
    setOwn(rebuilt, key, source[keys[i]!]);
  }
  return rebuilt;
}
