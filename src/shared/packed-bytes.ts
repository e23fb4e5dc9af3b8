/**
 * Binary data embedded in the package's JavaScript (the WebAssembly modules, the scorer's weights, the phrase gates'
 * tables) as "packed" text: the bytes compressed with Brotli, then written as base64. The tarball is gzip, which
 * reads base64 six bits at a time and so compresses it poorly (the weights' plain base64 gzips to 64% of the bytes;
 * Brotli's output, already dense, costs about its own size in the tarball: 45%). Generators pack (`packBytes`, at
 * build or training time); loaders unpack once, on first use. A packed text that does not unpack throws; callers
 * that check a hash check it on the unpacked bytes, so the same data packed by another Brotli version loads the same.
 */
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";

/** `bytes` compressed with Brotli at its densest setting, as base64. */
export function packBytes(bytes: Uint8Array): string {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }).toString("base64");
}

/** The bytes `packed` holds; throws when it is not base64 of a whole Brotli stream. */
export function unpackBytes(packed: string): Buffer {
  return brotliDecompressSync(Buffer.from(packed, "base64"));
}
