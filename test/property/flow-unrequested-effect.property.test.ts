/**
 * The invariants of `flow.unrequested_effect` (src/engine/flow/unrequested-effect.ts), on generated turns and calls:
 * - a message that says a destructive request word (any of its inflections, anywhere among other words, any case)
 *   never lets the rule fire, whatever the call;
 * - a message without one, in a thread holding an untrusted output, always puts a destructive call (by name, by
 *   mode value, by flag) to review, and never a non-destructive one (a mode outside the list, no flag);
 * - the decision depends on the hashed words only: the same turn under another salt decides the same.
 * And of `flow.destructive_target` (opt-in): an object the user typed never triggers it; an object only a tool
 * returned always does, on a destructive call.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runFlowStep } from "../../src/engine/flow/flow-step.js";
import { computeOutputFacts } from "../../src/engine/flow/output-facts.js";
import { resolveFlowPolicy } from "../../src/engine/flow/policy-types.js";
import { REQUEST_WORDS } from "../../src/engine/flow/unrequested-effect.js";
import { appendOutputFacts, appendUserMessage, emptyProvenance } from "../../src/shared/provenance.js";

const RULE = "flow.unrequested_effect";
const POLICY = resolveFlowPolicy({});

/** Words of ordinary read-only requests (none is a request word; checked below). */
const PLAIN = [
  "summarise",
  "the",
  "last",
  "commits",
  "what",
  "do",
  "we",
  "know",
  "about",
  "alice",
  "how",
  "many",
  "orders",
  "show",
  "me",
  "tags",
  "branches",
  "list",
  "report",
  "weekly",
  "numbers",
  "check",
  "status",
  "repository",
  "graph",
  "entities",
  "explain",
  "changes",
  "release",
  "v1.4.2",
  "main",
];
/** The verbs the property asks in their plain forms and inflections (a sample of the rule's list). */
const VERBS = [
  "delete",
  "remove",
  "drop",
  "purge",
  "wipe",
  "prune",
  "clean",
  "reset",
  "discard",
  "cancel",
  "erase",
];
const inflect = (verb: string, form: number): string => {
  const stem = verb.endsWith("e") ? verb.slice(0, -1) : verb;
  const last = verb[verb.length - 1]!;
  const doubled = /[^aeiou][aeiou][bdgmnprt]$/u.test(verb) ? `${verb}${last}` : stem;
  return [verb, `${verb}s`, `${doubled}ed`, `${doubled}ing`][form]!;
};

const plainWords = fc.array(fc.constantFrom(...PLAIN), { minLength: 1, maxLength: 12 });
const casing = fc.constantFrom(
  (w: string) => w,
  (w: string) => w.toUpperCase(),
  (w: string) => w[0]!.toUpperCase() + w.slice(1),
);
const requestWord = fc
  .tuple(fc.constantFrom(...VERBS), fc.integer({ min: 0, max: 3 }), casing)
  .map(([verb, form, cased]) => cased(inflect(verb, form)));

/** A destructive call: by name, by a mode argument's value, or by a flag. */
const destructiveCall = fc.oneof(
  fc
    .tuple(fc.constantFrom(...VERBS), fc.constantFrom("entities", "table", "tag", "record"))
    .map(([v, noun]) => ({
      tool: `${v}_${noun}`,
      args: { name: "x-17" } as Record<string, unknown>,
    })),
  fc.tuple(fc.constantFrom("mode", "action", "operation"), fc.constantFrom(...VERBS)).map(([key, v]) => ({
    tool: "git_tag",
    args: { [key]: v, tagName: "v1.4.2" } as Record<string, unknown>,
  })),
  fc.constantFrom("force", "delete", "purge").map((flag) => ({
    tool: "git_push",
    args: { [flag]: true, remote: "origin" } as Record<string, unknown>,
  })),
);
const ordinaryCall = fc.constantFrom(
  { tool: "git_tag", args: { mode: "list" } as Record<string, unknown> },
  { tool: "git_tag", args: { mode: "create", tagName: "v-delete-me" } as Record<string, unknown> },
  { tool: "create_entities", args: { entities: [{ name: "remove" }] } as Record<string, unknown> },
  { tool: "git_push", args: { force: false } as Record<string, unknown> },
);

function decide(
  said: string,
  call: { tool: string; args: Record<string, unknown> },
  salt = "prop-salt",
  policy = POLICY,
  result = "commit 1\n\nhousekeeping: the tag is to be deleted",
) {
  let facts = appendUserMessage(emptyProvenance(salt), said);
  facts = appendOutputFacts(
    facts,
    computeOutputFacts({
      connectorType: "git.git_log",
      serverName: "git",
      toolName: "git_log",
      result: { content: [{ type: "text", text: result }] },
      findings: [],
      salt: facts.salt,
      trustedSources: [],
    }),
  );
  return runFlowStep(policy, {
    connectorType: `git.${call.tool}`,
    serverName: "git",
    toolName: call.tool,
    args: call.args,
    provenance: facts,
    tool: { annotations: { readOnlyHint: false } },
  });
}
const fires = (verdict: ReturnType<typeof decide>) => verdict.findings.some((f) => f.ruleId === RULE);

describe("flow.unrequested_effect invariants", () => {
  it("the generators mean what they say: no plain word is a request word, every generated request word is one", () => {
    for (const word of PLAIN) expect(REQUEST_WORDS, word).not.toContain(word);
    for (const verb of VERBS)
      for (let form = 0; form < 4; form++) expect(REQUEST_WORDS).toContain(inflect(verb, form));
  });

  // Since session 23 the object must be designated too (designated-object.ts): the message names it here.
  it("a message that says a destructive request word and names the object never triggers it", () => {
    fc.assert(
      fc.property(plainWords, requestWord, fc.nat(), destructiveCall, (words, asked, at, call) => {
        const said = [
          ...words.slice(0, at % (words.length + 1)),
          asked,
          ...words.slice(at % (words.length + 1)),
        ];
        expect(fires(decide(`${said.join(" ")} (v1.4.2).`, call))).toBe(false);
      }),
      { numRuns: 300, seed: 2121 },
    );
  });

  it("a requested deletion of an id the user did not name, which no record of the result begins with, triggers it", () => {
    fc.assert(
      fc.property(
        plainWords,
        requestWord,
        fc.constantFrom("mode", "action", "operation"),
        (words, asked, key) => {
          const call = { tool: "git_tag", args: { [key]: "delete", tagName: "v1.4.2" } };
          const plain = words.filter((w) => !w.includes("1.4.2"));
          const verdict = decide(
            `${asked} ${plain.join(" ")}.`,
            call,
            "prop-salt",
            POLICY,
            "tags: the v1.4.2 tag goes",
          );
          expect(fires(verdict)).toBe(true);
          expect(verdict.review?.ruleId).toBe(RULE);
          // A record that begins with the id and shares a word with the message designates it.
          const listed = decide(
            `${asked} the ${plain.join(" ")} release tags.`,
            call,
            "prop-salt",
            POLICY,
            "v1.4.2 release tag",
          );
          expect(fires(listed)).toBe(false);
        },
      ),
      { numRuns: 200, seed: 2123 },
    );
  });

  it("a message without one puts every destructive call to review, and no ordinary call", () => {
    fc.assert(
      fc.property(plainWords, destructiveCall, ordinaryCall, (words, call, ordinary) => {
        const said = `${words.join(" ")}?`;
        const verdict = decide(said, call);
        expect(fires(verdict)).toBe(true);
        expect(verdict.review?.ruleId).toBe(RULE);
        expect(fires(decide(said, ordinary))).toBe(false);
      }),
      { numRuns: 300, seed: 2122 },
    );
  });

  it("decides the same under any salt (hashes only)", () => {
    fc.assert(
      fc.property(
        plainWords,
        fc.option(requestWord, { nil: undefined }),
        destructiveCall,
        fc.string({ minLength: 1, maxLength: 12 }),
        (words, asked, call, salt) => {
          const said = [...words, ...(asked ? [asked] : [])].join(" ");
          expect(fires(decide(said, call, salt))).toBe(fires(decide(said, call)));
        },
      ),
      { numRuns: 200, seed: 2123 },
    );
  });
});

/** Identifiers as tools return them: tags, branches, ids, entity names (one to three tokens). */
const identifier = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^v[0-9]\.[0-9]{1,2}\.[0-9]{1,2}$/),
      fc.stringMatching(/^(feature|release|fix)\/[a-z]{3,10}(-[a-z]{3,8})?$/),
      fc.stringMatching(/^(ev|m|tx|r)-[0-9]{3,5}$/),
      fc.stringMatching(/^[A-Z][a-z]{2,9}$/),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((tokens) => tokens.join(" "));
const ON = resolveFlowPolicy({ flows: { destructiveTarget: "review" } });
const TARGET_RULE = "flow.destructive_target";

describe("flow.destructive_target invariants (opt-in)", () => {
  it("an object the user typed never triggers it; one only a tool returned does", () => {
    fc.assert(
      fc.property(
        identifier,
        identifier,
        fc.constantFrom("delete", "remove", "drop"),
        plainWords,
        (typed, fromTool, verb, words) => {
          fc.pre(
            !typed
              .toLowerCase()
              .split(" ")
              .every((t) => fromTool.toLowerCase().split(" ").includes(t)),
          );
          fc.pre(
            !fromTool
              .toLowerCase()
              .split(" ")
              .every((t) => typed.toLowerCase().split(" ").includes(t)),
          );
          fc.pre(
            !fromTool
              .toLowerCase()
              .split(" ")
              .some((t) => words.includes(t)),
          );
          const said = `${verb} ${words.join(" ")} "${typed}".`;
          const result = `entries:\n- ${fromTool}\n- ${typed}`;
          const on = (value: string) =>
            decide(
              said,
              { tool: "git_tag", args: { mode: "delete", tagName: value } },
              "s",
              ON,
              result,
            ).findings.some((f) => f.ruleId === TARGET_RULE);
          expect(on(typed)).toBe(false);
          expect(on(fromTool)).toBe(true);
        },
      ),
      { numRuns: 300, seed: 2124 },
    );
  });
});
