import { metrics } from "@opentelemetry/api";
import { AggregationTemporality, MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolInterceptor } from "../../src/index.js";

/** Monitor mode in OpenTelemetry: the checks counter says what happened (`allow`) and what would have (a label). */
class TestMetricReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const reader = new TestMetricReader();
beforeAll(() => {
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
});
afterAll(() => {
  metrics.disable();
});

describe("monitor mode in the metrics", () => {
  it("a call that would be blocked counts as allow, labelled would_have=block", async () => {
    const interceptor = createToolInterceptor({
      policy: {
        mode: "monitor",
        capabilities: { rules: [{ id: "no-drops", match: "acme.drop_*", action: "deny" }] },
      },
    });
    let ran = 0;
    await interceptor({ serverName: "acme", name: "drop_table", args: {} }, async () => {
      ran++;
      return { content: [{ type: "text", text: "dropped" }] };
    });
    expect(ran).toBe(1);
    const { resourceMetrics } = await reader.collect();
    const checks = resourceMetrics.scopeMetrics
      .flatMap((s) => s.metrics)
      .find((m) => m.descriptor.name === "tollgate.checks");
    const point = checks?.dataPoints.find(
      (p) => p.attributes["tollgate.phase"] === "input" && p.attributes["tollgate.would_have"] === "block",
    );
    expect(point?.attributes["tollgate.action"]).toBe("allow");
    expect(point?.value).toBe(1);
  });
});
