import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateCapabilities } from "../../src/engine/capability-gate.js";
import { checkGlob, globToRegExp, matchesConnector, toolGlobToRegExp } from "../../src/engine/glob.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { createToolInterceptor, PolicyViolationError } from "../../src/index.js";

const serverName = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
/** Tool names as a server may choose them: any dots, anywhere. */
const toolName = fc.stringMatching(/^[a-z.][a-z0-9_.-]{0,12}$/);
const target = (server: string, tool: string) => ({
  connectorType: `${server}.${tool}`,
  serverName: server,
  toolName: tool,
});

describe("matching server and tool apart (property)", () => {
  it("a deny on `<server>.*` blocks every tool of that server, whatever its dots", () => {
    const policy = resolvePolicy({ capabilities: { rules: [{ match: "crm.*", action: "deny" }] } }, {});
    fc.assert(
      fc.property(toolName, (tool) => {
        expect(evaluateCapabilities(policy, target("crm", tool)).allowed).toBe(false);
      }),
    );
  });

  it("a rule on one server never matches a tool of another server, whatever the tool's name", () => {
    fc.assert(
      fc.property(serverName, toolName, (server, tool) => {
        fc.pre(server !== "crm");
        expect(matchesConnector(target(server, tool), "crm.*")).toBe(false);
        expect(matchesConnector(target(server, tool), { server: "crm" })).toBe(false);
        // Even a tool named after the other server's tools.
        expect(matchesConnector(target(server, `crm.${tool}`), "crm.*")).toBe(false);
      }),
    );
  });

  it("a literal `<server>.<tool>` rule matches exactly that tool", () => {
    fc.assert(
      fc.property(serverName, toolName, toolName, (server, tool, other) => {
        expect(matchesConnector(target(server, tool), `${server}.${tool}`)).toBe(true);
        if (other !== tool) expect(matchesConnector(target(server, other), `${server}.${tool}`)).toBe(false);
      }),
    );
  });
});

describe("the fast path (property)", () => {
  it("skipping the splits when no name has a dot never changes a result", () => {
    // Patterns of the grammar only (`***`, `a**` are refused at load; see glob-grammar.property.test.ts).
    const glob = fc.stringMatching(/^[a-c.*?]{1,8}$/).filter((p) => {
      try {
        checkGlob(p);
        return true;
      } catch {
        return false;
      }
    });
    const name = fc.stringMatching(/^[a-c.]{1,6}$/);
    /** The definition, without the shortcut: the whole glob, or some split at a dot. */
    const reference = (pattern: string, server: string, tool: string) => {
      if (globToRegExp(pattern).test(`${server}.${tool}`)) return true;
      for (let i = pattern.indexOf("."); i !== -1; i = pattern.indexOf(".", i + 1)) {
        if (
          globToRegExp(pattern.slice(0, i)).test(server) &&
          toolGlobToRegExp(pattern.slice(i + 1)).test(tool)
        ) {
          return true;
        }
      }
      return false;
    };
    fc.assert(
      fc.property(glob, name, name, (pattern, server, tool) => {
        expect(matchesConnector(target(server, tool), pattern)).toBe(reference(pattern, server, tool));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("server names with dots, custom resolvers", () => {
  it("a dotted server name from the client config is matched whole", () => {
    expect(matchesConnector(target("eu.crm", "admin.wipe"), "eu.crm.*")).toBe(true);
    expect(matchesConnector(target("eu.crm", "admin.wipe"), "eu.*")).toBe(false);
    expect(matchesConnector(target("eu.crm", "admin.wipe"), { server: "eu.crm", tool: "admin.*" })).toBe(
      true,
    );
  });

  it("with a custom connectorType resolver, globs match the resolved string (`*` within a segment)", async () => {
    const interceptor = createToolInterceptor({
      policy: { capabilities: { rules: [{ match: "billing.*", action: "deny" }] } },
      connectorType: (r) => `billing.${r.name}`,
    });
    let reached = 0;
    const handler = async () => {
      reached++;
      return { content: [{ type: "text" as const, text: "ok" }] };
    };
    await expect(
      interceptor({ serverName: "crm", name: "refund", args: {} }, handler),
    ).rejects.toBeInstanceOf(PolicyViolationError);
    // The resolved name has the dot the resolver chose: `billing.admin.refund` is not under `billing.*`.
    await expect(
      interceptor({ serverName: "crm", name: "admin.refund", args: {} }, handler),
    ).resolves.toBeDefined();
    expect(reached).toBe(1);
    // `{ server, tool }` still sees the real server and tool names.
    const byServer = createToolInterceptor({
      policy: { capabilities: { rules: [{ match: { server: "crm" }, action: "deny" }] } },
      connectorType: (r) => `billing.${r.name}`,
    });
    await expect(
      byServer({ serverName: "crm", name: "admin.refund", args: {} }, handler),
    ).rejects.toBeInstanceOf(PolicyViolationError);
    expect(reached).toBe(1);
  });

  it("rejects a match object without a server, naming the path", () => {
    expect(() =>
      resolvePolicy({ capabilities: { rules: [{ match: { tool: "x" } as never, action: "deny" }] } }, {}),
    ).toThrow(/capabilities\/rules\/0\/match/);
  });
});
