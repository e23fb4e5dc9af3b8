/**
 * `tollgate pin`: connects to the servers of a MultiServerMCPClient config and writes the tool lock file that
 * `installInterceptors(client, interceptors, { lockFile })` holds every later listing to.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { type ClientConfig, MultiServerMCPClient } from "@langchain/mcp-adapters";
import { pinTool, type ToolLock, type ToolPin, writeToolLock } from "../install/tool-pins.js";
import { PIN_USAGE } from "./pin-usage.js";

interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** The pins of every tool of every configured server, as a lock file. */
export async function pinServers(config: ClientConfig): Promise<ToolLock> {
  const client = new MultiServerMCPClient(config);
  try {
    await client.initializeConnections();
    const lock: ToolLock = { version: 1, servers: {} };
    const names = Object.keys(client.config.mcpServers).sort();
    for (const serverName of names) {
      const sdk = await client.getClient(serverName);
      if (!sdk) throw new Error(`server "${serverName}" did not connect`);
      const pins: Record<string, ToolPin> = {};
      let cursor: string | undefined;
      do {
        const page = await sdk.listTools(cursor ? { cursor } : {});
        for (const tool of page.tools) pins[tool.name] = pinTool(tool);
        cursor = page.nextCursor;
      } while (cursor);
      lock.servers[serverName] = pins;
    }
    return lock;
  } finally {
    await client.close();
  }
}

export async function pinCommand(argv: string[], io: Io = process): Promise<number> {
  let values: { servers?: string | undefined; out?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        servers: { type: "string" },
        out: { type: "string", default: "tollgate.lock.json" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    io.stderr.write(`tollgate pin: ${(error as Error).message}\n\n${PIN_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(`${PIN_USAGE}\n`);
    return 0;
  }
  if (!values.servers) {
    io.stderr.write(`tollgate pin: --servers FILE is required\n\n${PIN_USAGE}\n`);
    return 2;
  }
  let config: ClientConfig;
  try {
    const parsed: unknown = JSON.parse(await readFile(values.servers, "utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new Error("expected a JSON object");
    }
    config = ("mcpServers" in parsed ? parsed : { mcpServers: parsed }) as ClientConfig;
    // Constructing the client validates the config (the adapter's own schema) before anything connects.
    new MultiServerMCPClient(config);
  } catch (error) {
    io.stderr.write(`tollgate pin: ${values.servers}: ${(error as Error).message}\n`);
    return 2;
  }
  let lock: ToolLock;
  try {
    lock = await pinServers(config);
  } catch (error) {
    io.stderr.write(`tollgate pin: ${(error as Error).message}\n`);
    return 1;
  }
  const out = values.out ?? "tollgate.lock.json";
  writeToolLock(out, lock);
  const servers = Object.entries(lock.servers);
  const tools = servers.reduce((n, [, pins]) => n + Object.keys(pins).length, 0);
  io.stdout.write(`pinned ${tools} tools of ${servers.length} servers to ${out}\n`);
  return 0;
}
