import { HAS_DASH } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/**
 * GitLab tokens with their documented prefixes: personal (`glpat-`), deploy (`gldt-`), runner (`glrt-`),
 * pipeline trigger (`glptt-`), feed (`glft-`), OAuth app secret (`gloas-`), and CI build (`glcbt-`).
 */
export function createGitlabTokenDetector(): TextDetector {
  return createPrefixedTokenDetector({
    type: "gitlab_token",
    prefix: /gl(?:pat|dt|rt|ptt|ft|oas|cbt)-/,
    requires: HAS_DASH, // every prefix ends in `-`
    bodyClass: "[A-Za-z0-9_.-]",
    minBody: 20,
    maxBody: 255,
  });
}
