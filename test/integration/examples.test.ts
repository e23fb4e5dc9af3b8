import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { fakeGithubToken, fakeStripeKey } from "../../examples/demo/fake-credentials.js";

/**
 * Runs the demo and every example the way a user would (a separate Node process through tsx) and checks the
 * claims their output makes. The examples are documentation; this keeps them from rotting.
 */
const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

async function runExample(file: string): Promise<string> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", file], {
    cwd: root,
    // NO_COLOR keeps the assertions independent of how vitest's stdout is attached.
    env: { ...process.env, NO_COLOR: "1" },
    timeout: 20_000,
  });
  return stdout;
}

const secrets = [fakeGithubToken(), fakeStripeKey()];

function expectNoSecrets(stdout: string): void {
  for (const secret of secrets) expect(stdout).not.toContain(secret);
}

describe("examples", () => {
  it("import the package by its name (never src/), so each can be copied into an app", () => {
    const dir = join(root, "examples");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    const intoSrc = files.flatMap((file) => {
      const code = readFileSync(join(dir, file), "utf8");
      const specifiers = [...code.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!);
      return specifiers
        .filter((s) => s.startsWith(".") && relative(root, join(dir, file, "..", s)).startsWith("src"))
        .map((s) => `${file}: ${s}`);
    });
    expect(intoSrc).toEqual([]);
  });

  it("npm run demo: every kind of call is traced and blocked calls never reach the server", async () => {
    const out = await runExample("examples/demo/run-demo.ts");
    expectNoSecrets(out);
    expect(out).not.toContain("\u001b[");

    // The catalogue shows the poisoned description cleaned before the model saw it.
    expect(out).toMatch(/lookup_company: tool description sanitized/);
    expect(out).toMatch(/shown to model:.*Looks up a company by its web domain\./);

    // Deleting needs a human: the run paused before the call, the reviewer rejected it, the server never saw it.
    expect(out).toMatch(
      /delete_customer\(.*\)[\s\S]*?run paused \(rule crm\.deletes-need-review\)[\s\S]*?REJECTED by the human reviewer — the server was never called/,
    );
    expect(out).toContain('acme-crm.delete_customer({"customerId":42}), rule crm.deletes-need-review');
    expect(out).toMatch(/run_report\(.*\)[\s\S]*?hazard:sql_injection[\s\S]*?BLOCKED at the input check/);
    expect(out).toMatch(
      /get_ticket\(.*\)[\s\S]*?injection:override_instructions[\s\S]*?BLOCKED at the output check/,
    );
    // Containment: the note carries the e-mail and phone that came from search_customers, not from the user, so the
    // data-leaving flow rule asks a human first; the reviewer says no and the server never sees the note.
    expect(out).toMatch(
      /add_note\(.*\)[\s\S]*?run paused \(rule flow\.data_leaving\)[\s\S]*?REJECTED by the human reviewer — the server was never called/,
    );
    expect(out).toContain("payout IBAN: [REDACTED:iban]");
    expect(out).toContain("token: [REDACTED:github_token]");
    expect(out).toMatch(/sync_billing\(.*\)[\s\S]*?status: error[\s\S]*?\[REDACTED:stripe_key\]/);

    const summary = out.slice(out.indexOf("\nSummary")).replace(/\s+/g, " ");
    const made = Number(/The agent made (\d+) tool calls/.exec(summary)?.[1]);
    const blockedAtInput = Number(/\((\d+) at the input check/.exec(summary)?.[1]);
    const rejected = Number(/(\d+) (?:was|were) rejected by the human reviewer/.exec(summary)?.[1]);
    const reached = Number(/server received (\d+) of the/.exec(summary)?.[1]);
    expect(made).toBe(10);
    expect(blockedAtInput).toBe(1);
    expect(rejected).toBe(2);
    expect(reached).toBe(made - blockedAtInput - rejected);
    expect(summary).toContain("(delete_customer: 0, run_report: 0, add_note: 0)");
    expect(summary).toMatch(/none of the \d+ sensitive values/);
  });

  it("custom backend: an allow-list backend and an object-literal backend decide", async () => {
    const out = await runExample("examples/custom-backend/main.ts");
    expectNoSecrets(out);
    expect(out).toContain("- run_report: input block by allow-list [allow-list]");
    expect(out).toContain("- delete_customer: input block by allow-list [allow-list]");
    expect(out).toMatch(
      /- search_customers: input allow by allow-list\+local; output redact by allow-list\+local/,
    );
    expect(out).toContain('saved on customer 42: "Prefers e-mail: [REDACTED:email]"');
    expect(out).toContain("- add_note: input block by read-only [read-only]");
    expect(out).toMatch(/- get_integration_settings: input allow by read-only; output redact by local/);
  });

  it("createAgent: blocks and MCP error results become error ToolMessages instead of crashing", async () => {
    const out = await runExample("examples/create-agent/main.ts");
    expectNoSecrets(out);
    expect(out).toContain("the run crashed at the first tool error");
    expect(out).toMatch(/sync_billing \[status: error\]\n.*returned an error/);
    expect(out).toMatch(/delete_customer \[status: error\]\n\s+Error: Blocked by policy/);
    expect(out).toContain("signed in as [REDACTED:email]");
    expect(out).toContain("the run finished; the model's last word");
  });

  it("streamable HTTP: the guard works the same over HTTP on 127.0.0.1", async () => {
    const out = await runExample("examples/streamable-http/main.ts");
    expectNoSecrets(out);
    expect(out).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/);
    expect(out).toContain("token: [REDACTED:github_token]");
    expect(out).toContain("PolicyViolationError: Blocked by policy: call to acme-crm.delete_customer");
    expect(out).toContain('server received: {"get_integration_settings":1}');
  });
});
