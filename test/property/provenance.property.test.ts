import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractValueFacts, hashValue, normaliseValue, passageWindows } from "../../src/shared/provenance.js";

const SALT = "property-salt";
const word = fc.stringMatching(/^[a-z][a-z0-9]{1,10}$/);
const email = fc
  .tuple(word, word, fc.constantFrom("com", "org", "example"))
  .map(([u, d, t]) => `${u}@${d}.${t}`);
const randomCase = (s: string, flips: boolean[]) =>
  [...s].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join("");
const hashesOf = (value: unknown, side: "tool" | "argument") =>
  new Set(extractValueFacts(value, SALT, { side }).map((f) => f.h));

describe("value normalisation (property)", () => {
  it("an e-mail in any case hashes the same", () => {
    fc.assert(
      fc.property(email, fc.array(fc.boolean(), { minLength: 1 }), (address, flips) => {
        const a = normaliseValue("email", address);
        const b = normaliseValue("email", randomCase(address, flips));
        expect(a).toBeDefined();
        expect(hashValue(a!, SALT)).toBe(hashValue(b!, SALT));
      }),
    );
  });

  it("an IBAN or a phone number spaced or dashed anyhow hashes the same", () => {
    const digits = fc.stringMatching(/^[0-9]{18}$/);
    fc.assert(
      fc.property(
        digits,
        fc.array(fc.constantFrom("", " ", "-"), { minLength: 18, maxLength: 18 }),
        (d, seps) => {
          const spaced = [...d].map((c, i) => c + seps[i]).join("");
          expect(normaliseValue("iban", `de${spaced}`)).toBe(normaliseValue("iban", `DE${d}`));
          expect(normaliseValue("phone", `+${spaced}`)).toBe(normaliseValue("phone", d));
        },
      ),
    );
  });

  it("a tool's e-mail found in the text hashes like the same e-mail in an argument, however cased or wrapped", () => {
    fc.assert(
      fc.property(
        email,
        fc.array(fc.boolean(), { minLength: 1 }),
        fc.constantFrom("", "<", "("),
        (address, flips, wrap) => {
          const tool = hashesOf(`Reply to ${address}.`, "tool");
          const arg = hashesOf({ to: `${wrap}${randomCase(address, flips)}` }, "argument");
          expect([...arg].some((h) => tool.has(h))).toBe(true);
        },
      ),
    );
  });

  it("an encoded or reversed copy of a passage is recognised on the argument side", () => {
    const sentence = fc
      .array(fc.stringMatching(/^[a-z]{3,9}$/), { minLength: 40, maxLength: 60 })
      .map((w) => w.join(" "));
    fc.assert(
      fc.property(sentence, fc.constantFrom("base64", "hex", "reversed", "plain"), (text, encoding) => {
        const tool = hashesOf(text, "tool");
        const encoded =
          encoding === "base64"
            ? Buffer.from(text).toString("base64")
            : encoding === "hex"
              ? Buffer.from(text).toString("hex")
              : encoding === "reversed"
                ? [...text].reverse().join("")
                : text.toUpperCase();
        const arg = hashesOf({ body: encoded }, "argument");
        // Content-defined windows: a long enough passage has at least one anchor (probability ~1 - e^-8 at 300+).
        fc.pre(passageWindows(text).length > 0);
        expect([...arg].some((h) => tool.has(h))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
