import { type LiteralTriggers, registerDetectorTriggers } from "../../rules/keyword-prefilter.js";
import { contextAllows, type ResolvedRuleContext, resolveRuleContext } from "../../rules/rule-context.js";
import { passLiterals } from "../../scan/candidates.js";
import { stringAround } from "../../scan/string-bounds.js";
import {
  exactFeatures,
  HAS_COLON,
  HAS_DASH,
  HAS_DIGIT,
  HAS_EQUALS,
  HAS_HASH,
  HAS_NON_ASCII,
  HAS_SPACE,
  HAS_UPPER,
} from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt, isWordCode } from "../shared/char-codes.js";
import { entropyAtLeast } from "../shared/shannon-entropy.js";
import { passesCrc32Base62 } from "./checksums.js";
import { detectOperatorlessCredentials } from "./credential-forms.js";
import {
  ASSIGNMENT_LITERALS,
  detectNamedCredentials,
  GENERIC_LITERALS,
  type KeyedForms,
} from "./generic-credential.js";
import {
  FACT_DIGIT,
  FACT_LOWER,
  FACT_UPPER,
  isLookalikeVendorValue,
  isLookalikeVendorValueOf,
  valueFacts,
} from "./lookalike.js";
import { createPrefixFinder } from "./prefix-finder.js";
import { lengthRange, type TokenForm, type TokenSpec } from "./token-spec.js";

/**
 * The one detector every token record is read by (and the credential-by-name rule, which shares the walk over
 * assignments): prefixed forms are found by one pass over all prefixes (prefix-finder.ts), keyed forms where a
 * value is assigned to a key naming the vendor (generic-credential.ts's walk). Each candidate is judged by its
 * record's data: body alphabet and length, shape, entropy floor, character classes, checksum, context, allow-list.
 */

export interface TokenRecordLike {
  readonly id: string;
  readonly type: string;
  readonly token: TokenSpec;
}

interface CompiledForm {
  readonly ruleId: string;
  readonly type: string;
  readonly form: TokenForm;
  readonly allow: readonly RegExp[];
  readonly body: RegExp;
  /** `body`'s alphabet as a table by code unit, when it holds ASCII characters only (bodyTable); else undefined. */
  readonly bodyCodes: Uint8Array | undefined;
  readonly min: number;
  readonly max: number;
  readonly shape: RegExp | undefined;
  /** The form's context words, else its record's (TokenForm.context, TokenSpec.context). */
  readonly context: ResolvedRuleContext | undefined;
  /** The lead's one-character test and bounds (TokenForm.lead). */
  readonly lead: { readonly char: RegExp; readonly min: number; readonly max: number } | undefined;
  /**
   * The form's fields acceptsBody and readBody read per candidate, copied with their defaults into this one shape:
   * the forms' objects have as many shapes as the records write fields, so reading them per candidate was a
   * megamorphic property load each (the largest self time of acceptsBody on prose with tokens).
   */
  readonly signature: string | undefined;
  readonly checksum: boolean;
  readonly checksumRequired: boolean;
  /** TokenForm.minClasses, 0 when unset (a body always holds at least 0 classes). */
  readonly minClasses: number;
  readonly needsDigit: boolean;
  readonly minEntropy: number;
  /** A prefix is the vendor's evidence (lookalike.ts): prefixed, not keyed, vouched for by no checksum or signature. */
  readonly prefixEvidence: boolean;
  /** TokenForm.glued !== false: a word character on either side makes the candidate part of a longer word. */
  readonly glued: boolean;
  readonly maskBody: boolean;
}

function compile(record: TokenRecordLike, form: TokenForm): CompiledForm {
  const [min, max] = lengthRange(form);
  return {
    ruleId: record.id,
    type: record.type,
    form,
    allow: record.token.allow ?? [],
    // Bounded: a run of prefixes (`sk-sk-sk-...`) is read once per prefix, never to the end of the text.
    body: new RegExp(`[${form.alphabet}]{0,${max + 1}}`, "y"),
    bodyCodes: bodyTable(form.alphabet),
    min,
    max,
    shape: form.shape === undefined ? undefined : new RegExp(`^(?:${form.shape.source})$`, form.shape.flags),
    lead: form.lead === undefined ? undefined : compileLead(form.lead),
    context: resolveRuleContext(form.context ?? record.token.context),
    signature: form.signature,
    checksum: form.checksum !== undefined,
    checksumRequired: form.checksumRequired === true,
    minClasses: form.minClasses ?? 0,
    needsDigit: form.needsDigit === true,
    minEntropy: form.minEntropy ?? 3,
    prefixEvidence:
      form.keyed === undefined &&
      form.prefixes.length > 0 &&
      form.checksum === undefined &&
      form.signature === undefined,
    glued: form.glued !== false,
    maskBody: form.mask === "body",
  };
}

/** The tables made so far, by alphabet (records share a few dozen alphabets). Read only once made. */
const BODY_TABLES = new Map<string, Uint8Array>();

/**
 * The code units below 128 the character class `[alphabet]` matches (1 each), or undefined when the class may match a
 * code unit of 128 or more: an alphabet written in printable ASCII without an escape, a bracket or a leading `^` holds
 * ASCII characters and ASCII ranges only, so the table read with "128 and over: not in it" is the class exactly.
 */
function bodyTable(alphabet: string): Uint8Array | undefined {
  if (alphabet.startsWith("^") || /[\\[\]]/.test(alphabet)) return undefined;
  for (let i = 0; i < alphabet.length; i++) {
    const code = alphabet.charCodeAt(i);
    if (code < 32 || code > 126) return undefined;
  }
  let table = BODY_TABLES.get(alphabet);
  if (table === undefined) {
    const one = new RegExp(`^[${alphabet}]$`);
    table = new Uint8Array(128);
    for (let code = 0; code < 128; code++) table[code] = one.test(String.fromCharCode(code)) ? 1 : 0;
    BODY_TABLES.set(alphabet, table);
  }
  return table;
}

/** Where `c`'s body read from `from` stops: `body`'s match, at most `max + 1` characters of the alphabet. */
function bodyEnd(text: string, c: CompiledForm, from: number): number {
  const codes = c.bodyCodes;
  if (codes === undefined) {
    c.body.lastIndex = from;
    c.body.exec(text);
    return c.body.lastIndex;
  }
  const limit = Math.min(text.length, from + c.max + 1);
  let end = from;
  while (end < limit) {
    const code = text.charCodeAt(end);
    if (code >= 128 || codes[code] === 0) break;
    end++;
  }
  return end;
}

function compileLead(lead: NonNullable<TokenForm["lead"]>): CompiledForm["lead"] {
  const [min, max] = typeof lead.length === "number" ? [lead.length, lead.length] : lead.length;
  return { char: new RegExp(`[${lead.alphabet}]`), min, max };
}

/** Where the lead before `at` starts (read back greedily up to its maximum), or -1 when it is shorter than its minimum. */
function leadStart(text: string, c: CompiledForm, at: number): number {
  const lead = c.lead!;
  let i = at;
  while (i > 0 && at - i < lead.max && lead.char.test(text[i - 1]!)) i--;
  if (at - i < lead.min) return -1;
  // A longer run than the lead allows is part of a longer word, not this token.
  if (i > 0 && at - i === lead.max && lead.char.test(text[i - 1]!)) return -1;
  return i;
}

// The class bits of valueFacts, counted.
const CLASS_COUNT = [0, 1, 1, 2, 1, 2, 2, 3];
const CLASSES = FACT_UPPER | FACT_LOWER | FACT_DIGIT;

/** Whether `body` (after `prefix`, and after `lead` for a form with one) is a token of the compiled form. */
export function acceptsBody(c: CompiledForm, prefix: string, body: string, lead = ""): boolean {
  if (body.length < c.min || body.length > c.max) return false;
  // With a lead, the token's structure spans the literal: judge the whole token.
  if (c.lead !== undefined) body = lead + prefix + body;
  if (c.shape !== undefined && !c.shape.test(body)) return false;
  if (c.allow.length > 0) {
    const token = c.lead !== undefined ? body : prefix + body;
    for (const re of c.allow) if (re.test(token)) return false;
  }
  const signature = c.signature;
  if (signature !== undefined) {
    if (body.includes(signature)) return true;
    // The signature's tail where it belongs, its head changed (`T4BlbkFJ` for `T3BlbkFJ`): an edited look-alike.
    if (body.includes(signature.slice(2))) return false;
  }
  if (c.checksum) {
    if (passesCrc32Base62(body)) return true;
    if (c.checksumRequired) return false;
  }
  // The body's classes, letters-and-digits and keyboard run, read once (the look-alike test reads the last two).
  const facts = valueFacts(body);
  if (CLASS_COUNT[facts & CLASSES]! < c.minClasses) return false;
  if (c.needsDigit && (facts & FACT_DIGIT) === 0) return false;
  if (!entropyAtLeast(body, c.minEntropy)) return false;
  // A prefix that opens base64 JSON (`eyJrIjoi`: `{"k":"`) is judged with its body, so the value decodes whole.
  if (prefix.startsWith("eyJ")) return !isLookalikeVendorValue(prefix + body, c.prefixEvidence);
  return !isLookalikeVendorValueOf(body, c.prefixEvidence, facts);
}

function isGlue(code: number): boolean {
  return isWordCode(code) || code === 45;
}

/** Where the last `readBody` stopped reading, accepted or not: tokens never overlap, so the scan resumes there. */
let readUpTo = 0;

/** Reads the body of `c` at `from`; the end offset, or -1 when it is not a token of the form. */
function readBody(text: string, c: CompiledForm, prefix: string, start: number, from: number): number {
  if (c.lead !== undefined) {
    const at = leadStart(text, c, start);
    if (at === -1) return -1;
    readLeadFrom = at;
    start = at;
  }
  let end = bodyEnd(text, c, from);
  readUpTo = Math.max(readUpTo, end);
  while (end > from && text.charCodeAt(end - 1) === 46) end--; // a sentence's period after the token
  if (end - from > c.max && !c.glued) end = from + c.max;
  if (c.glued && (isGlue(codeAt(text, start - 1)) || isGlue(codeAt(text, end)))) return -1;
  if (c.context !== undefined && !contextHolds(text, start, end, c.context)) return -1;
  const lead = c.lead === undefined ? "" : text.slice(start, from - prefix.length);
  return acceptsBody(c, prefix, text.slice(from, end), lead) ? end : -1;
}

/**
 * `contextAllows` read within the string the token stands in (string-bounds.ts): on a JSON value's joined text a
 * context window (up to 300 characters on each side) stops at the string's ends, so a neighbour string neither
 * accepts nor rejects the token, and the token's findings there are its findings on its string alone.
 */
function contextHolds(text: string, start: number, end: number, context: ResolvedRuleContext): boolean {
  const [from, to] = stringAround(text, start);
  if (from === 0 && to === text.length) return contextAllows(text, start, end, context);
  const lo = Math.min(from, start);
  return contextAllows(text.slice(lo, Math.max(to, end)), start - lo, end - lo, context);
}

/** Where the last accepted form with a lead starts (its literal is not its start). */
let readLeadFrom = 0;

/**
 * TextDetector.contextReach: a prefixed token reads its glue and lead one character past it (no record's alphabet
 * holds white space) and its context words within its own string (contextHolds); the credential walk reads its keys,
 * values and flags within their line (a quoted value ends at a line break), a user name at most two line breaks back
 * (three stand between two joined strings), a ciphertext parent's indented lines up to an empty line, and its two
 * windows that cross lines within their own string (a vendor's section name, namedKey; an HCL variable's block,
 * credential-forms.ts).
 */
const CONTEXT_REACH = 1;

export function createTokenDetector(
  records: readonly TokenRecordLike[],
  withNamedCredentials: boolean,
): TextDetector {
  const byPrefix = new Map<string, CompiledForm[]>();
  const keyed: { words: readonly string[]; form: CompiledForm }[] = [];
  let minLength = withNamedCredentials ? 9 : Number.POSITIVE_INFINITY;
  for (const record of records) {
    for (const form of record.token.forms) {
      const c = compile(record, form);
      if (form.keyed !== undefined) {
        keyed.push({ words: form.keyed, form: c });
        continue;
      }
      for (const prefix of form.prefixes) {
        byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), c]);
        minLength = Math.min(minLength, prefix.length + c.min);
      }
    }
  }
  const finder = createPrefixFinder([...byPrefix.keys()]);
  const requires = requiredFeatures(records, withNamedCredentials);
  const keyedWords = [...new Set(keyed.flatMap((k) => k.words))];
  const keyedForms: KeyedForms = {
    words: new RegExp(keyedWords.map(escapeRegex).join("|") || "(?!)"),
    wordsPass: passLiterals(keyedWords),
    match(key, value) {
      const lower = key.toLowerCase();
      for (const k of keyed) {
        if (!k.words.some((w) => lower.includes(w))) continue;
        if (acceptsKeyedValue(k.form, value)) return k.form;
      }
      return undefined;
    },
  };
  const detector: TextDetector = {
    id: "secret.tokens",
    kind: "secret",
    contextReach: CONTEXT_REACH,
    ...(requires === undefined ? {} : { requires }),
    minLength,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < minLength) return;
      const first = out.length;
      let resumeAt = 0;
      finder.scan(text, (start, prefix) => {
        if (start < resumeAt) return;
        const from = start + prefix.length;
        readUpTo = from;
        for (const c of byPrefix.get(prefix)!) {
          const end = readBody(text, c, prefix, start, from);
          if (end === -1) continue;
          const reportStart = c.maskBody ? from : c.lead !== undefined ? readLeadFrom : start;
          out.push({ kind: "secret", type: c.type, start: reportStart, end, ruleId: c.ruleId });
          // A prefix inside a token already found (`ghp_ghp_...`, `AccountKey=AccountKey=...`) starts no token.
          resumeAt = readUpTo;
          break;
        }
        // A prefix that starts no token hides nothing after it: `mailto:AKIA...` holds the `:A` of a lead form,
        // which fails, and the `AKIA` that starts inside it is still read.
      });
      if (withNamedCredentials || keyed.length > 0)
        detectNamedCredentials(
          text,
          out,
          keyedForms,
          withNamedCredentials,
          first,
          detectOperatorlessCredentials,
        );
    },
  };
  // The shared prefilter skips the detector on a string that holds none of its literals.
  registerDetectorTriggers(detector, tokenTriggers(records, withNamedCredentials));
  return detector;
}

/**
 * The literals every match of the detector holds, for the shared prefilter (keyword-prefilter.ts): each prefixed
 * form's prefixes (a form with a lead is found at its literal too), the assignment walk's operators and flags when
 * it runs (keyed forms, credentials by name), and the generic forms' own literals. Matched with ASCII case folded (a
 * superset of the exact-case prefixes); a string with a non-ASCII character runs the detector ungated (the walk
 * reads the full-width colon and key words of other scripts).
 */
export function tokenTriggers(records: readonly TokenRecordLike[], named: boolean): LiteralTriggers {
  const literals = new Set<string>();
  let keyed = false;
  for (const record of records) {
    for (const form of record.token.forms) {
      // A keyed form's words: its value may follow them with a space and no operator (`flickr KEY ...`).
      if (form.keyed !== undefined) {
        keyed = true;
        for (const word of form.keyed) literals.add(word);
      } else for (const prefix of form.prefixes) literals.add(prefix);
    }
  }
  if (named || keyed) for (const literal of ASSIGNMENT_LITERALS) literals.add(literal);
  if (named) for (const literal of GENERIC_LITERALS) literals.add(literal);
  return { literals: [...literals], caseInsensitive: true, bypass: HAS_NON_ASCII };
}

// What the credential-by-name walk needs: an operator (`:`, `=`, the full-width colon), a `--flag` or ` -flag` and a
// space, `#define`, a password word then a space, or a bracket and a value of three classes (upper case or digit).
const NAMED_FEATURES =
  HAS_COLON | HAS_EQUALS | HAS_DASH | HAS_SPACE | HAS_NON_ASCII | HAS_HASH | HAS_UPPER | HAS_DIGIT;

/**
 * The scanner's gate (scan/string-features.ts): every match holds its prefix (whose features are known) or, for a
 * form that says so, a digit; keyed forms need the walk's operator. Undefined when a form guarantees nothing.
 */
function requiredFeatures(records: readonly TokenRecordLike[], named: boolean): number | undefined {
  let features =
    named || records.some((r) => r.token.forms.some((f) => f.keyed !== undefined)) ? NAMED_FEATURES : 0;
  for (const record of records) {
    for (const form of record.token.forms) {
      if (form.keyed !== undefined) continue;
      for (const prefix of form.prefixes) {
        const own = exactFeatures(prefix) | (form.needsDigit ? HAS_DIGIT : 0);
        if (own === 0) return undefined;
        // Any one feature the prefix holds is enough to gate on; the rarest would gate best, but any is sound.
        features |= own & -own;
      }
    }
  }
  return features;
}

function acceptsKeyedValue(c: CompiledForm, value: string): boolean {
  const prefix = c.form.prefixes.find((p) => value.startsWith(p)) ?? "";
  if (c.form.prefixes.length > 0 && prefix === "") return false;
  if (bodyEnd(value, c, prefix.length) !== value.length) return false;
  return acceptsBody(c, prefix, value.slice(prefix.length));
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
