import type { Finding } from "../../shared/types.js";
import type { FindingAction, FindingKind } from "../../shared/vocabulary.js";
import { boundCut, CutIndex } from "../detectors/injection/cut-bounds.js";
import { instructionSpan } from "../detectors/injection/instruction-span.js";
import { KeywordPrefilter, triggersOf } from "../rules/keyword-prefilter.js";
import { detectsRuns, MatchRuns, RangeList } from "../sanitizer/match-runs.js";
import type { MatchSink, TextDetector, TextMatch } from "../types.js";
import { CappedFindings } from "./findings-cap.js";
import { MatchColumns, type MatchLabel, RewriteColumns } from "./match-columns.js";
import { type NormalisedView, normalisedView } from "./normalised-view.js";
import { OffsetMap, TextBuilder } from "./offset-map.js";
import { type RedactionSettings, type Replacement, replacementOf } from "./redaction.js";
import { stringFeatures } from "./string-features.js";

/** What the policy says to do with one match. */
export type MatchAction =
  | { do: "ignore" }
  | { do: "flag"; as: Extract<FindingAction, "flag" | "warn" | "review"> }
  | { do: "strip" }
  | { do: "replace"; strategy: Replacement }
  /** Cut the whole sentence or line an instruction sits in (the injection family's `neutralise`). */
  | { do: "neutralise" }
  | { do: "block" };

export interface ScanPlan {
  /** Control and markup detectors; run first so later detectors see text without invisible characters. */
  sanitizers: readonly TextDetector[];
  /** Whether sanitizer matches are removed before content detection (strip modes). */
  stripSanitized: boolean;
  /** PII, secret, injection and hazard detectors. */
  detectors: readonly TextDetector[];
  decide(match: TextMatch): MatchAction;
  /**
   * Whether `decide`'s answer depends on a match's kind, type and rule id alone (the policy's decisions do), so the
   * scanner asks once per distinct label of a string instead of once per match.
   */
  decidesByLabel?: boolean;
  redaction: RedactionSettings;
  /** The detector of `detectors` that a worker thread can run in its place (the built-in injection detector). */
  offloadable?: TextDetector;
  /**
   * The built-in detectors of `detectors` that read the strings of a JSON value joined into one text (json-screen.ts:
   * `JOINABLE_DETECTORS`); absent: each string is read alone.
   */
  joinable?: readonly TextDetector[];
  /**
   * Built-in detectors of `detectors` that are not joinable but whose records name literals (`keywords`: at least
   * one occurs, exact case, in every text they match); json-screen.ts finds the literals in the joined text and
   * reads a string with such a detector only when one occurs in it.
   */
  screenLiterals?: ReadonlyMap<TextDetector, readonly string[]>;
  /**
   * Matches of `detectors` already found on some original strings (in detector order, as `runDetectors` gives
   * them), computed before the scan so a worker thread could take part. Set on a per-check copy of the plan.
   */
  precomputed?: ReadonlyMap<string, MatchColumns>;
}

export interface StringScan {
  text: string;
  changed: boolean;
}

/**
 * Which of two overlapping REWRITING matches names the replacement of the region they cover together (higher wins): a
 * secret inside a URL beats the URL's e-mail-looking userinfo, etc. It never decides whether a match counts: every
 * match is decided first, and blocks and flags are kept whatever they overlap.
 */
const PRIORITY: Record<FindingKind, number> = {
  secret: 5,
  pii: 4,
  injection: 3,
  hazard: 2,
  markup: 1,
  control: 0,
  schema: 0,
  capability: 0,
  limit: 0,
  flow: 0,
};

const PRIORITY_LEVELS = 6;

/** How a rewrite rewrites (RewriteColumns' action code): strip, or replace with one of the strategies. */
const STRIP = 0;
const REWRITE_STRATEGIES: readonly (Replacement | undefined)[] = [
  undefined,
  "placeholder",
  "mask",
  "hash",
  "instruction",
];
const REWRITE_CODE: Record<Replacement, number> = { placeholder: 1, mask: 2, hash: 3, instruction: 4 };
const CUT_INSTRUCTION = REWRITE_CODE.instruction;

function rewriteCode(action: Extract<MatchAction, { do: "strip" } | { do: "replace" }>): number {
  return action.do === "strip" ? STRIP : REWRITE_CODE[action.strategy];
}

function toFinding(m: TextMatch, path: string, map: OffsetMap, action: Finding["action"]): Finding {
  return {
    kind: m.kind,
    type: m.type,
    path,
    start: map.toOriginal(m.start),
    end: map.endToOriginal(m.end),
    ruleId: m.ruleId,
    action,
  };
}

/** The finding of match `i` of `found`; a match moved from the original text keeps its original offsets. */
function findingAt(
  found: MatchColumns,
  i: number,
  path: string,
  map: OffsetMap,
  action: Finding["action"],
): Finding {
  const { kind, type, ruleId } = found.label(i);
  const moved = found.isMoved(i);
  return {
    kind,
    type,
    path,
    start: moved ? found.originalStart(i) : map.toOriginal(found.start(i)),
    end: moved ? found.originalEnd(i) : map.endToOriginal(found.end(i)),
    ruleId,
    action,
  };
}

/** Whether `findings` stores a finding with this action; when it does not (a capped list is full), it is counted. */
function stores(findings: Finding[], ruleId: string, action: Finding["action"]): boolean {
  if (!(findings instanceof CappedFindings) || findings.accepts(action)) return true;
  findings.omit(ruleId);
  return false;
}

/** A finding's action as a byte (decideAll records one per match); 0 = the match records nothing. */
const NOT_RECORDED = 0;
const ACTIONS: readonly (Finding["action"] | undefined)[] = [
  undefined,
  "strip",
  "redact",
  "block",
  "flag",
  "warn",
  "review",
];
const ACTION_CODE = Object.fromEntries(
  ACTIONS.map((a, i) => [a, i]).filter(([a]) => a !== undefined),
) as Record<Extract<Finding["action"], "strip" | "redact" | "block" | "flag" | "warn" | "review">, number>;

/** Findings whose values the rewrite removes. */
function rewritesValue(action: Finding["action"]): boolean {
  return action === "strip" || action === "redact";
}

/**
 * Stripping can glue a value to its neighbour (an escape sequence whose final byte is a key's first letter leaves
 * "0AKIA..."), so a detector that wants a word boundary misses it. When anything was stripped, the detectors also
 * read the original text, and what they find there is moved onto the stripped text.
 */
function addMovedFromOriginal(
  found: MatchColumns,
  detectors: readonly TextDetector[],
  text: string,
  map: OffsetMap,
  features: number,
  precomputed: MatchColumns | undefined,
): void {
  let source = precomputed;
  if (source === undefined) {
    source = new MatchColumns();
    runDetectorsInto(detectors, text, features, source);
  }
  addAllMoved(
    found,
    source,
    map,
    (offset) => offset,
    (offset) => offset,
  );
}

/**
 * Adds every match of `from` (offsets of some text, which `toOriginal` / `endToOriginal` take to the original text)
 * to `found`, moved onto the working text.
 */
function addAllMoved(
  found: MatchColumns,
  from: MatchColumns,
  map: OffsetMap,
  toOriginal: (offset: number) => number,
  endToOriginal: (offset: number) => number,
): void {
  const labels = from.labels.map((l) => found.labelOf(l.kind, l.type, l.ruleId));
  for (let i = 0; i < from.size; i++)
    addMoved(found, labels[from.labelIndex(i)]!, toOriginal(from.start(i)), endToOriginal(from.end(i)), map);
}

/** Adds a match made on the original text at `[start, end)`, moved onto the (possibly stripped) working text. */
function addMoved(found: MatchColumns, label: number, start: number, end: number, map: OffsetMap): void {
  if (map === OffsetMap.identity) {
    found.add(label, start, end);
    return;
  }
  const movedStart = map.toStripped(start);
  const movedEnd = map.toStripped(end);
  if (movedEnd > movedStart) found.addMoved(label, movedStart, movedEnd, start, end, false);
  // A match that lies wholly inside stripped text (an instruction spelled in Unicode tag characters, which the
  // sanitizer removes) is gone from what the model reads, but it is still a finding: a policy that blocks
  // injections blocks it, and the audit names it as what it was, not only as invisible characters.
  else if (end > start) found.addMoved(label, movedStart, movedStart, start, end, true);
}

/**
 * How far around each place the normalised view differs from the original text the detectors read it. Elsewhere
 * the view is the original, whose matches are already found; the longest values the detectors know fit.
 */
const VIEW_WINDOW = 4096;

/** Adds the matches on the normalised view (around its changes), found in original offsets, moved as above. */
function addViewMatches(
  found: MatchColumns,
  detectors: readonly TextDetector[],
  view: NormalisedView,
  map: OffsetMap,
): void {
  const text = view.text;
  const regions: [number, number][] = [];
  for (const at of view.changes) {
    const from = Math.max(0, at - VIEW_WINDOW);
    const to = Math.min(text.length, at + VIEW_WINDOW);
    const last = regions[regions.length - 1];
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else regions.push([from, to]);
  }
  for (const [from, to] of regions) {
    const slice = from === 0 && to === text.length ? text : text.slice(from, to);
    const matches = new MatchColumns();
    runDetectorsInto(detectors, slice, stringFeatures(slice), matches);
    const labels = matches.labels.map((l) => found.labelOf(l.kind, l.type, l.ruleId));
    for (let i = 0; i < matches.size; i++) {
      const [start, end] = view.toOriginal(matches.start(i) + from, matches.end(i) + from);
      addMoved(found, labels[matches.labelIndex(i)]!, start, end, map);
    }
  }
}

/** A detector list's gates (`requires`, `minLength`) as flat arrays: read per string without touching the detectors. */
interface Gates {
  requires: Int32Array;
  minLength: Int32Array;
  /** 1 for a detector with literals (keywords, a derived literal or registered triggers: see keyword-prefilter.ts). */
  keyworded: Uint8Array;
  /** Undefined when no detector of the list has keywords. */
  prefilter: KeywordPrefilter | undefined;
  /** Scratch for the prefilter's answer, one byte per detector. */
  present: Uint8Array;
}

const gatesByList = new WeakMap<readonly TextDetector[], Gates>();

// A plan's two lists alternate (sanitizers, then content detectors): two slots answer without the WeakMap.
let slotA: readonly TextDetector[] | undefined;
let gatesA: Gates | undefined;
let slotB: readonly TextDetector[] | undefined;
let gatesB: Gates | undefined;

function gatesOf(detectors: readonly TextDetector[]): Gates {
  if (detectors === slotA) return gatesA!;
  if (detectors === slotB) return gatesB!;
  let gates = gatesByList.get(detectors);
  if (gates === undefined) {
    const n = detectors.length;
    // Keywords, a declared rule's derived literal, registered triggers (the injection lead words): one pass.
    const triggers = detectors.map(triggersOf);
    const prefilter = triggers.some((t) => t !== undefined) ? new KeywordPrefilter(triggers) : undefined;
    gates = {
      requires: new Int32Array(n),
      minLength: new Int32Array(n),
      keyworded: new Uint8Array(n),
      prefilter,
      present: new Uint8Array(n),
    };
    for (const i of prefilter?.gated ?? []) gates.keyworded[i] = 1;
    for (let i = 0; i < n; i++) {
      const d = detectors[i]!;
      // 0 = ungated: runs on every string, even one with no feature at all (only lower-case letters).
      gates.requires[i] = d.requires ?? 0;
      gates.minLength[i] = d.minLength ?? 0;
    }
    gatesByList.set(detectors, gates);
  }
  slotB = slotA;
  gatesB = gatesA;
  slotA = detectors;
  gatesA = gates;
  return gates;
}

const scratch: TextMatch[] = [];

/**
 * Runs the detectors whose gate `features` (of `text`, or of a string `text` was cut from: a superset) and the
 * length allow; the others cannot match.
 */
export function runDetectors(
  detectors: readonly TextDetector[],
  text: string,
  features: number = stringFeatures(text),
): TextMatch[] {
  scratch.length = 0;
  detectGated(detectors, text, features, undefined);
  return scratch.length === 0 ? [] : scratch.slice();
}

/**
 * `runDetectors` into typed columns, in the same order: a detector that streams writes into them directly, the
 * others into an array whose matches are moved over after each detector (no detector reads another's matches).
 */
export function runDetectorsInto(
  detectors: readonly TextDetector[],
  text: string,
  features: number,
  into: MatchColumns,
): void {
  scratch.length = 0;
  detectGated(detectors, text, features, into);
  scratch.length = 0;
}

function detectGated(
  detectors: readonly TextDetector[],
  text: string,
  features: number,
  into: MatchColumns | undefined,
): void {
  const { requires, minLength, keyworded, prefilter, present } = gatesOf(detectors);
  const length = text.length;
  // The keyword pass runs at most once per string, and only when a detector with keywords passed its other gates.
  let scanned = prefilter === undefined;
  for (let i = 0; i < detectors.length; i++) {
    const gate = requires[i]!;
    if ((gate !== 0 && (features & gate) === 0) || length < minLength[i]!) continue;
    if (keyworded[i] === 1) {
      if (!scanned) {
        prefilter!.scan(text, present, features);
        scanned = true;
      }
      if (present[i] === 0) continue;
    }
    const detector = detectors[i]!;
    if (into === undefined) detector.detect(text, scratch);
    else if (detector.streams === true) detector.detect(text, into as MatchSink as TextMatch[]);
    else {
      detector.detect(text, scratch);
      for (let k = 0; k < scratch.length; k++) into.push(scratch[k]!);
      scratch.length = 0;
    }
  }
}

const NO_RUNS = new MatchRuns();

/** Whether detector `i` of a list with `gates` can match a string of `length` with `features` (keywords aside). */
function passesGate(gates: Gates, i: number, features: number, length: number): boolean {
  const gate = gates.requires[i]!;
  return (gate === 0 || (features & gate) !== 0) && length >= gates.minLength[i]!;
}

/**
 * `runDetectors` for the sanitizers, into runs held in typed arrays (see MatchRuns), sorted by position: a detector
 * that can (the control-character detector) hands its spans over without an object each.
 */
function runSanitizers(detectors: readonly TextDetector[], text: string, features: number): MatchRuns {
  const gates = gatesOf(detectors);
  const length = text.length;
  // Most strings of a JSON result pass no sanitizer's gate: they share one empty (never written) list.
  let any = false;
  for (let i = 0; i < detectors.length && !any; i++) any = passesGate(gates, i, features, length);
  if (!any) return NO_RUNS;
  const runs = new MatchRuns();
  for (let i = 0; i < detectors.length; i++) {
    if (!passesGate(gates, i, features, length)) continue;
    const detector = detectors[i]!;
    if (detectsRuns(detector)) {
      detector.detectRuns(text, runs);
      continue;
    }
    // Keywords are only a prefilter: without them the detector finds nothing, so it is simply run.
    const found: TextMatch[] = [];
    detector.detect(text, found);
    for (const m of found) runs.push(m);
  }
  runs.sort();
  return runs;
}

/**
 * `runDetectors` with one detector left out, into columns: the matches of the detectors before it and after it, so
 * a caller that gets the missing detector's matches elsewhere can put them back in order.
 */
export function runDetectorsAround(
  detectors: readonly TextDetector[],
  skip: TextDetector,
  text: string,
): { before: MatchColumns; after: MatchColumns } {
  const features = stringFeatures(text);
  let split = splitLists.get(detectors);
  if (split === undefined || split.skip !== skip) {
    const at = detectors.indexOf(skip);
    split =
      at < 0
        ? { skip, before: detectors, after: [] }
        : { skip, before: detectors.slice(0, at), after: detectors.slice(at + 1) };
    splitLists.set(detectors, split);
  }
  const before = new MatchColumns();
  const after = new MatchColumns();
  runDetectorsInto(split.before, text, features, before);
  runDetectorsInto(split.after, text, features, after);
  return { before, after };
}

// Kept per list, so the gate arrays of the two halves are built once.
const splitLists = new WeakMap<
  readonly TextDetector[],
  { skip: TextDetector; before: readonly TextDetector[]; after: readonly TextDetector[] }
>();

/** Rounds of re-stripping after the first (each finds what the previous removal made); a bound, not a tuning. */
const MAX_STRIP_ROUNDS = 4;

/** Parts joined into one chunk at a time, so a text cut into a million pieces never holds a million strings. */
const JOIN_CHUNK = 4096;

/**
 * `text` without the union of `ranges` (original offsets; normalised here), and the map back. The kept pieces are
 * joined a chunk at a time: memory stays proportional to the text, whatever the number of ranges.
 */
function withoutRanges(text: string, ranges: RangeList): { working: string; map: OffsetMap } {
  ranges.normalise();
  const chunks: string[] = [];
  let parts: string[] = [];
  let cursor = 0;
  for (let i = 0; i < ranges.size; i++) {
    const start = ranges.startAt(i);
    const end = ranges.endAt(i);
    if (end <= cursor) continue;
    const from = Math.max(start, cursor);
    if (from > cursor) {
      parts.push(text.slice(cursor, from));
      if (parts.length === JOIN_CHUNK) {
        chunks.push(parts.join(""));
        parts = [];
      }
    }
    cursor = end;
  }
  parts.push(text.slice(cursor));
  chunks.push(parts.join(""));
  // The ranges become the map (in place; `ranges` is left empty).
  return { working: chunks.join(""), map: OffsetMap.fromRanges(ranges) };
}

const LEADING_BOM: TextMatch = {
  kind: "control",
  type: "zero_width",
  start: 0,
  end: 1,
  ruleId: "control.zero_width",
};

/**
 * The first sanitizer pass over the original text: records its findings and returns the ranges to strip and the
 * blocks recorded; undefined when nothing is to be stripped.
 */
function sanitizeOriginal(
  text: string,
  path: string,
  plan: ScanPlan,
  features: number,
  findings: Finding[],
  removedValues: Set<string> | undefined,
): { removed: RangeList; blocked: Set<string> } | undefined {
  // Sanitizer spans are not reduced to a winner on overlap: an escape sequence that contains a chat-template
  // marker must go whole, so the removed region is the union of the overlapping spans.
  const sanitized = runSanitizers(plan.sanitizers, text, features);
  // A leading byte-order mark is harmless in a document, so the detector lets it be; but once the text is
  // wrapped or sits inside JSON it is no longer leading, and a second check would strip it. Stripping it now
  // keeps checking idempotent.
  const bom =
    plan.stripSanitized &&
    text.charCodeAt(0) === 0xfeff &&
    (sanitized.size === 0 || sanitized.at(0).start !== 0);
  if (sanitized.size === 0 && !bom) return undefined;
  const strip = plan.stripSanitized;
  const removed = new RangeList();
  // A block is not stripped, so every round below finds it again: it is recorded once (by rule and start).
  const blocked = new Set<string>();
  // A run of adjacent characters one rule strips (`\u200b\u200b\u200b`) is one finding spanning the run, and one
  // removed range: memory per stripped character stays constant.
  let runRule: string | undefined;
  let runEnd = -1;
  let runFinding: Finding | undefined;
  for (let i = bom ? -1 : 0; i < sanitized.size; i++) {
    const m = i < 0 ? LEADING_BOM : sanitized.at(i);
    const action = plan.decide(m);
    if (action.do === "ignore") continue;
    if (action.do === "block") {
      blocked.add(`${m.ruleId}\u0000${m.start}`);
      if (stores(findings, m.ruleId, "block")) findings.push(toFinding(m, path, OffsetMap.identity, "block"));
      continue;
    }
    if (!strip || action.do !== "strip") {
      runRule = undefined;
      if (stores(findings, m.ruleId, "flag")) findings.push(toFinding(m, path, OffsetMap.identity, "flag"));
      continue;
    }
    removedValues?.add(text.slice(m.start, m.end));
    removed.add(m.start, m.end);
    if (runRule === m.ruleId && runEnd === m.start) {
      runEnd = m.end;
      if (runFinding !== undefined) runFinding.end = m.end;
      continue;
    }
    runFinding = stores(findings, m.ruleId, "strip")
      ? toFinding(m, path, OffsetMap.identity, "strip")
      : undefined;
    if (runFinding !== undefined) findings.push(runFinding);
    runRule = m.ruleId;
    runEnd = m.end;
  }
  return removed.size === 0 ? undefined : { removed, blocked };
}

/**
 * The sanitizer pass: records sanitizer findings and, in strip modes, removes their spans (rounds included, see
 * below). Undefined when nothing was removed. Matches are held as runs (MatchRuns) and a TextMatch is made only for
 * the one being decided, so memory per stripped run is a few bytes, not an object.
 */
function sanitize(
  text: string,
  path: string,
  plan: ScanPlan,
  features: number,
  findings: Finding[],
  removedValues: Set<string> | undefined,
): { working: string; map: OffsetMap; remade: { working: string; map: OffsetMap } | undefined } | undefined {
  // The first pass's matches live only inside `sanitizeOriginal`: they are garbage before the stripped text is built.
  const first = sanitizeOriginal(text, path, plan, features, findings, removedValues);
  if (first === undefined) return undefined;
  const { blocked } = first;
  let { removed } = first;
  let { working, map } = withoutRanges(text, removed);
  const firstPass = { working, map };
  let remade: { working: string; map: OffsetMap } | undefined;
  // Stripping can make a marker: an escape sequence removed between a line break and a role word, a lone
  // surrogate removed after `system:`. Strip again until nothing new appears (bounded), so a second check of
  // what the model reads finds nothing the first left. Only new strips and blocks are recorded.
  for (let round = 0; round < MAX_STRIP_ROUNDS; round++) {
    const again = runSanitizers(plan.sanitizers, working, stringFeatures(working));
    let grew = false;
    for (let i = 0; i < again.size; i++) {
      const m = again.at(i);
      const action = plan.decide(m);
      if (action.do !== "strip" && action.do !== "block") continue;
      const start = map.toOriginal(m.start);
      const end = map.endToOriginal(m.end);
      if (action.do === "block") {
        const key = `${m.ruleId}\u0000${start}`;
        if (blocked.has(key)) continue;
        blocked.add(key);
        if (stores(findings, m.ruleId, "block")) findings.push(toFinding(m, path, map, "block"));
        continue;
      }
      if (stores(findings, m.ruleId, "strip")) findings.push(toFinding(m, path, map, "strip"));
      removedValues?.add(text.slice(start, end));
      if (!grew) removed = map.removedRanges(new RangeList()); // the map took the last list over
      removed.add(start, end);
      grew = true;
    }
    if (!grew) break;
    ({ working, map } = withoutRanges(text, removed));
    remade = firstPass;
  }
  return { working, map, remade };
}

/**
 * Scans one string: sanitizer pass (optionally stripping), then content detectors on the cleaned text, then one
 * rewrite. Findings are appended to `findings` with offsets into the ORIGINAL string. Returns the new text.
 */
export function scanString(
  text: string,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
  extra?: readonly TextMatch[],
  removedValues?: Set<string>,
): StringScan {
  if (text.length === 0) return { text, changed: false };
  let working = text;
  let map = OffsetMap.identity;
  // The text after the first strip, when later rounds stripped markers it made: the content detectors read it too,
  // so a turn marker stripped in a later round still tells them a turn was forged there.
  let remade: { working: string; map: OffsetMap } | undefined;
  // Stripping only removes characters, so the stripped text has a subset of these features and is no longer.
  const features = stringFeatures(text);

  if (plan.sanitizers.length > 0) {
    const stripped = sanitize(text, path, plan, features, findings, removedValues);
    if (stripped !== undefined) ({ working, map, remade } = stripped);
  }

  const found = collectMatches(text, working, map, remade, features, plan, extra);
  if (found.size === 0) return { text: working, changed: working !== text };
  const rewrites = decideAll(found, working, path, map, plan, findings, text, removedValues);
  if (rewrites.size === 0) return { text: working, changed: working !== text };
  return { text: applyRewrites(working, found, rewrites, plan), changed: true };
}

// The matches the screening of the JSON value being walked found (json-screen.ts), and the plan it read them for.
let screenedPlan: ScanPlan | undefined;
let screenedMatches: ReadonlyMap<string, MatchColumns> | undefined;

/**
 * Runs `walk` with `matches` standing for the plan's precomputed matches of their texts (as `ScanPlan.precomputed`,
 * without a copy of the plan: the walk's memo of clean strings is kept per plan object).
 */
export function withScreenedMatches<T>(
  plan: ScanPlan,
  matches: ReadonlyMap<string, MatchColumns>,
  walk: () => T,
): T {
  const outerPlan = screenedPlan;
  const outer = screenedMatches;
  screenedPlan = plan;
  screenedMatches = matches;
  try {
    return walk();
  } finally {
    screenedPlan = outerPlan;
    screenedMatches = outer;
  }
}

/**
 * Every match of the content detectors, as columns in working-text offsets (a match made elsewhere keeps its
 * original offsets): on the working text, on the original text when something was stripped, on the text after the
 * first strip when later rounds stripped more, on the normalised view, and the caller's `extra`. The plan's
 * precomputed matches of the text stand for the first (or second) of these; they are shared, so they are copied
 * before anything is added to them.
 */
function collectMatches(
  text: string,
  working: string,
  map: OffsetMap,
  remade: { working: string; map: OffsetMap } | undefined,
  features: number,
  plan: ScanPlan,
  extra: readonly TextMatch[] | undefined,
): MatchColumns {
  const precomputed =
    plan.precomputed?.get(text) ?? (plan === screenedPlan ? screenedMatches!.get(text) : undefined);
  let found: MatchColumns;
  if (precomputed !== undefined && working === text) found = precomputed;
  else {
    found = new MatchColumns();
    runDetectorsInto(plan.detectors, working, features, found);
  }
  if (map !== OffsetMap.identity)
    addMovedFromOriginal(found, plan.detectors, text, map, features, precomputed);
  if (remade !== undefined) {
    const again = new MatchColumns();
    runDetectorsInto(plan.detectors, remade.working, stringFeatures(remade.working), again);
    const back = remade.map;
    addAllMoved(
      found,
      again,
      map,
      (o) => back.toOriginal(o),
      (o) => back.endToOriginal(o),
    );
  }
  const view = normalisedView(text, map === OffsetMap.identity ? undefined : { working, map });
  if (found === precomputed && (view !== undefined || (extra !== undefined && extra.length > 0))) {
    found = new MatchColumns();
    found.append(precomputed);
  }
  if (view !== undefined) addViewMatches(found, plan.detectors, view, map);
  if (extra !== undefined)
    for (const m of extra) addMoved(found, found.labelOf(m.kind, m.type, m.ruleId), m.start, m.end, map);
  return found;
}

/**
 * A match's labels, read per match: its kind's priority and its rule's slot in `reach`, written into `priority` and
 * `rule` (at least `labels.length` long); returns how many rules. A slot is the rank of the rule's first label, found
 * by a look back over the labels for a few (a string's matches have one to a few labels), by a map for more.
 */
function labelTables(labels: readonly MatchLabel[], priority: Uint8Array, rule: Int32Array): number {
  const n = labels.length;
  if (n > FEW_LABELS) return labelTablesByMap(labels, priority, rule);
  let rules = 0;
  for (let l = 0; l < n; l++) {
    const { kind, ruleId } = labels[l]!;
    priority[l] = PRIORITY[kind];
    let slot = -1;
    for (let k = 0; k < l && slot < 0; k++) if (labels[k]!.ruleId === ruleId) slot = rule[k]!;
    rule[l] = slot < 0 ? rules++ : slot;
  }
  return rules;
}

/** Labels up to which labelTables looks back instead of building a map. */
const FEW_LABELS = 8;

function labelTablesByMap(labels: readonly MatchLabel[], priority: Uint8Array, rule: Int32Array): number {
  const slots = new Map<string, number>();
  for (let l = 0; l < labels.length; l++) {
    const { kind, ruleId } = labels[l]!;
    priority[l] = PRIORITY[kind];
    let slot = slots.get(ruleId);
    if (slot === undefined) {
      slot = slots.size;
      slots.set(ruleId, slot);
    }
    rule[l] = slot;
  }
  return slots.size;
}

/**
 * The arrays one decideAll works in, per match and per label, lent to each call: a JSON result decides thousands of
 * short strings, and a set of arrays each was most of a kept string's allocation. Each call fills what it reads
 * before reading it. A call made while another one is deciding (none is today: deciding calls only the policy's
 * `decide`) gets arrays of its own.
 */
class DecideScratch {
  order = new Int32Array(16);
  recordedAction = new Uint8Array(16);
  recordedRewrite = new Int32Array(16);
  priority = new Uint8Array(16);
  rule = new Int32Array(16);
  reach = new Int32Array(16);

  /** Arrays long enough for `matches` matches and `labels` labels (kept up to KEPT_DECIDE entries). */
  sizedFor(matches: number, labels: number): this {
    if (this.order.length < matches) {
      const size = Math.max(matches, this.order.length * 2);
      this.order = new Int32Array(size);
      this.recordedAction = new Uint8Array(size);
      this.recordedRewrite = new Int32Array(size);
    }
    if (this.priority.length < labels) {
      const size = Math.max(labels, this.priority.length * 2);
      this.priority = new Uint8Array(size);
      this.rule = new Int32Array(size);
      this.reach = new Int32Array(size);
    }
    return this;
  }

  get kept(): boolean {
    return this.order.length <= KEPT_DECIDE && this.priority.length <= KEPT_DECIDE;
  }
}

/** The most entries per array the lent scratch keeps after a call (64 K matches: under 1 MB in all). */
const KEPT_DECIDE = 1 << 16;
/**
 * The scratch decideAll lends (made at its first call: a module-level `new` would keep this module in bundles that
 * never decide), and whether a call is deciding with it now.
 */
let keptScratch: DecideScratch | undefined;
let deciding = false;

/**
 * Decides every match first (the policy's answer does not depend on what else matched), records a finding for each,
 * and returns those that rewrite text. A block or a flag is never lost to an overlapping match of another kind.
 * Two cases are one finding, not two: the same rule reporting overlapping spans twice (on the stripped and the
 * original text, say), and a rewrite whose span lies inside another rewrite that outranks it (a token matched by
 * its vendor rule and by the generic credential rule); the text is cut either way. Matches and rewrites stay in
 * columns: one object is made per stored finding, none per match.
 */
function decideAll(
  found: MatchColumns,
  text: string,
  path: string,
  map: OffsetMap,
  plan: ScanPlan,
  findings: Finding[],
  original: string,
  removedValues: Set<string> | undefined,
): RewriteColumns {
  const n = found.size;
  const lent = !deciding;
  if (lent && keptScratch === undefined) keptScratch = new DecideScratch();
  const scratch = (lent ? keptScratch! : new DecideScratch()).sizedFor(n, found.labels.length);
  deciding = true;
  try {
    const order = found.byPositionInto(scratch.order);
    const decisions = new Decisions(found, plan, text, n, scratch);
    for (let k = 0; k < n; k++) decisions.decide(k, order[k]!);
    recordFindings(
      found,
      order,
      n,
      decisions.recordedAction,
      decisions.recordedRewrite,
      decisions.rewrites,
      path,
      map,
      findings,
      original,
      removedValues,
    );
    return decisions.rewrites;
  } finally {
    if (lent) {
      deciding = false;
      if (!scratch.kept) keptScratch = undefined;
    }
  }
}

type Rewriting = Extract<MatchAction, { do: "strip" } | { do: "replace" } | { do: "neutralise" }>;

function isRewriting(action: MatchAction): action is Rewriting {
  return action.do === "strip" || action.do === "replace" || action.do === "neutralise";
}

/** The finding's action code of a match that records one and rewrites nothing: a flag's level, or a block. */
function flagOrBlockCode(action: MatchAction): number {
  return ACTION_CODE[action.do === "flag" ? action.as : "block"];
}

/**
 * decideAll's first pass, one match at a time in position order (`decide(k, i)`: match `i` of `found`, `k`-th by
 * position): what each match records and which rewrite it adds. Its state is per string, so it is a class (methods
 * on the prototype) rather than closures made per call.
 */
class Decisions {
  readonly rewrites = new RewriteColumns();
  /** By place in position order: the finding's action code (NOT_RECORDED: none). */
  readonly recordedAction: Uint8Array;
  /** By place in position order: the index of the match's rewrite in `rewrites` (-1: none). */
  readonly recordedRewrite: Int32Array;
  readonly #found: MatchColumns;
  readonly #text: string;
  readonly #answers: PolicyAnswers;
  readonly #priorityOf: Uint8Array;
  readonly #ruleOf: Int32Array;
  /** The furthest end reached by each rule so far: a later span of the same rule that starts before it is a repeat. */
  readonly #reach: Int32Array;
  /**
   * The furthest end of the reported rewrites so far, per kind priority. Sorted by start, every earlier rewrite
   * started at or before the current match, so it contains the match when it reaches its end; a container of equal
   * or higher priority (its span is at least as long) is not outranked by it. Constant work per match.
   */
  readonly #furthest = new Array<number>(PRIORITY_LEVELS).fill(-1);
  /** Built at the first neutralised match, shared by all: a cut's bounds then cost no walk over the text around it. */
  #cutIndex: CutIndex | undefined;

  /** `scratch` holds at least `n` matches and every label of `found` (DecideScratch.sizedFor); filled here. */
  constructor(found: MatchColumns, plan: ScanPlan, text: string, n: number, scratch: DecideScratch) {
    this.#found = found;
    this.#text = text;
    this.#answers = new PolicyAnswers(found, plan);
    this.recordedAction = scratch.recordedAction.fill(NOT_RECORDED, 0, n);
    this.recordedRewrite = scratch.recordedRewrite.fill(-1, 0, n);
    this.#priorityOf = scratch.priority;
    this.#ruleOf = scratch.rule;
    const rules = labelTables(found.labels, scratch.priority, scratch.rule);
    this.#reach = scratch.reach.fill(-1, 0, rules);
  }

  decide(k: number, i: number): void {
    const found = this.#found;
    const label = found.labelIndex(i);
    const action = this.#answers.actionOf(i, label);
    if (action.do === "ignore") return;
    const start = found.start(i);
    const end = found.end(i);
    const repeat = this.#repeats(label, start, end);
    if (found.isHidden(i)) {
      // Already removed with the stripped characters: only a rewrite's finding is recorded (as the strip it was).
      if (!repeat) this.recordedAction[k] = isRewriting(action) ? ACTION_CODE.strip : flagOrBlockCode(action);
    } else if (isRewriting(action)) this.#rewrite(k, i, label, start, end, action, repeat);
    else if (!repeat) this.recordedAction[k] = flagOrBlockCode(action);
  }

  /** Whether the rule of `label` reached past `start` already (this span repeats it); extends its reach to `end`. */
  #repeats(label: number, start: number, end: number): boolean {
    const slot = this.#ruleOf[label]!;
    const seen = this.#reach[slot]!;
    if (end > seen) this.#reach[slot] = end;
    return start < seen;
  }

  /** Adds the rewrite of match `i` (`k`-th by position) and records its finding (unless another one names it). */
  #rewrite(
    k: number,
    i: number,
    label: number,
    start: number,
    end: number,
    action: Rewriting,
    repeat: boolean,
  ): void {
    const neutralise = action.do === "neutralise";
    let cutStart = start;
    let cutEnd = end;
    if (neutralise) {
      const text = this.#text;
      this.#cutIndex ??= new CutIndex(text);
      const span = { start, end };
      ({ start: cutStart, end: cutEnd } = boundCut(text, span, instructionSpan(text, span), this.#cutIndex));
    }
    const priority = this.#priorityOf[label]!;
    // A repeat still takes part in the rewrite (its span may reach further), but is not a second finding.
    const subsumed = repeat || this.#contained(priority, end);
    this.#nameSameSpan(priority, start, end);
    const code = neutralise ? CUT_INSTRUCTION : rewriteCode(action);
    this.recordedRewrite[k] = this.rewrites.add(i, cutStart, cutEnd, code, subsumed);
    // A repeat is not reported, so it cannot stand in for what it contains. A neutralised sentence contains
    // what it cuts: a second phrase of the same instruction is one finding.
    const furthest = this.#furthest;
    if (!repeat && furthest[priority]! < cutEnd) furthest[priority] = cutEnd;
    // The audit's vocabulary has no `neutralise`: the matched words are redacted (with the rest of their sentence).
    this.recordedAction[k] = ACTION_CODE[action.do === "strip" ? "strip" : "redact"];
  }

  /** Whether a reported rewrite of `priority` or higher reaches `end` (so it contains a match ending there). */
  #contained(priority: number, end: number): boolean {
    for (let p = priority; p < PRIORITY_LEVELS; p++) if (this.#furthest[p]! >= end) return true;
    return false;
  }

  /** The same span reported just before by lower-ranked rules: the rewrite being added names it, they do not. */
  #nameSameSpan(priority: number, start: number, end: number): void {
    const found = this.#found;
    const rewrites = this.rewrites;
    for (let r = rewrites.size - 1; r >= 0; r--) {
      const o = rewrites.match(r);
      if (found.start(o) !== start || found.end(o) !== end) break;
      if (this.#priorityOf[found.labelIndex(o)]! < priority) rewrites.subsume(r);
    }
  }
}

/**
 * The policy's action for match `i` (of label `label`) of `found`: asked once per label when the plan allows it
 * (`decidesByLabel`), otherwise per match.
 */
class PolicyAnswers {
  readonly #found: MatchColumns;
  readonly #plan: ScanPlan;
  /** The match the policy is asked about, refilled per match (the policy reads it, never keeps it). */
  readonly #asked: TextMatch = { kind: "pii", type: "", start: 0, end: 0, ruleId: "" };
  readonly #byLabel: (MatchAction | undefined)[] | undefined;

  constructor(found: MatchColumns, plan: ScanPlan) {
    this.#found = found;
    this.#plan = plan;
    this.#byLabel = plan.decidesByLabel === true ? new Array(found.labels.length) : undefined;
  }

  actionOf(i: number, label: number): MatchAction {
    const byLabel = this.#byLabel;
    if (byLabel === undefined) return this.#ask(i, label);
    let action = byLabel[label];
    if (action === undefined) {
      action = this.#ask(i, label);
      byLabel[label] = action;
    }
    return action;
  }

  #ask(i: number, label: number): MatchAction {
    const found = this.#found;
    const asked = this.#asked;
    const { kind, type, ruleId } = found.labels[label]!;
    asked.kind = kind;
    asked.type = type;
    asked.start = found.start(i);
    asked.end = found.end(i);
    asked.ruleId = ruleId;
    return this.#plan.decide(asked);
  }
}

/** The second pass of decideAll: the findings of the matches it recorded, in position order. */
function recordFindings(
  found: MatchColumns,
  order: Int32Array,
  n: number,
  recordedAction: Uint8Array,
  recordedRewrite: Int32Array,
  rewrites: RewriteColumns,
  path: string,
  map: OffsetMap,
  findings: Finding[],
  original: string,
  removedValues: Set<string> | undefined,
): void {
  for (let k = 0; k < n; k++) {
    const code = recordedAction[k]!;
    if (code === NOT_RECORDED) continue;
    const r = recordedRewrite[k]!;
    if (r >= 0 && rewrites.subsumed(r)) continue;
    const i = order[k]!;
    const action = ACTIONS[code]!;
    const stored = stores(findings, found.label(i).ruleId, action);
    if (!stored && (removedValues === undefined || !rewritesValue(action))) continue;
    const finding = findingAt(found, i, path, map, action);
    if (stored) findings.push(finding);
    if (removedValues !== undefined && rewritesValue(action))
      removedValues.add(original.slice(finding.start, finding.end));
  }
}

/** True when rewrite `a` should name the replacement of a region that rewrite `b` also covers. */
function outranks(found: MatchColumns, rewrites: RewriteColumns, a: number, b: number): boolean {
  const ma = rewrites.match(a);
  const mb = rewrites.match(b);
  const pa = PRIORITY[found.label(ma).kind];
  const pb = PRIORITY[found.label(mb).kind];
  return pa > pb || (pa === pb && found.end(ma) - found.start(ma) > found.end(mb) - found.start(mb));
}

/**
 * Rewrites `text` once. Overlapping rewrites are merged into one region (their union, so every value any of them
 * matched is gone), replaced as the highest-ranked match in it says; a region with a neutralised instruction in it
 * is that instruction's (the values inside went with the sentence).
 */
function applyRewrites(text: string, found: MatchColumns, rewrites: RewriteColumns, plan: ScanPlan): string {
  // A widened cut starts before its match: the rewrite walks the cuts in order (one alone needs no sort).
  if (onlyFirst === undefined) onlyFirst = Int32Array.of(0);
  const order = rewrites.size === 1 ? onlyFirst : rewrites.byCut();
  // Joined a chunk at a time: a text with a rewrite every few characters never becomes a rope of one node each.
  const out = new TextBuilder();
  let cursor = 0;
  let k = 0;
  while (k < order.length) {
    let winner = order[k]!;
    const start = rewrites.cutStart(winner);
    let end = rewrites.cutEnd(winner);
    for (k++; k < order.length && rewrites.cutStart(order[k]!) < end; k++) {
      const next = order[k]!;
      if (rewrites.cutEnd(next) > end) end = rewrites.cutEnd(next);
      if (rewrites.action(winner) === CUT_INSTRUCTION) continue;
      if (rewrites.action(next) === CUT_INSTRUCTION || outranks(found, rewrites, next, winner)) winner = next;
    }
    out.push(text.slice(cursor, start));
    const strategy = REWRITE_STRATEGIES[rewrites.action(winner)];
    if (strategy !== undefined)
      out.push(
        replacementOf(strategy, found.label(rewrites.match(winner)).type, text, start, end, plan.redaction),
      );
    cursor = end;
  }
  out.push(text.slice(cursor));
  // Not copied here: the output check passes it on (see TextBuilder.toRope and scan-tool-result.ts).
  return out.toRope();
}

/** The order of a single rewrite (read only; made at first use): a JSON result rewrites many strings one value each. */
let onlyFirst: Int32Array | undefined;

/** How far around a cut the detectors look for a value the cut would split (the longest values they know fit). */
const CUT_WINDOW = 4096;
/** Times a cut moves back before a straddling value; a bound, not a tuning. */
const CUT_ROUNDS = 8;

/**
 * Where to cut a text so it keeps at most `keep` characters without splitting a value the plan's detectors find
 * there: the cut moves back to the start of any match that straddles it (so half an e-mail address never remains,
 * readable but no longer recognisable). Reads only a window around the cut.
 */
export function valueSafeCut(plan: ScanPlan): (text: string, keep: number) => number {
  return (text, keep) => {
    let at = keep;
    for (let round = 0; round < CUT_ROUNDS && at > 0; round++) {
      const from = Math.max(0, at - CUT_WINDOW);
      const window = text.slice(from, Math.min(text.length, at + CUT_WINDOW));
      let moved = at;
      for (const list of [plan.sanitizers, plan.detectors])
        for (const m of runDetectors(list, window)) {
          const start = m.start + from;
          if (start < moved && m.end + from > at) moved = start;
        }
      if (moved === at) return at;
      at = moved;
    }
    return Math.max(0, at - CUT_WINDOW);
  };
}
