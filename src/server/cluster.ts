import cluster, { type Worker } from "node:cluster";
import type { Registry } from "prom-client";
import { loadPromClient } from "./serve-deps.js";

/**
 * `tollgate serve --workers N`: a primary process that forks N workers sharing one listening socket (node:cluster,
 * round-robin on Linux), aggregates their metrics for `/metrics` (prom-client's AggregatorRegistry), replaces a
 * worker that dies, and on SIGTERM/SIGINT drains every worker before it exits itself.
 *
 * Messages between the two sides are plain objects with a `type` in the `tollgate:` namespace.
 */

const LISTENING = "tollgate:listening";
/** More worker deaths than this within the window stop the server instead of replacing them. */
const CRASH_LIMIT = 5;
const CRASH_WINDOW_MS = 10_000;
const METRICS_REQ = "tollgate:metrics-req";
const METRICS_RES = "tollgate:metrics-res";

type Message =
  | { type: typeof LISTENING; url: string }
  | { type: typeof METRICS_REQ; id: number }
  | { type: typeof METRICS_RES; id: number; text?: string; error?: string };

function isMessage(value: unknown): value is Message {
  return (
    typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
  );
}

export interface ClusterPrimaryOptions {
  workers: number;
  /** The worker's entry: the CLI script and its arguments (the same `serve` command). */
  exec: string;
  args: string[];
  /** Called once every worker listens, with the shared URL and the workers' pids. */
  onListening(url: string, pids: number[]): void;
  log(level: "info" | "warn" | "error", fields: Record<string, unknown>, message: string): void;
}

/** Runs the primary; resolves with the exit code once a signal has drained every worker (or startup failed). */
export function runClusterPrimary(options: ClusterPrimaryOptions): Promise<number> {
  const aggregator = new (loadPromClient().AggregatorRegistry)();
  cluster.setupPrimary({ exec: options.exec, args: options.args });
  let stopping = false;
  let started = false;
  const listening = new Map<number, string>();
  const deaths: number[] = [];

  return new Promise<number>((resolve) => {
    const fork = () => {
      const worker = cluster.fork();
      worker.on("message", (message: unknown) => onMessage(worker, message));
      return worker;
    };

    const onMessage = (worker: Worker, message: unknown) => {
      if (!isMessage(message)) return;
      if (message.type === LISTENING) {
        listening.set(worker.id, message.url);
        if (!started && listening.size === options.workers) {
          started = true;
          const pids = Object.values(cluster.workers ?? {}).flatMap((w) =>
            w?.process.pid ? [w.process.pid] : [],
          );
          options.onListening(message.url, pids);
        }
      } else if (message.type === METRICS_REQ) {
        aggregator.clusterMetrics().then(
          (text) => worker.isConnected() && worker.send({ type: METRICS_RES, id: message.id, text }),
          (error: unknown) =>
            worker.isConnected() && worker.send({ type: METRICS_RES, id: message.id, error: String(error) }),
        );
      }
    };

    cluster.on("exit", (worker, code, signal) => {
      listening.delete(worker.id);
      const left = Object.keys(cluster.workers ?? {}).length;
      if (stopping) {
        if (left === 0) finish(0);
        return;
      }
      if (!started) {
        // A worker that cannot start (port taken, bad policy) would fail again: stop them all.
        options.log("error", { worker_pid: worker.process.pid, code, signal }, "worker failed to start");
        stop("startup-failure", 1);
        return;
      }
      const now = performance.now();
      deaths.push(now);
      while (deaths.length > 0 && now - deaths[0]! > CRASH_WINDOW_MS) deaths.shift();
      if (deaths.length >= CRASH_LIMIT) {
        // Replacing workers that die as fast as they start would spin: stop, and let a supervisor restart us.
        options.log(
          "error",
          { deaths: deaths.length, window_ms: CRASH_WINDOW_MS },
          "workers keep dying; stopping",
        );
        stop("crash-loop", 1);
        return;
      }
      options.log("warn", { worker_pid: worker.process.pid, code, signal }, "worker died; starting another");
      fork();
    });

    let exitCode = 0;
    const finish = (code: number) => {
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      options.log("info", {}, "all workers stopped");
      resolve(exitCode || code);
    };

    const stop = (reason: string, code = 0) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      options.log("info", { reason }, "draining workers");
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) {
        finish(code);
        return;
      }
      // Each worker drains on SIGTERM (not ready, in-flight checks finish) and then exits.
      for (const worker of workers) worker?.process.kill("SIGTERM");
    };
    const onSignal = (signal: NodeJS.Signals) => stop(signal);
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);

    for (let i = 0; i < options.workers; i++) fork();
  });
}

/** In a worker: serves its registry to the primary's aggregation, and tells the primary where it listens. */
export function joinCluster(registry: Registry, url: string): void {
  // Constructing it installs prom-client's worker-side listener for the primary's metrics requests.
  const { AggregatorRegistry } = loadPromClient();
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  process.send?.({ type: LISTENING, url });
}

let nextRequest = 0;
const pending = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
let listening = false;

/** In a worker: the metrics of every worker, aggregated by the primary. */
export function clusterMetrics(timeoutMs = 5000): Promise<string> {
  if (!listening) {
    listening = true;
    process.on("message", (message: unknown) => {
      if (!isMessage(message) || message.type !== METRICS_RES) return;
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (message.text !== undefined) waiter.resolve(message.text);
      else waiter.reject(new Error(message.error ?? "no metrics"));
    });
  }
  const id = nextRequest++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error("the primary did not answer the metrics request"));
    }, timeoutMs);
    timer.unref();
    pending.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    process.send?.({ type: METRICS_REQ, id });
  });
}
