/**
 * The injection detectors as the hard benign tests read them: the phrase rules, the structure detector and the
 * sanitizer's chat-template detector, each with its default options, and what they find on a text.
 */
import { createInjectionDetector } from "../../src/engine/detectors/injection/index.js";
import { createStructureInjectionDetector } from "../../src/engine/detectors/injection/structure/structure-detector.js";
import { createChatTemplateDetector } from "../../src/engine/sanitizer/index.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

export const phrase = createInjectionDetector();
export const structure = createStructureInjectionDetector();
export const chat = createChatTemplateDetector();

/** What `detector` finds on `text`. */
export function found(detector: TextDetector, text: string): TextMatch[] {
  const out: TextMatch[] = [];
  detector.detect(text, out);
  return out;
}

/** The rule ids of the injection findings (phrase rules and structure detector) on `text`. */
export const injection = (text: string): string[] =>
  [...found(phrase, text), ...found(structure, text)].map((m) => m.ruleId);
