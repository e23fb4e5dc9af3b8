import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { CliCommand } from "../../src/cli/cli-command.js";
import { checkInputEntry, explainEntry, scanEntry, validatePolicyEntry } from "../../src/cli/entries.js";
import { STDIO_SERVER } from "../helpers/clients.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "tollgate-cli-people-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = (name: string, value: unknown) => {
  const path = join(tmp, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
};

/** Runs a command in process with its own streams and environment (the terminal path forced by env, not a tty). */
async function run(command: CliCommand, args: string[], stdin = "", env: NodeJS.ProcessEnv = {}) {
  const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), env };
  let stdout = "";
  let stderr = "";
  io.stdout.setEncoding("utf8").on("data", (c: string) => {
    stdout += c;
  });
  io.stderr.setEncoding("utf8").on("data", (c: string) => {
    stderr += c;
  });
  io.stdin.end(stdin);
  const code = await command.run(args, io);
  return { code, stdout, stderr };
}

const TTY = { TOLLGATE_FORCE_TTY: "1" };
const ESC = "\u001b[";

const typoPolicy = file("typo.json", {
  $schema: "./node_modules/mcp-tollgate/policy.schema.json",
  capabilities: {
    rules: [
      { id: "no-drop", match: "acme.drop_databse", action: "deny" },
      { id: "no-acme", match: "acmee.*", action: "deny" },
      { id: "review-notes", match: "acme.save_*", action: "review" },
    ],
  },
});

describe("scan and check-input for people", () => {
  it("on a terminal: a verdict and a table with rule id, path and action; colour unless NO_COLOR", async () => {
    const plain = await run(scanEntry, [], "mail jane.roe@example.com", { ...TTY, NO_COLOR: "1" });
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain(ESC);
    const lines = plain.stdout.split("\n");
    expect(lines[0]).toBe("allowed (1 finding)");
    expect(lines[1]).toMatch(/^RULE\s+PATH\s+ACTION\s+FINDING$/);
    expect(lines[2]).toMatch(/^pii\.email\s+\/content\/0\/text \[5\.\.25\]\s+redact\s+pii:email$/);
    const colour = await run(scanEntry, [], "mail jane.roe@example.com", TTY);
    expect(colour.stdout).toContain(`${ESC}32mallowed`);
  });

  it("--json on a terminal, and JSON lines without one; findings carry ruleId and action", async () => {
    for (const [args, env] of [
      [["--json"], TTY],
      [[], {}],
    ] as const) {
      const { stdout } = await run(checkInputEntry, [...args], '{"q":"SELECT 1; DROP TABLE users"}', env);
      const answer = JSON.parse(stdout) as {
        allowed: boolean;
        findings: { ruleId: string; action: string }[];
      };
      expect(answer.allowed).toBe(false);
      expect(answer.findings[0]).toMatchObject({
        ruleId: expect.stringMatching(/^hazard\./),
        action: "block",
      });
    }
  });

  it("a JSON object that is not a CallToolResult is refused: exit 2, a pointed error, under --fail-on-block too", async () => {
    const { code, stdout } = await run(scanEntry, ["--fail-on-block"], '{"b":"jane.roe@example.com"}');
    expect(code).toBe(2);
    const answer = JSON.parse(stdout) as { error: { code: string; message: string } };
    expect(answer.error.code).toBe("invalid_tool_result");
    expect(answer.error.message).toMatch(/not a CallToolResult .*\{"content":\[\],"structuredContent":/);
    expect(stdout).not.toContain("jane.roe@example.com");
  });

  it("an extra top-level key on a real result is scanned and redacted in place", async () => {
    const result = { content: [{ type: "text", text: "ok" }], note: { owner: "jane.roe@example.com" } };
    const { code, stdout } = await run(scanEntry, [], JSON.stringify(result));
    expect(code).toBe(0);
    const answer = JSON.parse(stdout) as {
      findings: { path: string }[];
      result: { note: { owner: string } };
    };
    expect(answer.findings.map((f) => f.path)).toEqual(["/note/owner"]);
    expect(answer.result.note.owner).toBe("[REDACTED:email]");
    expect(stdout).not.toContain("jane.roe@example.com");
  });

  it("an unknown option gets a suggestion", async () => {
    const { code, stderr } = await run(scanEntry, ["--polcy", "p.json"]);
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--polcy' (did you mean --policy?)");
    expect((await run(validatePolicyEntry, ["p.json", "--tool", "x"])).stderr).toContain(
      "did you mean --tools?",
    );
  });

  it("--jsonl: progress on stderr every 1,000 lines on a terminal, none on a pipe; answers unchanged", async () => {
    const input = `${Array.from({ length: 2500 }, (_, i) => JSON.stringify(`line ${i}`)).join("\n")}\n`;
    const tty = await run(scanEntry, ["--jsonl", "--json"], input, TTY);
    expect(tty.stderr.split("\r").filter((s) => s.startsWith("tollgate: "))).toEqual([
      "tollgate: 1000 lines, 0 blocked, 0 errors",
      "tollgate: 2000 lines, 0 blocked, 0 errors",
      "tollgate: 2500 lines, 0 blocked, 0 errors (done)\n",
    ]);
    expect(tty.stdout.trim().split("\n")).toHaveLength(2500);
    const pipe = await run(scanEntry, ["--jsonl"], input);
    expect(pipe.stderr).toBe("");
    expect(pipe.stdout.trim().split("\n")).toHaveLength(2500);
  });
});

describe("validate-policy against what exists", () => {
  const listing = file("tools.json", { acme: ["drop_database", "save_note", "echo"] });

  it("--tools: a typo'd rule is reported with the closest names, exit 1; the rules each tool gets", async () => {
    const { code, stdout } = await run(validatePolicyEntry, [typoPolicy, "--tools", listing]);
    expect(code).toBe(1);
    const answer = JSON.parse(stdout) as {
      valid: boolean;
      unmatched: { ruleId: string; closest: string[] }[];
      tools: { connectorType: string; gate: string; gateRuleId: string }[];
    };
    expect(answer.valid).toBe(true);
    expect(answer.unmatched.map((r) => [r.ruleId, r.closest[0]])).toEqual([
      ["no-drop", "acme.drop_database"],
      ["no-acme", "acme.*"],
    ]);
    expect(answer.tools.find((t) => t.connectorType === "acme.save_note")).toMatchObject({
      gate: "review",
      gateRuleId: "review-notes",
    });
  });

  it("on a terminal the unmatched rules are a table", async () => {
    const { stdout } = await run(validatePolicyEntry, [typoPolicy, "--tools", listing], "", {
      ...TTY,
      NO_COLOR: "1",
    });
    expect(stdout).toContain("2 rule pattern(s) match no listed tool");
    expect(stdout).toMatch(
      /no-drop\s+\/capabilities\/rules\/0\/match\s+acme\.drop_databse\s+acme\.drop_database/,
    );
  });

  it("without a listing the policy is only validated, as before", async () => {
    const { code, stdout } = await run(validatePolicyEntry, [typoPolicy]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ valid: true, file: typoPolicy });
  });

  it("--servers: connects to a real stdio server, lists it, reports a server that fails as unverified", {
    timeout: 60_000,
  }, async () => {
    const servers = file("servers.json", {
      mcpServers: {
        acme: { transport: "stdio", command: process.execPath, args: ["--import", "tsx", STDIO_SERVER] },
        erp: { transport: "stdio", command: process.execPath, args: ["-e", "process.exit(1)"] },
      },
    });
    const policy = file("erp.json", {
      capabilities: {
        rules: [
          { id: "no-drop", match: "acme.drop_databse", action: "deny" },
          { id: "erp", match: "erp.delete_*", action: "deny" },
        ],
      },
    });
    // The real binary path, as a user runs it.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/cli/main.ts", "validate-policy", policy, "--servers", servers],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_NO_WARNINGS: "1" },
      },
    );
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(1);
    const answer = JSON.parse(stdout) as {
      unmatched: { ruleId: string; closest: string[] }[];
      unverified: { ruleId: string; servers: string[] }[];
    };
    expect(answer.unmatched.map((r) => [r.ruleId, r.closest[0]])).toEqual([
      ["no-drop", "acme.drop_database"],
    ]);
    expect(answer.unverified).toMatchObject([{ ruleId: "erp", servers: ["erp"] }]);
  });
});

describe("tollgate explain", () => {
  it("prints the rules a tool gets and what the input check decides on the arguments", async () => {
    const policy = file("explain.json", {
      capabilities: { rules: [{ id: "review-notes", match: "acme.save_*", action: "review" }] },
      tools: { "acme.save_*": { pii: { input: "mask" } } },
      pii: { types: { email: { output: "mask" } } },
    });
    const args = [
      "--policy",
      policy,
      "--server",
      "acme",
      "--tool",
      "save_note",
      "--args",
      '{"to":"jane.roe@example.com"}',
    ];
    const { code, stdout } = await run(explainEntry, args);
    expect(code).toBe(0);
    const answer = JSON.parse(stdout) as {
      gate: string;
      gateRuleId: string;
      toolSections: string[];
      families: { pii: { input: string; output: string; types: Record<string, unknown> } };
      input: {
        allowed: boolean;
        review?: { ruleId: string };
        findings: { ruleId: string; path: string; action: string }[];
      };
    };
    expect([answer.gate, answer.gateRuleId]).toEqual(["review", "review-notes"]);
    expect(answer.toolSections).toEqual(["acme.save_*"]);
    expect(answer.families.pii).toMatchObject({
      input: "mask",
      output: "redact",
      types: { email: { output: "mask" } },
    });
    expect(answer.input.review?.ruleId).toBe("review-notes");
    expect(answer.input.findings).toEqual([
      expect.objectContaining({ ruleId: "pii.email", path: "/to", action: "redact" }),
    ]);
    const human = await run(explainEntry, args, "", { ...TTY, NO_COLOR: "1" });
    expect(human.stdout).toContain("capability gate: review by review-notes");
    expect(human.stdout).toMatch(/pii\s+mask\s+redact\s+email=\{"output":"mask"\}/);
  });

  it("requires --server and --tool", async () => {
    const { code, stderr } = await run(explainEntry, ["--tool", "x"]);
    expect(code).toBe(2);
    expect(stderr).toContain("--server and --tool are required");
  });
});
