import { OWN } from "../../shared/inspect-json.js";
import { foldAscii } from "../../shared/literal-automaton.js";
import type { TextDetector } from "../types.js";
import { isInertReading } from "./inert-data.js";
import { LiteralPass } from "./literal-pass.js";
import { MatchColumns, type MatchLabel } from "./match-columns.js";
import { VIEW_TRIGGER } from "./normalised-view.js";
import { foldedScreenOf } from "./screen-literals.js";
import { readingAt, withJoinedStrings } from "./string-bounds.js";
import {
  ALL_FEATURES,
  HAS_COLON,
  HAS_NON_ASCII,
  HAS_SPACE,
  MAX_GATED_LENGTH,
  mayMatch,
  stringFeatures,
} from "./string-features.js";
import { runDetectors, runDetectorsInto, type ScanPlan } from "./string-scanner.js";

/**
 * The screening of a JSON value before its walk (issue 16, "one pass"): a JSON result is thousands of short strings,
 * and calling every detector on each of them (a fixed cost per call and per detector) was most of its check. Every
 * string the walk would read (a leaf, a key, a member read after its key as `key: value`) is read here once, all of
 * them joined into one text, by the detectors whose verdict on a string does not depend on what stands around it
 * (`JOINABLE`); the others read each string alone, as the walk would. A string none of them matches (and that no
 * sanitizer, normalised view or precomputed match could change) is known clean: the walk skips it as it skips a
 * string its memo knows. Every other string is scanned by the walk exactly as before, so a finding is made by the
 * same code, on the same text, in the same order.
 *
 * Soundness rests on one property of the joined detectors, checked by test/property/json-screen.property.test.ts on
 * adversarial neighbours: a match they make on a string alone is matched (or overlapped by a match) on the joined
 * text. The separator makes that hold: line breaks end every line-bound construct, an empty line every run of
 * indented lines read back, and a line of more spaces than a detector's declared `contextReach` puts a neighbour
 * beyond what it reads across lines (separatorFor); a window that reads further stops at its string's end instead
 * (string-bounds.ts: the secrets family's keyword, section and block windows, the token records' context words).
 * A detector that declares no reach reads with the longest separator, SEPARATOR.
 */

/** The learned injection scorer's id (scorer-detector.ts SCORER_RULE_ID), joined with SCORER_SEPARATOR. */
const SCORER_ID = "injection.scorer";

/** The injection family's built-in detectors: the screening does not hand them inert data (inert-data.ts). */
const INJECTION_FAMILY: ReadonlySet<string> = new Set(["injection", "injection.structure", SCORER_ID]);

/**
 * Built-in detectors whose matches are local (see above). The injection family's three built-in detectors are joined
 * too: the separator's line breaks end every sentence, line and quotation they read (a phrase's quoted-mention test,
 * a sentence's bounds and the pair of neighbouring sentences, which a blank sentence of separator spaces keeps
 * apart), and its length is beyond every `\s{0,n}` their patterns read; the learned scorer reads with a separator of
 * its own (SCORER_SEPARATOR). Not joined: `secret.private_key` (a BEGIN
 * line in one string pairs with the END line of the next, and an encrypted header there rejects both blocks),
 * `secret.gcp_service_account` and `secret.kubernetes_secret` (they read whole documents): these three are screened
 * by their records' literals instead (`ScanPlan.screenLiterals`). Input hazards and every declared rule (any
 * pattern) read each string alone.
 */
export const JOINABLE_DETECTORS: ReadonlySet<string> = new Set([
  "injection",
  "injection.structure",
  SCORER_ID,
  "secret.jwt",
  "secret.tokens",
  "secret.aws_secret_key",
  "secret.discord_bot_token",
  "secret.url_credentials",
  "secret.prose_credential",
  "secret.service_credential",
  "pii.email",
  "pii.phone",
  "pii.credit_card",
  "pii.iban",
  "pii.us_ssn",
  "pii.ip_address",
]);

/**
 * Joined detectors whose matches inside a string on the joined text are exactly its matches alone (same spans,
 * labels and order; test/property/json-screen.property.test.ts): a string a screen kept is handed those matches
 * instead of being read again by them. A match that reaches outside its string makes the string read alone. The
 * injection family's are not among them: their verdicts weigh a piece of joined text as a whole (its sentences'
 * neighbours, the structure detector's windows), so a kept string is read again by them alone. The secrets family's
 * windows that read past any separator (the AWS secret key's keyword window of 160 characters, a service
 * credential's XML pair and .netrc entry across blanks, the token records' context words) stop at their string's
 * end (string-bounds.ts), so a neighbour string neither accepts nor rejects a match there.
 */
export const MAPPED_DETECTORS: ReadonlySet<string> = new Set(
  [...JOINABLE_DETECTORS].filter((id) => id !== "injection" && !id.startsWith("injection.")),
);

/**
 * Between two strings of the joined text: a line of spaces longer than any rejecting window, then an empty line. The
 * empty line ends every run of indented lines a construct reads back through (the credential walk's
 * `ciphertext:` parent takes in the indented lines below it: with a line of spaces alone between them, an indented
 * string after a neighbour `ciphertext:` lost its finding).
 */
export const SEPARATOR = `\n${" ".repeat(86)}\n\n`;

/**
 * The separator `detector` reads joined strings with: the injection family's own, the longest for a detector that
 * declares no `contextReach` (or one past SEPARATOR's), and for one that does, a line of more spaces than its reach
 * (rounded up to a multiple of REACH_STEP) then an empty line: a neighbour's nearest character is then beyond the
 * reach, and detectors of nearby reaches share one separator, so one joined text (see Group).
 */
export function separatorFor(detector: TextDetector): string {
  if (detector.kind === "injection")
    return detector.id === SCORER_ID ? SCORER_SEPARATOR : INJECTION_SEPARATOR;
  const reach = detector.contextReach;
  if (reach === undefined || !Number.isInteger(reach) || reach < 0) return SEPARATOR;
  const spaces = Math.ceil((reach + 1) / REACH_STEP) * REACH_STEP;
  return spaces + 3 >= SEPARATOR.length ? SEPARATOR : `\n${" ".repeat(spaces)}\n\n`;
}

/** Declared reaches are rounded up to a multiple of this in a separator (pii.phone's 3 and pii.credit_card's 2 share one). */
const REACH_STEP = 4;

/** Fewer strings than this to screen: the walk reads them one by one (the joined pass would not pay for itself). */
const MIN_READINGS = 8;

/** Strings by index: `keys[i]` undefined for a leaf or key read alone, else the key `values[i]` is read after. */
export interface ScreenedStrings {
  readonly keys: readonly (string | undefined)[];
  readonly values: readonly string[];
}

/**
 * The strings to screen, by index: keys, values and features in three arrays (no object per string). What the
 * detectors read of string `i` is `text(i)`: the value, or `key: value`, built once, when a joined text or a read of
 * the string alone first needs it.
 */
class Readings implements ScreenedStrings {
  readonly keys: (string | undefined)[] = [];
  readonly values: string[] = [];
  readonly features: number[] = [];
  /** 1 where the reading is inert data (inert-data.ts): the injection family's joined pass does not read it. */
  readonly inert: number[] = [];
  #texts: (string | undefined)[] = [];

  get length(): number {
    return this.values.length;
  }

  add(key: string | undefined, value: string, features: number): number {
    this.keys.push(key);
    this.values.push(value);
    this.inert.push(isInertReading(key, value) ? 1 : 0);
    return this.features.push(features) - 1;
  }

  /** `text(i).length`, without building it. */
  textLength(i: number): number {
    const key = this.keys[i];
    return key === undefined ? this.values[i]!.length : key.length + 2 + this.values[i]!.length;
  }

  /** Each joined text that holds string `i`, and its read alone, ask for it: a `key: value` text is built once. */
  text(i: number): string {
    const key = this.keys[i];
    if (key === undefined) return this.values[i]!;
    // Sized once every string is added (the screening reads texts only after the collection).
    if (this.#texts.length !== this.values.length) this.#texts = new Array(this.values.length);
    let text = this.#texts[i];
    if (text === undefined) {
      text = `${key}: ${this.values[i]!}`;
      this.#texts[i] = text;
    }
    return text;
  }
}

/**
 * A plan's content detectors split into those read on the joined text (each alone in a list of its own, so a match
 * names its detector) and those read per string; `order` gives each detector's place in the plan.
 */
interface Split {
  joined: readonly (readonly TextDetector[])[];
  /** Detectors screened by their literals; detector `k`'s bit is `joined.length + k`. */
  literal: readonly LiteralScreen[];
  alone: readonly TextDetector[];
  /** The plan's detectors, in order: a string is read with those whose bit is set and every one of `alone`. */
  all: readonly TextDetector[];
  /**
   * Per joined detector (by its bit's place), its records' keywords (`ScanPlan.screenLiterals`), or undefined. (A
   * detector's registered triggers are not used here: the token detector's hold `:`, which every `key: value`
   * reading has, and finding the phrase detector's ~220 lead words, in either case, in each string cost as much
   * as it saved.)
   */
  joinLiterals: readonly (readonly string[] | undefined)[];
}

interface LiteralScreen {
  detector: TextDetector;
  literals: readonly string[];
  /** Whether the literals are lower case and matched in any ASCII case (screen-literals.ts). */
  folded: boolean;
}

/** A detector's literal screen: its records' keywords (exact case), else the literals its module registered (folded). */
function literalScreenOf(plan: ScanPlan, detector: TextDetector): LiteralScreen | undefined {
  const keywords = plan.screenLiterals?.get(detector);
  if (keywords !== undefined) return { detector, literals: keywords, folded: false };
  const folded = foldedScreenOf(detector);
  return folded === undefined ? undefined : { detector, literals: folded, folded: true };
}

const splits = new WeakMap<readonly TextDetector[], Split>();

function splitOf(plan: ScanPlan): Split {
  let split = splits.get(plan.detectors);
  if (split === undefined) {
    const joinable = new Set(plan.joinable ?? []);
    // At most 31 screened detectors (one bit each in a reading's mask); a plan lists about seventeen.
    const joined = plan.detectors
      .filter((d) => joinable.has(d))
      .slice(0, 31)
      .map((d) => [d]);
    const literal = plan.detectors
      .filter((d) => !joinable.has(d))
      .map((detector) => literalScreenOf(plan, detector))
      .filter((screen) => screen !== undefined)
      .slice(0, 31 - joined.length);
    const screened = new Set([...joined.map((list) => list[0]!), ...literal.map((l) => l.detector)]);
    split = {
      joined,
      literal,
      alone: plan.detectors.filter((d) => !screened.has(d)),
      all: plan.detectors,
      joinLiterals: joined.map(([d]) => plan.screenLiterals?.get(d!)),
    };
    splits.set(plan.detectors, split);
  }
  return split;
}

/** Whether the walk treats `text` as JSON text (its own path in scan-json.ts: never screened). */
function looksLikeJson(text: string): boolean {
  let i = 0;
  while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t"))
    i++;
  const c = text[i];
  return c === "{" || c === "[";
}

/** A string the screening found clean: `key` undefined for one read alone. */
export interface CleanReading {
  readonly key: string | undefined;
  readonly value: string;
}

/** What the screening tells the walk: strings to skip, and the matches of others, as a scan would find them. */
export interface Screening {
  /** The strings screened, in walk order (a string may be met twice: see KeySeen). */
  readings: ScreenedStrings;
  /** Per string of `readings`, 1 when it is clean (the walk may skip it). */
  isClean: Uint8Array;
  /**
   * Per text a screen kept or with a normalised view (the value, or `key: value`): every match of the plan's
   * detectors on it alone, in detector order (`ScanPlan.precomputed`'s form). A joined detector that matched nowhere
   * near the text is not run on it again (by the property the screening rests on, it would find nothing there), nor
   * is a detector none of whose literals occurs in it.
   */
  matches: Map<string, MatchColumns>;
  /**
   * What the walk meets, by container: the root is container 0, and `members.start[c]` is where container `c`'s
   * slots begin in `members.slots` (an array's items in order; an object's members in `Object.keys` order, two
   * slots each, its key then its value). The walk reads its verdicts there instead of looking strings up.
   */
  members: Members;
  /**
   * The strings `known` answered for (each distinct): remembered again when the memo is cleared for this screening's
   * strings (the walk reads their verdicts in `members`; the next results repeat them).
   */
  known: CleanReading[];
}

/**
 * The screening of `root`, or undefined when it has too few strings to screen. `known` answers for strings the walk
 * already knows clean (its memo), which are not read again.
 */
export function screenJson(
  root: object,
  plan: ScanPlan,
  known: (key: string | undefined, text: string) => boolean,
): Screening | undefined {
  const split = splitOf(plan);
  if (split.joined.length === 0) return undefined;
  const collected = collectReadings(root, plan, known);
  const { readings } = collected;
  if (readings.length < MIN_READINGS) return undefined;
  const marks = markSampled(readings, split);
  if (marks === undefined) return undefined;
  const { near } = marks;
  const isClean = new Uint8Array(readings.length);
  const screening: Screening = {
    readings,
    isClean,
    matches: new Map(),
    members: collected.members,
    known: collected.known,
  };
  for (let i = 0; i < readings.length; i++) {
    const mask = near[i]!;
    if ((mask & VIEW) !== 0) {
      // The walk reads its normalised view (every detector, around the view's changes); the original's matches are
      // these, as for any string a screen kept. Never clean: the view may hold what the original does not.
      const found = new MatchColumns();
      const text = readings.text(i);
      readKept(split, mask & ~VIEW, marks, i, text, readings.features[i]!, found);
      screening.matches.set(text, found);
      continue;
    }
    if (mask === 0) {
      if (
        split.alone.length === 0 ||
        runDetectors(split.alone, readings.text(i), readings.features[i]!).length === 0
      )
        isClean[i] = 1;
      continue;
    }
    const found = new MatchColumns();
    const text = readings.text(i);
    readKept(split, mask, marks, i, text, readings.features[i]!, found);
    if (found.size === 0) isClean[i] = 1;
    else screening.matches.set(text, found);
  }
  cleanContainers(collected.members, isClean);
  return screening;
}

/**
 * Work counted for tests: strings read in the joined pass, and per joined detector (by id) the strings it read there.
 */
export const screenWork = { joined: 0, byDetector: new Map<string, number>() };

/** Readings sampled from the start to judge whether screening can pay. */
const SAMPLE_READINGS = 256;

/**
 * `markReadings` of every reading, or undefined when screening cannot pay: a string a screen keeps is read again
 * alone, so a value dense in findings (every key an e-mail address) would be read twice. Judged on the first
 * readings (whose marks are kept); a value screening cannot pay for is left to the walk, which reads it exactly as
 * without screening.
 */
function markSampled(readings: Readings, split: Split): Marks | undefined {
  const marks = new Marks(readings.length);
  if (readings.length <= SAMPLE_READINGS) {
    markReadings(readings, 0, readings.length, split, marks);
    return marks;
  }
  markReadings(readings, 0, SAMPLE_READINGS, split, marks);
  let flagged = 0;
  for (let i = 0; i < SAMPLE_READINGS; i++) if (marks.near[i] !== 0) flagged++;
  if (flagged * 2 > SAMPLE_READINGS) return undefined;
  markReadings(readings, SAMPLE_READINGS, readings.length, split, marks);
  return marks;
}

/** What the joined pass found, per reading (by its index in the value's readings). */
class Marks {
  /** The bits of the screens that may match the reading, and VIEW when its text has a normalised view. */
  readonly near: Int32Array;
  /**
   * The bits of the mapped detectors (MAPPED_DETECTORS) with a match on the joined text that touches the reading
   * without lying wholly inside its text: those read it alone.
   */
  readonly crossed: Int32Array;
  /** The mapped detectors' matches that lie wholly inside the reading's text, offsets in it, in the order found. */
  readonly inside = new Map<number, InsideMatch[]>();

  constructor(count: number) {
    this.near = new Int32Array(count);
    this.crossed = new Int32Array(count);
  }
}

interface InsideMatch {
  bit: number;
  label: MatchLabel;
  start: number;
  end: number;
}

/**
 * Marks a reading whose text has a normalised view (the sign bit, above every screen's): the walk reads its view as
 * before, with the matches on the original text given.
 */
const VIEW = 1 << 31;

const VIEW_TEST = new RegExp(VIEW_TRIGGER.source);

/**
 * Per reading, the bits of the screened detectors that may match it (a joined detector with a match overlapping it,
 * a detector one of whose literals occurs in it), and VIEW when its text has a normalised view. Only a string some screened detector's gate lets through
 * is joined (by the gates' contract the others cannot match it, and a short string would cost the separator's 88
 * characters for nothing); the view of the others is tested on each alone.
 */
function markReadings(readings: Readings, from: number, to: number, split: Split, marks: Marks): void {
  const joined: number[] = [];
  const gated = gatedDetectors(split);
  for (let i = from; i < to; i++) {
    const features = readings.features[i]!;
    const length = readings.textLength(i);
    let passes = false;
    for (let g = 0; g < gated.length && !passes; g++) {
      const d = gated[g]!;
      passes = mayMatch(features, length, d.requires, d.minLength);
    }
    if (passes) joined.push(i);
    else if (VIEW_TEST.test(readings.text(i))) marks.near[i] = VIEW;
  }
  screenWork.joined += joined.length;
  markJoined(readings, joined, split, marks);
}

const gatedLists = new WeakMap<Split, readonly TextDetector[]>();

/** Every screened detector, joined or by literal. */
function gatedDetectors(split: Split): readonly TextDetector[] {
  let list = gatedLists.get(split);
  if (list === undefined) {
    list = [...split.joined.map((one) => one[0]!), ...split.literal.map((l) => l.detector)];
    gatedLists.set(split, list);
  }
  return list;
}

// Per plan and mask: the detectors a string is read with (the plan's order; a joined one only where its bit is set).
const readLists = new WeakMap<Split, Map<number, readonly TextDetector[]>>();

function readWith(split: Split, mask: number): readonly TextDetector[] {
  let lists = readLists.get(split);
  if (lists === undefined) {
    lists = new Map();
    readLists.set(split, lists);
  }
  let list = lists.get(mask);
  if (list === undefined) {
    const skipped = new Set<TextDetector>();
    split.joined.forEach((one, bit) => {
      if ((mask & (1 << bit)) === 0) skipped.add(one[0]!);
    });
    split.literal.forEach((one, k) => {
      if ((mask & (1 << (split.joined.length + k))) === 0) skipped.add(one.detector);
    });
    list = split.all.filter((d) => !skipped.has(d));
    lists.set(mask, list);
  }
  return list;
}

/**
 * What collecting a value's strings found: every string the walk would scan that could be screened (in walk order;
 * each once, but a member of a key that stopped deduplicating once per use: see KeySeen), and each container (object
 * or array) met with a slot per member (Members), so the walk reads each member's verdict and skips the containers
 * whose every string is clean.
 */
interface Collected {
  readings: Readings;
  members: Members;
  /** The distinct strings the walk's memo knew clean. */
  known: CleanReading[];
}

/** A slot's mark for a member the walk scans (a string the screening does not read, a number it checks). */
export const SCANNED = -1;

/** A slot's mark for a string the walk's memo knows clean. */
export const KNOWN = -2;

/** A slot's mark for a member that is container `c`: `CONTAINER - c`. */
export const CONTAINER = -3;

/** Slots and containers of the last value collected: the next collection's arrays are sized from them. */
let slotsHint = 1024;
let containersHint = 256;

/**
 * The containers (objects and arrays) of a value, the root 0 and a container after the one holding it, and their
 * members' slots (see Screening.members). A slot holds a reading's index (a string the screening reads), KNOWN,
 * SCANNED, or `CONTAINER - c`; a slot of a member the walk reads nothing of (null, a boolean, a short number) holds
 * KNOWN. Typed arrays, grown by doubling from the last value's sizes.
 */
export class Members {
  count = 0;
  slotCount = 0;
  /** Per container, where its slots begin; `start[count]` is where the next one's would. */
  start: Int32Array;
  slots: Int32Array;
  /** Per container, 1 when the walk reads something in it (after `cleanContainers`, in what it holds too). */
  dirty: Uint8Array;

  constructor() {
    this.start = new Int32Array(containersHint + 1);
    this.dirty = new Uint8Array(containersHint);
    this.slots = new Int32Array(slotsHint);
  }

  /** Opens the next container, with `slots` slots (more may be added: `add`); returns its index. */
  open(slots: number): number {
    const c = this.count++;
    if (this.count >= this.dirty.length) {
      const start = new Int32Array(this.start.length * 2);
      start.set(this.start);
      this.start = start;
      const dirty = new Uint8Array(this.dirty.length * 2);
      dirty.set(this.dirty);
      this.dirty = dirty;
    }
    this.start[c] = this.slotCount;
    this.#reserveSlots(slots);
    return c;
  }

  /** Adds a slot to the last container opened; returns its place. */
  add(slot: number): number {
    const at = this.slotCount;
    this.#reserveSlots(1);
    this.slots[at] = slot;
    return at;
  }

  #reserveSlots(slots: number): void {
    this.slotCount += slots;
    if (this.slotCount > this.slots.length) {
      const grown = new Int32Array(Math.max(this.slots.length * 2, this.slotCount));
      grown.set(this.slots);
      this.slots = grown;
    }
    this.start[this.count] = this.slotCount;
  }

  /** Records the sizes for the next collection's arrays. */
  done(): void {
    slotsHint = Math.max(1024, this.slotCount);
    containersHint = Math.max(256, this.count);
  }
}

/**
 * What `collectReadings` keeps per string: its reading's index, -1 for a string the walk scans, KNOWN for one known
 * clean. Strings read alone (leaves, keys) in `alone`; members per key (KeySeen).
 */
interface Seen {
  alone: Map<string, number>;
  afterKey: Map<string, KeySeen>;
}

/**
 * The members met after one key: the key's features (ORed into each member's: features are per character), and
 * each distinct value's mark while the key's values repeat. A key whose first SAMPLE_VALUES values are nearly all
 * distinct (a note, a date, an id) stops being looked up in `values` (each later value is a reading of its own; a
 * repeat is then read twice, with the same verdict: the screening's verdict on a string depends on the string
 * alone), and one whose first SAMPLE_VALUES values the walk's memo never knew stops being asked (a string it knew is
 * then screened again, clean again): both lookups cost more than they save on such a key. Each is sampled again
 * after RESAMPLE_AFTER values, so a key whose values start repeating (a run of ids, then a few states) is looked up
 * again within that many values (a repeat the screening reads more than once costs one reading: linear in the
 * values, as the walk is).
 */
interface KeySeen {
  features: number;
  values: Map<string, number>;
  /** Whether `values` is still looked up. */
  dedup: boolean;
  /** Whether the memo (`known`) is still asked. */
  ask: boolean;
  /** Values met while sampling, of them new to `values`, and memo answers sought and given. */
  met: number;
  fresh: number;
  asked: number;
  answered: number;
  /** Values met since `values` stopped being looked up, and since the memo stopped being asked. */
  unlooked: number;
  unasked: number;
}

/** Values of a key sampled before its lookups may stop (see KeySeen). */
const SAMPLE_VALUES = 64;

/** At most this many repeats among a key's SAMPLE_VALUES first values stops looking them up. */
const FEW_REPEATS = 4;

/** Values of a key met without a lookup (or without asking the memo) before it is sampled again. */
const RESAMPLE_AFTER = 1024;

/**
 * The strings the walk of `root` would scan that could be screened (Collected), and the containers that hold them.
 * One pass, depth first (an array's items in order, an object's members last first), the pending containers and
 * the slots that name them in their parents' in two stacks (no pair per container), a key's features computed once
 * per key, each string looked up at most once.
 */
function collectReadings(
  root: object,
  plan: ScanPlan,
  known: (key: string | undefined, text: string) => boolean,
): Collected {
  const members = new Members();
  const out: Collected = { readings: new Readings(), members, known: [] };
  const seen: Seen = { alone: new Map(), afterKey: new Map() };
  const stack: object[] = [root];
  // Per pending container, the slot that names it in its parent's (-1 for the root).
  const stackSlots: number[] = [-1];
  while (stack.length > 0) {
    const value = stack.pop()!;
    const from = stack.length;
    if (Array.isArray(value)) {
      const node = members.open(value.length);
      const slot = stackSlots.pop()!;
      if (slot >= 0) members.slots[slot] = CONTAINER - node;
      const base = members.start[node]!;
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === "string") members.slots[base + i] = useAlone(out, seen, node, item, plan, known);
        else if (item !== null && typeof item === "object") {
          stack.push(item);
          stackSlots.push(base + i);
        } else if (!skippedByWalk(item)) {
          members.dirty[node] = 1;
          members.slots[base + i] = SCANNED;
        } else members.slots[base + i] = KNOWN;
      }
    } else {
      const obj = value as Record<string, unknown>;
      const node = members.open(0);
      const slot = stackSlots.pop()!;
      if (slot >= 0) members.slots[slot] = CONTAINER - node;
      // Own keys in Object.keys' order (the walk's), without building their array (OWN).
      for (const key in obj) {
        if (!OWN.call(obj, key)) continue;
        members.add(useAlone(out, seen, node, key, plan, known));
        const item = obj[key];
        if (typeof item === "string") members.add(useAfterKey(out, seen, node, key, item, plan, known));
        else if (item !== null && typeof item === "object") {
          stack.push(item);
          stackSlots.push(members.add(KNOWN));
        } else if (!skippedByWalk(item)) {
          members.dirty[node] = 1;
          members.add(SCANNED);
        } else members.add(KNOWN);
      }
    }
    // An array's items pushed in order, reversed: taken in order (an object's members are taken last first).
    if (Array.isArray(value))
      for (let a = from, b = stack.length - 1; a < b; a++, b--) {
        const child = stack[a]!;
        stack[a] = stack[b]!;
        stack[b] = child;
        const slot = stackSlots[a]!;
        stackSlots[a] = stackSlots[b]!;
        stackSlots[b] = slot;
      }
  }
  members.done();
  return out;
}

/** Records that container `node` holds `value`, read alone (see `noteUse`); returns its slot. */
function useAlone(
  out: Collected,
  seen: Seen,
  node: number,
  value: string,
  plan: ScanPlan,
  known: (key: string | undefined, text: string) => boolean,
): number {
  let at = seen.alone.get(value);
  if (at === undefined) {
    at = firstUse(out, undefined, value, 0, plan, known);
    seen.alone.set(value, at);
  }
  return noteUse(out, node, at);
}

/** Records that container `node` holds `value` read after `key` (see `noteUse`); returns its slot. */
function useAfterKey(
  out: Collected,
  seen: Seen,
  node: number,
  key: string,
  value: string,
  plan: ScanPlan,
  known: (key: string | undefined, text: string) => boolean,
): number {
  let byKey = seen.afterKey.get(key);
  if (byKey === undefined) {
    byKey = {
      features: stringFeatures(key) | HAS_COLON | HAS_SPACE,
      values: new Map(),
      dedup: true,
      ask: true,
      met: 0,
      fresh: 0,
      asked: 0,
      answered: 0,
      unlooked: 0,
      unasked: 0,
    };
    seen.afterKey.set(key, byKey);
  }
  if (!byKey.dedup) {
    const slot = noteUse(out, node, memberUse(out, byKey, key, value, plan, known));
    if (++byKey.unlooked === RESAMPLE_AFTER) {
      // Sampled again: a key's values may start repeating (an id's run, then a state's).
      byKey.dedup = true;
      byKey.met = 0;
      byKey.fresh = 0;
      byKey.unlooked = 0;
    }
    return slot;
  }
  let at = byKey.values.get(value);
  if (at === undefined) {
    at = memberUse(out, byKey, key, value, plan, known);
    byKey.values.set(value, at);
    byKey.fresh++;
  }
  if (++byKey.met === SAMPLE_VALUES && byKey.met - byKey.fresh <= FEW_REPEATS) byKey.dedup = false;
  return noteUse(out, node, at);
}

/** `firstUse` of a member, asking the memo only while it answers for the key (see KeySeen). */
function memberUse(
  out: Collected,
  byKey: KeySeen,
  key: string,
  value: string,
  plan: ScanPlan,
  known: (key: string | undefined, text: string) => boolean,
): number {
  if (!byKey.ask) {
    if (++byKey.unasked === RESAMPLE_AFTER) {
      byKey.ask = true;
      byKey.asked = 0;
      byKey.answered = 0;
      byKey.unasked = 0;
    }
    return firstUse(out, key, value, byKey.features, plan, NEVER_KNOWN);
  }
  const at = firstUse(out, key, value, byKey.features, plan, known);
  if (value.length > 0) {
    if (at === KNOWN) byKey.answered++;
    if (++byKey.asked === SAMPLE_VALUES && byKey.answered === 0) byKey.ask = false;
  }
  return at;
}

/** A memo that knows nothing. */
const NEVER_KNOWN = (): boolean => false;

/**
 * A string's slot: KNOWN for one known clean, its reading's index for one the screening reads; any other (SCANNED)
 * makes the container dirty.
 */
function noteUse(out: Collected, node: number, at: number): number {
  if (at === SCANNED) out.members.dirty[node] = 1;
  return at;
}

/** What `Seen` keeps for a string met for the first time: its reading's index, -1 or KNOWN. */
function firstUse(
  out: Collected,
  key: string | undefined,
  value: string,
  keyFeatures: number,
  plan: ScanPlan,
  known: (key: string | undefined, text: string) => boolean,
): number {
  if (value.length > 0 && known(key, value)) {
    out.known.push({ key, value });
    return KNOWN;
  }
  const features =
    value.length === 0 || looksLikeJson(value) ? -1 : plainFeatures(key, value, keyFeatures, plan);
  return features === -1 ? -1 : out.readings.add(key, value, features);
}

/** Whether the walk reads nothing of a member that is no string and no container (null, a boolean, a short number). */
function skippedByWalk(item: unknown): boolean {
  return (
    item === null ||
    item === undefined ||
    typeof item === "boolean" ||
    (typeof item === "number" && !isCheckedNumber(item))
  );
}

/**
 * The smallest integer checked as text: shorter numbers are no card, SSN or phone number, and checking every
 * count and year would cost time for nothing.
 */
export const MIN_CHECKED_NUMBER = 1_000_000;

/** Whether a JSON number is long enough to be read as text (see MIN_CHECKED_NUMBER). */
export function isCheckedNumber(value: number): boolean {
  return Number.isInteger(value) && Math.abs(value) >= MIN_CHECKED_NUMBER;
}

/**
 * Marks dirty each container that holds a string the screening kept (not `clean` by its reading) or a dirty
 * container: the walk returns the others as they are. A container comes after the one holding it, so one pass
 * from the last settles every container's.
 */
function cleanContainers(members: Members, clean: Uint8Array): void {
  const { start, slots, dirty } = members;
  for (let c = members.count - 1; c >= 0; c--) {
    if (dirty[c] === 1) continue;
    for (let s = start[c]!, end = start[c + 1]!; s < end; s++) {
      const slot = slots[s]!;
      if (slot >= 0 ? clean[slot] === 0 : slot <= CONTAINER && dirty[CONTAINER - slot] === 1) {
        dirty[c] = 1;
        break;
      }
    }
  }
}

/**
 * The features of a string the scan would read as it is (its text the value, or `key: value`): ASCII (no view, no
 * byte-order mark), no sanitizer's gate passed, no precomputed matches (a worker's). -1 for any other: the walk
 * scans it.
 */
function plainFeatures(key: string | undefined, value: string, keyFeatures: number, plan: ScanPlan): number {
  const length = key === undefined ? value.length : key.length + 2 + value.length;
  // As stringFeatures(text), without building it: features are per character, ORed (`keyFeatures` are the key's and
  // `: `'s).
  const features =
    key === undefined
      ? stringFeatures(value)
      : length > MAX_GATED_LENGTH
        ? ALL_FEATURES
        : keyFeatures | stringFeatures(value);
  if ((features & HAS_NON_ASCII) !== 0) return -1;
  if (plan.precomputed?.has(key === undefined ? value : `${key}: ${value}`) === true) return -1;
  for (const s of plan.sanitizers) if (mayMatch(features, length, s.requires, s.minLength)) return -1;
  return features;
}

/**
 * Characters of joined text read at a time: a value of a million one-character strings would otherwise join into a
 * ~90 MB text (the separators); in batches the joined text stays this size whatever the value's.
 */
const BATCH_CHARS = 1 << 20;

/**
 * Reads the strings joined, a batch at a time, once with each joined detector and once for each literal, and returns
 * per reading the bits of the screens that kept it, and VIEW when its text has a normalised view.
 */
function markJoined(readings: Readings, chosen: readonly number[], split: Split, marks: Marks): void {
  let from = 0;
  while (from < chosen.length) {
    let to = from;
    let chars = 0;
    while (to < chosen.length && (to === from || chars + readings.textLength(chosen[to]!) <= BATCH_CHARS)) {
      chars += readings.textLength(chosen[to]!) + SEPARATOR.length;
      to++;
    }
    markBatch(readings, chosen.slice(from, to), split, marks);
    from = to;
  }
}

/**
 * `markJoined` for readings `[from, to)`. Each group of joined detectors reads only the readings its gate lets
 * through (by the gates' contract the others cannot hold a match of theirs, and a match on a string alone is
 * overlapped on any joined text whatever its neighbours, so leaving some out changes no reading's mark). The
 * literal screens and the view trigger read every reading, joined by the separator of the group that reads nearly
 * every reading (or a line break): a line break begins and ends it, and neither a literal nor the view trigger holds
 * a line break, so none of their occurrences spans two readings; that group reads the same text when it reads every
 * reading of the batch.
 */
function markBatch(readings: Readings, batch: readonly number[], split: Split, marks: Marks): void {
  const { near } = marks;
  const separator = wholeSeparatorOf(split);
  const all = joinStrings(readings, batch, separator);
  const hits = literalMarks(all, split, near);
  for (const group of groupsOf(split)) {
    const whole = group.separator === separator ? all : undefined;
    const plain = group.members.filter((m) => !m.literals);
    if (plain.length > 0) markMembers(readings, batch, undefined, plain, group, marks, whole);
    for (const member of group.members)
      if (member.literals) markMembers(readings, batch, hits, [member], group, marks, whole);
  }
  const trigger = VIEW_TRIGGER;
  trigger.lastIndex = 0;
  for (let m = trigger.exec(all.text); m !== null; m = trigger.exec(all.text)) {
    const r = all.index[readingAt(all.starts, m.index)]!;
    near[r] = near[r]! | VIEW;
  }
}

/**
 * Where the literals occur in the batch (`all`, its readings joined by a line break; a literal holds no line break,
 * so each occurrence lies within one reading, and strings are joined as they are, so a literal in a string occurs
 * there; every occurrence counts, overlapping ones included): per reading of the batch (by its place in it), the
 * bits of the joined detectors one of whose records' keywords occurs in it, returned (by the keywords' contract no
 * other reading can hold one of their matches); and in `near`, per reading, the bits of the literal screens one of
 * whose literals occurs in it. One pass of an automaton over every literal (ScreenLiterals), or, where it gives up,
 * one search per literal.
 */
function literalMarks(all: Joined, split: Split, near: Int32Array): Int32Array {
  const hits = new Int32Array(all.index.length);
  const screen = screenLiteralsOf(split);
  const found = screen?.pass.run(all.text, 64 + (all.text.length >> 4));
  if (screen === undefined || found === undefined) {
    searchLiterals(all, split, hits, near);
    return hits;
  }
  const { text, starts, index } = all;
  for (let id = 0; id < found.lists.length; id++) {
    const list = found.lists[id];
    if (list === undefined) continue;
    for (const { literal, exact, join, bit } of screen.asks[id]!)
      for (const at of list) {
        // The pass folds ASCII case; a keyword matches in its own case only.
        if (exact && !text.startsWith(literal, at)) continue;
        const p = readingAt(starts, at);
        if (join) hits[p] = hits[p]! | bit;
        else near[index[p]!] = near[index[p]!]! | bit;
      }
  }
  return hits;
}

/** `literalMarks` with one search per literal (where the automaton gives up: a text dense in its literals). */
function searchLiterals(all: Joined, split: Split, hits: Int32Array, near: Int32Array): void {
  split.joinLiterals.forEach((literals, bit) => {
    for (const literal of literals ?? [])
      for (let hit = all.text.indexOf(literal); hit !== -1; hit = all.text.indexOf(literal, hit + 1)) {
        const p = readingAt(all.starts, hit);
        hits[p] = hits[p]! | (1 << bit);
      }
  });
  // Readings are ASCII (plainReading), so lower-casing keeps every offset.
  const lower = split.literal.some((l) => l.folded) ? all.text.toLowerCase() : all.text;
  split.literal.forEach(({ literals, folded }, k) => {
    const bit = 1 << (split.joined.length + k);
    const text = folded ? lower : all.text;
    for (const literal of literals)
      for (let hit = text.indexOf(literal); hit !== -1; hit = text.indexOf(literal, hit + 1)) {
        const r = all.index[readingAt(all.starts, hit)]!;
        near[r] = near[r]! | bit;
      }
  });
}

/** Who looks for a literal of the screening's pass: a joined detector (`join`) or a literal screen, by its bit. */
interface LiteralAsk {
  literal: string;
  /** Matched in its own case (a record keyword); otherwise in any ASCII case (screen-literals.ts). */
  exact: boolean;
  join: boolean;
  bit: number;
}

/**
 * Every literal a split's screening looks for, once per ASCII-folded form, compiled into one automaton
 * (literal-pass.ts), with per literal of the automaton who asks for it.
 */
interface ScreenLiterals {
  pass: LiteralPass;
  asks: readonly (readonly LiteralAsk[])[];
}

const screenLiteralLists = new WeakMap<Split, ScreenLiterals | null>();

/** The split's ScreenLiterals; undefined when it has no literal or the automaton cannot be built. */
function screenLiteralsOf(split: Split): ScreenLiterals | undefined {
  let screen = screenLiteralLists.get(split);
  if (screen === undefined) {
    const byFolded = new Map<string, LiteralAsk[]>();
    const ask = (literal: string, exact: boolean, join: boolean, bit: number) => {
      const folded = foldAscii(literal);
      const asks = byFolded.get(folded);
      if (asks === undefined) byFolded.set(folded, [{ literal, exact, join, bit }]);
      else asks.push({ literal, exact, join, bit });
    };
    split.joinLiterals.forEach((literals, bit) => {
      for (const literal of literals ?? []) ask(literal, true, true, 1 << bit);
    });
    split.literal.forEach(({ literals, folded }, k) => {
      for (const literal of literals) ask(literal, !folded, false, 1 << (split.joined.length + k));
    });
    screen = null;
    if (byFolded.size > 0 && !byFolded.has("")) {
      try {
        screen = { pass: new LiteralPass([...byFolded.keys()]), asks: [...byFolded.values()] };
      } catch {
        // Past the automaton's state limit (long declared keywords): one search per literal, as before.
      }
    }
    screenLiteralLists.set(split, screen);
  }
  return screen ?? undefined;
}

/**
 * Reads with `members` (of `group`) the readings of the batch one of their gates lets through, and, given `hits`,
 * one of whose literals occurs in them: joined by the group's separator, in its pieces. By the gates' contract the
 * others cannot hold a match of theirs, and a match on a string alone is overlapped on any joined text whatever its
 * neighbours, so leaving some out changes no reading's mark. `whole`: the batch joined by the group's separator, or
 * undefined.
 */
function markMembers(
  readings: Readings,
  batch: readonly number[],
  hits: Int32Array | undefined,
  members: readonly Member[],
  group: Group,
  marks: Marks,
  whole: Joined | undefined,
): void {
  // A member with no gate reads every reading (none is empty): the others' gates need not be asked.
  const ungated = members.some(({ detector: d }) => d.requires === undefined && (d.minLength ?? 0) <= 1);
  // The injection family's groups leave inert data out (inert-data.ts): no instruction is there to read.
  const inert = members.every(({ detector: d }) => INJECTION_FAMILY.has(d.id)) ? readings.inert : undefined;
  let chosen: readonly number[] = batch;
  if (!ungated || hits !== undefined || inert !== undefined) {
    const some: number[] = [];
    for (let p = 0; p < batch.length; p++) {
      if (hits !== undefined && (hits[p]! & members[0]!.bit) === 0) continue;
      if (inert !== undefined && inert[batch[p]!] === 1) continue;
      if (ungated || anyMayMatch(readings, batch[p]!, members)) some.push(batch[p]!);
    }
    chosen = some;
  }
  if (chosen.length === 0) return;
  for (const { detector } of members)
    screenWork.byDetector.set(detector.id, (screenWork.byDetector.get(detector.id) ?? 0) + chosen.length);
  // Every reading of the batch (`chosen` is a subsequence of it): `whole`. One join per group; a member that reads
  // in pieces reads slices of it (cut between strings, so each piece is what joining its strings would give).
  const joined =
    whole !== undefined && chosen.length === batch.length
      ? whole
      : joinStrings(readings, chosen, group.separator);
  const gap = group.separator.length;
  for (const member of members)
    if (joined.text.length <= member.pieceChars) markFound(member, joined, gap, marks);
    else for (const piece of piecesOf(joined, gap, member.pieceChars)) markFound(member, piece, gap, marks);
}

/** Whether one of `members`' gates lets `reading` through (a loop, not a closure per reading). */
function anyMayMatch(readings: Readings, i: number, members: readonly Member[]): boolean {
  const features = readings.features[i]!;
  const length = readings.textLength(i);
  for (let m = 0; m < members.length; m++) {
    const d = members[m]!.detector;
    if (mayMatch(features, length, d.requires, d.minLength)) return true;
  }
  return false;
}

/**
 * Joined detectors that read the same text: those with the same separator. The text holds every reading the gate
 * of at least one of them lets through (one text per group: joining costs about as much as a cheap detector's read).
 */
interface Group {
  members: Member[];
  separator: string;
}

/**
 * A joined detector: its bit, whether its matches inside a string stand for the string read alone, whether it has
 * literals (it then reads only the readings that hold one), and the characters of joined text it reads at a time
 * (PIECE_CHARS for PIECE_READERS, else all of them).
 */
interface Member {
  detector: TextDetector;
  bit: number;
  mapped: boolean;
  literals: boolean;
  pieceChars: number;
}

const groupLists = new WeakMap<Split, readonly Group[]>();

function groupsOf(split: Split): readonly Group[] {
  let groups = groupLists.get(split);
  if (groups !== undefined) return groups;
  const bySeparator = new Map<string, Group>();
  const shared = sharedSeparator(split);
  split.joined.forEach(([detector], bit) => {
    const separator = readsEveryReading(detector!, split, bit) ? shared : separatorFor(detector!);
    let group = bySeparator.get(separator);
    if (group === undefined) {
      group = { members: [], separator };
      bySeparator.set(separator, group);
    }
    group.members.push({
      detector: detector!,
      bit: 1 << bit,
      mapped: MAPPED_DETECTORS.has(detector!.id),
      literals: split.joinLiterals[bit] !== undefined,
      pieceChars: PIECE_READERS.has(detector!.id) ? PIECE_CHARS : Number.POSITIVE_INFINITY,
    });
  });
  groups = [...bySeparator.values()];
  groupLists.set(split, groups);
  return groups;
}

/**
 * Whether `detector` (joined at `bit`) reads nearly every reading: no literal screen, and no feature gate or one that
 * every `key: value` reading passes (HAS_COLON, HAS_SPACE: most readings of a structured value are members);
 * outside the injection family, which reads in pieces of its own.
 */
function readsEveryReading(detector: TextDetector, split: Split, bit: number): boolean {
  const { requires } = detector;
  return (
    detector.kind !== "injection" &&
    split.joinLiterals[bit] === undefined &&
    (requires === undefined || (requires & (HAS_COLON | HAS_SPACE)) !== 0)
  );
}

/**
 * The separator the members that read nearly every reading share: the longest of theirs. One join of every reading
 * serves them all; a second join at a shorter separator for some of them costs more than the separator characters
 * they would not read (measured: 0.89x with secret.prose_credential joined apart from secret.tokens). A longer
 * separator than a member's own keeps its reach's property (a neighbour is only farther).
 */
function sharedSeparator(split: Split): string {
  let shared = "";
  split.joined.forEach(([detector], bit) => {
    if (!readsEveryReading(detector!, split, bit)) return;
    const own = separatorFor(detector!);
    if (own.length > shared.length) shared = own;
  });
  return shared;
}

const wholeSeparators = new WeakMap<Split, string>();

/**
 * The separator every reading of a batch is joined with for the literal screens and the view trigger: the shared
 * one (a line break, spaces, a line break then an empty line: see separatorFor), so the group that reads every
 * reading reads that text too; a line break when no group does.
 */
function wholeSeparatorOf(split: Split): string {
  let separator = wholeSeparators.get(split);
  if (separator === undefined) {
    const shared = sharedSeparator(split);
    separator = groupsOf(split).some((g) => g.separator === shared) ? shared : "\n";
    wholeSeparators.set(split, separator);
  }
  return separator;
}

/**
 * A joined text: `starts[k]` is where its `k`-th reading (`index[k]` in the value's readings) starts; the last
 * entry is its length plus a separator.
 */
export interface Joined {
  text: string;
  starts: Int32Array;
  index: readonly number[];
}

/**
 * Between two strings of the injection family's joined text: line breaks around more spaces than the longest run of
 * whitespace its patterns read as bounded (`\s{0,8}` after a closing quote; `\s{0,4}` and `{1,3}` elsewhere). Its
 * patterns read no context window measured in characters across a line break, so it needs none of SEPARATOR's length.
 */
export const INJECTION_SEPARATOR = `\n${" ".repeat(14)}\n`;

/**
 * Between two strings of the learned scorer's joined text (scorer/segments.ts, score-text.ts): its verdict on a
 * string is a sum over segments, each inside one line, and a pair of segments only of one line, so strings on lines
 * of their own are scored as alone; the separator's line breaks give each its lines. Its one non-blank character
 * keeps apart what reads across blanks and line breaks: the JSON hint that makes a sentence JSON text (`"` then
 * blanks then `,` or `:`, `{` or `[` then blanks then `"`) and a quoted mention's cue and opening quote (at most three
 * blanks apart). It is a segment of its own line, too short to report and never paired (another line).
 */
export const SCORER_SEPARATOR = "\n#\n";

/**
 * Characters of joined text the structure detector reads at a time: it runs its exact first pass only on texts up
 * to 4096 characters (a longer one is read in windows, which costs more per character). The injection family's
 * other detectors read a batch's joined text in one call (one call per piece cost 8-13% more on the bench's records:
 * the per-call work of their passes); each piece is a slice of the group's one joined text.
 */
const PIECE_CHARS = 4096;

/** The joined detectors that read joined text in pieces of at most PIECE_CHARS characters (see there). */
const PIECE_READERS: ReadonlySet<string> = new Set(["injection.structure"]);

/** The chosen readings' texts joined with `separator` (a `key: value` text is built here, for the join only). */
function joinStrings(readings: Readings, chosen: readonly number[], separator: string): Joined {
  const gap = separator.length;
  const starts = new Int32Array(chosen.length + 1);
  const parts: string[] = new Array(chosen.length);
  let at = 0;
  for (let k = 0; k < chosen.length; k++) {
    const r = chosen[k]!;
    starts[k] = at;
    parts[k] = readings.text(r);
    at += readings.textLength(r) + gap;
  }
  starts[chosen.length] = at;
  // Joined with the separator itself: on Node 20.20, 1.6x faster than joining with a one-character placeholder
  // and replacing it (which an earlier V8 favoured), for the 7-, 16- and 89-character separators alike; and 1.9x
  // faster than joining one reused array of keys, `: `, values and separators.
  return { text: parts.join(separator), starts, index: chosen };
}

/**
 * `joined` (strings `gap` characters apart) cut between strings into pieces of whole strings of about `pieceChars`
 * characters: a piece's strings are added while they fit, and a piece holds at least one. Each piece's text is a
 * slice of `joined.text` (its strings joined by the same separator), its offsets its own.
 */
export function piecesOf({ text, starts, index }: Joined, gap: number, pieceChars: number): Joined[] {
  const pieces: Joined[] = [];
  const count = index.length;
  for (let p = 0; p < count; ) {
    let q = p + 1;
    while (q < count && starts[q + 1]! - gap - starts[p]! <= pieceChars) q++;
    const from = starts[p]!;
    const own = new Int32Array(q - p + 1);
    for (let k = p; k <= q; k++) own[k - p] = starts[k]! - from;
    pieces.push({ text: text.slice(from, starts[q]! - gap), starts: own, index: index.slice(p, q) });
    p = q;
  }
  return pieces;
}

const singles = new WeakMap<TextDetector, readonly TextDetector[]>();

function single(detector: TextDetector): readonly TextDetector[] {
  let list = singles.get(detector);
  if (list === undefined) {
    list = [detector];
    singles.set(detector, list);
  }
  return list;
}

/**
 * Runs a member's detector on a joined text (strings `gap` characters apart) and sets its bit on the readings its
 * matches overlap. A mapped detector's match wholly inside one string is kept for it; one that is not marks every
 * string it touches (or the one whose separator holds it) crossed.
 */
function markFound(
  { detector, bit, mapped }: Member,
  { text, starts, index }: Joined,
  gap: number,
  marks: Marks,
): void {
  const found = new MatchColumns();
  // A detector whose verdict reads across strings screens with its `joinedScreen` (a superset of its matches).
  const reader = mapped ? detector : (detector.joinedScreen ?? detector);
  withJoinedStrings({ text, starts, gap }, () => runDetectorsInto(single(reader), text, ALL_FEATURES, found));
  const { near, crossed, inside } = marks;
  const count = starts.length - 1;
  for (let i = 0; i < found.size; i++) {
    const start = found.start(i);
    const end = Math.max(found.end(i), start + 1);
    const first = readingAt(starts, start);
    const from = starts[first]!;
    if (mapped && start >= from && end <= starts[first + 1]! - gap) {
      const r = index[first]!;
      near[r] = near[r]! | bit;
      let list = inside.get(r);
      if (list === undefined) {
        list = [];
        inside.set(r, list);
      }
      list.push({ bit, label: found.label(i), start: start - from, end: found.end(i) - from });
      continue;
    }
    for (let k = first; k < count && starts[k]! < end; k++) {
      const r = index[k]!;
      near[r] = near[r]! | bit;
      if (mapped) crossed[r] = crossed[r]! | bit;
    }
  }
}

/**
 * Reads a string a screen kept, into `found`, as `runDetectorsInto(readWith(split, mask), ...)` would: a mapped
 * detector whose matches all lie inside the string hands over those (MAPPED_DETECTORS), the others read it alone.
 */
function readKept(
  split: Split,
  mask: number,
  marks: Marks,
  index: number,
  text: string,
  features: number,
  found: MatchColumns,
): void {
  const matches = marks.inside.get(index);
  for (const step of stepsOf(split, mask, marks.crossed[index]!)) {
    if (step.run !== undefined) {
      runDetectorsInto(step.run, text, features, found);
      continue;
    }
    // The detector's gates, as reading the string alone would apply them.
    const d = step.detector;
    if (matches === undefined || !mayMatch(features, text.length, d.requires, d.minLength)) continue;
    for (const m of matches)
      if (m.bit === step.bit)
        found.add(found.labelOf(m.label.kind, m.label.type, m.label.ruleId), m.start, m.end);
  }
}

/** A step of reading a kept string: detectors run on it, or one mapped detector's matches handed over. */
type Step =
  | { run: readonly TextDetector[]; bit?: undefined }
  | { run?: undefined; bit: number; detector: TextDetector };

/** Per split, per screen mask, per crossed mask: the steps (numbers as keys: no key string built per string). */
const stepLists = new WeakMap<Split, Map<number, Map<number, readonly Step[]>>>();

/** The steps for a string with these screen bits and crossed bits (cached: a value has few combinations). */
function stepsOf(split: Split, mask: number, crossed: number): readonly Step[] {
  let byMask = stepLists.get(split);
  if (byMask === undefined) {
    byMask = new Map();
    stepLists.set(split, byMask);
  }
  let lists = byMask.get(mask);
  if (lists === undefined) {
    lists = new Map();
    byMask.set(mask, lists);
  }
  const steps = lists.get(crossed);
  if (steps !== undefined) return steps;
  const bits = new Map<TextDetector, number>();
  split.joined.forEach(([d], bit) => {
    if (MAPPED_DETECTORS.has(d!.id) && (crossed & (1 << bit)) === 0) bits.set(d!, 1 << bit);
  });
  const built: Step[] = [];
  let run: TextDetector[] = [];
  for (const d of readWith(split, mask)) {
    const bit = bits.get(d);
    if (bit === undefined) {
      run.push(d);
      continue;
    }
    if (run.length > 0) built.push({ run });
    run = [];
    built.push({ bit, detector: d });
  }
  if (run.length > 0) built.push({ run });
  lists.set(crossed, built);
  return built;
}
