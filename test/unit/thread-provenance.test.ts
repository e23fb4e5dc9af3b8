import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import {
  PROVENANCE_ARTIFACT,
  provenanceArtifactOf,
  ThreadProvenance,
  toolStepDelta,
} from "../../src/install/thread-provenance.js";
import { turnIntent } from "../../src/shared/intent.js";
import { extractValueFacts, newProvenanceSalt, type ToolOutputFacts } from "../../src/shared/provenance.js";

const SAID = "Send the report to jane.roe@example.com and delete the draft in /tmp/drafts.";

function history() {
  return [
    new HumanMessage({ content: SAID, id: "h1" }),
    new AIMessage({ content: "", tool_calls: [{ id: "t1", name: "send", args: {} }] }),
  ];
}

describe("ThreadProvenance: what a call's facts hold", () => {
  it("the user's intent is an enumerable property equal to turnIntent, in JSON and in a structured clone", () => {
    const salt = newProvenanceSalt();
    const { facts } = new ThreadProvenance().factsOf(history(), undefined, undefined, salt);
    const expected = turnIntent(SAID, salt);
    expect(Object.keys(facts)).toContain("intent");
    expect(JSON.parse(JSON.stringify(facts)).intent).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(structuredClone(facts).intent).toEqual(expected);
    expect(facts.intent).toEqual(expected);
    // Once read it is a plain value, and it can be replaced like any property.
    facts.intent = undefined;
    expect(facts.intent).toBeUndefined();
  });

  it("without intent (the middleware's fold) the facts carry no intent key", () => {
    const salt = newProvenanceSalt();
    const { facts } = new ThreadProvenance().factsOf(history(), undefined, undefined, salt, false);
    expect(Object.keys(facts)).not.toContain("intent");
  });

  it("the install's and the middleware's instances share the hashes of a human message", () => {
    const salt = newProvenanceSalt();
    const install = new ThreadProvenance();
    const middleware = new ThreadProvenance();
    const fromInstall = install.userFacts(SAID, salt);
    expect(fromInstall).toEqual(extractValueFacts(SAID, salt, { side: "user" }));
    // The same array: the middleware's tool step reads what the install's call already hashed.
    expect(middleware.userFacts(SAID, salt)).toBe(fromInstall);
    // Another salt (another thread, or another key) is another entry.
    expect(middleware.userFacts(SAID, newProvenanceSalt())).not.toBe(fromInstall);
  });

  it("a tool step's delta carries the user's facts of the messages in sight and the result's facts", () => {
    const salt = newProvenanceSalt();
    const facts: ToolOutputFacts = {
      server: "s",
      tool: "t",
      toolCallId: "t1",
      values: [{ kind: "email", h: "x".repeat(22) }],
      injection: [],
    };
    const message = new ToolMessage({
      content: "ok",
      tool_call_id: "t1",
      artifact: [{ type: PROVENANCE_ARTIFACT, salt, facts }],
    });
    const delta = toolStepDelta(new ThreadProvenance(), message, history(), undefined);
    expect(delta?.salt).toBe(salt);
    expect(delta?.outputs).toEqual([facts]);
    expect(delta?.user).toEqual(extractValueFacts(SAID, salt, { side: "user" }));
  });
});

describe("provenanceArtifactOf: output facts are checked", () => {
  const entry = (facts: unknown) => [{ type: PROVENANCE_ARTIFACT, salt: "s", facts }];
  const good: ToolOutputFacts = { server: "s", tool: "t", values: [{ kind: "url", h: "y" }], injection: [] };

  it("takes well-formed facts, the same object read twice", () => {
    const artifact = entry(good);
    expect(provenanceArtifactOf(artifact)?.facts).toBe(good);
    expect(provenanceArtifactOf(artifact)?.facts).toBe(good);
  });

  it("refuses malformed facts however often they are read", () => {
    for (const bad of [
      { ...good, values: [{ kind: "nonsense", h: "y" }] },
      { ...good, injection: "x" },
      { server: "s" },
      null,
    ]) {
      expect(provenanceArtifactOf(entry(bad))).toBeUndefined();
      expect(provenanceArtifactOf(entry(bad))).toBeUndefined();
    }
  });
});
