import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { PolicyConfig } from "../../src/index.js";

const CLI = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Writes a policy to a fresh temp file (the server reads it like any user would). */
export function writePolicyFile(policy: PolicyConfig): string {
  const file = join(mkdtempSync(join(tmpdir(), "tollgate-policy-")), "policy.json");
  writeFileSync(file, JSON.stringify(policy, null, 2));
  return file;
}

export interface PolicyServerProcess {
  url: string;
  /** The `listening` line the server printed (with `workers: [pids]` under `--workers`). */
  listening: Record<string, unknown>;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<number | string>;
  stderr(): string;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** `tollgate serve` as a real child process on a loopback port; resolves once it prints its URL. */
export async function startPolicyServerProcess(options: {
  policyFile?: string;
  port?: number;
  token?: string;
  args?: string[];
  /** How long to wait for the listening line (default 20 s; tsx compiles the CLI first, slow on a loaded machine). */
  startTimeoutMs?: number;
}): Promise<PolicyServerProcess> {
  const args = ["--import", "tsx", CLI, "serve", "--port", String(options.port ?? 0), "--log-level", "warn"];
  if (options.policyFile) args.push("--policy", options.policyFile);
  if (options.args) args.push(...options.args);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    // The token travels in the environment, as the README recommends (not visible in `ps`).
    env: { ...process.env, TOLLGATE_TOKEN: options.token ?? "" },
  });
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let listening: Record<string, unknown> = {};
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`tollgate serve did not start in time:\n${err}`)),
      // Generous: a start takes about 1 s idle, but 20 s was seen on a shared 2-core machine under load.
      options.startTimeoutMs ?? 60_000,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const parsed = JSON.parse(line) as { event?: string; url?: string };
      if (parsed.event === "listening" && parsed.url) {
        listening = parsed;
        clearTimeout(timer);
        resolve(parsed.url);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`tollgate serve exited (${code}) before listening:\n${err}`));
    });
  });
  return {
    url,
    listening,
    port: Number(new URL(url).port),
    child,
    exited,
    stderr: () => err,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
