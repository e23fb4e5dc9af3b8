import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * `@modelcontextprotocol/server-everything`, the reference server from npm, over stdio (it needs no network). Its
 * `trigger-long-running-operation` tool reports progress once per step when the caller sends a progress token.
 */
export function everythingConnection() {
  const entry = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
  return { transport: "stdio" as const, command: process.execPath, args: [entry, "stdio"] };
}

export const LONG_RUNNING = "trigger-long-running-operation";
