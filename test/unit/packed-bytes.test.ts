/**
 * Binary data embedded packed (src/shared/packed-bytes.ts: Brotli, then base64): what unpacks is what was packed,
 * and text that is not a whole packed stream throws rather than yield bytes.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packBytes, unpackBytes } from "../../src/shared/packed-bytes.js";

describe("packed bytes", () => {
  it("unpack to the bytes packed", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (bytes) => {
        expect(unpackBytes(packBytes(bytes)).equals(Buffer.from(bytes))).toBe(true);
      }),
      { seed: 17, numRuns: 200 },
    );
  });

  it("throw when cut short or not Brotli", () => {
    const packed = packBytes(Buffer.from("a table of some length, ".repeat(40)));
    expect(() => unpackBytes(packed.slice(0, packed.length >> 1))).toThrow();
    expect(() => unpackBytes(Buffer.from("plain bytes, not a stream").toString("base64"))).toThrow();
  });

  it("each generated WebAssembly module unpacks to the module its header records", () => {
    const dir = "src/shared/wasm";
    const files = readdirSync(dir).filter((f) => f.endsWith(".generated.ts"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(`${dir}/${file}`, "utf8");
      const recorded = /module sha256 ([0-9a-f]{64})/.exec(text)?.[1];
      const packed = /MODULE_PACKED =\s*"([^"]+)"/.exec(text)?.[1];
      const module = unpackBytes(packed!);
      expect(createHash("sha256").update(module).digest("hex"), file).toBe(recorded);
      expect(module.subarray(0, 4).toString("latin1"), file).toBe("\0asm");
    }
  });
});
