import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { describe, expect, it } from "vitest";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import {
  type AuditRecord,
  createToolInterceptor,
  InstallError,
  installInterceptors,
} from "../../src/index.js";
import { UnmatchedRulesWarning } from "../../src/interceptor/rule-coverage-report.js";
import { stdioConnection } from "../helpers/clients.js";
import { surfaceConnection } from "../helpers/surface.js";

/** A stdio server that exits at once: the adapter cannot connect to it. */
const deadServer = {
  transport: "stdio" as const,
  command: process.execPath,
  args: ["-e", "process.exit(1)"],
};

const policy: PolicyConfig = {
  capabilities: {
    rules: [
      { id: "no-drop", match: "acme.drop_databse", action: "deny" },
      { id: "no-acme-admin", match: "acmee.*", action: "deny" },
      { id: "erp-deny", match: "erp.delete_*", action: "deny" },
      { id: "fine", match: "acme.drop_*", action: "deny" },
    ],
  },
};

function setup(strictRules = false) {
  const records: AuditRecord[] = [];
  const warnings: unknown[] = [];
  const client = installInterceptors(
    new MultiServerMCPClient({
      mcpServers: { acme: stdioConnection(), erp: deadServer },
      onConnectionError: "ignore",
    }),
    createToolInterceptor({
      policy,
      onDecision: (r) => records.push(r),
      onCallbackError: (error, callback) => warnings.push({ error, callback }),
    }),
    { strictRules },
  );
  return { client, records, warnings };
}

describe("rules checked against the tools the servers list (real stdio servers)", () => {
  it("getTools(): an audit note and one warning per typo'd rule, a failed server's rules unverified", {
    timeout: 30_000,
  }, async () => {
    const { client, records, warnings } = setup();
    try {
      const tools = await client.getTools();
      expect(tools.length).toBeGreaterThan(0);
      const notes = records.filter((r) => r.phase === "catalog" && r.action === "note");
      expect(notes.map((r) => r.ruleIds)).toEqual([
        ["catalog.unmatched_rule", "no-drop"],
        ["catalog.unmatched_rule", "no-acme-admin"],
        ["catalog.unverified_rule", "erp-deny"],
      ]);
      expect(notes[0]!.reason).toMatch(/"acme\.drop_databse" \(closest: acme\.drop_database/);
      expect(notes[1]!.reason).toMatch(/closest: acme\.\*/);
      expect(warnings).toHaveLength(1);
      const { error, callback } = warnings[0] as { error: UnmatchedRulesWarning; callback: string };
      expect(callback).toBe("policy rules");
      expect(error).toBeInstanceOf(UnmatchedRulesWarning);
      expect(error.coverage.unmatched.map((r) => r.ruleId)).toEqual(["no-drop", "no-acme-admin"]);
      // Asked again with nothing new listed: no second report.
      await client.getTools();
      expect(warnings).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it("strictRules: an unmatched rule is an InstallError and no tool is handed out", {
    timeout: 30_000,
  }, async () => {
    const { client } = setup(true);
    try {
      await expect(client.getTools()).rejects.toThrow(InstallError);
      await expect(client.getTools()).rejects.toThrow(/strictRules: rule no-drop .*acme\.drop_databse/);
    } finally {
      await client.close();
    }
  });

  it("after tools/list_changed the rules are checked again against the new listing", {
    timeout: 30_000,
  }, async () => {
    const records: AuditRecord[] = [];
    let changed!: () => void;
    const listed = new Promise<void>((resolve) => {
      changed = resolve;
    });
    const client = installInterceptors(
      new MultiServerMCPClient({
        mcpServers: { acme: surfaceConnection() },
        onToolsListChanged: () => changed(),
      } as ConstructorParameters<typeof MultiServerMCPClient>[0]),
      createToolInterceptor({
        policy: {
          capabilities: {
            rules: [
              { id: "wipe", match: "acme.admin_wipe", action: "deny" },
              { id: "typo", match: "acme.admin_wip", action: "deny" },
            ],
          },
        },
        onDecision: (r) => records.push(r),
        onCallbackError: () => {},
      }),
    );
    const unmatched = (id = "wipe") =>
      records.filter((r) => r.ruleIds[0] === "catalog.unmatched_rule" && r.ruleIds[1] === id).length;
    try {
      const unlock = (await client.getTools()).find((t) => t.name === "unlock_admin")!;
      expect(unmatched()).toBe(1);
      await unlock.invoke({});
      await listed;
      // The server now lists admin_wipe: the check after the relisting finds the rule matched.
      await expect
        .poll(() => records.some((r) => r.phase === "catalog" && r.toolName === "admin_wipe"))
        .toBe(true);
      expect(unmatched()).toBe(1);
      expect((await client.getTools()).some((t) => t.name === "admin_wipe")).toBe(true);
      expect(unmatched()).toBe(1);
    } finally {
      await client.close();
    }
  });
});
