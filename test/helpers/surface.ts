import { fileURLToPath } from "node:url";

const SURFACE_SERVER = fileURLToPath(new URL("../fixtures/surface-server.ts", import.meta.url));

/** stdio: test/fixtures/surface-server.ts as a child process; `env` is added to the parent's environment. */
export function surfaceConnection(env: Record<string, string> = {}) {
  return {
    transport: "stdio" as const,
    command: process.execPath,
    args: ["--import", "tsx", SURFACE_SERVER],
    ...(Object.keys(env).length > 0 ? { env: { ...(process.env as Record<string, string>), ...env } } : {}),
  };
}
