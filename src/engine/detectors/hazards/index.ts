import type { TextDetector } from "../../types.js";
import { createDangerousSqlDetector } from "./dangerous-sql.js";
import { createPathTraversalDetector } from "./path-traversal.js";
import { createShellDangerDetector } from "./shell-danger.js";
import { createSqlInjectionDetector } from "./sql-injection.js";
import { createSsrfDetector } from "./ssrf.js";

export { createDangerousSqlDetector } from "./dangerous-sql.js";
export { parseIpv4Literal } from "./ip-literal.js";
export { createPathTraversalDetector } from "./path-traversal.js";
export { createShellDangerDetector } from "./shell-danger.js";
export { createSqlInjectionDetector } from "./sql-injection.js";
export { createSsrfDetector } from "./ssrf.js";

/** Input hazards (kind `hazard`): payloads aimed at the systems behind a tool rather than at the model. */
export function createHazardDetectors(): TextDetector[] {
  return [
    createSqlInjectionDetector(),
    createDangerousSqlDetector(),
    createShellDangerDetector(),
    createPathTraversalDetector(),
    createSsrfDetector(),
  ];
}
