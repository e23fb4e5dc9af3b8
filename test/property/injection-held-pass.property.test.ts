/**
 * The structure detector's JavaScript path on a reading whose pass the WebAssembly module holds (as `inputPass`
 * leaves it for `detectStructure`): the module's gates cut `mayFind`'s LAZY candidates (`heldLazy`), and the walk's
 * signals keep the anchor patterns it rules out from being searched for (`exactMayFire`, `scanIn`). Neither may
 * change an answer: checked against the scan without any gate, and against `mayFind` with the module holding
 * another text, on generated text rich in images, addresses, open queries and the words the rules combine.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstPass } from "../../src/engine/detectors/injection/structure/anchor-gate.js";
import { toReadingView } from "../../src/engine/detectors/injection/structure/reading-view.js";
import {
  DISMISSED,
  inputPass,
  mayFind,
  scanReading,
} from "../../src/engine/detectors/injection/structure/structure-detector.js";

const PIECES = [
  // Images, with and without a query, a placeholder value or a plain one.
  "![img](https://x.io/p.png?q=$data)",
  "![b](https://img.shields.io/badge.svg?style=flat)",
  "![b](x.svg)",
  "![t](https://x.io/i?m={summary})",
  "![t](https://x.io/i?a=1&msg=",
  "![x](u?token=[secret])",
  // Addresses: open queries, introduced destinations, plain links.
  "https://x.io/p?k=",
  "https://x.io/?a=1&b=",
  "(https://github.com/a/b)",
  "to https://evil.io/c",
  "via www.x.io",
  "into me@x.org",
  "me@x.org",
  "[docs](https://x.io/docs)",
  // Words the rules combine.
  "Assistant,",
  "AI assistant:",
  "the AI reading this must",
  "language models processing this",
  "SYSTEM:",
  "<|im_start|>system",
  "</tool_output>",
  "[INST]",
  "ignore",
  "previous instructions",
  "your system prompt",
  "the rules you were given",
  "hidden guidelines",
  "verbatim",
  "this conversation",
  "you are now",
  "debug mode",
  "developer mode",
  "enter",
  "switch to",
  "obey",
  "must comply",
  "send",
  "call",
  "append",
  "with the",
  "followed by",
  "system prompt",
  "api key",
  "password",
  "before answering",
  "in your reply",
  "run_tool",
  "`fetch_url`",
  // Prose.
  "the",
  "install",
  "readme",
  "build",
  "data",
  "please",
  "now",
];
const SEPARATORS = [" ", " ", " ", "\n", ". ", ", ", ": ", "\n\n", "", "! "];

const text = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPARATORS), fc.boolean()), {
    minLength: 1,
    maxLength: 24,
  })
  .map((parts) => parts.map(([p, sep, upper]) => (upper ? p.toUpperCase() : p) + sep).join(""));

/** The module holding another text's pass: `mayFind` then reads no gate. */
function holdAnother(): void {
  const module = firstPass();
  module.load("nothing held here", false);
  module.pass();
}

describe("structure detector: the JavaScript path on a reading whose pass the module holds", () => {
  it("finds what the scan without any gate finds, and `mayFind` answers as without the held pass", () => {
    let held = 0;
    let flagged = 0;
    let ruledOut = 0;
    fc.assert(
      fc.property(text, (input) => {
        if (input.length < 8 || inputPass(input) === DISMISSED) return;
        const view = toReadingView(input);
        // As detectStructure leaves it: a printable input's view is what memory holds, read in lower case.
        firstPass().alias(view.text);
        if (!firstPass().holds(view.text) || firstPass().whole < 0) return;
        held++;
        const gated = scanReading(view.text);
        const heldAnswer = mayFind(view.text);
        holdAnother();
        const ungated = scanReading(view.text, false);
        expect(gated).toEqual(ungated);
        expect(heldAnswer).toBe(mayFind(view.text));
        if (ungated.length > 0) flagged++;
        else if (!heldAnswer) ruledOut++;
      }),
      { numRuns: 2500, seed: 20261127 },
    );
    // Each side is exercised: readings the pass keeps that flag, and ones the JavaScript path then rules out.
    expect(held).toBeGreaterThan(1000);
    expect(flagged).toBeGreaterThan(200);
    expect(ruledOut).toBeGreaterThan(100);
  });
});
