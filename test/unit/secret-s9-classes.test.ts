/**
 * Classes of credential forms and look-alikes added in session 9 (issue 16's coverage and precision), one block per
 * class with its near misses. Values are built from pieces at test time; no credential-shaped literal is written here.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import type { TextMatch } from "../../src/engine/types.js";

const j = (...pieces: string[]) => pieces.join("");
// A keyboard run, as scanners' fixtures and documentation write a vendor's token body.
const WALK = j("aBcDeFgHiJ", "kLmNoPqRsT", "1234567890", "abcdefghij");

function found(text: string): string[] {
  const out: TextMatch[] = [];
  for (const d of createSecretDetectors()) d.detect(text, out);
  return [...new Set(out.filter((m) => m.kind === "secret").map((m) => text.slice(m.start, m.end)))];
}

describe("a vendor-prefixed token whose body is a keyboard run is still the vendor's token", () => {
  it.each([
    ["Notion", j("nt", "n_"), j("12345678901", "aBcDeFgHiJ", "kLmNoPqRsT", "1234567890", "abcde")],
    ["Vercel", j("vc", "p_"), WALK],
  ])("%s", (_vendor, prefix, body) => {
    expect(found(`TOKEN=${prefix}${body}\n`)).toContain(`${prefix}${body}`);
  });

  it.each([
    ["a body of one repeated letter", j("gh", "p_"), "X".repeat(36)],
    ["a body that says EXAMPLE", j("vc", "p_"), j("EXAMPLE", "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bD1fH3k")],
    ["a body of repeated units", j("vc", "p_"), "Ab12".repeat(10)],
    // The vendor embeds a checksum (CRC32): a hand-written run that fails it is the documentation's.
    [
      "a checksum vendor's keyboard run",
      j("gh", "p_"),
      j("aBcDeFgHiJ", "kLmNoPqRsT", "1234567890", "abcdef"),
    ],
  ])("but not %s", (_what, prefix, body) => expect(found(`TOKEN=${prefix}${body}\n`)).toEqual([]));

  it("a generic key's keyboard-run value stays a look-alike (only the key vouches for it)", () =>
    expect(found(`api_key = "${j("0123456789", "abcdefghij", "ABCDEF")}"`)).toEqual([]));
});

describe("a UUID whose version says it is not random is an identifier under a generic key", () => {
  const v1 = j("743b294a", "-cd03-", "11ec", "-9d64-", "0242ac120002");
  const v4 = j("9f3c2a71", "-5b2e-", "4c8d", "-a1f6-", "3e7b9d2c4a18");
  const v7 = j("01890a5d", "-ac96-", "774b", "-bcce-", "b302099a8057");

  it.each([
    `_authToken=${v1}`,
    `//registry.example.org/:_authToken=${v1}`,
    `api_token: "${v7}"`,
    `client_secret = "${j("00000000", "-0000-", "0000", "-0000-", "000000000000")}"`,
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));

  it("reports a random (version 4) UUID under a credential key", () =>
    expect(found(`api_token: "${v4}"`)).toContain(v4));

  it("reports a vendor's UUID under a key naming the vendor, whatever its version", () =>
    expect(found(`snyk_token = ${v1}`)).toContain(v1));
});
