import { candidateIndex, MIN_PASS_LENGTH, passLiterals } from "../../scan/candidates.js";
import { stringEnd } from "../../scan/string-bounds.js";
import { HAS_DIGIT } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { entropyAtLeast } from "../shared/shannon-entropy.js";
import { isLookalikeSecret } from "./lookalike.js";

/**
 * AWS secret access keys: 40 base64 characters. On their own they are indistinguishable from any other base64, so
 * a candidate counts only within a short distance after a keyword: "secret access key" in any spelling
 * (`aws_secret_access_key`, `SecretAccessKey`, `AWS_SECRET`...) or an access key id (`AKIA...`), which is how the
 * pair appears in credential files, CSV downloads and CLI output.
 */

// The keyword is `secret[_ .-]?access[_ .-]?key|aws[_ .-]?secret` (case-insensitive). Both spellings contain
// "secret", so the text is scanned for that word alone and the rest is checked around each hit (see findKeywords):
// one literal is cheaper to scan for than the two-way alternation, 1 MB: bench prose 1.01 -> 0.68 ms, bench JSON
// 0.62 -> 0.38 ms. "secret" cannot overlap itself or an "aws" prefix, so the hits are the alternation's matches.
const SECRET = /secret/gi;
const ACCESS_KEY_AFTER_SECRET = /secret[_ .-]?access[_ .-]?key/iy;
/** An access key id also anchors a window; its positions come from the shared token-prefix pass. */
// Anchored on the rare capital `A`; V8 skips between them.
const ACCESS_KEY_ID = /A(?:KIA|SIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g;
const WINDOW = 160;
// Not preceded by base64 (but `=` before is an assignment); not followed by more base64 or `=` padding.
const CANDIDATE = /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;

function isAwsSeparatorCode(code: number): boolean {
  return code === 95 || code === 32 || code === 46 || code === 45;
}

/** Case-insensitive (ASCII only, like a non-unicode `/i`) "aws" at `at`. */
function isAwsAt(text: string, at: number): boolean {
  return (
    at >= 0 &&
    (text.charCodeAt(at) | 32) === 97 &&
    (text.charCodeAt(at + 1) | 32) === 119 &&
    (text.charCodeAt(at + 2) | 32) === 115
  );
}

/**
 * The shared literal pass's `secret` (ASCII case folded: `/secret/gi`'s matches, which cannot overlap), `AKIA` and
 * `ASIA` (folded: the key id regex confirms the case), on a text long enough for the pass.
 */
const PASS = passLiterals(["secret", "AKIA", "ASIA"]);
const ACCESS_KEY_ID_AT = new RegExp(ACCESS_KEY_ID.source, "y");

/** Every match of the keyword, in order, as [index, length] pairs appended to `anchors`. */
function findKeywords(
  text: string,
  anchors: [number, number][],
  fromPass: readonly number[] | undefined,
): void {
  if (fromPass !== undefined) {
    let from = 0;
    for (const at of fromPass) if (at >= from) from = keywordAt(text, at, anchors);
    return;
  }
  const secret = SECRET; // shared, reset: a RegExp per call was costlier than the scan on short strings
  secret.lastIndex = 0;
  for (let m = secret.exec(text); m !== null; m = secret.exec(text))
    secret.lastIndex = keywordAt(text, m.index, anchors);
}

/** The keyword around the `secret` at `at`, if any, appended to `anchors`; where the search for `secret` resumes. */
function keywordAt(text: string, at: number, anchors: [number, number][]): number {
  const end = at + 6;
  // `aws[_ .-]?secret`: the match starts at the "aws" (earlier than the `secret...` spelling would).
  if (isAwsAt(text, at - 3)) {
    anchors.push([at - 3, 9]);
    return end;
  }
  if (isAwsSeparatorCode(text.charCodeAt(at - 1)) && isAwsAt(text, at - 4)) {
    anchors.push([at - 4, 10]);
    return end;
  }
  const accessKey = ACCESS_KEY_AFTER_SECRET;
  accessKey.lastIndex = at;
  const a = accessKey.exec(text);
  if (a === null) return end;
  anchors.push([at, a[0].length]);
  return accessKey.lastIndex;
}

/** Every access key id, in order, as [index, 20] pairs appended to `anchors` (the global regex's matches). */
function findKeyIds(
  text: string,
  anchors: [number, number][],
  fromPass: readonly number[] | undefined,
): void {
  if (fromPass !== undefined) {
    let from = 0;
    for (const at of fromPass) {
      if (at < from) continue;
      ACCESS_KEY_ID_AT.lastIndex = at;
      if (ACCESS_KEY_ID_AT.test(text)) {
        anchors.push([at, 20]);
        from = at + 20;
      }
    }
    return;
  }
  const keyId = ACCESS_KEY_ID;
  keyId.lastIndex = 0;
  for (let m = keyId.exec(text); m !== null; m = keyId.exec(text)) anchors.push([m.index, 20]);
}

/** Two ascending lists of distinct starts (`AKIA` and `ASIA` never start at one place), merged. */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  return b.length === 0 ? [...a] : [...a, ...b].sort((x, y) => x - y);
}

function looksLikeSecretKey(value: string): boolean {
  return (
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value) &&
    entropyAtLeast(value, 4) &&
    !isLookalikeSecret(value) // AWS's own documentation key ends in EXAMPLEKEY
  );
}

/**
 * TextDetector.contextReach: a candidate's lookarounds read one character either side; its keyword's window stops at
 * its string's end (string-bounds.ts), and the `aws` before a keyword's `secret` is read at most four characters
 * back, which on a joined text are a separator's blanks and line breaks (at least seven characters, never `aws`).
 */
const CONTEXT_REACH = 1;

export function createAwsSecretKeyDetector(): TextDetector {
  return {
    id: "secret.aws_secret_key",
    kind: "secret",
    // looksLikeSecretKey wants an ASCII digit (`\d`); a 40-character key after a 4-character anchor at least.
    requires: HAS_DIGIT,
    minLength: 44,
    contextReach: CONTEXT_REACH,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 44) return; // a 40-character key after at least a 4-character anchor
      // Anchors: keyword matches and access key ids, as [index, length] in ascending order.
      const anchors: [number, number][] = [];
      const hits = text.length < MIN_PASS_LENGTH ? undefined : candidateIndex(text).passHits(PASS);
      findKeywords(text, anchors, hits?.[0]);
      findKeyIds(text, anchors, hits === undefined ? undefined : mergeSorted(hits[1]!, hits[2]!));
      anchors.sort((a, b) => a[0] - b[0]);
      // Windows of nearby anchors overlap: each stretch is searched about once, and nothing is reported twice.
      let scannedUpTo = 0;
      let lastEnd = 0;
      for (const [index, length] of anchors) {
        const from = Math.max(index + length, scannedUpTo);
        // Within the anchor's string on a JSON value's joined text (string-bounds.ts): a keyword in a neighbour
        // string anchors nothing here, as it anchors nothing in this string read alone.
        const to = Math.min(stringEnd(text, index), index + length + WINDOW);
        if (from >= to) continue;
        // Extend the slice by one character each side so the lookarounds see the real neighbours.
        const sliceStart = Math.max(0, from - 1);
        const slice = text.slice(sliceStart, Math.min(text.length, to + 1));
        const candidate = CANDIDATE;
        candidate.lastIndex = 0;
        for (let c = candidate.exec(slice); c !== null; c = candidate.exec(slice)) {
          const start = sliceStart + c.index;
          if (start < from || start < lastEnd || start + 40 > to + 1) continue;
          if (!looksLikeSecretKey(c[0])) continue;
          out.push({
            kind: "secret",
            type: "aws_secret_key",
            start,
            end: start + 40,
            ruleId: "secret.aws_secret_key",
          });
          lastEnd = start + 40;
        }
        scannedUpTo = Math.max(scannedUpTo, to - 40);
      }
    },
  };
}
