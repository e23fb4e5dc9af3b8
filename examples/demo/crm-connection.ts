import { fileURLToPath } from "node:url";

/**
 * How a MultiServerMCPClient starts the acme-crm demo server: a child process over stdio. The server is TypeScript
 * run through tsx, resolved from this file so the examples work from any working directory without a build.
 */
export function crmStdioConnection() {
  return {
    transport: "stdio" as const,
    command: process.execPath,
    args: [
      "--import",
      import.meta.resolve("tsx"),
      fileURLToPath(new URL("./demo-server.ts", import.meta.url)),
    ],
  };
}
