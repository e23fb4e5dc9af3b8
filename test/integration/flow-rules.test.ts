import type { StructuredToolInterface } from "@langchain/core/tools";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createToolInterceptor,
  LocalPolicyEngine,
  type PolicyConfig,
  PolicyViolationError,
} from "../../src/index.js";
import {
  CONFIG_TOKEN,
  flowTools,
  PLANTED_IBAN,
  PLANTED_RECIPIENT,
  PLANTED_URL,
  USER_ADDRESS,
} from "../fixtures/flow-server.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection, tool } from "../helpers/clients.js";
import { ThreadBackend } from "../helpers/provenance-backend.js";

/**
 * Issue 17 part 3: each flow rule against a real MCP server that counts its calls. The thread's provenance is kept
 * by ThreadBackend (the install's part of the contract); the engine computes the output facts and runs the flow
 * step. Flow rules default to `review`; with no review step in these runs an unapproved review is a refusal.
 */
const policy: PolicyConfig = { trustedSources: ["acme.lookup_contact"] } as PolicyConfig;

let http: HttpTestServer;
let client: MultiServerMCPClient;
let tools: Map<string, StructuredToolInterface>;
let thread: ThreadBackend;

beforeAll(async () => {
  http = await startHttpTestServer(flowTools());
  thread = new ThreadBackend(new LocalPolicyEngine(policy));
  ({ client, tools } = await guardedClient(
    httpConnection(http.url),
    createToolInterceptor({ backend: thread }),
  ));
});
afterAll(async () => {
  await client.close();
  await http.close();
});
beforeEach(() => {
  thread.facts = { ...thread.facts, user: [], outputs: [], turnStart: 0 };
});

const count = (name: string) => http.counts.get(name) ?? 0;

/** Calls a tool; returns the refusal, or undefined when the call ran. */
async function call(name: string, args: Record<string, unknown>): Promise<PolicyViolationError | undefined> {
  try {
    await tool(tools, name).invoke(args);
    return undefined;
  } catch (error) {
    if (error instanceof PolicyViolationError) return error;
    throw error;
  }
}

describe("argument provenance (flow.argument_provenance)", () => {
  it("a recipient planted in an e-mail never reaches send_email; the one the user typed does", async () => {
    thread.said("Summarise my inbox.");
    await call("read_inbox", {});
    const before = count("send_email");
    const refused = await call("send_email", {
      to: PLANTED_RECIPIENT,
      subject: "statement",
      body: "attached",
    });
    expect(refused?.ruleIds).toContain("flow.argument_provenance");
    expect(refused?.reason).toContain(
      `recipient \`${PLANTED_RECIPIENT}\` came from \`acme.read_inbox\`, not from you`,
    );
    expect(count("send_email")).toBe(before);

    thread.said(`Yes, please send the statement to ${PLANTED_RECIPIENT}.`);
    expect(
      await call("send_email", { to: PLANTED_RECIPIENT, subject: "statement", body: "attached" }),
    ).toBeUndefined();
    expect(count("send_email")).toBe(before + 1);
  });

  it("an IBAN planted in an e-mail never reaches transfer_money, spelled with spaces or not", async () => {
    thread.said("Check my inbox for bills.");
    await call("read_inbox", {});
    const before = count("transfer_money");
    const spaced = PLANTED_IBAN.replace(/(.{4})/g, "$1 ").trim();
    expect((await call("transfer_money", { iban: spaced, amount: 900 }))?.ruleIds).toContain(
      "flow.argument_provenance",
    );
    expect(count("transfer_money")).toBe(before);
  });

  it("a trusted source's address counts as the user's", async () => {
    thread.said("Mail Dana from finance the numbers.");
    await call("lookup_contact", { name: "Dana" });
    const before = count("send_email");
    expect(
      await call("send_email", { to: "dana.lee@corp.example", subject: "numbers", body: "see below" }),
    ).toBeUndefined();
    expect(count("send_email")).toBe(before + 1);
  });
});

describe("data leaving (flow.data_leaving)", () => {
  it("a secret from a tool, base64-encoded in an e-mail body, never leaves (the secret detector itself reads a base64 GitHub token)", async () => {
    thread.said(`Check the deploy config and mail me a summary at ${USER_ADDRESS}.`);
    await call("read_config", {});
    const before = count("send_email");
    const encoded = Buffer.from(CONFIG_TOKEN).toString("base64");
    const refused = await call("send_email", {
      to: USER_ADDRESS,
      subject: "config",
      body: `backup: ${encoded}`,
    });
    expect(refused?.ruleIds.some((id) => id === "flow.data_leaving" || id.startsWith("secret."))).toBe(true);
    expect(refused?.reason).not.toContain(CONFIG_TOKEN);
    expect(count("send_email")).toBe(before);
  });

  it("a secret from a tool, hex-encoded in an e-mail body, never leaves (no detector reads it: the flow rule does); a plain summary does", async () => {
    thread.said(`Check the deploy config and mail me a summary at ${USER_ADDRESS}.`);
    await call("read_config", {});
    const before = count("send_email");
    const encoded = Buffer.from(CONFIG_TOKEN).toString("hex");
    const refused = await call("send_email", {
      to: USER_ADDRESS,
      subject: "config",
      body: `backup: ${encoded}`,
    });
    expect(refused?.ruleIds).toContain("flow.data_leaving");
    expect(refused?.reason).not.toContain(CONFIG_TOKEN);
    expect(count("send_email")).toBe(before);
    expect(
      await call("send_email", { to: USER_ADDRESS, subject: "config", body: "region is eu-west-1" }),
    ).toBeUndefined();
    expect(count("send_email")).toBe(before + 1);
  });
});

describe("after an injection (flow.after_injection)", () => {
  it("a sink call in the turn of an injected page never arrives; after the user speaks again it does", async () => {
    thread.said("What does the shop page say?");
    await call("fetch_page", { url: "https://shop.example" });
    const before = count("sync_records");
    const refused = await call("sync_records", { target: "archive" });
    expect(refused?.ruleIds).toContain("flow.after_injection");
    expect(refused?.reason).toContain("acme.fetch_page");
    expect(count("sync_records")).toBe(before);

    thread.said("OK, now sync the records to the archive.");
    expect(await call("sync_records", { target: "archive" })).toBeUndefined();
    expect(count("sync_records")).toBe(before + 1);
  });

  it("in a later turn a URL from the page in a body (data, not a target) does not hold the call back", async () => {
    thread.said("Read the shop page.");
    await call("fetch_page", { url: "https://shop.example" });
    thread.said("Now mail me what you think is right.");
    const before = count("send_email");
    expect(
      await call("send_email", { to: USER_ADDRESS, subject: "x", body: `see ${PLANTED_URL}` }),
    ).toBeUndefined();
    expect(count("send_email")).toBe(before + 1);
  });
});

describe("a value the user typed is the user's", () => {
  it("the password the user asked for reaches change_password; an unrequested one does not", async () => {
    const password = `Tr0ub4dor&${CONFIG_TOKEN.slice(4, 9)}`;
    const before = count("change_password");
    expect((await call("change_password", { new_password: password }))?.ruleIds).toContain(
      "secret.generic_credential",
    );
    expect(count("change_password")).toBe(before);
    thread.said(`Please change my password to ${password}`);
    expect(await call("change_password", { new_password: password })).toBeUndefined();
    expect(count("change_password")).toBe(before + 1);
  });
});
