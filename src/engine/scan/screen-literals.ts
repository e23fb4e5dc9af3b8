import type { TextDetector } from "../types.js";

/**
 * Literals a built-in detector's every match holds, ASCII case folded, registered by the detector's own module for the
 * JSON screening (json-screen.ts): a string none of them occurs in (case-insensitively) is not read by the detector.
 * For a detector that reads each string alone (its matches are not local enough to join) and whose literals are too
 * common to be the keyword prefilter's triggers (`cred`, `define`: the prefilter would read every text whole).
 * Keyed by the detector object, so a declared rule that reuses a built-in id is never screened by them.
 */
const registered = new WeakMap<TextDetector, readonly string[]>();

/** Registers `literals` (each non-empty, lower case) as held by every match of `detector`, in any ASCII case. */
export function registerFoldedScreen(detector: TextDetector, literals: readonly string[]): void {
  if (literals.some((l) => l.length === 0 || l !== l.toLowerCase()))
    throw new Error(`registerFoldedScreen: ${detector.id}'s literals must be non-empty and lower case`);
  registered.set(detector, literals);
}

/** The literals registered for `detector`, or undefined. */
export function foldedScreenOf(detector: TextDetector): readonly string[] | undefined {
  return registered.get(detector);
}
