/**
 * A real `redis-server` on a free loopback port for the budget tests, stopped at the end. Without the binary the
 * tests are skipped with a visible message, except under CI=true, where a missing server fails the run.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";

export const redisServerPath = (() => {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : undefined;
})();

if (!redisServerPath) {
  const message =
    "redis-server is not installed: the Redis budget tests are skipped (apt-get install redis-server)";
  if (process.env.CI === "true") throw new Error(`${message}; CI=true needs it`);
  console.warn(`SKIPPED: ${message}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts redis-server (no persistence) and resolves once it accepts connections. */
export async function startRedis(port?: number): Promise<RunningRedis> {
  const p = port ?? (await freePort());
  const child: ChildProcess = spawn(
    redisServerPath!,
    ["--port", String(p), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${out}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    stop: () =>
      new Promise<void>((resolve) => {
        // A killed process has a signalCode and no exitCode: a second stop must not wait for an exit already seen.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
