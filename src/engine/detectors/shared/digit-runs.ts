import { candidateIndex, MIN_PASS_LENGTH } from "../../scan/candidates.js";

export { OTHER } from "../../scan/literal-pass.js";

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

/**
 * Beside `digitRunsOf(text)` (defined exactly when it is): per run `r` (its start at `runs[r]`), the characters
 * `sides[2r]` = `text[start - 2]`, `sides[2r + 1]` = `text[start - 1]`, `sides[2r + 2]` = `text[end]`,
 * `sides[2r + 3]` = `text[end + 1]`, each its code unit when below OTHER (0xff), else OTHER: a code unit of 0xff or
 * more, or no character there. A test that accepts no such code reads a side as it would the text (no character
 * fails it as `codeAt`'s -1 does); one that accepts some reads the text where a side is OTHER. The pass read them
 * from its chunk: a detector testing a run's neighbours reads them here, in order, and the text only where they pass.
 */
export function digitRunSidesOf(text: string): Uint8Array | undefined {
  return text.length < MIN_PASS_LENGTH ? undefined : candidateIndex(text).digitRunSides();
}
