import { describe, expect, it } from "vitest";
import { evaluateCapabilities } from "../../src/engine/capability-gate.js";
import { globToRegExp, matchesGlob } from "../../src/engine/glob.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";

const gate = (config: PolicyConfig, connectorType: string) =>
  evaluateCapabilities(resolvePolicy(config, {}), connectorType);

describe("matchesGlob", () => {
  it("matches literal connector types exactly", () => {
    expect(matchesGlob("github.get_issue", "github.get_issue")).toBe(true);
    expect(matchesGlob("github.get_issues", "github.get_issue")).toBe(false);
    expect(matchesGlob("xgithub.get_issue", "github.get_issue")).toBe(false);
  });

  it("`*` matches within one dot-separated segment", () => {
    expect(matchesGlob("github.get_issue", "github.*")).toBe(true);
    // A lone `*` segment is at least one character (picomatch); MCP tool names are never empty.
    expect(matchesGlob("github.", "github.*")).toBe(false);
    expect(matchesGlob("github.repos.list", "github.*")).toBe(false);
    expect(matchesGlob("github.get_issue", "github.get_*")).toBe(true);
    expect(matchesGlob("github.list_issues", "github.get_*")).toBe(false);
    expect(matchesGlob("fs.read_file", "*.read_*")).toBe(true);
    expect(matchesGlob("a.fs.read_file", "*.read_*")).toBe(false);
  });

  it("`**` matches across segments", () => {
    expect(matchesGlob("github.repos.list", "github.**")).toBe(true);
    expect(matchesGlob("github.get_issue", "github.**")).toBe(true);
    expect(matchesGlob("gitlab.get_issue", "github.**")).toBe(false);
    expect(matchesGlob("a.b.c.delete", "**.delete")).toBe(true);
    expect(matchesGlob("a.b.c.delete_all", "**.delete")).toBe(false);
    expect(matchesGlob("anything.at.all", "**")).toBe(true);
  });

  it("`*` alone does not cross a dot but `**` does", () => {
    expect(matchesGlob("server.tool", "*")).toBe(false);
    expect(matchesGlob("server.tool", "*.*")).toBe(true);
    expect(matchesGlob("server.tool", "**")).toBe(true);
  });

  it("`?` matches one character that is not a dot", () => {
    expect(matchesGlob("fs.rm", "fs.r?")).toBe(true);
    expect(matchesGlob("fs.rmd", "fs.r?")).toBe(false);
    expect(matchesGlob("fsxrm", "fs?rm")).toBe(true);
    expect(matchesGlob("fs.rm", "fs?rm")).toBe(false);
  });

  it("treats regex metacharacters outside the glob grammar literally; `\\` escapes the grammar's own", () => {
    expect(matchesGlob("a.b", "a.b")).toBe(true);
    expect(matchesGlob("axb", "a.b")).toBe(false);
    expect(matchesGlob("a+b$c^", "a+b$c^")).toBe(true);
    expect(matchesGlob("aab$c^", "a+b$c^")).toBe(false);
    expect(matchesGlob("a+b(c)", "a+b\\(c\\)")).toBe(true);
    expect(matchesGlob("x[1]", "x\\[1\\]")).toBe(true);
    expect(matchesGlob("x1", "x[1]")).toBe(true);
    expect(matchesGlob("a|{}b", "a\\|\\{\\}b")).toBe(true);
    expect(matchesGlob("a\\b", "a\\\\b")).toBe(true);
  });

  it("matches when any glob of a list matches", () => {
    expect(matchesGlob("b.x", ["a.*", "b.*"])).toBe(true);
    expect(matchesGlob("c.x", ["a.*", "b.*"])).toBe(false);
    expect(matchesGlob("c.x", [])).toBe(false);
  });

  it("caches compiled globs", () => {
    expect(globToRegExp("cache.*")).toBe(globToRegExp("cache.*"));
  });
});

describe("evaluateCapabilities: rules", () => {
  it("allows everything by default", () => {
    expect(gate({}, "any.tool")).toEqual({ allowed: true });
  });

  it("denies by default when default is deny, naming the default rule", () => {
    const verdict = gate({ capabilities: { default: "deny" } }, "any.tool");
    expect(verdict.allowed).toBe(false);
    expect(verdict.ruleId).toBe("capability.default_deny");
    expect(verdict.reason).toContain("any.tool");
  });

  it("allows a connector type an allow rule matches under deny-by-default", () => {
    const config: PolicyConfig = {
      capabilities: { default: "deny", rules: [{ match: "github.get_*", action: "allow" }] },
    };
    expect(gate(config, "github.get_issue")).toEqual({ allowed: true, ruleId: "capability.rule[0]" });
    // Near misses fall through to the default.
    expect(gate(config, "github.delete_repo").allowed).toBe(false);
    expect(gate(config, "github.get_issue.extra").allowed).toBe(false);
  });

  it("first match wins: an earlier allow beats a later deny", () => {
    const config: PolicyConfig = {
      capabilities: {
        rules: [
          { id: "allow-read", match: "fs.read_*", action: "allow" },
          { id: "deny-fs", match: "fs.*", action: "deny" },
        ],
      },
    };
    expect(gate(config, "fs.read_file")).toEqual({ allowed: true, ruleId: "allow-read" });
    expect(gate(config, "fs.write_file")).toMatchObject({ allowed: false, ruleId: "deny-fs" });
  });

  it("first match wins: an earlier deny beats a later allow", () => {
    const config: PolicyConfig = {
      capabilities: {
        rules: [
          { match: "fs.**", action: "deny", reason: "no file access" },
          { match: "fs.read_file", action: "allow" },
        ],
      },
    };
    expect(gate(config, "fs.read_file")).toEqual({
      allowed: false,
      ruleId: "capability.rule[0]",
      reason: "no file access",
    });
  });

  it("uses the rule's index in the default rule id and a default reason", () => {
    const verdict = gate(
      {
        capabilities: {
          rules: [
            { match: "a.*", action: "allow" },
            { match: "b.*", action: "deny" },
          ],
        },
      },
      "b.x",
    );
    expect(verdict.ruleId).toBe("capability.rule[1]");
    expect(verdict.reason).toContain("b.x");
    expect(verdict.reason).toContain("capability.rule[1]");
  });

  it("matches rules with a list of globs", () => {
    const config: PolicyConfig = {
      capabilities: { default: "deny", rules: [{ match: ["a.*", "b.**"], action: "allow" }] },
    };
    expect(gate(config, "a.x").allowed).toBe(true);
    expect(gate(config, "b.x.y").allowed).toBe(true);
    expect(gate(config, "a.x.y").allowed).toBe(false);
  });

  it("a deny rule under default allow only denies what it matches", () => {
    const config: PolicyConfig = { capabilities: { rules: [{ match: "shell.*", action: "deny" }] } };
    expect(gate(config, "shell.exec").allowed).toBe(false);
    expect(gate(config, "shellx.exec").allowed).toBe(true);
    expect(gate(config, "shell.exec.sub").allowed).toBe(true);
  });
});

describe("evaluateCapabilities: requires vs granted", () => {
  it("allows a tool whose required capabilities are all granted", () => {
    const config: PolicyConfig = {
      capabilities: { granted: ["fs.read", "net"] },
      tools: { "fs.read_*": { requires: ["fs.read"] } },
    };
    expect(gate(config, "fs.read_file")).toEqual({ allowed: true });
  });

  it("blocks a tool missing a capability and names every missing one", () => {
    const config: PolicyConfig = {
      capabilities: { granted: ["fs.read"] },
      tools: { "fs.**": { requires: ["fs.read", "fs.write", "admin"] } },
    };
    const verdict = gate(config, "fs.write_file");
    expect(verdict.allowed).toBe(false);
    expect(verdict.ruleId).toBe("capability.requires");
    expect(verdict.reason).toContain("fs.write, admin");
    expect(verdict.reason).not.toContain("fs.read,");
  });

  it("does not apply requires to connector types the tool glob does not match", () => {
    const config: PolicyConfig = { tools: { "fs.write_*": { requires: ["fs.write"] } } };
    expect(gate(config, "fs.read_file").allowed).toBe(true);
    expect(gate(config, "fs.write_file").allowed).toBe(false);
  });

  it("checks every matching tool entry, not only the first", () => {
    const config: PolicyConfig = {
      capabilities: { granted: ["a"] },
      tools: { "x.*": { requires: ["a"] }, "x.danger": { requires: ["b"] } },
    };
    expect(gate(config, "x.safe").allowed).toBe(true);
    expect(gate(config, "x.danger")).toMatchObject({ allowed: false, ruleId: "capability.requires" });
  });

  it("an allow rule does not bypass requires", () => {
    const config: PolicyConfig = {
      capabilities: { rules: [{ id: "ok", match: "x.*", action: "allow" }] },
      tools: { "x.*": { requires: ["root"] } },
    };
    expect(gate(config, "x.y")).toMatchObject({ allowed: false, ruleId: "capability.requires" });
  });

  it("a deny rule is reported before requires", () => {
    const config: PolicyConfig = {
      capabilities: { rules: [{ id: "no", match: "x.*", action: "deny" }] },
      tools: { "x.*": { requires: ["root"] } },
    };
    expect(gate(config, "x.y")).toMatchObject({ allowed: false, ruleId: "no" });
  });

  it("an empty requires list needs nothing", () => {
    expect(gate({ tools: { "x.*": { requires: [] } } }, "x.y").allowed).toBe(true);
  });

  it("a tool entry without requires (sanitizer only) does not gate", () => {
    expect(gate({ tools: { "x.*": { sanitizer: "pass-through" } } }, "x.y").allowed).toBe(true);
  });

  it("keeps the matching allow rule id when requires pass", () => {
    const config: PolicyConfig = {
      capabilities: { default: "deny", granted: ["r"], rules: [{ id: "ok", match: "x.*", action: "allow" }] },
      tools: { "x.*": { requires: ["r"] } },
    };
    expect(gate(config, "x.y")).toEqual({ allowed: true, ruleId: "ok" });
  });
});
