/**
 * Contracts shared by every text detector. A detector looks at one string and reports spans; it never rewrites
 * the string. Redaction, overlap resolution and JSON walking live in the engine so every detector stays small.
 */
import type { FindingKind } from "../shared/vocabulary.js";

/** A span in one string. `start`/`end` are UTF-16 offsets (JS string indices), end exclusive. */
export interface TextMatch {
  kind: FindingKind;
  /** Stable type name, e.g. `email`, `credit_card`, `aws_access_key`, `override_instructions`, `ansi_escape`. */
  type: string;
  start: number;
  end: number;
  /** Rule that produced the match, e.g. `pii.email`, `secret.github_token`, `injection.role_reassignment`. */
  ruleId: string;
}

/**
 * Where a detector that only appends (`streams`) puts its matches: an array, or the scanner's typed columns, which
 * copy each match's fields and do not keep the object.
 */
export interface MatchSink {
  push(match: TextMatch): number;
}

export interface TextDetector {
  /** Rule id prefix or exact id; used for enabling/disabling and in audit records. */
  readonly id: string;
  readonly kind: FindingKind;
  /**
   * Appends matches found in `text` to `out`. Must be linear-time (no catastrophic backtracking) and must never
   * throw on any string, including lone surrogates and 50 MB inputs.
   */
  detect(text: string, out: TextMatch[]): void;
  /**
   * Optional gate (features from scan/string-features.ts, ORed): the detector can only match a string that has AT
   * LEAST ONE of these features; the scanner skips it on other strings. It must follow from the detector's own
   * matching code, and is checked by a property test. Omitted: always run.
   */
  readonly requires?: number;
  /** Optional gate: the detector never matches a string shorter than this (UTF-16 code units). */
  readonly minLength?: number;
  /**
   * Optional prefilter (as gitleaks' keywords): literals of which at least one occurs, exact case, in every string the
   * detector can match. The scanner finds the keywords of all its detectors in one pass per string and skips a
   * detector none of whose keywords occurs.
   */
  readonly keywords?: readonly string[];
  /**
   * Set when `detect` only ever calls `out.push` (it never reads `out`, its length or its entries back), so the
   * scanner may hand it a MatchSink that stores each match as typed columns: a text dense with matches then costs
   * ~10 bytes a match instead of an object each. Omitted: `out` is a plain array.
   */
  readonly streams?: true;
  /**
   * Optional: how many characters beyond a match's span (before or after it) the detector reads across a line break
   * to decide whether or where it matches (a read that stops at a line break counts 0, and so does a look-back that
   * stops at an empty line, as every separator ends with one; a run of indented lines read back is ended by an empty
   * line). The JSON screening joins strings for this detector with a separator just longer
   * than this (scan/json-screen.ts), and its property test proves the detector's matches survive it. Omitted:
   * unknown, the screening's longest separator.
   */
  readonly contextReach?: number;
  /**
   * Optional: what the JSON screening reads joined strings with instead of this detector, for a detector whose
   * verdict weighs text around a match (the learned model's second opinion reads a window that crosses into a
   * neighbour string there). Its matches on any text must overlap every match this detector makes on that text, so a
   * string this detector would flag alone is never screened out. Never set on a mapped detector (its joined matches
   * are taken as its own).
   */
  readonly joinedScreen?: TextDetector;
}
