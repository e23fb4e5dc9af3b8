import { describe, expect, it } from "vitest";
import { ACTS, s23Docs, slice, TOOLS } from "../../bench/scorer/authored-s23.js";
import { pruned } from "../../bench/scorer/prune.js";
import type { ScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";

/** An action's fixed words: up to its first placeholder, lower case (registers lower-case a payload). */
const stem = (act: string) => act.split("{")[0]!.trim().toLowerCase();

describe("session 23 class corpus (bench/scorer/authored-s23.ts)", () => {
  const docs = s23Docs();
  const train = docs.filter((d) => d.part === "train");
  const dev = docs.filter((d) => d.part === "dev");

  it("is deterministic and holds both labels in every class of both parts", () => {
    expect(s23Docs()).toEqual(docs);
    for (const part of [train, dev])
      for (const cls of ["owner", "todo", "marker", "tool", "glued", "typo", "lang"]) {
        expect(part.some((d) => d.cls === cls && d.positive)).toBe(true);
        expect(part.some((d) => d.cls === cls && !d.positive)).toBe(true);
      }
  });

  it("keeps the generalisation slice's actions and tools out of train", () => {
    const devActs = slice(ACTS, "dev").map(stem);
    const devTools = slice(TOOLS, "dev").map((t) => t.name);
    expect(devActs.length).toBeGreaterThan(0);
    for (const d of train) {
      const text = d.text.toLowerCase();
      for (const act of devActs) expect(text).not.toContain(act);
      for (const tool of devTools) expect(d.text).not.toContain(tool);
    }
    // ...and the slice does use them.
    expect(dev.some((d) => devActs.some((a) => d.text.toLowerCase().includes(a)))).toBe(true);
    expect(dev.some((d) => devTools.some((t) => d.text.includes(t)))).toBe(true);
  });
});

describe("prune (bench/scorer/prune.ts)", () => {
  it("zeroes the weights at most the zone from zero and keeps every other field", () => {
    const model: ScorerModel = {
      config: { bucketsLog2: 10, charSizes: [4], words: true },
      pairs: true,
      scale: 0.1,
      bias: -1.5,
      threshold: 2,
      weights: Int8Array.from({ length: 1024 }, (_, i) => (i % 15) - 7),
    };
    const out = pruned(model, 5);
    expect(out.scale).toBe(model.scale);
    expect(out.bias).toBe(model.bias);
    expect(out.threshold).toBe(model.threshold);
    out.weights.forEach((q, i) => {
      const was = model.weights[i]!;
      expect(q).toBe(Math.abs(was) <= 5 ? 0 : was);
    });
    expect(model.weights.some((q) => Math.abs(q) > 5)).toBe(true);
  });
});
