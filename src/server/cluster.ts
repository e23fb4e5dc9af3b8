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
  cluster.setupPrimary({ exec: options.exec, args: options.args });
  return new Promise<number>((resolve) => new ClusterPrimary(options, resolve).start());
}

/**
 * The primary's state: which workers listen, recent deaths (crash-loop detection), and whether it is draining.
 * Invariant: `resolve` is called once, after every worker has exited (or none was left to stop).
 */
class ClusterPrimary {
  private readonly aggregator = new (loadPromClient().AggregatorRegistry)();
  private readonly listening = new Map<number, string>();
  private readonly deaths: number[] = [];
  private stopping = false;
  private started = false;
  private exitCode = 0;
  private readonly onSignal = (signal: NodeJS.Signals) => this.stop(signal);

  constructor(
    private readonly options: ClusterPrimaryOptions,
    private readonly resolve: (code: number) => void,
  ) {}

  start(): void {
    cluster.on("exit", (worker, code, signal) => this.onExit(worker, code, signal));
    process.on("SIGTERM", this.onSignal);
    process.on("SIGINT", this.onSignal);
    for (let i = 0; i < this.options.workers; i++) this.fork();
  }

  private fork(): Worker {
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => this.onMessage(worker, message));
    return worker;
  }

  private onMessage(worker: Worker, message: unknown): void {
    if (!isMessage(message)) return;
    if (message.type === LISTENING) this.onWorkerListening(worker, message.url);
    else if (message.type === METRICS_REQ) {
      this.aggregator.clusterMetrics().then(
        (text) => worker.isConnected() && worker.send({ type: METRICS_RES, id: message.id, text }),
        (error: unknown) =>
          worker.isConnected() && worker.send({ type: METRICS_RES, id: message.id, error: String(error) }),
      );
    }
  }

  private onWorkerListening(worker: Worker, url: string): void {
    this.listening.set(worker.id, url);
    if (this.started || this.listening.size !== this.options.workers) return;
    this.started = true;
    const pids = Object.values(cluster.workers ?? {}).flatMap((w) => (w?.process.pid ? [w.process.pid] : []));
    this.options.onListening(url, pids);
  }

  private onExit(worker: Worker, code: number, signal: string): void {
    this.listening.delete(worker.id);
    if (this.stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) this.finish(0);
      return;
    }
    if (!this.started) {
      // A worker that cannot start (port taken, bad policy) would fail again: stop them all.
      this.options.log("error", { worker_pid: worker.process.pid, code, signal }, "worker failed to start");
      this.stop("startup-failure", 1);
      return;
    }
    if (this.crashLooping()) {
      // Replacing workers that die as fast as they start would spin: stop, and let a supervisor restart us.
      this.options.log(
        "error",
        { deaths: this.deaths.length, window_ms: CRASH_WINDOW_MS },
        "workers keep dying; stopping",
      );
      this.stop("crash-loop", 1);
      return;
    }
    this.options.log(
      "warn",
      { worker_pid: worker.process.pid, code, signal },
      "worker died; starting another",
    );
    this.fork();
  }

  /** Records a death; true when CRASH_LIMIT deaths fall within CRASH_WINDOW_MS. */
  private crashLooping(): boolean {
    const now = performance.now();
    this.deaths.push(now);
    while (this.deaths.length > 0 && now - this.deaths[0]! > CRASH_WINDOW_MS) this.deaths.shift();
    return this.deaths.length >= CRASH_LIMIT;
  }

  private stop(reason: string, code = 0): void {
    if (this.stopping) return;
    this.stopping = true;
    this.exitCode = code;
    this.options.log("info", { reason }, "draining workers");
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) {
      this.finish(code);
      return;
    }
    // Each worker drains on SIGTERM (not ready, in-flight checks finish) and then exits.
    for (const worker of workers) worker?.process.kill("SIGTERM");
  }

  private finish(code: number): void {
    process.off("SIGTERM", this.onSignal);
    process.off("SIGINT", this.onSignal);
    this.options.log("info", {}, "all workers stopped");
    this.resolve(this.exitCode || code);
  }
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
