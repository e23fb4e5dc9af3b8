/**
 * The normalised view (issue 8, item 5), property-tested: a value written with any mix of escapes, compatibility
 * forms, unusual separators and invisible characters is redacted, and nothing of it survives even when the output is
 * read through the same view; offsets map into the original string; the view of plain ASCII is no view.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { RangeList } from "../../src/engine/sanitizer/match-runs.js";
import { normalisedView } from "../../src/engine/scan/normalised-view.js";
import { OffsetMap } from "../../src/engine/scan/offset-map.js";
import { fakeCardNumber } from "../../src/shared/fake-credentials.js";

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) };
const engine = new LocalPolicyEngine({ sanitizer: { mode: "detect-and-strip" } }, { worker: false });
const inputEngine = new LocalPolicyEngine({ pii: { input: "placeholder" } }, { worker: false });

const email = ["jane", ".roe", "@", "example", ".com"].join("");
const card = fakeCardNumber("4", 16, 81);

/** One character written as a model would still read it. */
function obscure(char: string, how: number): string {
  const code = char.charCodeAt(0);
  switch (how) {
    case 1:
      return `\\u${code.toString(16).padStart(4, "0")}`;
    case 2:
      return `%${code.toString(16).padStart(2, "0")}`;
    case 3:
      return `&#${code};`;
    case 4:
      return `&#x${code.toString(16)};`;
    case 5:
      return code >= 0x21 && code <= 0x7e ? String.fromCharCode(code + 0xfee0) : char; // full width
    case 6:
      return `${char}\u200b`;
    default:
      return char;
  }
}

const SEPARATORS = [
  " ",
  "\u00a0",
  "\u2009",
  "\u202f",
  "\u3000",
  "-",
  "\u2010",
  "\u2013",
  "\u2014",
  "\u2212",
  ".",
  "/",
  "_",
];

const obscuredEmail = fc
  .array(fc.nat({ max: 8 }), { minLength: email.length, maxLength: email.length })
  .map((hows) => [...email].map((c, i) => obscure(c, hows[i]!)).join(""));

const obscuredCard = fc
  .record({
    sep: fc.constantFrom(...SEPARATORS),
    hows: fc.array(fc.constantFrom(0, 0, 0, 5, 6), { minLength: 16, maxLength: 16 }),
  })
  .map(({ sep, hows }) =>
    card
      .match(/\d{4}/g)!
      .map((group, g) => [...group].map((c, i) => obscure(c, hows[g * 4 + i]!)).join(""))
      .join(sep),
  );

const around = fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", ":", "x"), maxLength: 12 });

/** The output read through the view, as the detectors (and a model) read it. */
function asRead(text: string): string {
  return normalisedView(text)?.text ?? text;
}

const digitsOnly = (s: string) => s.replace(/\D/g, "");

describe("normalised view", () => {
  it("an obscured value is redacted in a result; read through the view, nothing of it is left", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          obscuredEmail.map((written) => ({ written, isEmail: true })),
          obscuredCard.map((written) => ({ written, isEmail: false })),
        ),
        around,
        around,
        async ({ written, isEmail }, before, after) => {
          const text = `${before} ${written} ${after}`;
          const decision = await engine.checkOutput({
            connectorType: "acme.read",
            serverName: "acme",
            toolName: "read",
            callId: "p",
            args: {},
            result: { content: [{ type: "text", text }] },
          });
          expect(decision.allowed).toBe(true);
          const out = (decision.redactedResult?.content[0] as { text: string } | undefined)?.text ?? text;
          const read = asRead(out);
          if (isEmail) expect(read).not.toContain(email);
          else expect(digitsOnly(read)).not.toContain(card);
          for (const f of decision.findings) {
            if (f.start === undefined) continue;
            expect(f.start).toBeGreaterThanOrEqual(0);
            expect(f.end!).toBeLessThanOrEqual(text.length);
          }
        },
      ),
      RUNS,
    );
  });

  it("arguments get the same view", async () => {
    await fc.assert(
      fc.asyncProperty(obscuredEmail, around, async (written, before) => {
        const decision = await inputEngine.checkInput({
          connectorType: "acme.send",
          serverName: "acme",
          toolName: "send",
          callId: "p",
          args: { to: `${before} ${written}` },
        });
        const to = (decision.redactedArgs?.to as string | undefined) ?? `${before} ${written}`;
        expect(asRead(to)).not.toContain(email);
      }),
      RUNS,
    );
  });

  it("maps every view offset into the original string, and plain ASCII has no view", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (text) => {
        const view = normalisedView(text);
        if (view === undefined) return;
        for (let i = 0; i < view.text.length; i++) {
          const [start, end] = view.toOriginal(i, i + 1);
          expect(start).toBeGreaterThanOrEqual(0);
          expect(end).toBeLessThanOrEqual(text.length);
          expect(end).toBeGreaterThanOrEqual(start);
        }
      }),
      RUNS,
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", " ", "1", ":", "\n", "."), maxLength: 80 }),
        (text) => {
          const view = normalisedView(text);
          // Plain ASCII only differs where dotted digit groups of at least nine digits are.
          if (view !== undefined) expect(view.text.length).toBe(text.length);
        },
      ),
      RUNS,
    );
  });

  it("the view of a stripped text is the view built character by character (the stripped text only when it equals it)", () => {
    // Pieces that fold to nothing, to something else, or to themselves; some of them stripped, in any mix.
    const PIECES = [
      "a",
      "b",
      "1",
      " ",
      ".",
      "\u200b",
      "\u00ad",
      "\ufeff",
      "\u{e0041}",
      "\u001b[0m",
      "\u00a0",
    ];
    const PIECES_MORE = [
      ...PIECES,
      "&#64;",
      "%41",
      "\\u0040",
      "\uff14",
      "4111.1111.1111",
      "\u2013",
      "\ud800",
    ];
    const text = fc.array(
      fc.record({
        piece: fc.constantFrom(...PIECES_MORE),
        strip: fc.nat(9).map((n) => n > 0),
        plain: fc.nat(3).map((n) => n > 0),
      }),
      { maxLength: 40 },
    );
    let sharedViews = 0;
    fc.assert(
      fc.property(text, (pieces) => {
        // `plain` pieces keep to the first list, so many texts differ only where characters were removed.
        const chosen = pieces.map((p) => ({
          ...p,
          piece: p.plain ? PIECES[PIECES_MORE.indexOf(p.piece) % PIECES.length]! : p.piece,
        }));
        const full = chosen.map((p) => p.piece).join("");
        const ranges = new RangeList();
        let working = "";
        let at = 0;
        for (const { piece, strip } of chosen) {
          // Strip invisible pieces when told to (as the sanitizer would), never letters.
          if (strip && !/^[a-z0-9 .&%\\]/.test(piece)) ranges.add(at, at + piece.length);
          else working += piece;
          at += piece.length;
        }
        const map = ranges.size === 0 ? OffsetMap.identity : OffsetMap.fromRanges(ranges);
        normalisedView("evict");
        const shared = normalisedView(full, map === OffsetMap.identity ? undefined : { working, map });
        normalisedView("evict");
        const built = normalisedView(full);
        expect(shared === undefined).toBe(built === undefined);
        if (shared === undefined || built === undefined) return;
        if (shared.bytes === 0) sharedViews++;
        expect(shared.text).toBe(built.text);
        expect(Array.from(shared.changes)).toEqual(Array.from(built.changes));
        for (let s = 0; s <= built.text.length + 1; s++)
          for (let e = Math.max(0, s - 1); e <= built.text.length + 1; e++)
            expect(shared.toOriginal(s, e)).toEqual(built.toOriginal(s, e));
      }),
      { numRuns: Math.max(300, RUNS.numRuns) },
    );
    // The stripped text stood in as the view in a good share of the cases (the rest were built as before).
    expect(sharedViews).toBeGreaterThan(30);
  });
});
