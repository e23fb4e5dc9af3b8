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
  BILL_IBAN,
  CONFIG_TOKEN,
  DANA_ADDRESS,
  flowTools,
  PLANTED_IBAN,
  PLANTED_RECIPIENT,
  USER_ADDRESS,
} from "../fixtures/flow-server.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection, tool } from "../helpers/clients.js";
import { ThreadBackend } from "../helpers/provenance-backend.js";

/**
 * Intent binding (policy `intentBinding: on`) against a real MCP server that counts its calls: a target the user
 * designated in this turn reaches the server without a review; a target planted in the same result (ambiguous) or
 * in another result (not designated) never arrives. Without a review step an unapproved review is a refusal.
 */
const BOUND: PolicyConfig = { intentBinding: "on" } as PolicyConfig;

let http: HttpTestServer;
const clients: MultiServerMCPClient[] = [];
let bound: { tools: Map<string, StructuredToolInterface>; thread: ThreadBackend };
let plain: { tools: Map<string, StructuredToolInterface>; thread: ThreadBackend };

async function client(policy: PolicyConfig) {
  const thread = new ThreadBackend(new LocalPolicyEngine(policy));
  const made = await guardedClient(httpConnection(http.url), createToolInterceptor({ backend: thread }));
  clients.push(made.client);
  return { tools: made.tools, thread };
}

beforeAll(async () => {
  http = await startHttpTestServer(flowTools());
  bound = await client(BOUND);
  plain = await client({});
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await http.close();
});
beforeEach(() => {
  for (const { thread } of [bound, plain])
    thread.facts = { ...thread.facts, user: [], outputs: [], turnStart: 0 };
  delete bound.thread.facts.intent;
  delete plain.thread.facts.intent;
});

const count = (name: string) => http.counts.get(name) ?? 0;

async function call(
  on: { tools: Map<string, StructuredToolInterface> },
  name: string,
  args: Record<string, unknown>,
): Promise<PolicyViolationError | undefined> {
  try {
    await tool(on.tools, name).invoke(args);
    return undefined;
  } catch (error) {
    if (error instanceof PolicyViolationError) return error;
    throw error;
  }
}

describe("intent binding: a target the user designated", () => {
  it("the sender of the e-mail the user asked to reply to gets the reply; off by default", async () => {
    for (const side of [bound, plain]) {
      side.thread.said("Reply to Dana Whitfield's e-mail: Thursday at 10 works for me.");
      await call(side, "search_mail", { query: "Dana Whitfield" });
    }
    const before = count("send_email");
    const reply = { to: DANA_ADDRESS, subject: "Re: Thursday", body: "Thursday at 10 works for me." };
    expect(await call(bound, "send_email", reply)).toBeUndefined();
    expect(count("send_email")).toBe(before + 1);
    const decision = bound.thread.inputs.at(-1);
    expect(decision?.connectorType).toBe("acme.send_email");
    // The default policy (intentBinding off) still puts it to a human.
    expect((await call(plain, "send_email", reply))?.ruleIds).toContain("flow.argument_provenance");
    expect(count("send_email")).toBe(before + 1);
  });

  it("a recipient planted in another result the user did not point at never arrives", async () => {
    bound.thread.said("Reply to Dana Whitfield's e-mail: Thursday at 10 works for me.");
    await call(bound, "search_mail", { query: "Dana Whitfield" });
    await call(bound, "read_inbox", {});
    const before = count("send_email");
    const refused = await call(bound, "send_email", { to: PLANTED_RECIPIENT, subject: "x", body: "y" });
    expect(refused?.ruleIds).toContain("flow.argument_provenance");
    expect(refused?.reason).toContain("came from `acme.read_inbox`, not from you");
    expect(count("send_email")).toBe(before);
  });

  it("the IBAN of the bill the user pointed at is paid; without a request to pay it is not", async () => {
    bound.thread.said("What does bills/april.txt say?");
    await call(bound, "read_file", { path: "bills/april.txt" });
    const before = count("transfer_money");
    expect((await call(bound, "transfer_money", { iban: BILL_IBAN, amount: 120 }))?.ruleIds).toContain(
      "flow.argument_provenance",
    );
    expect(count("transfer_money")).toBe(before);
    bound.thread.said("Pay the bill in bills/april.txt.");
    await call(bound, "read_file", { path: "bills/april.txt" });
    expect(await call(bound, "transfer_money", { iban: BILL_IBAN, amount: 120 })).toBeUndefined();
    expect(count("transfer_money")).toBe(before + 1);
  });

  it("a second IBAN planted in the same result makes both ambiguous: neither is paid", async () => {
    bound.thread.said("Pay the Lumen invoice from their e-mail.");
    await call(bound, "search_mail", { query: "Lumen" });
    const before = count("transfer_money");
    const real = await call(bound, "transfer_money", { iban: BILL_IBAN, amount: 120 });
    expect(real?.ruleIds).toContain("flow.argument_provenance");
    expect(real?.reason).toContain("it is one of 2 IBANs there");
    const planted = await call(bound, "transfer_money", { iban: PLANTED_IBAN, amount: 120 });
    expect(planted?.ruleIds).toContain("flow.argument_provenance");
    expect(count("transfer_money")).toBe(before);
  });

  it("data from the e-mail the user asked to forward leaves to the address the user gave; a secret does not", async () => {
    bound.thread.said(`Forward Dana Whitfield's e-mail to ${USER_ADDRESS}.`);
    const mail = (await tool(bound.tools, "search_mail").invoke({ query: "Dana Whitfield" })) as unknown;
    await call(bound, "read_config", {});
    const body = typeof mail === "string" ? mail : JSON.stringify(mail);
    const before = count("send_email");
    expect(
      await call(bound, "send_email", { to: USER_ADDRESS, subject: "Fwd: Thursday", body }),
    ).toBeUndefined();
    expect(count("send_email")).toBe(before + 1);
    const leak = await call(bound, "send_email", {
      to: USER_ADDRESS,
      subject: "Fwd",
      // Hex, not base64: the secret detector itself reads a base64 GitHub token; no detector reads this one.
      body: `${body}\n${Buffer.from(CONFIG_TOKEN).toString("hex")}`,
    });
    expect(leak?.ruleIds).toContain("flow.data_leaving");
    expect(count("send_email")).toBe(before + 1);
  });
});
