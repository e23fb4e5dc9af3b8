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

/** A classifier that counts its calls: "off" must mean it is never asked. */
function counting(score = 0.93) {
  const counter = { calls: 0, classify: () => 0 };
  counter.classify = () => {
    counter.calls++;
    return score;
  };
  return counter;
}

const checkTool = (e: LocalPolicyEngine, serverName: string, toolName: string, text: string) =>
  e.checkOutput({
    connectorType: `${serverName}.${toolName}`,
    serverName,
    toolName,
    callId: "c1",
    args: {},
    result: { content: [{ type: "text", text }] },
  });

const classifierFinding = (d: { findings: { ruleId: string; action: string }[] }) =>
  d.findings.find((f) => f.ruleId === "injection.classifier");

describe("injectionClassifier hook: the rule injection.classifier in the policy", () => {
  it('rules: { "injection.classifier": "off" } is accepted and the classifier is never called', async () => {
    const counter = counting();
    const e = engine(
      { classify: counter.classify },
      { injection: { output: "block" }, rules: { "injection.classifier": "off" } },
    );
    const d = await check(e, "PLANTED");
    expect(d.allowed).toBe(true);
    expect(classifierFinding(d)).toBeUndefined();
    expect(counter.calls).toBe(0);
  });

  it('rules: { "injection.classifier": "block" } blocks while the family stays at its default', async () => {
    const d = await check(
      engine({ classify: byMarker }, { rules: { "injection.classifier": "block" } }),
      "PLANTED",
    );
    expect(d.allowed).toBe(false);
    expect(classifierFinding(d)?.action).toBe("block");
  });

  it("a per-phase rule setting applies to results", async () => {
    const d = await check(
      engine({ classify: byMarker }, { rules: { "injection.classifier": { output: "block" } } }),
      "PLANTED",
    );
    expect(d.allowed).toBe(false);
  });

  it('the family prefix rules: { injection: "off" } turns the classifier off too', async () => {
    const counter = counting();
    const d = await check(engine({ classify: counter.classify }, { rules: { injection: "off" } }), "PLANTED");
    expect(d.allowed).toBe(true);
    expect(counter.calls).toBe(0);
  });

  it("injection.types.classifier sets its action apart from the family", async () => {
    const blocking = await check(
      engine({ classify: byMarker }, { injection: { output: "flag", types: { classifier: "block" } } }),
      "PLANTED",
    );
    expect(blocking.allowed).toBe(false);
    const counter = counting();
    const off = await check(
      engine(
        { classify: counter.classify },
        { injection: { output: "block", types: { classifier: "off" } } },
      ),
      "PLANTED",
    );
    expect(off.allowed).toBe(true);
    expect(counter.calls).toBe(0);
  });

  it("a rule setting wins over the type setting, as for every injection rule", async () => {
    const d = await check(
      engine(
        { classify: byMarker },
        { injection: { types: { classifier: "block" } }, rules: { "injection.classifier": "flag" } },
      ),
      "PLANTED",
    );
    expect(d.allowed).toBe(true);
    expect(classifierFinding(d)?.action).toBe("flag");
  });

  it("tools.<glob>.rules sets the classifier for the matching tools only", async () => {
    const e = engine(
      { classify: byMarker },
      { tools: { "docs.*": { rules: { "injection.classifier": "block" } } } },
    );
    const matched = await checkTool(e, "docs", "read", "PLANTED");
    expect(matched.allowed).toBe(false);
    const other = await checkTool(e, "mail", "read", "PLANTED");
    expect(other.allowed).toBe(true);
    expect(classifierFinding(other)?.action).toBe("flag");
  });

  it("tools.<glob>.injection.output off skips the classifier for that tool and nowhere else", async () => {
    const counter = counting();
    const e = engine(
      { classify: counter.classify },
      { injection: { output: "block" }, tools: { "docs.*": { injection: { output: "off" } } } },
    );
    const skipped = await checkTool(e, "docs", "read", "PLANTED");
    expect(skipped.allowed).toBe(true);
    expect(counter.calls).toBe(0);
    const other = await checkTool(e, "mail", "read", "PLANTED");
    expect(other.allowed).toBe(false);
    expect(counter.calls).toBe(1);
  });

  it("tools.<glob>.injection.output block blocks for that tool while the engine-wide action flags", async () => {
    const e = engine({ classify: byMarker }, { tools: { "docs.read": { injection: { output: "block" } } } });
    expect((await checkTool(e, "docs", "read", "PLANTED")).allowed).toBe(false);
    expect((await checkTool(e, "docs", "write", "PLANTED")).allowed).toBe(true);
  });

  it("tools.<glob>.injection.types.classifier and tools.<glob>.rules off skip the classifier", async () => {
    for (const tool of [
      { injection: { types: { classifier: "off" as const } } },
      { rules: { "injection.classifier": "off" as const } },
    ]) {
      const counter = counting();
      const e = engine(
        { classify: counter.classify },
        { injection: { output: "block" }, tools: { "docs.*": tool } },
      );
      expect((await checkTool(e, "docs", "read", "PLANTED")).allowed).toBe(true);
      expect(counter.calls).toBe(0);
    }
  });

  it.each([
    ["neutralise"],
    ["redact"],
    ["mask"],

    ["flag"],
  ] as const)("a hit under %s is recorded as a flag and the text is left as it is (a score has no span)", async (action) => {
    const d = await check(
      engine({ classify: byMarker }, { rules: { "injection.classifier": action } }),
      "PLANTED",
    );
    expect(d.allowed).toBe(true);
    expect(classifierFinding(d)?.action).toBe("flag");
    // The text the model receives is the text the tool returned (wrapped by the default sanitizer mode, not cut).
    const seen = (d.redactedResult ?? { content: [{ type: "text", text: "PLANTED" }] }).content[0] as {
      text: string;
    };
    expect(seen.text).toContain("PLANTED");
    expect(seen.text).not.toMatch(/\[(instruction removed|REDACTED|HASH)/);
  });

  it("onError still fails closed when the rule is set to flag", async () => {
    const d = await check(
      engine(
        {
          classify: () => {
            throw new Error("down");
          },
        },
        { rules: { "injection.classifier": "flag" } },
      ),
      "hello",
    );
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("threw Error");
  });
});
