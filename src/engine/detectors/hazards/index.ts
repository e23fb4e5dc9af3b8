import { HAZARD_RULES } from "../../rules/built-in/hazards.js";
import type { TextDetector } from "../../types.js";

export { createDangerousSqlDetector } from "./dangerous-sql.js";
export { parseIpv4Literal } from "./ip-literal.js";
export { createPathTraversalDetector } from "./path-traversal.js";
export { createShellDangerDetector } from "./shell-danger.js";
export { createSqlInjectionDetector } from "./sql-injection.js";
export { createSsrfDetector } from "./ssrf.js";

/** Input hazards (kind `hazard`), in registry order: payloads aimed at the systems behind a tool. */
export function createHazardDetectors(): TextDetector[] {
  // The three SSRF records share one detector: built once, as the detector set does.
  return [...new Set(HAZARD_RULES.map((rule) => rule.detector))].map((factory) => factory());
}
