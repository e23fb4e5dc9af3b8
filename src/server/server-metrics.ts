import type { Counter, Gauge, Histogram, Registry } from "prom-client";
import { TopLabelCounter } from "../telemetry/top-labels.js";
import { loadPromClient } from "./serve-deps.js";

export interface ServerMetricsOptions {
  /** Connector types exported as their own label value; the rest are `other`. Default 50. */
  maxConnectorTypes?: number;
}

const SEP = "\u0000";

/**
 * The server's Prometheus metrics, in a registry of its own (several servers in one process do not mix): decisions
 * by phase, action, finding kind and connector type (bounded), check latency, checks in flight, body-limit
 * rejections. In a cluster the primary aggregates every worker's registry (prom-client's AggregatorRegistry).
 */
export class ServerMetrics {
  readonly registry: Registry;
  readonly #decisions: TopLabelCounter;
  readonly #latency: Histogram<"phase">;
  readonly #inFlight: Gauge;
  readonly #bodyLimit: Counter;
  readonly #monitored: Counter<"phase" | "would_have">;

  constructor(options: ServerMetricsOptions = {}) {
    const { Counter, Gauge, Histogram, Registry } = loadPromClient();
    this.registry = new Registry();
    const decisions = new TopLabelCounter(options.maxConnectorTypes ?? 50);
    this.#decisions = decisions;
    new Counter({
      name: "tollgate_decisions_total",
      help: "Policy decisions, by phase, action, finding kind and connector type (the most frequent; the rest are 'other')",
      labelNames: ["phase", "action", "kind", "connector_type"],
      registers: [this.registry],
      // Rebuilt from the bounded counts at each scrape, so the label set stays bounded whatever clients send.
      collect() {
        this.reset();
        for (const { value, key, count } of decisions.snapshot()) {
          const [phase, action, kind] = key.split(SEP);
          this.inc({ phase, action, kind, connector_type: value }, count);
        }
      },
    });
    this.#latency = new Histogram({
      name: "tollgate_check_duration_seconds",
      help: "Time to answer one check (parse, engine, answer), by phase",
      labelNames: ["phase"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
    this.#inFlight = new Gauge({
      name: "tollgate_checks_in_flight",
      help: "Checks being answered right now",
      registers: [this.registry],
    });
    this.#monitored = new Counter({
      name: "tollgate_monitor_decisions_total",
      help: "Decisions of a policy in monitor mode (each let the call through unchanged), by what enforcing would have done",
      labelNames: ["phase", "would_have"],
      registers: [this.registry],
    });
    this.#bodyLimit = new Counter({
      name: "tollgate_body_limit_rejections_total",
      help: "Requests refused with 413 because the body was over the limit",
      registers: [this.registry],
    });
  }

  checkStarted(): void {
    this.#inFlight.inc();
  }

  checkEnded(): void {
    this.#inFlight.dec();
  }

  decision(
    phase: "input" | "output",
    action: string,
    kind: string,
    connectorType: string,
    seconds: number,
  ): void {
    this.#decisions.add(connectorType, `${phase}${SEP}${action}${SEP}${kind}`);
    this.#latency.observe({ phase }, seconds);
  }

  /** A decision of a policy in `mode: monitor`, by what enforcing would have done. */
  monitored(phase: "input" | "output", wouldHave: string): void {
    this.#monitored.inc({ phase, would_have: wouldHave });
  }

  bodyTooLarge(): void {
    this.#bodyLimit.inc();
  }
}
