import { randomUUID } from "node:crypto";
import { LocalPolicyEngine, type PolicyBackend } from "mcp-tollgate";

/**
 * The smallest useful backend is a plain object: no class, no registration. This one lets only read-style tools
 * run (by naming convention) and hands output redaction to the local engine with its safe defaults.
 */
const READ_ONLY = /^(get|search|list|lookup|tail)_/;
const engine = new LocalPolicyEngine();

export const readOnlyBackend: PolicyBackend = {
  name: "read-only",
  async checkInput(request) {
    const allowed = READ_ONLY.test(request.toolName);
    return {
      allowed,
      ...(allowed ? {} : { reason: `${request.toolName} is not a read-only tool` }),
      findings: allowed
        ? []
        : [{ kind: "capability", type: "write_tool", path: "", ruleId: "read-only", action: "block" }],
      ruleIds: allowed ? [] : ["read-only"],
      decisionId: randomUUID(),
      durationMs: 0,
      backend: "read-only",
    };
  },
  checkOutput: (request) => engine.checkOutput(request),
};
