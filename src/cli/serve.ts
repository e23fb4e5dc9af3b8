import cluster from "node:cluster";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import type { Logger } from "pino";
import { type LocalEngineOptions, LocalPolicyEngine } from "../engine/local-engine.js";
import { loadPolicyFile } from "../engine/policy.js";
import { isTollgateError } from "../errors.js";
import { clusterMetrics, joinCluster, runClusterPrimary } from "../server/cluster.js";
import { createPolicyServer, type PolicyServer } from "../server/create-policy-server.js";
import { loadPino } from "../server/serve-deps.js";

export const SERVE_USAGE = `  serve [--policy FILE] [--host 127.0.0.1] [--port 8787] [--token T] [--body-limit BYTES] [--log-level info]
        [--workers N|auto] [--metrics-open] [--no-metrics] [--metrics-connector-types 50]
        [--budget-redis redis://...] [--budget-prefix tollgate:budget:] [--budget-store-errors closed|open]
      Runs the policy service (check-input / check-output, /healthz, /readyz, /metrics). The token may also come
      from TOLLGATE_TOKEN; /metrics needs it too unless --metrics-open. --workers forks N processes sharing the
      port (auto = one per CPU); SIGTERM drains them all. Prints {"event":"listening","url":...} on stdout; logs
      JSON lines on stderr. --budget-redis (or TOLLGATE_BUDGET_REDIS_URL) shares the policy's window budgets
      between replicas through one Redis; while it is unreachable those calls are blocked unless
      --budget-store-errors open.`;

/**
 * Window budgets shared by every replica through one Redis (`--budget-redis URL` or TOLLGATE_BUDGET_REDIS_URL;
 * `rediss://` for TLS), under `--budget-prefix` (default `tollgate:budget:`); `--budget-store-errors open` lets
 * calls through while Redis is unreachable (default: they are blocked). `connect: false` (a cluster primary, which
 * checks nothing) only validates the flags: an open Redis connection would keep that process alive after its drain.
 * The Redis client is loaded here, not at import, so the CLI's other commands never load it.
 */
async function budgetStoreOptions(
  values: Record<string, string | boolean | undefined>,
  env: NodeJS.ProcessEnv,
  connect: boolean,
): Promise<LocalEngineOptions> {
  const url =
    typeof values["budget-redis"] === "string" ? values["budget-redis"] : env.TOLLGATE_BUDGET_REDIS_URL;
  const errors = values["budget-store-errors"];
  if (errors !== "closed" && errors !== "open")
    throw new TypeError("--budget-store-errors must be closed or open");
  if (!url || !connect) return {};
  const prefix = values["budget-prefix"];
  const { createRedisBudgetStore } = await import("../engine/budgets/redis-store.js");
  return {
    budgetStore: createRedisBudgetStore({ url, ...(typeof prefix === "string" ? { prefix } : {}) }),
    onBudgetStoreError: errors,
  };
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

interface ServeIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/** `tollgate serve`: resolves with the exit code once SIGTERM/SIGINT has drained the server (or every worker). */
export async function serveCommand(
  args: string[],
  io: ServeIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<number> {
  const code = await serve(args, io);
  // A worker's IPC channel would keep it alive after the drain (or after a failed start).
  if (cluster.isWorker) cluster.worker?.disconnect();
  return code;
}

/** The flags, checked: each bad one is a usage error (exit 2) naming the flag. */
interface ServeFlags {
  values: Record<string, string | boolean | undefined>;
  host: string;
  port: number;
  token: string | undefined;
  bodyLimit: number | undefined;
  workers: number;
  connectorTypes: number | undefined;
}

class UsageError extends Error {}

const SERVE_OPTIONS = {
  policy: { type: "string" },
  host: { type: "string", default: "127.0.0.1" },
  port: { type: "string", default: "8787" },
  token: { type: "string" },
  "body-limit": { type: "string" },
  "log-level": { type: "string", default: "info" },
  workers: { type: "string", default: "1" },
  "metrics-open": { type: "boolean", default: false },
  "no-metrics": { type: "boolean", default: false },
  "metrics-connector-types": { type: "string" },
  "budget-redis": { type: "string" },
  "budget-prefix": { type: "string" },
  "budget-store-errors": { type: "string", default: "closed" },
} as const;

/** An optional integer flag: undefined when absent; a UsageError when present and not an integer >= min. */
function integerFlag(value: string | boolean | undefined, min: number, what: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(what);
  return n;
}

function parseServeFlags(args: string[], env: NodeJS.ProcessEnv): ServeFlags {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args, strict: true, options: SERVE_OPTIONS }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const host = String(values.host);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("--port must be 0..65535");
  if (!LOOPBACK.has(host) && isIP(host) === 0 && host !== "0.0.0.0")
    throw new UsageError("--host must be an IP address or localhost");
  const token = typeof values.token === "string" ? values.token : env.TOLLGATE_TOKEN || undefined;
  // A policy service on a reachable interface without a token would let anyone probe the policy.
  if (!LOOPBACK.has(host) && !token)
    throw new UsageError(`refusing to listen on ${host} without --token (or TOLLGATE_TOKEN)`);
  const bodyLimit = integerFlag(values["body-limit"], 1, "--body-limit must be a positive integer");
  const workersArg = String(values.workers);
  const workers = workersArg === "auto" ? availableParallelism() : Number(workersArg);
  if (!Number.isInteger(workers) || workers < 1 || workers > 1024)
    throw new UsageError("--workers must be a positive integer or auto");
  const connectorTypes = integerFlag(
    values["metrics-connector-types"],
    0,
    "--metrics-connector-types must be a non-negative integer",
  );
  return { values, host, port, token, bodyLimit, workers, connectorTypes };
}

async function serve(args: string[], io: ServeIo): Promise<number> {
  let flags: ServeFlags;
  try {
    flags = parseServeFlags(args, io.env);
  } catch (error) {
    io.stderr.write(`tollgate serve: ${(error as Error).message}\n`);
    return 2;
  }
  const { values, workers } = flags;
  const inWorker = cluster.isWorker;
  const { pino } = loadPino();
  const logger = pino(
    {
      level: String(values["log-level"]),
      base: { service: "tollgate", ...(inWorker || workers > 1 ? { pid: process.pid } : {}) },
    },
    pino.destination({ dest: 2, sync: false }),
  );
  const primary = workers > 1 && cluster.isPrimary;
  let engine: LocalPolicyEngine;
  let budgets: LocalEngineOptions;
  try {
    budgets = await budgetStoreOptions(values, io.env, !primary);
    const policy = typeof values.policy === "string" ? await loadPolicyFile(values.policy) : {};
    engine = new LocalPolicyEngine(policy, budgets);
  } catch (error) {
    io.stderr.write(`tollgate serve: ${isTollgateError(error) ? error.message : String(error)}\n`);
    return 1;
  }
  if (typeof values.policy !== "string" && !inWorker)
    logger.warn("no --policy given: serving the safe defaults");
  if (primary) return runPrimary(args, workers, io, logger);
  // Started now rather than on the first long request, which would otherwise be checked without it.
  void engine.startWorker().then((running) => logger.info({ running }, "detector worker thread"));
  return runServer(flags, engine, budgets, io, logger);
}

/** A cluster primary: the policy was loaded only to fail fast on a bad file; each worker loads its own. */
async function runPrimary(args: string[], workers: number, io: ServeIo, logger: Logger): Promise<number> {
  const code = await runClusterPrimary({
    workers,
    exec: process.argv[1]!,
    args: ["serve", ...args],
    onListening: (url, pids) =>
      io.stdout.write(`${JSON.stringify({ event: "listening", url, pid: process.pid, workers: pids })}\n`),
    log: (level, fields, message) => logger[level](fields, message),
  });
  logger.flush();
  return code;
}

/** One server (alone, or a cluster worker): listen, announce, serve until a signal has drained it. */
async function runServer(
  flags: ServeFlags,
  engine: LocalPolicyEngine,
  budgets: LocalEngineOptions,
  io: ServeIo,
  logger: Logger,
): Promise<number> {
  const { values, host, port, token, bodyLimit, connectorTypes } = flags;
  const inWorker = cluster.isWorker;
  const server = createPolicyServer({
    engine,
    logger,
    ...(token ? { token } : {}),
    ...(bodyLimit !== undefined ? { bodyLimitBytes: bodyLimit } : {}),
    metrics:
      values["no-metrics"] === true
        ? false
        : {
            open: values["metrics-open"] === true,
            ...(connectorTypes !== undefined ? { maxConnectorTypes: connectorTypes } : {}),
            ...(inWorker ? { collect: () => clusterMetrics() } : {}),
          },
  });
  let url: string;
  try {
    url = await server.listen(port, host);
  } catch (error) {
    io.stderr.write(`tollgate serve: cannot listen on ${host}:${port}: ${(error as Error).message}\n`);
    return 2;
  }
  if (!inWorker) io.stdout.write(`${JSON.stringify({ event: "listening", url, pid: process.pid })}\n`);
  else if (server.metrics) joinCluster(server.metrics.registry, url);
  else process.send?.({ type: "tollgate:listening", url });
  await untilSignalledAndDrained(server, budgets, logger);
  return 0;
}

function untilSignalledAndDrained(
  server: PolicyServer,
  budgets: LocalEngineOptions,
  logger: Logger,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopping = false;
    // Stays installed until the drain ends: a second signal (a terminal's SIGINT reaches the workers as well as
    // the primary, which then sends SIGTERM) must not kill a worker mid-drain.
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down");
      void server.close().then(async () => {
        // The Redis connection would keep the process alive (and reconnecting) after the drain.
        await budgets.budgetStore?.close?.();
        process.off("SIGTERM", stop);
        process.off("SIGINT", stop);
        resolve();
      });
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
}
