import type { PolicyConfig } from "../../src/index.js";

/** The policy both backends run in the remote tests: every check family on, with input redaction too. */
export const REMOTE_TEST_POLICY: PolicyConfig = {
  capabilities: {
    rules: [
      {
        id: "deny.drop",
        match: "*.drop_database",
        action: "deny",
        reason: "dropping databases needs a human",
      },
    ],
  },
  pii: { input: "placeholder", output: "placeholder", types: { credit_card: "mask" } },
  secrets: { input: "block", output: "placeholder" },
  injection: { output: "block", input: "warn" },
  limits: { maxDepth: 24, maxOutputBytes: 200_000 },
};
