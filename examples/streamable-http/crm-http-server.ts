import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createCrmServer } from "../demo/crm-server.js";

export interface RunningServer {
  url: string;
  /** Calls received, by tool name: the server-side proof of what got through. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

/**
 * The acme-crm server over Streamable HTTP, stateless (a fresh MCP server and transport per request, sharing one
 * call counter). Bound to 127.0.0.1 on a port the OS picks, so it is unreachable from the network and never
 * collides with anything already running.
 */
export async function startCrmHttpServer(): Promise<RunningServer> {
  const counts = new Map<string, number>();
  const http = createServer(async (req, res) => {
    if (req.url !== "/mcp") {
      res.writeHead(404).end();
      return;
    }
    const server = createCrmServer(counts);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
