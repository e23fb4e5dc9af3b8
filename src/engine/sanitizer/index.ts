import type { TextDetector } from "../types.js";
import { createChatTemplateDetector } from "./chat-template-detector.js";
import { createControlDetector } from "./control-detector.js";

export { createChatTemplateDetector } from "./chat-template-detector.js";
export { createControlDetector } from "./control-detector.js";
export { classifyInvisible, INVISIBLE_PREFILTER, type InvisibleType } from "./invisible-chars.js";

/**
 * The sanitizer family: spans the engine may strip from tool text. `control` covers control characters, terminal
 * escapes and invisible Unicode; `markup.chat_template` covers chat-template tokens and fake role turns.
 */
export function createSanitizerDetectors(): TextDetector[] {
  return [createControlDetector(), createChatTemplateDetector()];
}
