import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createCrmServer } from "./crm-server.js";

/** The acme-crm server over stdio: the process the demo's MCP client starts. */
await createCrmServer().connect(new StdioServerTransport());
