import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { passageHash, passageWindows } from "../../src/shared/provenance.js";
import { sipHash24, sipKey } from "../../src/shared/siphash.js";

/** The reference implementation's key (bytes 00..0f) and messages (bytes 00..n-1). */
const KEY = sipKey(Uint8Array.from({ length: 16 }, (_, i) => i));
const message = (n: number) => Uint8Array.from({ length: n }, (_, i) => i);

function hex(key: Uint32Array, bytes: Uint8Array): string {
  const out = new Uint32Array(2);
  sipHash24(key, bytes, bytes.length, out);
  return out[0]!.toString(16).padStart(8, "0") + out[1]!.toString(16).padStart(8, "0");
}

describe("SipHash-2-4", () => {
  it("gives the reference vectors (the paper's example, and vectors.h for 0, 7, 8, 9 and 63 bytes)", () => {
    // vectors.h lists the output bytes little-endian; these are the 64-bit values.
    expect(hex(KEY, message(15))).toBe("a129ca6149be45e5");
    expect(hex(KEY, message(0))).toBe("726fdb47dd0e0e31");
    expect(hex(KEY, message(7))).toBe("ab0200f58b01d137");
    expect(hex(KEY, message(8))).toBe("93f5f5799a932462");
    expect(hex(KEY, message(9))).toBe("9e0082df0ba9e4b0");
    expect(hex(KEY, message(63))).toBe("958a324ceb064572");
  });
});

describe("passage hashes", () => {
  it("are SipHash-2-4 of the window's UTF-8 under the first 16 bytes of SHA-256 over the domain and prefix", () => {
    const salt = "c2FsdC1mb3ItYS10ZXN0";
    const window = "thequickbrownfoxjumpsoverthelazyd";
    const prefix = `tollgate.provenance.v1\u00000:\u0000${salt.length}:${salt}\u0000`;
    const key = sipKey(createHash("sha256").update(`tollgate.provenance.passage.v1\u0000${prefix}`).digest());
    const out = new Uint32Array(2);
    const bytes = Buffer.from(window, "utf8");
    sipHash24(key, bytes, bytes.length, out);
    const expected = Buffer.alloc(8);
    expected.writeUInt32BE(out[0]!, 0);
    expected.writeUInt32BE(out[1]!, 4);
    expect(passageHash(window, salt)).toBe(expected.toString("base64url"));
    expect(passageHash(window, salt)).toHaveLength(11);
  });

  it("differ by salt and by key, and read a non-ASCII window as UTF-8", () => {
    const text = Array.from({ length: 60 }, (_, i) => `Größe ${i * 7} über die Straße, Zeile ${i}`).join(" ");
    const window = passageWindows(text).find((w) => /[^\x00-\x7f]/.test(w));
    expect(window).toBeDefined();
    expect(passageHash(window!, "salt-a")).not.toBe(passageHash(window!, "salt-b"));
    expect(passageHash(window!, "salt-a", "k1")).not.toBe(passageHash(window!, "salt-a", "k2"));
    expect(passageHash(window!, "salt-a")).toBe(passageHash(window!, "salt-a"));
  });
});
