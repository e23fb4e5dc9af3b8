import { LocalPolicyEngine } from "../../src/index.js";
import { flagged } from "../eval-set/score.js";

/** The default rules alone (the model off, whatever its default), by the criterion of every injection figure. */
const rulesEngine = new LocalPolicyEngine({ rules: { "injection.scorer": "off" } });
let seq = 0;

export async function flaggedByRulesOnly(text: string): Promise<boolean> {
  const decision = await rulesEngine.checkOutput({
    connectorType: "corpus.read",
    serverName: "corpus",
    toolName: "read",
    callId: `rules-${++seq}`,
    args: {},
    result: { content: [{ type: "text", text }] },
  });
  return flagged(decision);
}
