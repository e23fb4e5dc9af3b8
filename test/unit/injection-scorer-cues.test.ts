/**
 * The scorer's module lists for the host's quoted-mention test only the quotes a cue word (or a `,` / `:`) comes
 * before: the host writes CUE_LAST_WORDS into it (scorer-wasm.ts). Had the words not been written, the module would
 * list every quote after a letter (a JSON value's closing quote), which is still correct but costs a JavaScript call
 * each; this test fails then.
 */
import { describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ count: 0 }));

vi.mock("../../src/engine/detectors/injection/scorer/segments.js", async (importOriginal) => {
  const original =
    await importOriginal<typeof import("../../src/engine/detectors/injection/scorer/segments.js")>();
  return {
    ...original,
    mayOpenQuotedMention(text: string, q: number): boolean {
      calls.count++;
      return original.mayOpenQuotedMention(text, q);
    },
  };
});

const { decodeScorerModel } = await import("../../src/engine/detectors/injection/scorer/model.js");
const { forEachScoredSegmentOfView } = await import(
  "../../src/engine/detectors/injection/scorer/scorer-wasm.js"
);
const { SCORER_WEIGHTS } = await import("../../src/engine/detectors/injection/scorer/weights.js");

describe("the scorer module's quote list", () => {
  it("leaves out the quotes no cue word ends before, and keeps those one does", () => {
    const model = decodeScorerModel(SCORER_WEIGHTS);
    // 500 values whose closing quote follows a letter, and three quotes after cue words ("as", "e.g.", "like").
    const values = Array.from({ length: 500 }, (_, i) => `{"label": "bug${"abc"[i % 3]}"}`).join(", ");
    const text = `[${values}] phrases such as "x", e.g. 'y' or like \u201cz\u201d`;
    calls.count = 0;
    forEachScoredSegmentOfView(text, model, () => {});
    expect(calls.count).toBe(3);
  });
});
