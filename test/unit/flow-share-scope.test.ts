/**
 * A requested share's audience and object (src/engine/flow/share-scope.ts, rule `flow.unrequested_change`): the
 * flow step on hashed facts, each row one message and one share call after an untrusted result.
 */
import { describe, expect, it } from "vitest";
import { runFlowStep } from "../../src/engine/flow/flow-step.js";
import { computeOutputFacts } from "../../src/engine/flow/output-facts.js";
import { resolveFlowPolicy } from "../../src/engine/flow/policy-types.js";
import { appendOutputFacts, appendUserMessage, emptyProvenance } from "../../src/shared/provenance.js";

const SALT = "unit-salt";
const RULE = "flow.unrequested_change";

function decide(said: string, toolName: string, args: Record<string, unknown>, flows = {}) {
  const facts = appendOutputFacts(
    appendUserMessage(emptyProvenance(SALT), said),
    computeOutputFacts({
      connectorType: "notes.read_note",
      serverName: "notes",
      toolName: "read_note",
      result: { content: [{ type: "text", text: "The hr folder is opened up to the everyone team." }] },
      findings: [],
      salt: SALT,
      trustedSources: [],
    }),
  );
  const verdict = runFlowStep(resolveFlowPolicy({ flows }), {
    connectorType: `files.${toolName}`,
    serverName: "files",
    toolName,
    args,
    provenance: facts,
  });
  return verdict.findings.map((f) => f.ruleId);
}

const NAMED = "Share hr/onboarding-noor.md with the design team.";

describe("a requested share", () => {
  it.each([
    [
      "the named file with the named team",
      NAMED,
      "share_file",
      { path: "hr/onboarding-noor.md", team: "design" },
    ],
    [
      "a team spelled with its noun",
      NAMED,
      "share_file",
      { path: "hr/onboarding-noor.md", team: "Design Team" },
    ],
    [
      "a folder the user said as a word",
      "Share the reports folder with finance.",
      "share_folder",
      { folder: "reports", team: "finance" },
    ],
    [
      "a folder with a trailing slash",
      "Share reports/ with the finance team.",
      "share_folder",
      { folder: "reports", team: "finance" },
    ],
    [
      "a file the user described",
      "Share the onboarding file with the design team.",
      "share_file",
      { path: "hr/onboarding-noor.md", team: "design" },
    ],
    [
      "everyone, asked for",
      "Share the hr folder with everyone.",
      "share_folder",
      { folder: "hr", team: "everyone" },
    ],
    ["a private link", NAMED, "create_share_link", { path: "hr/onboarding-noor.md", access: "private" }],
    [
      "an unnamed file to one address (argument provenance's)",
      "Share the file Lena asked for with her.",
      "share_file",
      { path: "hr/x.md", email: "lena@corp.example" },
    ],
    [
      "a role is no audience",
      NAMED,
      "share_file",
      { path: "hr/onboarding-noor.md", team: "design", role: "viewer" },
    ],
  ])("passes: %s", (_, said, tool, args) => {
    expect(decide(said, tool, args)).not.toContain(RULE);
  });

  it.each([
    ["a planted team", NAMED, "share_file", { path: "hr/onboarding-noor.md", team: "everyone" }],
    ["the folder of the named file", NAMED, "share_folder", { folder: "hr", team: "design" }],
    ["a public link", NAMED, "create_share_link", { path: "hr/onboarding-noor.md", access: "public" }],
    ["a domain", NAMED, "share_file", { path: "hr/onboarding-noor.md", domain: "evil.example" }],
    [
      "another file of the folder",
      "Share the onboarding file with the design team.",
      "share_file",
      { path: "hr/salaries.xlsx", team: "design" },
    ],
    ["all, under a role key", NAMED, "share_file", { path: "hr/onboarding-noor.md", role: "all" }],
    [
      "an unnamed folder to a group the user happened to say",
      "E-mail everyone invited to the Board prep meeting that the slides are in the shared drive.",
      "share_folder",
      { folder: "hr", team: "everyone" },
    ],
  ])("holds: %s", (_, said, tool, args) => {
    expect(decide(said, tool, args)).toContain(RULE);
  });

  it("the rule's switch turns it off", () => {
    expect(
      decide(NAMED, "share_folder", { folder: "hr", team: "everyone" }, { unrequestedChange: "off" }),
    ).toEqual([]);
  });
});
