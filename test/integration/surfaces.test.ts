/**
 * The surfaces outside tool calls: `getClient()`, resources, resource templates, prompts, and a server that
 * changes its tool list at run time. Each is shown first on a client without the guard, then with it, against a
 * real stdio server (test/fixtures/surface-server.ts) and a real MultiServerMCPClient.
 */
import { type ClientConfig, MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, describe, expect, it } from "vitest";
import {
  type AuditRecord,
  createToolInterceptor,
  InstallError,
  type InstallOptions,
  installInterceptors,
  PolicyViolationError,
} from "../../src/index.js";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import { surfaceConnection } from "../helpers/surface.js";

const open: MultiServerMCPClient[] = [];
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

function raw(config: Partial<ClientConfig> = {}) {
  const client = new MultiServerMCPClient({
    ...config,
    mcpServers: { acme: surfaceConnection() },
  } as ClientConfig);
  open.push(client);
  return client;
}

function guarded(config: Partial<ClientConfig> = {}, options: InstallOptions = {}) {
  const records: AuditRecord[] = [];
  const client = installInterceptors(
    new MultiServerMCPClient({ ...config, mcpServers: { acme: surfaceConnection() } } as ClientConfig),
    createToolInterceptor({ onDecision: (r) => void records.push(r) }),
    options,
  );
  open.push(client);
  return { client, records };
}

async function sdk(client: MultiServerMCPClient) {
  const found = await client.getClient("acme");
  if (!found) throw new Error("no client for acme");
  return found;
}

const TOKEN_REDACTED = "[REDACTED:github_token]";
const EMAIL = "jane.roe@example.com";

describe("getClient()", () => {
  it("adapter: returns the raw SDK client; a tool result comes back unchecked", async () => {
    const client = raw();
    await client.getTools();
    const result = await (await sdk(client)).callTool({
      name: "echo",
      arguments: { text: EMAIL },
    });
    expect(JSON.stringify(result)).toContain(EMAIL);
  });

  it("install: returns the guarded client; its calls are checked and audited", async () => {
    const { client, records } = guarded();
    const result = await (await sdk(client)).callTool({
      name: "echo",
      arguments: { text: EMAIL },
    });
    expect(JSON.stringify(result)).not.toContain(EMAIL);
    expect(JSON.stringify(result)).toContain("[REDACTED:email]");
    expect(records.filter((r) => r.toolName === "echo").map((r) => r.phase)).toEqual(["input", "output"]);
  });

  it("install: getClient: 'refuse' throws InstallError; the client's own resource methods still work, checked", async () => {
    const { client } = guarded({}, { getClient: "refuse" });
    await expect(client.getClient("acme")).rejects.toBeInstanceOf(InstallError);
    const contents = await client.readResource("acme", "config://deploy");
    expect(contents[0]?.text).toContain(TOKEN_REDACTED);
    expect(JSON.stringify(contents)).not.toContain(fakeGithubToken());
  });
});

describe("resources", () => {
  it("adapter: readResource hands the credential over", async () => {
    const client = raw();
    const contents = await client.readResource("acme", "config://deploy");
    expect(contents[0]?.text).toContain(fakeGithubToken());
  });

  it("install: client.readResource and getClient().readResource are redacted; the audit names the surface", async () => {
    const { client, records } = guarded();
    const viaClient = await client.readResource("acme", "config://deploy");
    expect(viaClient[0]?.text).toContain(TOKEN_REDACTED);
    const viaSdk = await (await sdk(client)).readResource({ uri: "notes://7" });
    expect(viaSdk.contents[0]).toMatchObject({ uri: "notes://7" });
    expect(JSON.stringify(viaSdk)).toContain("[REDACTED:email]");
    expect(JSON.stringify(viaSdk)).not.toContain("jane.roe@example.com");
    const reads = records.filter((r) => r.toolName === "resources/read");
    expect(reads.map((r) => [r.phase, r.action, r.connectorType])).toContainEqual([
      "output",
      "redact",
      "acme.resources/read",
    ]);
  });

  it("adapter: a resource template's description reaches the caller as written", async () => {
    const templates = await raw().listResourceTemplates("acme");
    expect(JSON.stringify(templates)).toContain(fakeGithubToken());
  });

  it("install: resource templates are checked, through the client and through getClient()", async () => {
    const { client } = guarded();
    const viaClient = await client.listResourceTemplates("acme");
    expect(viaClient.acme?.[0]?.uriTemplate).toBe("notes://{id}");
    expect(JSON.stringify(viaClient)).toContain(TOKEN_REDACTED);
    const viaSdk = await (await sdk(client)).listResourceTemplates();
    expect(JSON.stringify(viaSdk)).not.toContain(fakeGithubToken());
    // The generic request() path to the same method is checked too.
    const viaRequest = await (await sdk(client)).request(
      { method: "resources/templates/list", params: {} },
      (await import("@modelcontextprotocol/sdk/types.js")).ListResourceTemplatesResultSchema,
    );
    expect(JSON.stringify(viaRequest)).not.toContain(fakeGithubToken());
  });
});

describe("prompts", () => {
  it("adapter: getPrompt hands over the credential and the address", async () => {
    const client = raw();
    await client.getTools();
    const prompt = await (await sdk(client)).getPrompt({
      name: "summarize_customer",
      arguments: { id: "42" },
    });
    expect(JSON.stringify(prompt)).toContain(fakeGithubToken());
  });

  it("install: getPrompt's messages and description are redacted, roles kept", async () => {
    const { client } = guarded();
    const prompt = await (await sdk(client)).getPrompt({
      name: "summarize_customer",
      arguments: { id: "42" },
    });
    expect(prompt.messages[0]?.role).toBe("user");
    expect(JSON.stringify(prompt.messages)).toContain(TOKEN_REDACTED);
    expect(prompt.description).toContain("[REDACTED:email]");
    expect(JSON.stringify(prompt)).not.toContain(fakeGithubToken());
  });
});

/** Calls unlock_admin and waits for the server's tools/list_changed (seen through the adapter's own hook). */
async function unlockAdmin(client: MultiServerMCPClient, changed: Promise<void>) {
  const unlock = (await client.getTools()).find((t) => t.name === "unlock_admin")!;
  await unlock.invoke({});
  await changed;
}

function listChangedHook() {
  let resolve!: () => void;
  const changed = new Promise<void>((r) => {
    resolve = r;
  });
  return { changed, onToolsListChanged: () => resolve() };
}

describe("a server that changes its tool list (tools/list_changed)", () => {
  it("adapter: keeps handing out the tools of the first listing", { timeout: 30_000 }, async () => {
    const { changed, onToolsListChanged } = listChangedHook();
    const client = raw({ onToolsListChanged } as Partial<ClientConfig>);
    await unlockAdmin(client, changed);
    const names = (await client.getTools()).map((t) => t.name);
    expect(names).not.toContain("admin_status");
  });

  it("install: lists the server again before handing out its tools, and checks the new listing", {
    timeout: 30_000,
  }, async () => {
    const { changed, onToolsListChanged } = listChangedHook();
    const { client, records } = guarded({ onToolsListChanged } as Partial<ClientConfig>);
    // The user's own onToolsListChanged hook still runs (it resolves `changed`).
    await unlockAdmin(client, changed);
    const tools = await client.getTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.has("admin_status")).toBe(true);
    expect(await byName.get("admin_status")!.invoke({})).toContain("all good");
    // The planted instructions were cut before the tool reached the model's catalogue.
    const wipe = byName.get("admin_wipe");
    expect(wipe?.description).not.toContain("<IMPORTANT>");
    expect(wipe?.description).not.toContain("id_rsa");
    expect(records.some((r) => r.phase === "catalog" && r.toolName === "admin_wipe")).toBe(true);
  });

  it("install: a tool the last checked listing dropped cannot be called through getClient()", {
    timeout: 30_000,
  }, async () => {
    const records: AuditRecord[] = [];
    const client = installInterceptors(
      new MultiServerMCPClient({ mcpServers: { acme: surfaceConnection() } }),
      createToolInterceptor({
        policy: { injection: { toolDescriptions: "drop-tool" } },
        onDecision: (r) => void records.push(r),
      }),
    );
    open.push(client);
    // No hook this time: wait for the re-listing through getTools() itself.
    await (await client.getTools()).find((t) => t.name === "unlock_admin")!.invoke({});
    let names: string[] = [];
    for (let i = 0; i < 200 && !names.includes("admin_status"); i++) {
      names = (await client.getTools()).map((t) => t.name);
      if (!names.includes("admin_status")) await new Promise((r) => setTimeout(r, 25));
    }
    expect(names).toContain("admin_status");
    expect(names).not.toContain("admin_wipe");
    const error = await (await sdk(client))
      .callTool({ name: "admin_wipe", arguments: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect((error as PolicyViolationError).ruleIds).toEqual(["catalog.unlisted"]);
    const counts = await (await sdk(client)).callTool({ name: "call_counts", arguments: {} });
    expect(JSON.stringify(counts)).not.toContain("admin_wipe");
  });
});
