/**
 * The normalised view reads character references by code units (`entityAt`), the same references the sticky regex
 * it replaced read, and only the entity names it knows: `&valueOf;` made the view call a function of the table's
 * prototype as a character and the whole check threw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { entityAt, normalisedView } from "../../src/engine/scan/normalised-view.js";

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));/y;

function regexWidth(text: string, i: number): number {
  ENTITY.lastIndex = i;
  const m = ENTITY.exec(text);
  return m === null ? 0 : m[0].length;
}

describe("character references in the normalised view", () => {
  it("are read where and as wide as the regex reads them (property)", () => {
    const piece = fc.constantFrom(
      "&",
      "#",
      "x",
      "X",
      ";",
      "0",
      "9",
      "a",
      "F",
      "g",
      "Z",
      "amp",
      "commat",
      " ",
      "é",
    );
    const text = fc.array(piece, { maxLength: 24 }).map((p) => p.join(""));
    fc.assert(
      fc.property(text, (t) => {
        for (let i = 0; i < t.length; i++)
          if (t[i] === "&") expect(entityAt(t, i), `${JSON.stringify(t)} at ${i}`).toBe(regexWidth(t, i));
      }),
      { numRuns: 2000 },
    );
    for (const t of [
      "&#1234567;",
      "&#12345678;",
      "&#x10FFFF;",
      "&#x1234567;",
      "&abcdefgh;",
      "&abcdefghi;",
      "&a;",
    ])
      expect(entityAt(t, 0), t).toBe(regexWidth(t, 0));
  });

  it("decode the known names and numbers, and nothing for a name the table only inherits", () => {
    expect(normalisedView("u1&#64;example.com")?.text).toBe("u1@example.com");
    expect(normalisedView("u2&commat;example.com")?.text).toBe("u2@example.com");
    expect(normalisedView("a &valueOf; b &toString; c")).toBeUndefined();
  });

  it("a tool result holding `&valueOf;` is checked, not thrown on", async () => {
    const engine = new LocalPolicyEngine({}, { worker: false });
    const decision = await engine.checkOutput({
      connectorType: "acme.read",
      serverName: "acme",
      toolName: "read",
      callId: "c1",
      args: {},
      result: { content: [{ type: "text", text: "price &valueOf; total &toString;" }] },
    });
    expect(decision.allowed).toBe(true);
  });
});
