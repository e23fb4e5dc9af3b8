import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { policySchema } from "../../src/engine/policy-schema.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { ACTIONS } from "../../src/engine/rules/actions.js";
import { FAMILY_DEFAULTS } from "../../src/engine/rules/family-defaults.js";
import { KeywordPrefilter } from "../../src/engine/rules/keyword-prefilter.js";
import {
  BUILT_IN_RULES,
  HAZARD_TYPES,
  PII_TYPES,
  ruleIdsOf,
  SECRET_TYPES,
} from "../../src/engine/rules/registry.js";
import {
  exampleText,
  type HookRuleRecord,
  isScanned,
  type ScannedRuleRecord,
} from "../../src/engine/rules/rule-record.js";
import type { TextMatch } from "../../src/engine/types.js";

const context = { phoneRegions: resolvePolicy({}, {}).pii.phoneRegions };

const SCANNED_RULES = BUILT_IN_RULES.filter(isScanned);
const HOOK_RULES = BUILT_IN_RULES.filter((rule): rule is HookRuleRecord => !isScanned(rule));

function matchesOf(rule: ScannedRuleRecord, text: string): TextMatch[] {
  const out: TextMatch[] = [];
  rule.detector(context).detect(text, out);
  const ids = new Set([rule.id, ...(rule.subRuleIds ?? [])]);
  return out.filter((m) => ids.has(m.ruleId));
}

/**
 * A record's examples: every built-in record has them in src/ (the published package leaves them out, which
 * test/smoke/dist.mjs checks; the type says they may be absent).
 */
function examplesOf(rule: ScannedRuleRecord): NonNullable<ScannedRuleRecord["examples"]> {
  if (rule.examples === undefined) throw new Error(`${rule.id} declares no examples`);
  return rule.examples;
}

/** One generic test over the registry: a new rule is tested by adding its record and examples. */
describe.each(SCANNED_RULES.map((rule) => [rule.id, rule] as const))("rule %s", (_id, rule) => {
  it("has positive and negative examples", () => {
    expect(examplesOf(rule).positive.length).toBeGreaterThan(0);
    expect(examplesOf(rule).negative.length).toBeGreaterThan(0);
  });

  it.each(
    examplesOf(rule).positive.map((example, i) => [i, example] as const),
  )("finds positive example %i", (_i, example) => {
    const text = exampleText(example);
    expect(matchesOf(rule, text), text).not.toEqual([]);
  });

  it.each(
    examplesOf(rule).negative.map((example, i) => [i, example] as const),
  )("leaves negative example %i alone", (_i, example) => {
    const text = exampleText(example);
    expect(matchesOf(rule, text), text).toEqual([]);
  });

  it("every positive example holds one of its keywords (the prefilter never skips a real match)", () => {
    if (rule.keywords === undefined) return;
    for (const example of examplesOf(rule).positive) {
      const text = exampleText(example);
      expect(
        rule.keywords.some((k) => text.includes(k)),
        text,
      ).toBe(true);
    }
  });

  it("reports only its own kind, and ids the registry knows", () => {
    const known = new Set(ruleIdsOf(BUILT_IN_RULES));
    for (const example of examplesOf(rule).positive) {
      for (const m of matchesOf(rule, exampleText(example))) {
        expect(m.kind).toBe(rule.kind);
        expect(known.has(m.ruleId), m.ruleId).toBe(true);
      }
    }
  });
});

/**
 * Runs a hook rule's hook once, on one result, with a fake model that scores every text 1 (the model is the user's:
 * what is checked here is the wiring, not what it finds). Returns the findings and how often the model was asked.
 */
const HOOK_RUNNERS: Record<
  HookRuleRecord["hook"],
  (
    policy: PolicyConfig,
  ) => Promise<{ calls: number; findings: { ruleId: string; kind: string; type: string; action: string }[] }>
> = {
  injectionClassifier: async (policy) => {
    let calls = 0;
    const engine = new LocalPolicyEngine(policy, {
      worker: false,
      injectionClassifier: {
        classify: () => {
          calls++;
          return 1;
        },
      },
    });
    const decision = await engine.checkOutput({
      connectorType: "docs.read",
      serverName: "docs",
      toolName: "read",
      callId: "c1",
      args: {},
      result: { content: [{ type: "text", text: "The quarterly figures are attached." }] },
    });
    return { calls, findings: decision.findings };
  },
};

/** Rules whose findings come from a hook: no text examples (stated why); the hook is run with a fake model instead. */
describe.each(HOOK_RULES.map((rule) => [rule.id, rule] as const))("hook rule %s", (_id, rule) => {
  const run = HOOK_RUNNERS[rule.hook];
  const familyKey = rule.family === "inputHazards" ? undefined : rule.family;

  it("says why it has no text examples", () => {
    expect(rule.examples?.none.length).toBeGreaterThan(20);
  });

  it("is not in the detector set (the engine calls the hook itself)", () => {
    const set = createDetectorSet(resolvePolicy({}, {}));
    expect(set.entries.flatMap((entry) => entry.ruleIds)).not.toContain(rule.id);
  });

  it("its hook's findings carry the record's id, kind and type, with the record's default action", async () => {
    const { calls, findings } = await run({});
    expect(calls).toBeGreaterThan(0);
    const own = findings.filter((f) => f.ruleId === rule.id);
    expect(own.length).toBeGreaterThan(0);
    for (const f of own) {
      expect(f.kind).toBe(rule.kind);
      expect(f.type).toBe(rule.type);
    }
    // The record's output default, as the hook applies it (a rewriting action is a flag: a score has no span).
    expect(own[0]!.action).toBe(rule.defaults.output === "block" ? "block" : "flag");
  });

  it("its id in rules, and its type in <family>.types, set its action; off means the hook is never called", async () => {
    expect(
      (await run({ rules: { [rule.id]: "block" } })).findings.find((f) => f.ruleId === rule.id)?.action,
    ).toBe("block");
    expect((await run({ rules: { [rule.id]: "off" } })).calls).toBe(0);
    if (familyKey !== undefined) {
      const byType = { [familyKey]: { types: { [rule.type]: "off" } } } as PolicyConfig;
      expect((await run(byType)).calls).toBe(0);
    }
  });
});

describe("the registry", () => {
  it("has unique ids, sub-rule ids included", () => {
    const ids = ruleIdsOf(BUILT_IN_RULES);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("takes each content rule's defaults from its family", () => {
    for (const rule of BUILT_IN_RULES) {
      if (rule.family === "sanitizer") continue;
      // The one stated exception: private ranges flag where the other hazards block (README, inputHazards).
      if (rule.id === "hazard.ssrf_private") {
        expect(rule.defaults).toEqual({ input: "flag", output: "off" });
        continue;
      }
      // The learned scorer runs on results only (it was chosen on tool output): no argument action.
      if (rule.id === "injection.scorer") {
        expect(rule.defaults).toEqual({ input: "off", output: FAMILY_DEFAULTS.injection.output });
        continue;
      }
      // The user's classifier is called on results only: it has no argument action.
      if (rule.id === "injection.classifier") {
        expect(rule.defaults).toEqual({ input: "off", output: FAMILY_DEFAULTS.injection.output });
        continue;
      }
      expect(rule.defaults, rule.id).toEqual(FAMILY_DEFAULTS[rule.family]);
      expect(ACTIONS).toContain(rule.defaults.input);
    }
  });

  it("is where the type lists, the schema's type names and the detector set come from", () => {
    expect(PII_TYPES).toEqual(["email", "phone", "credit_card", "iban", "us_ssn", "ip_address"]);
    expect(SECRET_TYPES).toContain("github_token");
    expect(HAZARD_TYPES).toEqual([
      "sql_injection",
      "dangerous_sql",
      "shell_danger",
      "path_traversal",
      "ssrf",
      "ssrf_loopback",
      "ssrf_private",
    ]);
    // The schema is typed as plain schema data: read it by path.
    const at = (...path: string[]): unknown =>
      path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], policySchema);
    expect(at("properties", "pii", "properties", "types", "propertyNames", "enum")).toEqual([...PII_TYPES]);
    expect(at("properties", "secrets", "properties", "types", "propertyNames", "enum")).toEqual([
      ...SECRET_TYPES,
    ]);
    expect(at("properties", "inputHazards", "propertyNames", "enum")).toEqual([...HAZARD_TYPES]);
    for (const id of ruleIdsOf(BUILT_IN_RULES))
      expect(at("properties", "rules", "propertyNames", "enum")).toContain(id);
    const set = createDetectorSet(resolvePolicy({}, {}));
    expect(set.pii.map((d) => d.id)).toEqual(PII_TYPES.map((t) => `pii.${t}`));
    // Every vendor token record and the credential-by-name rule share one detector (the records are its data); the
    // shapes data cannot say keep their own.
    expect(set.secrets.map((d) => d.id)).toEqual([
      "secret.private_key",
      "secret.jwt",
      "secret.tokens",
      "secret.aws_secret_key",
      "secret.discord_bot_token",
      "secret.kubernetes_secret",
      "secret.gcp_service_account",
      "secret.url_credentials",
      "secret.service_credential",
      "secret.code_credential",
      "secret.prose_credential",
    ]);
    const tokenEntry = set.entries.find((entry) => entry.detector.id === "secret.tokens");
    expect(tokenEntry?.ruleIds).toContain("secret.shopify_token");
    expect(tokenEntry?.ruleIds).toContain("secret.generic_credential");
    // The phrase rules of every injection type share one detector; the structure types share another; the learned
    // scorer is its own.
    expect(set.injection.map((d) => d.id)).toEqual(["injection", "injection.structure", "injection.scorer"]);
  });
});

describe("keywords are sound: a rule never matches a string that holds none of its keywords", () => {
  const keyworded = SCANNED_RULES.filter((rule) => rule.keywords !== undefined);
  it.each(keyworded.map((rule) => [rule.id, rule] as const))("%s", (_id, rule) => {
    const pieces = examplesOf(rule).positive.map(exampleText);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 12 })), { maxLength: 5 }),
        fc.nat(),
        (parts, cut) => {
          // Random text around the examples, with a slice of one example cut out so its keyword may go missing.
          const joined = parts.join(" ");
          const text =
            joined.slice(0, cut % (joined.length + 1)) + joined.slice((cut % (joined.length + 1)) + 3);
          if (matchesOf(rule, text).length > 0)
            expect(
              rule.keywords!.some((k) => text.includes(k)),
              text,
            ).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("the keyword prefilter", () => {
  it("marks exactly the detectors one of whose keywords occurs, keywords inside keywords included", () => {
    const prefilter = new KeywordPrefilter([["sk-"], undefined, ["sk-ant-", "xyz"], ["ghp_"]]);
    const present = new Uint8Array(4);
    prefilter.scan("key sk-ant-123", present);
    expect([...present]).toEqual([1, 0, 1, 0]);
    prefilter.scan("nothing here", present);
    expect([...present]).toEqual([0, 0, 0, 0]);
    prefilter.scan("xyz and ghp_", present);
    expect([...present]).toEqual([0, 0, 1, 1]);
  });
});
