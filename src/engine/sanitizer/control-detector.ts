import { candidateIndex, MIN_PASS_LENGTH, passLiterals } from "../scan/candidates.js";
import { HAS_CONTROL, HAS_NON_ASCII } from "../scan/string-features.js";
import type { TextDetector, TextMatch } from "../types.js";
import { measureEscapeSequence } from "./escape-sequences.js";
import {
  classifyInvisible,
  INVISIBLE_PREFILTER,
  type InvisibleType,
  isLoneSurrogate,
} from "./invisible-chars.js";
import { joinerIsMeaningful } from "./joiners.js";
import type { MatchRuns, RunDetector } from "./match-runs.js";

/**
 * Finds control characters, terminal escape sequences, zero-width and bidi characters, tag characters and stacked
 * variation selectors. Consecutive characters of one type become one span, so a hidden tag-character payload is one
 * finding rather than hundreds.
 *
 * Deliberate exceptions, because stripping them would damage ordinary text while hiding nothing:
 * - U+FEFF at offset 0 is a byte-order mark left over from reading a file, not a hidden character.
 * - ZWJ/ZWNJ that shape letters of a joining script (Arabic, Persian, Indic) or bind an emoji ZWJ sequence are
 *   legitimate (see joiners.ts); anywhere else they only serve to split keywords.
 * - A lone surrogate (malformed UTF-16) is reported as a control character: it renders as nothing or a box.
 * - Tag characters that complete a subdivision flag (U+1F3F4 + tag letters + CANCEL TAG) are an emoji.
 * - A single variation selector after a character selects a glyph; only runs of two or more (or a supplementary
 *   selector that does not follow an ideograph) smuggle data.
 */

const SCAN = new RegExp(INVISIBLE_PREFILTER.source, "gu");
const ESC = 0x1b;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BOM = 0xfeff;
const CANCEL_TAG = 0xe007f;
const BLACK_FLAG = 0x1f3f4;
const MAX_FLAG_TAGS = 8;

/** Where a span goes: an object per span (`detect`), or a run in typed arrays (`detectRuns`). */
type Emit = (type: string, start: number, end: number) => void;

/** Rule ids by type, made once: a span carries a shared string, not one built per span. */
const RULE_IDS = new Map<string, string>();

function ruleIdOf(type: string): string {
  let id = RULE_IDS.get(type);
  if (id === undefined) {
    id = `control.${type}`;
    RULE_IDS.set(type, id);
  }
  return id;
}

export function createControlDetector(): TextDetector & RunDetector {
  return {
    id: "control",
    kind: "control",
    // INVISIBLE_PREFILTER matches C0 controls but tab/LF/CR, DEL, and code points above U+007F only.
    requires: HAS_CONTROL | HAS_NON_ASCII,
    detect(text: string, out: TextMatch[]): void {
      scanText(text, (type, start, end) => {
        out.push({ kind: "control", type, start, end, ruleId: ruleIdOf(type) });
      });
    },
    // The same spans without an object each: a dense result (one invisible character every other character) has
    // as many spans as characters, and the scanner holds them as runs.
    detectRuns(text: string, into: MatchRuns): void {
      const rules = new Map<string, number>();
      scanText(text, (type, start, end) => {
        let rule = rules.get(type);
        if (rule === undefined) {
          rule = into.ruleOf({ kind: "control", type, ruleId: ruleIdOf(type) });
          rules.set(type, rule);
        }
        into.pushRun(rule, start, end);
      });
    },
  };
}

/**
 * The ASCII characters INVISIBLE_PREFILTER matches: C0 controls but tab, LF and CR, and DEL (its Unicode properties,
 * Default_Ignorable_Code_Point, Cf and Cs, hold no ASCII character). Among the shared literal pass's literals: on an
 * ASCII text their hits answer the prefilter, which is otherwise a Unicode class V8 tests at every character.
 */
const ASCII_INVISIBLE = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).filter((char) =>
  INVISIBLE_PREFILTER.test(char),
);
const PASS = passLiterals(ASCII_INVISIBLE);

/** INVISIBLE_PREFILTER.test(text), from the shared pass on a long ASCII text. */
function mayHoldInvisible(text: string): boolean {
  if (text.length >= MIN_PASS_LENGTH) {
    const index = candidateIndex(text);
    const hits = index.isAscii() ? index.passHits(PASS) : undefined;
    if (hits !== undefined) return hits.some((list) => list.length > 0);
  }
  return INVISIBLE_PREFILTER.test(text);
}

function scanText(text: string, out: Emit): void {
  if (!mayHoldInvisible(text)) return;
  SCAN.lastIndex = 0;
  for (let hit = SCAN.exec(text); hit !== null; hit = SCAN.exec(text)) {
    const start = hit.index;
    const end = scanAt(text, start, out);
    SCAN.lastIndex = Math.max(end, start + 1);
  }
}

/** Reports whatever starts at `start` and returns where scanning resumes. */
function scanAt(text: string, start: number, out: Emit): number {
  const cp = text.codePointAt(start)!;
  if (cp >= 0xd800 && cp <= 0xdfff) return scanLoneSurrogates(text, start, out);
  if (startsEscape(cp)) {
    const sequence = measureEscapeSequence(text, start);
    if (sequence !== undefined) {
      push(out, sequence.type, start, sequence.end);
      const conceals =
        holdsEight(text, start, sequence.end) && sgrConceal(text, start, sequence.end) === true;
      return conceals ? scanConcealed(text, sequence.end, out) : sequence.end;
    }
  }
  const type = classifyInvisible(cp);
  if (type === undefined) return start + (cp > 0xffff ? 2 : 1);
  if (type === "variation_selector") return scanVariationSelectors(text, start, out);
  if (type === "unicode_tag" && isSubdivisionFlag(text, start)) return endOfRun(text, start, type);
  if (cp === BOM && start === 0) return start + 1;
  if ((cp === ZWJ || cp === ZWNJ) && joinerIsMeaningful(text, start)) return start + 1;
  const end = endOfRun(text, start, type);
  push(out, type, start, end);
  return end;
}

/**
 * Text written after SGR 8 (conceal) and before the SGR that reveals it (0, 28 or an empty `m`) is not shown by a
 * terminal: the person reading the tool's output never sees it, and the model would. It becomes one
 * `concealed_text` span per stretch between escapes (a whitespace-only stretch hides nothing and is skipped), so
 * the sanitizer removes what the human could not see and nothing else; the escapes inside are reported as usual.
 * Concealment left open runs to the text's end, as it would on the terminal. Linear: one forward walk.
 */
function scanConcealed(text: string, from: number, out: Emit): number {
  let at = from;
  while (at < text.length) {
    const next = nextEscape(text, at);
    if (/\S/u.test(text.slice(at, next))) push(out, "concealed_text", at, next);
    if (next >= text.length) return next;
    const sequence = measureEscapeSequence(text, next);
    if (sequence === undefined) {
      at = next + 1;
      continue;
    }
    push(out, sequence.type, next, sequence.end);
    if (sgrConceal(text, next, sequence.end) === false) return sequence.end;
    at = sequence.end;
  }
  return at;
}

/**
 * Whether `text[start, end)` holds the digit 8: an escape without one cannot turn concealment on, so the colour
 * escapes of an ordinary terminal log are not parsed as SGR parameters.
 */
function holdsEight(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 0x38) return true;
  return false;
}

/** The next ESC or 8-bit CSI at or after `from`, or the text's length. */
function nextEscape(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === ESC || c === 0x9b) return i;
  }
  return text.length;
}

/**
 * What an escape `text[start, end)` does to concealment: `true` when it is an SGR (`CSI ... m`) that turns it on
 * (parameter 8), `false` when it turns it off (0, 28, or no parameter), `undefined` otherwise. The colour forms
 * 38/48/58 take their own arguments (`38;5;8` is colour 8, not conceal); the last setting in a sequence wins.
 */
function sgrConceal(text: string, start: number, end: number): boolean | undefined {
  const from = start + (text.charCodeAt(start) === ESC ? 2 : 1);
  if (text.charCodeAt(end - 1) !== 0x6d /* m */ || from > end - 1) return undefined;
  const params = text.slice(from, end - 1);
  if (!/^[0-9;:]*$/u.test(params)) return undefined;
  const values = params.split(/[;:]/u).map((p) => (p === "" ? 0 : Number(p)));
  let state: boolean | undefined;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === 38 || v === 48 || v === 58) i += values[i + 1] === 2 ? 4 : 2;
    else if (v === 8) state = true;
    else if (v === 0 || v === 28) state = false;
  }
  return state;
}

function push(out: Emit, type: string, start: number, end: number): void {
  out(type, start, end);
}

function endOfRun(text: string, start: number, type: InvisibleType): number {
  let i = start;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    if (classifyInvisible(cp) !== type || (i > start && startsEscape(cp))) break;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

/** ESC and the 8-bit introducers begin their own span so their payload is measured, not merged into a run. */
function startsEscape(cp: number): boolean {
  return cp === ESC || cp === 0x90 || cp === 0x98 || cp === 0x9b || cp === 0x9d || cp === 0x9e || cp === 0x9f;
}

/** A run of unpaired surrogates becomes one control-character span; a paired one is skipped whole. */
function scanLoneSurrogates(text: string, start: number, out: Emit): number {
  let end = start;
  while (end < text.length && isLoneSurrogate(text, end)) end++;
  if (end === start) return start + 1; // the low half of a pair whose high half was already passed
  push(out, "control_char", start, end);
  return end;
}

/** England/Scotland/Wales flags: U+1F3F4, a few tag letters, CANCEL TAG. */
function isSubdivisionFlag(text: string, start: number): boolean {
  if (start < 2 || text.codePointAt(start - 2) !== BLACK_FLAG) return false;
  let i = start;
  for (let count = 0; count <= MAX_FLAG_TAGS && i < text.length; count++) {
    const cp = text.codePointAt(i)!;
    if (cp === CANCEL_TAG) return true;
    const isTagAlnum = (cp >= 0xe0061 && cp <= 0xe007a) || (cp >= 0xe0030 && cp <= 0xe0039);
    if (!isTagAlnum) return false;
    i += 2;
  }
  return false;
}

function scanVariationSelectors(text: string, start: number, out: Emit): number {
  const end = endOfRun(text, start, "variation_selector");
  const supplementary = text.charCodeAt(start) === 0xdb40;
  const single = end - start === (supplementary ? 2 : 1);
  if (!single || (supplementary && !followsIdeograph(text, start))) {
    push(out, "variation_selector", start, end);
  }
  return end;
}

function followsIdeograph(text: string, at: number): boolean {
  if (at === 0) return false;
  const low = text.charCodeAt(at - 1);
  const cp = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.codePointAt(at - 2)! : low;
  return (cp >= 0x3400 && cp <= 0x9fff) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0x20000 && cp <= 0x3ffff);
}
