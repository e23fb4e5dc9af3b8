import { describe, expect, it } from "vitest";
import { textSegments } from "../../src/engine/detectors/injection/classifier-hook.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { PolicyConfigError } from "../../src/errors.js";

type Options = NonNullable<ConstructorParameters<typeof LocalPolicyEngine>[1]>;
type Classifier = NonNullable<Options["injectionClassifier"]>;

function engine(classifier: Classifier, policy: PolicyConfig = {}) {
  return new LocalPolicyEngine(policy, { worker: false, injectionClassifier: classifier });
}

const check = (e: LocalPolicyEngine, text: string, structuredContent?: Record<string, unknown>) =>
  e.checkOutput({
    connectorType: "docs.read",
    serverName: "docs",
    toolName: "read",
    callId: "c1",
    args: {},
    result: { content: [{ type: "text", text }], ...(structuredContent ? { structuredContent } : {}) },
  });

// A stand-in for a user's model: scores text by a marker word, so the test controls the score exactly.
const byMarker = (text: string) => (text.includes("PLANTED") ? 0.93 : 0.02);

describe("injectionClassifier hook", () => {
  it("a score at or over the threshold blocks under injection.output: block, with the score in the reason", async () => {
    const d = await check(
      engine({ classify: byMarker }, { injection: { output: "block" } }),
      "Quarterly figures. PLANTED text here.",
    );
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("injection.classifier");
    expect(d.findings.find((f) => f.ruleId === "injection.classifier")?.message).toContain("0.930");
  });

  it("a score under the threshold changes nothing", async () => {
    const d = await check(engine({ classify: byMarker }), "Quarterly figures, nothing else.");
    expect(d.allowed).toBe(true);
    expect(d.findings).toEqual([]);
  });

  it("honours the threshold", async () => {
    const d = await check(engine({ classify: byMarker, threshold: 0.95 }), "PLANTED");
    expect(d.allowed).toBe(true);
  });

  it("with injection.output warn the finding is a flag, not a block", async () => {
    const d = await check(engine({ classify: byMarker }, { injection: { output: "warn" } }), "PLANTED");
    expect(d.allowed).toBe(true);
    expect(d.findings.some((f) => f.ruleId === "injection.classifier" && f.action === "flag")).toBe(true);
  });

  it("with injection.output off the classifier is not called", async () => {
    let calls = 0;
    const classify = () => {
      calls++;
      return 1;
    };
    const d = await check(engine({ classify }, { injection: { output: "off" } }), "PLANTED");
    expect(d.allowed).toBe(true);
    expect(calls).toBe(0);
  });

  it("fails closed when the classifier throws, without quoting its message", async () => {
    const d = await check(
      engine({
        classify: () => {
          throw new TypeError("secret text in message");
        },
      }),
      "hello",
    );
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("threw TypeError");
    expect(d.reason).not.toContain("secret text");
  });

  it("fails closed when the classifier never answers", async () => {
    let aborted = false;
    const classify = (_t: string, ctx: { signal: AbortSignal }) =>
      new Promise<number>(() => {
        ctx.signal.addEventListener("abort", () => {
          aborted = true;
        });
      });
    const d = await check(engine({ classify, timeoutMs: 20 }), "hello");
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("no answer within 20 ms");
    expect(aborted).toBe(true);
  });

  it.each([
    [Number.NaN],
    [1.5],
    [-0.1],
    ["0.9" as unknown as number],
  ])("fails closed on a score of %s", async (score) => {
    const d = await check(engine({ classify: () => score }), "hello");
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("not a score in [0, 1]");
  });

  it("onError allow records a flag and lets the result through", async () => {
    const d = await check(
      engine({
        classify: async () => {
          throw new Error("down");
        },
        onError: "allow",
      }),
      "hello",
    );
    expect(d.allowed).toBe(true);
    expect(d.findings.map((f) => [f.type, f.action])).toEqual([["classifier_unavailable", "flag"]]);
  });

  it("classifies structuredContent strings too, and names the path", async () => {
    const d = await check(engine({ classify: byMarker }, { injection: { output: "block" } }), "fine", {
      rows: [{ note: "PLANTED" }],
    });
    expect(d.allowed).toBe(false);
    expect(d.findings.find((f) => f.ruleId === "injection.classifier")?.path).toBe(
      "/structuredContent/rows/0/note",
    );
  });

  it("rejects bad options with a typed error naming each", () => {
    try {
      engine({ classify: "nope" as never, threshold: 2, timeoutMs: -1, onError: "maybe" as never });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PolicyConfigError);
      expect((error as PolicyConfigError).issues.map((i) => i.path)).toEqual([
        "injectionClassifier.classify",
        "injectionClassifier.threshold",
        "injectionClassifier.timeoutMs",
        "injectionClassifier.onError",
      ]);
    }
  });

  it("cuts long strings into pieces at line ends, covering the whole string", () => {
    const text = Array.from({ length: 200 }, (_, i) => `line ${i} of the log`).join("\n");
    const segments = textSegments({ content: [{ type: "text", text }] }, 300);
    expect(segments.length).toBeGreaterThan(5);
    expect(segments.map((s) => s.text).join("")).toBe(text);
    for (const s of segments) expect(s.text.length).toBeLessThanOrEqual(300);
  });
});
