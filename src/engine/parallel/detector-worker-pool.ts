import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { EventLoopUtilization } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { MatchColumns } from "../scan/match-columns.js";
import { unpackMatches, type WorkerReply, type WorkerRequest } from "./protocol.js";

/**
 * After this many failures in a row (crashes, errors, wrong-shaped replies, failed starts, deadlines missed while
 * idle) the worker is not started again: every scan then runs in the calling thread. A deadline missed while the
 * worker was busy on the job is the input's cost, not the worker's fault, and never counts.
 */
const MAX_FAILURES = 3;
/**
 * A job whose worker ran its event loop at least this share of the time until the deadline was being worked on:
 * the input is slow. Below it the worker sat idle without answering: it is broken. A busy loop measures close to 1
 * (even when the OS preempts it), an idle one close to 0.
 */
const BUSY_UTILIZATION = 0.5;
/** A worker that has not said it is ready after this long is replaced (its module hangs while loading). */
const START_TIMEOUT_MS = 10_000;

interface InFlight {
  id: number;
  resolve: (matches: MatchColumns[] | undefined) => void;
  timer: NodeJS.Timeout;
  /** The worker's event-loop utilisation when the job was posted (what it did until the deadline tells why). */
  posted: EventLoopUtilization;
}

export interface DetectorWorkerOptions {
  /** The module the worker runs. Default: `detector-worker.js` beside this file (tests pass broken ones). */
  entry?: URL;
  /** How long a starting worker may take to say it is ready before it counts as failed. Default: 10 s. */
  startTimeoutMs?: number;
}

/**
 * One worker thread that runs the injection detector on long strings while the calling thread runs the other
 * detectors. It never makes a check wait for it to exist or to be free: `detect` answers `undefined` at once when
 * the worker is still starting, busy with another check, or gone, and the caller then scans in its own thread. A
 * reply that does not come in time, an error or an exit also resolve to `undefined`, so a failing worker costs
 * speed, never a check. The thread is unreferenced while idle (it never keeps a process alive) and referenced while
 * a reply is awaited (a CLI awaiting it must not exit early).
 */
export class DetectorWorkerPool {
  readonly #entry: URL;
  readonly #startTimeoutMs: number;
  #worker: Worker | undefined;
  #ready = false;
  #readyWaiters: ((ready: boolean) => void)[] = [];
  #inFlight: InFlight | undefined;
  #nextId = 1;
  #failures = 0;

  constructor(options: DetectorWorkerOptions = {}) {
    this.#entry = options.entry ?? defaultEntry();
    this.#startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  }

  /** Whether the worker has given up after repeated failures. */
  get disabled(): boolean {
    return this.#failures >= MAX_FAILURES;
  }

  /**
   * Starts the worker if it is not running and resolves once it can take jobs: `true`, or `false` when it failed
   * to start or has been given up on. Optional: `detect` starts it too, but skips it until it is ready.
   */
  start(): Promise<boolean> {
    if (this.disabled) return Promise.resolve(false);
    if (this.#worker !== undefined && this.#ready) return Promise.resolve(true);
    if (this.#worker === undefined) this.#start();
    const worker = this.#worker;
    if (worker === undefined) return Promise.resolve(false);
    // Referenced while someone waits, or a process with nothing else to do would exit before the answer.
    worker.ref();
    return new Promise((resolve) => this.#readyWaiters.push(resolve));
  }

  /**
   * The injection matches of each text, in order; `undefined` at once when the worker cannot take the job now
   * (it is then started if it is not running), or later when it fails or misses `timeoutMs`.
   */
  detect(texts: string[], timeoutMs: number): Promise<MatchColumns[] | undefined> | undefined {
    if (this.disabled) return undefined;
    const worker = this.#worker;
    if (worker === undefined) {
      this.#start();
      return undefined;
    }
    if (!this.#ready || this.#inFlight !== undefined) return undefined;
    const id = this.#nextId++;
    return new Promise((resolve) => {
      // The timer can fire while the reply already waits in the queue (the calling thread was busy past the
      // deadline running its own detectors or other checks): look once more after the queue is read.
      const timer = setTimeout(() => {
        setImmediate(() => {
          if (this.#inFlight?.id === id) this.#missed(worker);
        });
      }, timeoutMs);
      this.#inFlight = { id, resolve, timer, posted: worker.performance.eventLoopUtilization() };
      worker.ref();
      worker.postMessage({ id, texts } satisfies WorkerRequest);
    });
  }

  /** Stops the worker; a pending `detect` resolves to `undefined`. The next `detect` starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (worker === undefined) return;
    this.#drop(worker);
    await worker.terminate();
  }

  #start(): void {
    let worker: Worker;
    try {
      worker = spawn(this.#entry);
    } catch {
      this.#failures++;
      return;
    }
    worker.unref();
    this.#worker = worker;
    this.#ready = false;
    const startTimer = setTimeout(() => {
      if (this.#worker === worker && !this.#ready) this.#fail(worker);
    }, this.#startTimeoutMs);
    startTimer.unref();
    worker.on("message", (reply: WorkerReply) => {
      this.#onReply(worker, reply);
      if (this.#ready && this.#worker === worker) clearTimeout(startTimer);
    });
    worker.on("error", () => this.#fail(worker));
    worker.on("exit", () => {
      clearTimeout(startTimer);
      this.#fail(worker);
    });
  }

  #onReply(worker: Worker, reply: WorkerReply): void {
    if (worker !== this.#worker) return;
    let matches: MatchColumns[] | undefined;
    try {
      if ("ready" in reply) {
        this.#ready = true;
        this.#wakeWaiters(true);
        return;
      }
      if (this.#inFlight?.id !== reply.id) return;
      if ("packed" in reply) matches = unpackMatches(reply.packed);
    } catch {
      // A reply of another shape cannot come from detector-worker.js: a failed job, not an exception thrown
      // from this event handler (which would crash the process).
      matches = undefined;
    }
    if (matches === undefined) {
      this.#fail(worker);
      return;
    }
    // Failures count in a row: a slow moment under load must not switch the worker off for good.
    this.#failures = 0;
    this.#settle(worker, matches);
  }

  /**
   * The job missed its deadline. The worker is replaced either way (a worker stuck on an input would keep every
   * later check waiting); it counts as a failure only if it was not working on the job.
   */
  #missed(worker: Worker): void {
    const job = this.#inFlight;
    const busy =
      job !== undefined &&
      worker.performance.eventLoopUtilization(job.posted).utilization >= BUSY_UTILIZATION;
    if (!busy) {
      this.#fail(worker);
      return;
    }
    if (worker !== this.#worker) return;
    this.#drop(worker);
    void worker.terminate();
  }

  #fail(worker: Worker): void {
    if (worker !== this.#worker) return;
    this.#failures++;
    this.#drop(worker);
    void worker.terminate();
  }

  #drop(worker: Worker): void {
    this.#settle(worker, undefined);
    this.#worker = undefined;
    this.#ready = false;
    this.#wakeWaiters(false);
  }

  #wakeWaiters(ready: boolean): void {
    if (this.#inFlight === undefined) this.#worker?.unref();
    const waiters = this.#readyWaiters;
    this.#readyWaiters = [];
    for (const wake of waiters) wake(ready);
  }

  #settle(worker: Worker, matches: MatchColumns[] | undefined): void {
    const job = this.#inFlight;
    if (job === undefined) return;
    this.#inFlight = undefined;
    clearTimeout(job.timer);
    worker.unref();
    job.resolve(matches);
  }
}

function defaultEntry(): URL {
  // Built code runs `detector-worker.js`; from TypeScript sources (tests, tsx) the entry is the `.ts` file.
  const extension = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./detector-worker${extension}`, import.meta.url);
}

/**
 * The worker's young generation is bounded: its job on a long string allocates mostly short-lived objects, and with
 * V8's default bound the young generation grew to it and stayed committed (an 8 MB result dense with escape
 * sequences: the worker's job added 43 MB to the process's RSS; 20 MB with this bound, 26 MB with 16). A cold
 * worker with this bound missed its first deadlines on a loaded machine: the worker warms its detector up before it
 * says it is ready (detector-worker.ts). The old generation is not bounded: a limit there would end the worker on a
 * long input instead of letting it finish.
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 8 } as const;

function spawn(entry: URL): Worker {
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry, { resourceLimits: RESOURCE_LIMITS });
  // A worker does not inherit the parent's TypeScript loader (tsx, or vitest's transform), so a `.ts` entry is
  // started through tsx's ESM loader API (its CommonJS build cannot register from an eval'd worker). Only source
  // checkouts take this path; the published package runs `.js`.
  return new Worker(
    'const { workerData } = require("node:worker_threads");' +
      "import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });",
    { eval: true, workerData: { tsx: tsxLoaderApi(), entry: entry.href }, resourceLimits: RESOURCE_LIMITS },
  );
}

function tsxLoaderApi(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve("tsx/package.json");
  const manifest = require(manifestPath) as { exports: Record<string, { import: { default: string } }> };
  const api = manifest.exports["./esm/api"]?.import.default;
  if (api === undefined) throw new Error("tsx does not export ./esm/api");
  return pathToFileURL(join(dirname(manifestPath), api)).href;
}

let shared: DetectorWorkerPool | undefined;

/** The process-wide worker every engine uses by default (the injection detector is the same for every policy). */
export function sharedDetectorWorker(): DetectorWorkerPool {
  shared ??= new DetectorWorkerPool();
  return shared;
}
