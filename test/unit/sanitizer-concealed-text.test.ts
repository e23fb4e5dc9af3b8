import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createControlDetector } from "../../src/engine/sanitizer/control-detector.js";
import type { TextMatch } from "../../src/engine/types.js";

/**
 * Text after SGR 8 (conceal) and before the SGR that reveals it is invisible on a terminal: the control detector
 * reports it as `control.concealed_text`, so the sanitizer removes what the person at the terminal never saw.
 */
const ESC = "\u001b";
const detector = createControlDetector();

function concealed(text: string): string[] {
  const out: TextMatch[] = [];
  detector.detect(text, out);
  return out.filter((m) => m.type === "concealed_text").map((m) => text.slice(m.start, m.end));
}

describe("text concealed by SGR 8", () => {
  it("is reported up to the escape that reveals it (0, 28 or an empty m), in stretches between escapes", () => {
    expect(concealed(`shown${ESC}[8m hidden${ESC}[0m shown`)).toEqual([" hidden"]);
    expect(concealed(`a${ESC}[1;8mone${ESC}[31mtwo${ESC}[28mthree`)).toEqual(["one", "two"]);
    expect(concealed(`a${ESC}[8mone${ESC}[mtwo`)).toEqual(["one"]);
    expect(concealed(`a\u009b8mone\u009b0mtwo`)).toEqual(["one"]);
  });

  it("left open, runs to the end of the text as on a terminal; across lines too", () => {
    expect(concealed(`visible${ESC}[8m line one\nline two`)).toEqual([" line one\nline two"]);
  });

  it("colour 8 (38;5;8, 48;5;8) and truecolour arguments are not conceal; a later reset in one sequence wins", () => {
    expect(concealed(`grey ${ESC}[38;5;8mtext${ESC}[0m`)).toEqual([]);
    expect(concealed(`bg ${ESC}[48;2;8;8;8mtext${ESC}[0m`)).toEqual([]);
    expect(concealed(`x ${ESC}[8;0mtext`)).toEqual([]);
    expect(concealed(`x ${ESC}[0;8mtext${ESC}[0m`)).toEqual(["text"]);
  });

  it("a whitespace-only concealed stretch hides nothing and is not reported", () => {
    expect(concealed(`a${ESC}[8m  ${ESC}[0mb`)).toEqual([]);
  });

  it("ordinary colours and bold conceal nothing", () => {
    expect(concealed(`${ESC}[1mmain${ESC}[0m ${ESC}[32mok${ESC}[0m`)).toEqual([]);
  });
});

/** A terminal's view, written plainly: walk SGR sequences, keep the stretches written while concealed. */
function reference(pieces: readonly Piece[]): string[] {
  const spans: string[] = [];
  let hidden = false;
  for (const piece of pieces) {
    if (piece.kind === "sgr") {
      for (const setting of piece.settings)
        hidden = setting === "conceal" ? true : setting === "reveal" ? false : hidden;
    } else if (hidden && /\S/u.test(piece.text)) spans.push(piece.text);
  }
  return spans;
}

type Setting = "conceal" | "reveal" | "colour" | "bold";
type Piece = { kind: "sgr"; settings: Setting[] } | { kind: "text"; text: string };

const CODES: Record<Setting, string[]> = {
  conceal: ["8"],
  reveal: ["0", "28", ""],
  colour: ["31", "38;5;8", "48;2;8;8;8", "58;5;8"],
  bold: ["1", "22"],
};

function render(pieces: readonly Piece[], pick: (n: number) => number): string {
  let out = "";
  for (const piece of pieces) {
    if (piece.kind === "text") out += piece.text;
    else out += `${ESC}[${piece.settings.map((s) => CODES[s][pick(CODES[s].length)]!).join(";")}m`;
  }
  return out;
}

describe("concealed stretches equal a terminal's reading (property)", () => {
  it("on generated mixes of SGR settings and text", () => {
    const setting = fc.constantFrom<Setting>("conceal", "reveal", "colour", "bold");
    const piece: fc.Arbitrary<Piece> = fc.oneof(
      fc.record({
        kind: fc.constant("sgr" as const),
        settings: fc.array(setting, { minLength: 1, maxLength: 3 }),
      }),
      fc.record({
        kind: fc.constant("text" as const),
        text: fc.stringMatching(/^[a-z \n.]{1,12}$/u),
      }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), fc.nat(), (raw, seed) => {
        // Adjacent text pieces merge, as they do on the screen.
        const pieces: Piece[] = [];
        for (const p of raw) {
          const prev = pieces[pieces.length - 1];
          if (p.kind === "text" && prev?.kind === "text")
            pieces[pieces.length - 1] = { kind: "text", text: prev.text + p.text };
          else pieces.push(p);
        }
        // An empty `m` (one reveal whose code is "") among other settings would read as 0 too: fine, still reveal.
        let n = seed;
        const pick = (k: number) => {
          n = (n * 1103515245 + 12345) >>> 0;
          return n % k;
        };
        expect(concealed(render(pieces, pick))).toEqual(reference(pieces));
      }),
      { seed: 2020, numRuns: 500 },
    );
  });
});
