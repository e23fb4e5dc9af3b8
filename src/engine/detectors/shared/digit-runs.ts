import { candidateIndex, MIN_PASS_LENGTH } from "../../scan/candidates.js";

/**
 * The maximal runs of ASCII digits of `text` (`[start0, end0, start1, end1, ...]`, ascending) found by the shared
 * literal pass, or undefined (a short text, a text the pass has not run on, a table of numbers): the caller then
 * scans with its own regex. Asking never runs the pass (see CandidateIndex.digitRuns). The PII number detectors (phone, SSN, IBAN, IPv4) need a digit where every match of
 * theirs starts, so with the runs they try their regex only at the few places a match can start instead of having
 * V8 visit every character of the text.
 */
export function digitRunsOf(text: string): Int32Array | undefined {
  return text.length < MIN_PASS_LENGTH ? undefined : candidateIndex(text).digitRuns();
}
