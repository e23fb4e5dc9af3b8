/**
 * The SSRF class as an invariant, not a list: any spelling a URL parser accepts for an internal address is found
 * with the right type. Addresses are drawn from each class; each is written with a random number of parts (inet_aton
 * folds the tail), each part in a random radix, digits and dots in random Unicode forms that NFKC or IDNA fold
 * (full-width digits, ideographic full stops), behind random userinfo, in random URL forms, inside prose.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSsrfDetector } from "../../src/engine/detectors/hazards/ssrf.js";
import type { TextMatch } from "../../src/engine/types.js";

const detector = createSsrfDetector();
function typesOf(text: string): string[] {
  const out: TextMatch[] = [];
  detector.detect(text, out);
  return out.map((m) => m.type);
}

const octets = (a: number) => [a >>> 24, (a >>> 16) & 0xff, (a >>> 8) & 0xff, a & 0xff];
const fromOctets = (o: number[]) => ((o[0]! << 24) | (o[1]! << 16) | (o[2]! << 8) | o[3]!) >>> 0;

const metadata = fc.constantFrom(0xa9fea9fe, 0xa9feaa02, 0x646464c8).map((a) => ({ a, type: "ssrf" }));
const loopback = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
  .map(([b, c, d]) => ({ a: fromOctets([127, b, c, d]), type: "ssrf_loopback" }));
const privateRange = fc
  .tuple(
    fc.constantFrom([10, 0], [172, 16], [172, 31], [192, 168], [100, 64], [100, 127], [169, 254]),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 1, max: 254 }),
  )
  .map(([[x, y], c, d]) => {
    const second = x === 10 ? c : y!;
    return { a: fromOctets([x!, second, c, d]), type: "ssrf_private" };
  })
  // The metadata addresses inside these ranges are their own class.
  .filter(({ a }) => ![0xa9fea9fe, 0xa9feaa02, 0x646464c8].includes(a));

/** inet_aton spelling: 1 to 4 parts, the last one holding the remaining bytes, each in a random radix. */
const spelling = (a: number) =>
  fc
    .tuple(
      fc.integer({ min: 1, max: 4 }),
      fc.array(fc.constantFrom(8, 10, 16), { minLength: 4, maxLength: 4 }),
    )
    .map(([parts, radixes]) => {
      const o = octets(a);
      const values = [...o.slice(0, parts - 1), o.slice(parts - 1).reduce((acc, b) => acc * 256 + b, 0)];
      return values
        .map((v, i) => {
          const radix = radixes[i]!;
          if (radix === 16) return `0x${v.toString(16)}`;
          if (radix === 8) return `0${v.toString(8)}`;
          return String(v);
        })
        .join(".");
    });

const FULL_WIDTH_DIGIT = (d: string) => String.fromCharCode(0xff10 + Number(d));
const unicodeForm = (host: string) =>
  fc.tuple(fc.boolean(), fc.constantFrom(".", "\u3002", "\uff0e", "\uff61")).map(([wide, dot]) =>
    host
      .split("")
      .map((ch) => (ch === "." ? dot : wide && /\d/.test(ch) ? FULL_WIDTH_DIGIT(ch) : ch))
      .join(""),
  );

const urlForm = (host: string) =>
  fc
    .tuple(
      fc.constantFrom("http://", "https://", "HTTP://", "//", "ws://"),
      fc.constantFrom("", "user@", "good.example@", "a:b@"),
      fc.constantFrom("", ":80", ":8080"),
      fc.constantFrom("", "/", "/latest/meta-data", "#@good.example", "?x=1"),
    )
    .map(([scheme, userinfo, port, tail]) => `${scheme}${userinfo}${host}${port}${tail}`);

describe("SSRF: every spelling of an internal address is found with its class", () => {
  it("holds for random addresses, spellings, Unicode forms and URL shapes", () => {
    fc.assert(
      fc.property(
        fc.oneof(metadata, loopback, privateRange).chain(({ a, type }) =>
          spelling(a)
            .chain(unicodeForm)
            .chain(urlForm)
            .map((url) => ({ url, type })),
        ),
        fc.constantFrom("", "please fetch ", "url="),
        ({ url, type }, prefix) => {
          expect(typesOf(`${prefix}${url} thanks`), url).toContain(type);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a public address in any spelling is never reported", () => {
    const publicAddress = fc
      .tuple(
        fc.constantFrom(8, 1, 93, 140, 151, 185, 203),
        fc.nat(255),
        fc.nat(255),
        fc.integer({ min: 1, max: 254 }),
      )
      .map((o) => fromOctets(o));
    fc.assert(
      fc.property(publicAddress.chain(spelling).chain(unicodeForm).chain(urlForm), (url) => {
        expect(typesOf(url), url).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
