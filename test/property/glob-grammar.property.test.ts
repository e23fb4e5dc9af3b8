import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkGlob, GlobSyntaxError, matchesConnector } from "../../src/engine/glob.js";
import { resolvePolicy } from "../../src/engine/policy.js";

/*
 * The matcher before picomatch, kept here as the reference: `*` within a dot segment, `**` anywhere `.*`, `?` one
 * non-dot character, everything else literal; split at every dot into a server glob and a tool glob (where `*`
 * crosses dots).
 */
function oldSegment(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") {
      if (glob[i + 1] === "*") {
        source += ".*";
        i++;
      } else source += "[^.]*";
    } else if (c === "?") source += "[^.]";
    else source += c.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
function oldTool(glob: string): RegExp {
  let source = "";
  for (const c of glob) {
    if (c === "*") source += ".*";
    else if (c === "?") source += ".";
    else source += c.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "s");
}
function oldMatches(pattern: string, server: string, tool: string): boolean {
  if (oldSegment(pattern).test(`${server}.${tool}`)) return true;
  for (let i = pattern.indexOf("."); i !== -1; i = pattern.indexOf(".", i + 1)) {
    if (oldSegment(pattern.slice(0, i)).test(server) && oldTool(pattern.slice(i + 1)).test(tool)) return true;
  }
  return false;
}

const target = (server: string, tool: string) => ({
  connectorType: `${server}.${tool}`,
  serverName: server,
  toolName: tool,
});

/** Names as servers and tools choose them: non-empty dot-separated segments of a small alphabet. */
const segment = fc.stringMatching(/^[a-c_-]{1,3}$/);
const dotted = (max: number) => fc.array(segment, { minLength: 1, maxLength: max }).map((s) => s.join("."));
/** One segment of the documented grammar without `**`: literals, `*` and `?`. */
const globSegment = fc
  .array(fc.constantFrom("a", "b", "c", "_", "-", "*", "?"), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(""))
  .filter((s) => !s.includes("**"));
const globWithout = fc.array(globSegment, { minLength: 1, maxLength: 4 }).map((s) => s.join("."));
/** With `**` as whole segments. */
const globWith = fc
  .array(fc.oneof(globSegment, fc.constant("**")), { minLength: 1, maxLength: 4 })
  .map((s) => s.join("."));

describe("the glob grammar (property): picomatch against the former matcher", () => {
  it("literals, `*` and `?`: the same answer for every server and tool", () => {
    fc.assert(
      fc.property(globWithout, dotted(2), dotted(3), (pattern, server, tool) => {
        expect(matchesConnector(target(server, tool), pattern)).toBe(oldMatches(pattern, server, tool));
      }),
      { numRuns: 2000 },
    );
  });

  it("`**` as whole segments: whatever the former matcher matched is still matched (it may now match none)", () => {
    fc.assert(
      fc.property(globWith, dotted(2), dotted(3), (pattern, server, tool) => {
        if (oldMatches(pattern, server, tool))
          expect(matchesConnector(target(server, tool), pattern)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("`crm.*` covers every tool of server crm, dotted names included, and no tool of another server", () => {
    fc.assert(
      fc.property(dotted(2), dotted(4), (server, tool) => {
        expect(matchesConnector(target("crm", tool), "crm.*")).toBe(true);
        expect(matchesConnector(target(server, tool), "crm.*")).toBe(server === "crm");
      }),
    );
  });

  it("`{a,b}` is one of the alternatives, like writing the rule twice", () => {
    const word = fc.stringMatching(/^[a-c]{1,3}$/);
    fc.assert(
      fc.property(word, word, dotted(2), dotted(2), (a, b, server, tool) => {
        const both = matchesConnector(target(server, tool), [`crm.${a}`, `crm.${b}`]);
        expect(matchesConnector(target(server, tool), `crm.{${a},${b}}`)).toBe(both);
      }),
    );
  });
});

describe("the glob grammar: examples", () => {
  it("classes and alternatives", () => {
    expect(matchesConnector(target("crm", "delete_customer"), "crm.{delete,wipe}_*")).toBe(true);
    expect(matchesConnector(target("erp", "delete"), "{crm,erp}.delete")).toBe(true);
    expect(matchesConnector(target("eu.crm", "admin.wipe"), "{eu.crm,us.crm}.*")).toBe(true);
    expect(matchesConnector(target("crm", "v2"), "crm.v[0-9]")).toBe(true);
    expect(matchesConnector(target("crm", "v2"), "crm.v[^2]")).toBe(false);
    // Before, `{` `[` were literal text: a rule naming them matched nothing a server lists.
    expect(matchesConnector(target("crm", "[lookup]"), "crm.[lookup]")).toBe(false);
    expect(matchesConnector(target("crm", "[lookup]"), "crm.\\[lookup\\]")).toBe(true);
  });

  it.each([
    ["crm.[lookup", /`\[` is never closed/],
    ["crm.{lookup", /`\{` is never closed/],
    ["crm.lookup]", /`\]` closes no `\[`/],
    ["crm.(a|b)", /`\(` is not part of the glob grammar/],
    ["crm**", /`\*\*` must be a whole segment/],
    ["crm.[!a]", /negated class is written `\[\^\.\.\.\]`/],
    ["crm.[.a]", /cannot hold a dot/],
    ["crm.a\\", /unfinished/],
  ])("refuses %s with a pointed error", (pattern, message) => {
    expect(() => checkGlob(pattern)).toThrow(GlobSyntaxError);
    expect(() => checkGlob(pattern)).toThrow(message);
  });

  it("resolvePolicy refuses a glob outside the grammar, naming the rule and the key", () => {
    const deny = (match: string) => ({ capabilities: { rules: [{ match, action: "deny" as const }] } });
    expect(() => resolvePolicy(deny("crm.[lookup"), {})).toThrow(
      /capabilities\/rules\/0\/match: glob "crm\.\[lookup"/,
    );
    expect(() =>
      resolvePolicy(
        { capabilities: { rules: [{ match: ["crm.*", { server: "a{b" }], action: "deny" }] } },
        {},
      ),
    ).toThrow(/capabilities\/rules\/0\/match\/1\/server/);
    expect(() => resolvePolicy({ tools: { "crm.(x)": { requires: ["a"] } } }, {})).toThrow(
      /\/tools\/crm\.\(x\)/,
    );
    expect(() => resolvePolicy(deny("crm.{delete,wipe}"), {})).not.toThrow();
  });
});
