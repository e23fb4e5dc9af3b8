import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  DEFAULT_LIMITS,
  loadPolicyFile,
  parsePolicyText,
  resolvePolicy,
  validatePolicy,
} from "../../src/engine/policy.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { PolicyConfigError, type TollgateIssue } from "../../src/errors.js";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/policies/${name}`, import.meta.url));

/** Runs `fn`, expects a PolicyConfigError, and returns it. */
function configError(fn: () => unknown): PolicyConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyConfigError);
    return error as PolicyConfigError;
  }
  throw new Error("expected a PolicyConfigError");
}

async function configErrorAsync(fn: () => Promise<unknown>): Promise<PolicyConfigError> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyConfigError);
    return error as PolicyConfigError;
  }
  throw new Error("expected a PolicyConfigError");
}

/** Broken YAML is written at test time: a broken .yaml fixture in the repo would fail `biome check .`. */
const tmp = mkdtempSync(join(tmpdir(), "tollgate-policy-"));
const brokenYaml = join(tmp, "syntax-error.yaml");
writeFileSync(brokenYaml, "version: 1\npii:\n  output: placeholder\n    input: flag\n");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const paths = (issues: readonly TollgateIssue[]) => issues.map((i) => i.path);

describe("validatePolicy: accepted shapes", () => {
  it("accepts the empty policy", () => {
    expect(validatePolicy({})).toEqual({});
  });

  it("returns the same object when valid", () => {
    const policy: PolicyConfig = { version: 1, sanitizer: { mode: "pass-through" } };
    expect(validatePolicy(policy)).toBe(policy);
  });

  it("accepts match as a string or a non-empty list", () => {
    expect(() =>
      validatePolicy({
        capabilities: {
          rules: [
            { match: "a.*", action: "allow" },
            { match: ["b.*", "c.**"], action: "deny", id: "r", reason: "no" },
          ],
        },
      }),
    ).not.toThrow();
  });

  it("accepts the registry's type names in pii.types and secrets.types", () => {
    expect(() =>
      validatePolicy({
        pii: { types: { email: "mask", iban: "off" } },
        secrets: { types: { jwt: "block" } },
      }),
    ).not.toThrow();
  });

  it("accepts boundary values of numeric limits", () => {
    expect(() =>
      validatePolicy({
        limits: { maxDepth: 1, maxArrayItems: 1, maxInputBytes: 1, maxOutputBytes: 1 },
        redaction: { maskKeepLast: 0 },
      }),
    ).not.toThrow();
    expect(() =>
      validatePolicy({ limits: { maxDepth: 1000 }, redaction: { maskKeepLast: 8 } }),
    ).not.toThrow();
  });
});

describe("validatePolicy: errors name the bad key as a JSON Pointer", () => {
  it("unknown top-level key", () => {
    const error = configError(() => validatePolicy({ sanitiser: { mode: "pass-through" } }));
    expect(error.issues).toEqual([
      { path: "/sanitiser", message: 'unknown key "sanitiser" (did you mean "sanitizer"?)' },
    ]);
    expect(error.message).toContain("/sanitiser");
    expect(error.code).toBe("policy_config");
  });

  it("unknown nested key", () => {
    const error = configError(() => validatePolicy({ capabilities: { defualt: "deny" } }));
    expect(error.issues).toEqual([
      { path: "/capabilities/defualt", message: 'unknown key "defualt" (did you mean "default"?)' },
    ]);
  });

  it("unknown key inside a rule of an array", () => {
    const error = configError(() =>
      validatePolicy({
        capabilities: {
          rules: [
            { match: "a", action: "allow" },
            { match: "b", action: "deny", why: 1 },
          ],
        },
      }),
    );
    expect(paths(error.issues)).toEqual(["/capabilities/rules/1/why"]);
  });

  it("unknown key under a glob-keyed tool escapes / and ~ in the pointer", () => {
    const error = configError(() => validatePolicy({ servers: { "a/b~c": { bogus: 1 } } }));
    expect(paths(error.issues)).toEqual(["/servers/a~1b~0c/bogus"]);
  });

  it("wrong enum value lists the allowed values", () => {
    const error = configError(() => validatePolicy({ sanitizer: { mode: "strip-everything" } }));
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.path).toBe("/sanitizer/mode");
    expect(error.issues[0]?.message).toContain('"detect-and-strip-and-wrap"');
    expect(error.issues[0]?.message).toMatch(/^must be one of /);
  });

  it("wrong enum in a per-type redaction strategy", () => {
    const error = configError(() => validatePolicy({ pii: { types: { email: "nuke" } } }));
    expect(paths(error.issues)).toEqual(["/pii/types/email"]);
  });

  it("wrong type", () => {
    const error = configError(() => validatePolicy({ schema: { validateInput: "yes" } }));
    expect(error.issues).toEqual([{ path: "/schema/validateInput", message: "must be boolean" }]);
  });

  it("wrong type of the root", () => {
    for (const bad of [null, [], "policy", 3]) {
      const error = configError(() => validatePolicy(bad));
      expect(error.issues).toEqual([{ path: "", message: "must be object" }]);
      expect(error.message).toContain("(root)");
    }
  });

  it("match of the wrong type reports the branch errors, not the oneOf summary", () => {
    const error = configError(() =>
      validatePolicy({ capabilities: { rules: [{ match: 5, action: "allow" }] } }),
    );
    expect(new Set(paths(error.issues))).toEqual(new Set(["/capabilities/rules/0/match"]));
    expect(error.issues.map((i) => i.message)).not.toContain("must match exactly one schema in oneOf");
  });

  it("an empty match list is refused", () => {
    const error = configError(() =>
      validatePolicy({ capabilities: { rules: [{ match: [], action: "allow" }] } }),
    );
    expect(paths(error.issues)).toContain("/capabilities/rules/0/match");
  });

  it("a rule without action names the missing key", () => {
    const error = configError(() => validatePolicy({ capabilities: { rules: [{ match: "a" }] } }));
    expect(error.issues[0]?.path.startsWith("/capabilities/rules/0")).toBe(true);
    expect(error.issues[0]?.message).toContain("action");
  });

  it("version other than 1", () => {
    expect(paths(configError(() => validatePolicy({ version: 2 })).issues)).toEqual(["/version"]);
  });

  it("numeric ranges", () => {
    expect(paths(configError(() => validatePolicy({ limits: { maxDepth: 0 } })).issues)).toEqual([
      "/limits/maxDepth",
    ]);
    expect(paths(configError(() => validatePolicy({ limits: { maxDepth: 1001 } })).issues)).toEqual([
      "/limits/maxDepth",
    ]);
    expect(paths(configError(() => validatePolicy({ limits: { maxOutputBytes: 1.5 } })).issues)).toEqual([
      "/limits/maxOutputBytes",
    ]);
    expect(paths(configError(() => validatePolicy({ redaction: { maskKeepLast: 9 } })).issues)).toEqual([
      "/redaction/maskKeepLast",
    ]);
  });

  it("a hash key shorter than 16 characters", () => {
    const error = configError(() => validatePolicy({ redaction: { hashKey: "x".repeat(15) } }));
    expect(paths(error.issues)).toEqual(["/redaction/hashKey"]);
    expect(() => validatePolicy({ redaction: { hashKey: "x".repeat(16) } })).not.toThrow();
  });

  it("phone regions must be upper-case ISO codes", () => {
    expect(paths(configError(() => validatePolicy({ pii: { phoneRegions: ["us"] } })).issues)).toEqual([
      "/pii/phoneRegions/0",
    ]);
    expect(() => validatePolicy({ pii: { phoneRegions: ["US"] } })).not.toThrow();
  });

  it("phoneRegions is only allowed under pii, not secrets", () => {
    expect(paths(configError(() => validatePolicy({ secrets: { phoneRegions: ["US"] } })).issues)).toEqual([
      "/secrets/phoneRegions",
    ]);
  });

  it("reports every bad key, not just the first", () => {
    const error = configError(() =>
      validatePolicy({ foo: 1, limits: { maxDepth: 0 }, pii: { output: "nope" } }),
    );
    expect(new Set(paths(error.issues))).toEqual(new Set(["/foo", "/limits/maxDepth", "/pii/output"]));
  });

  it("uses the source in the message", () => {
    const error = configError(() => validatePolicy({ foo: 1 }, "my-policy.yaml"));
    expect(error.message).toContain("my-policy.yaml");
    expect(error.source).toBe("my-policy.yaml");
  });

  it("serialises to JSON without a stack", () => {
    const json = configError(() => validatePolicy({ foo: 1 })).toJSON();
    expect(json).toEqual({
      name: "PolicyConfigError",
      code: "policy_config",
      message: expect.any(String),
      issues: [{ path: "/foo", message: 'unknown key "foo"' }],
    });
  });
});

describe("parsePolicyText", () => {
  it("parses YAML", () => {
    expect(parsePolicyText("sanitizer:\n  mode: detect-and-flag\n")).toEqual({
      sanitizer: { mode: "detect-and-flag" },
    });
  });

  it("parses JSON (YAML superset)", () => {
    expect(parsePolicyText('{"pii": {"output": "mask"}}')).toEqual({ pii: { output: "mask" } });
  });

  it("treats an empty document as the empty policy", () => {
    expect(parsePolicyText("")).toEqual({});
    expect(parsePolicyText("# only a comment\n")).toEqual({});
  });

  it("names the line of a YAML syntax error", () => {
    const error = configError(() =>
      parsePolicyText("version: 1\npii:\n  output: placeholder\n    input: flag\n", "p.yaml"),
    );
    expect(error.message).toMatch(/line [34]/);
    expect(error.issues[0]?.message).toMatch(/\(line [34], column \d+\)/);
    expect(error.source).toBe("p.yaml");
  });

  it("refuses duplicate keys with their line", () => {
    const error = configError(() => parsePolicyText("pii:\n  output: mask\n  output: flag\n"));
    expect(error.issues[0]?.message).toContain("line 3");
  });

  it("validates after parsing, naming the bad key", () => {
    const error = configError(() => parsePolicyText("limits:\n  onExceed: explode\n"));
    expect(paths(error.issues)).toEqual(["/limits/onExceed"]);
  });

  it("refuses a scalar document", () => {
    expect(configError(() => parsePolicyText("hello")).issues).toEqual([
      { path: "", message: "must be object" },
    ]);
  });
});

describe("loadPolicyFile", () => {
  it("loads a full YAML fixture", async () => {
    const policy = await loadPolicyFile(fixture("good.yaml"));
    expect(policy.capabilities?.default).toBe("deny");
    expect(policy.pii?.types?.email).toBe("mask");
    expect(() => resolvePolicy(policy)).not.toThrow();
  });

  it("loads a JSON fixture", async () => {
    expect((await loadPolicyFile(fixture("good.json"))).sanitizer?.mode).toBe("pass-through");
  });

  it("names the unknown key of a YAML file and the file", async () => {
    const error = await configErrorAsync(() => loadPolicyFile(fixture("unknown-key.yaml")));
    expect(paths(error.issues)).toEqual(["/capabilities/defualt"]);
    expect(error.source).toBe(fixture("unknown-key.yaml"));
    expect(error.message).toContain("unknown-key.yaml");
  });

  it("names a wrong enum in a JSON file", async () => {
    const error = await configErrorAsync(() => loadPolicyFile(fixture("bad-enum.json")));
    expect(paths(error.issues)).toEqual(["/sanitizer/mode"]);
  });

  it("names a wrong type in a YAML file", async () => {
    const error = await configErrorAsync(() => loadPolicyFile(fixture("bad-type.yaml")));
    expect(error.issues).toEqual([{ path: "/schema/validateInput", message: "must be boolean" }]);
  });

  it("reports a YAML syntax error with its line", async () => {
    const error = await configErrorAsync(() => loadPolicyFile(brokenYaml));
    expect(error.message).toMatch(/line \d+/);
  });

  it("reports an unreadable file as a PolicyConfigError", async () => {
    const error = await configErrorAsync(() => loadPolicyFile(fixture("does-not-exist.yaml")));
    expect(error.message).toContain("does-not-exist.yaml");
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe("resolvePolicy defaults", () => {
  it("fills the documented safe defaults", () => {
    const p = resolvePolicy({}, {});
    expect(p.capabilities.default).toBe("allow");
    expect(p.capabilities.rules).toEqual([]);
    expect([...p.capabilities.granted]).toEqual([]);
    expect(p.tools).toEqual({});
    expect(p.servers).toEqual({});
    expect(p.schema).toEqual({ validateInput: true, validateOutput: true, unknownTool: "allow" });
    expect(p.inputHazards).toEqual({
      sql_injection: "block",
      dangerous_sql: "block",
      shell_danger: "block",
      path_traversal: "block",
      ssrf: "block",
      ssrf_loopback: "block",
      ssrf_private: "flag",
    });
    expect(p.sanitizer.mode).toBe("detect-and-strip-and-wrap");
    expect(p.injection).toEqual({
      output: "neutralise",
      input: "flag",
      types: {},
      toolDescriptions: "strip",
    });
    expect(p.pii).toEqual({
      output: "redact",
      input: "flag",
      types: {},
      phoneRegions: ["US", "GB", "DE", "FR"],
    });
    expect(p.secrets).toEqual({ output: "redact", input: "block", types: {} });
    expect(p.rules).toEqual({});
    expect(p.customRules).toEqual([]);
    expect(p.allow).toEqual({ values: [], patterns: [] });
    expect(p.redaction).toEqual({ hashKey: undefined, maskKeepLast: 4 });
    expect(p.limits).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS).toEqual({
      maxOutputBytes: 8 * 1024 * 1024,
      maxInputBytes: 1024 * 1024,
      maxArrayItems: 100_000,
      maxDepth: 64,
      onExceed: "block",
      maxFindings: 1000,
    });
  });

  it("is the default argument", () => {
    expect(resolvePolicy().sanitizer.mode).toBe("detect-and-strip-and-wrap");
  });

  it("merges partial sections with defaults", () => {
    const p = resolvePolicy(
      { inputHazards: { ssrf: "off" }, limits: { maxDepth: 5 }, injection: { input: "block" } },
      {},
    );
    expect(p.inputHazards.ssrf).toBe("off");
    expect(p.inputHazards.sql_injection).toBe("block");
    expect(p.limits.maxDepth).toBe(5);
    expect(p.limits.maxInputBytes).toBe(DEFAULT_LIMITS.maxInputBytes);
    expect(p.injection).toEqual({
      output: "neutralise",
      input: "block",
      types: {},
      toolDescriptions: "strip",
    });
  });

  it("turns granted capabilities into a set", () => {
    const p = resolvePolicy({ capabilities: { granted: ["a", "b", "a"] } }, {});
    expect(p.capabilities.granted.has("a")).toBe(true);
    expect(p.capabilities.granted.size).toBe(2);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(resolvePolicy({}, {}))).toBe(true);
  });

  it("validates its input", () => {
    const error = configError(() => resolvePolicy({ foo: 1 } as PolicyConfig, {}));
    expect(paths(error.issues)).toEqual(["/foo"]);
  });
});

describe("resolvePolicy hash key", () => {
  const key = ["k", "e", "y"].join("").repeat(6);

  it("needs a key when any strategy is hash", () => {
    for (const policy of [
      { pii: { output: "hash" } },
      { pii: { input: "hash" } },
      { secrets: { output: "hash" } },
      { pii: { types: { email: "hash" } } },
      { secrets: { types: { jwt: "hash" } } },
    ] as PolicyConfig[]) {
      const error = configError(() => resolvePolicy(policy, {}));
      expect(paths(error.issues)).toEqual(["/redaction"]);
    }
  });

  it("does not need a key when no strategy is hash", () => {
    expect(() => resolvePolicy({ pii: { output: "mask", types: { email: "block" } } }, {})).not.toThrow();
  });

  it("reads the key from hashKey", () => {
    expect(
      resolvePolicy({ pii: { output: "hash" }, redaction: { hashKey: key } }, {}).redaction.hashKey,
    ).toBe(key);
  });

  it("reads the key from the environment variable named by hashKeyEnv", () => {
    const p = resolvePolicy(
      { pii: { output: "hash" }, redaction: { hashKeyEnv: "TOLLGATE_TEST_KEY" } },
      {
        TOLLGATE_TEST_KEY: key,
      },
    );
    expect(p.redaction.hashKey).toBe(key);
  });

  it("prefers hashKey over hashKeyEnv", () => {
    const p = resolvePolicy(
      { redaction: { hashKey: key, hashKeyEnv: "TOLLGATE_TEST_KEY" } },
      { TOLLGATE_TEST_KEY: "other" },
    );
    expect(p.redaction.hashKey).toBe(key);
  });

  it("refuses an unset or empty hashKeyEnv variable, naming /redaction/hashKeyEnv", () => {
    for (const env of [{}, { TOLLGATE_TEST_KEY: "" }]) {
      const error = configError(() => resolvePolicy({ redaction: { hashKeyEnv: "TOLLGATE_TEST_KEY" } }, env));
      expect(paths(error.issues)).toEqual(["/redaction/hashKeyEnv"]);
      expect(error.message).toContain("TOLLGATE_TEST_KEY");
    }
  });

  it("never puts the key in the error message", () => {
    const error = configError(() => resolvePolicy({ pii: { output: "hash" } }, {}));
    expect(JSON.stringify(error.toJSON())).not.toContain(key);
  });
});

describe("one vocabulary: today's names are aliases", () => {
  it("resolves placeholder to redact and warn to flag, everywhere an action is written", () => {
    const p = resolvePolicy(
      {
        pii: { output: "placeholder", types: { email: "warn" } },
        secrets: { input: "warn" },
        injection: { input: "warn", output: "placeholder" },
        inputHazards: { ssrf: "warn" },
        rules: { "pii.phone": "placeholder" },
      },
      {},
    );
    expect(p.pii.output).toBe("redact");
    expect(p.pii.types.email).toEqual({ input: "flag", output: "flag" });
    expect(p.secrets.input).toBe("flag");
    expect(p.injection).toMatchObject({ input: "flag", output: "redact" });
    expect(p.inputHazards.ssrf).toBe("flag");
    expect(p.rules["pii.phone"]).toEqual({ input: "redact", output: "redact" });
  });

  it("accepts every action in every family", () => {
    for (const action of ["block", "redact", "mask", "flag", "off"] as const) {
      expect(() =>
        resolvePolicy(
          {
            pii: { output: action },
            secrets: { input: action },
            injection: { output: action },
            inputHazards: { ssrf: action },
          },
          {},
        ),
      ).not.toThrow();
    }
  });
});

describe("unknown type and rule names are errors naming the closest valid name", () => {
  it("pii.types.emial (the defect: accepted silently before)", () => {
    const error = configError(() => validatePolicy({ pii: { types: { emial: "block" } } }));
    expect(error.issues).toEqual([
      { path: "/pii/types/emial", message: 'unknown key "emial" (did you mean "email"?)' },
    ]);
  });

  it("secrets.types.githb_token (the defect: accepted silently before)", () => {
    const error = configError(() => resolvePolicy({ secrets: { types: { githb_token: "off" } } }, {}));
    expect(error.issues).toEqual([
      {
        path: "/secrets/types/githb_token",
        message: 'unknown key "githb_token" (did you mean "github_token"?)',
      },
    ]);
  });

  it("an unknown hazard family, and a name too far from any to suggest one", () => {
    const error = configError(() =>
      validatePolicy({ inputHazards: { sql_injecton: "off", zzzzzzzz: "off" } }),
    );
    expect(error.issues).toEqual([
      {
        path: "/inputHazards/sql_injecton",
        message: 'unknown key "sql_injecton" (did you mean "sql_injection"?)',
      },
      { path: "/inputHazards/zzzzzzzz", message: 'unknown key "zzzzzzzz"' },
    ]);
  });

  it("an unknown rule id under rules, with the nearest id", () => {
    const error = configError(() => validatePolicy({ rules: { "secret.github_tokn": "off" } }));
    expect(error.issues[0]).toEqual({
      path: "/rules/secret.github_tokn",
      message: 'unknown key "secret.github_tokn" (did you mean "secret.github_token"?)',
    });
  });

  it("a misspelt action names the closest action", () => {
    const error = configError(() => validatePolicy({ pii: { output: "reddact" } }));
    expect(error.issues[0]?.message).toContain('(did you mean "redact"?)');
  });

  it("per-tool sections are checked the same way", () => {
    const error = configError(() =>
      validatePolicy({ tools: { "crm.*": { pii: { types: { phon: "off" } } } } }),
    );
    expect(error.issues[0]).toEqual({
      path: "/tools/crm.*/pii/types/phon",
      message: 'unknown key "phon" (did you mean "phone"?)',
    });
  });
});

describe("rules: every rule has an id that can be set", () => {
  it("accepts rule ids, sub-rule ids, injection phrase ids and their prefixes", () => {
    const p = resolvePolicy(
      {
        rules: {
          "pii.email": "off",
          "hazard.sql_injection.tautology": "flag",
          "injection.override_instructions.ignore_2": "off",
          "injection.role_reassignment": { output: "flag" },
          injection: { input: "block" },
        },
      },
      {},
    );
    expect(p.rules["injection.role_reassignment"]).toEqual({ output: "flag" });
    expect(p.rules.injection).toEqual({ input: "block" });
  });
});

describe("customRules: rules declared in the policy", () => {
  const rule = { id: "acme.employee_id", kind: "pii", type: "employee_id", pattern: "EMP-[0-9]{6}" } as const;

  it("makes their type a valid key of the family's types, and their id a valid key of rules", () => {
    const p = resolvePolicy(
      {
        customRules: [rule],
        pii: { types: { employee_id: "mask" } },
        rules: { "acme.employee_id": { input: "block" } },
      },
      {},
    );
    expect(p.customRules).toEqual([
      {
        id: "acme.employee_id",
        kind: "pii",
        type: "employee_id",
        family: "pii",
        pattern: "EMP-[0-9]{6}",
        flags: "",
        action: {},
        summary: "",
      },
    ]);
  });

  it("refuses a built-in id, a duplicate, a bad pattern, and both or neither of pattern and detector", () => {
    const error = configError(() =>
      resolvePolicy(
        {
          customRules: [
            { ...rule, id: "pii.email" },
            rule,
            rule,
            { ...rule, id: "acme.bad", pattern: "(unclosed" },
            { id: "acme.none", kind: "secret", type: "x" },
            { ...rule, id: "acme.both", detector: "d" },
            { ...rule, id: "acme.empty", pattern: "a*" },
          ],
        },
        {},
        {},
      ),
    );
    expect(paths(error.issues)).toEqual([
      "/customRules/0/id",
      "/customRules/2/id",
      "/customRules/3/pattern",
      "/customRules/4",
      "/customRules/5",
      "/customRules/6/pattern",
    ]);
  });

  it("checks detector references against the detectors given in code, naming the closest", () => {
    const policy: PolicyConfig = {
      customRules: [{ id: "acme.customer", kind: "pii", type: "customer_id", detector: "acme.customer-ids" }],
    };
    const error = configError(() =>
      resolvePolicy(policy, {}, { detectorIds: new Set(["acme.customer-id"]) }),
    );
    expect(error.issues).toEqual([
      {
        path: "/customRules/0/detector",
        message: 'no detector "acme.customer-ids" was given to the engine (did you mean "acme.customer-id"?)',
      },
      {
        path: "/customRules",
        message:
          'the engine was given detector "acme.customer-id", which no custom rule names (add { id, kind, type, detector: "acme.customer-id" })',
      },
    ]);
    // Without the engine's detectors (validate-policy), the reference cannot be checked and is accepted.
    expect(() => resolvePolicy(policy, {})).not.toThrow();
  });

  it("an unknown key in a declared rule is named", () => {
    const error = configError(() => validatePolicy({ customRules: [{ ...rule, patern: "x" }] }));
    expect(error.issues[0]).toEqual({
      path: "/customRules/0/patern",
      message: 'unknown key "patern" (did you mean "pattern"?)',
    });
  });
});

describe("resolvePolicy hash key: every place an action is written", () => {
  it.each([
    [{ rules: { "pii.email": "hash" } }],
    [{ tools: { "crm.*": { secrets: { output: "hash" } } } }],
    [{ inputHazards: { ssrf: "hash" } }],
    [{ customRules: [{ id: "acme.x", kind: "pii", type: "x", pattern: "x", action: "hash" }] }],
  ] as PolicyConfig[][])("%j needs a key", (policy) => {
    const error = configError(() => resolvePolicy(policy, {}));
    expect(paths(error.issues)).toEqual(["/redaction"]);
  });
});
