/**
 * The tool listing `validate-policy` checks rules against: read from a file (`--tools`), or listed from the servers
 * of a MultiServerMCPClient config (`--servers`), a server that fails to connect or list recorded as failed.
 */
import { readFile } from "node:fs/promises";
import type { ToolListing } from "../engine/rule-coverage.js";

/** A problem with the listing file or the servers config (exit 2: usage). */
export class ListingInputError extends Error {
  override name = "ListingInputError";
}

function toolNames(value: unknown, server: string): string[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === "object" && value !== null && Array.isArray((value as { tools?: unknown }).tools)
      ? (value as { tools: unknown[] }).tools
      : undefined;
  if (!list)
    throw new ListingInputError(`server "${server}": expected an array of tools or { "tools": [...] }`);
  return list.map((item, i) => {
    if (typeof item === "string") return item;
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name === "string") return name;
    throw new ListingInputError(`server "${server}", tool ${i}: expected a name or { "name": ... }`);
  });
}

/**
 * `{ "crm": ["lookup", ...] }`, `{ "crm": { "tools": [{ "name": ... }] } }` (a `tools/list` result per server), or
 * `{ "servers": {...}, "failed": ["erp"] }`.
 */
export function parseListing(value: unknown): ToolListing {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ListingInputError("expected a JSON object of server name -> tools");
  const record = value as Record<string, unknown>;
  const wrapped =
    typeof record.servers === "object" && record.servers !== null && !Array.isArray(record.servers);
  const servers: Record<string, string[]> = {};
  for (const [server, tools] of Object.entries(wrapped ? (record.servers as object) : record)) {
    servers[server] = toolNames(tools, server);
  }
  const failed = wrapped && Array.isArray(record.failed) ? record.failed.map(String) : [];
  return { servers, failed };
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new ListingInputError(`${file}: ${(error as Error).message}`);
  }
}

export async function listingFromFile(file: string): Promise<ToolListing> {
  return parseListing(await readJson(file));
}

/** Connects to every configured server and lists its tools; one that fails is recorded, not fatal. */
export async function listingFromServers(file: string): Promise<ToolListing> {
  const parsed = await readJson(file);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new ListingInputError(`${file}: expected a JSON object`);
  // A peer dependency: loaded only for --servers, as `tollgate pin` does.
  const { MultiServerMCPClient } = await import("@langchain/mcp-adapters");
  type Config = ConstructorParameters<typeof MultiServerMCPClient>[0];
  const config = ("mcpServers" in parsed ? parsed : { mcpServers: parsed }) as Config;
  let client: InstanceType<typeof MultiServerMCPClient>;
  try {
    client = new MultiServerMCPClient({ ...config, onConnectionError: "ignore" } as Config);
  } catch (error) {
    throw new ListingInputError(`${file}: ${(error as Error).message}`);
  }
  const servers: Record<string, string[]> = {};
  const failed: string[] = [];
  try {
    await client.initializeConnections();
    for (const name of Object.keys(client.config.mcpServers).sort()) {
      try {
        const sdk = await client.getClient(name);
        if (!sdk) throw new Error("not connected");
        const names: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await sdk.listTools(cursor ? { cursor } : {});
          names.push(...page.tools.map((t) => t.name));
          cursor = page.nextCursor;
        } while (cursor);
        servers[name] = names;
      } catch {
        failed.push(name);
      }
    }
  } finally {
    await client.close();
  }
  return { servers, failed };
}
