import { createHash } from "node:crypto";
import { BackendUnavailableError } from "../../../../errors.js";
import { packBytes, unpackBytes } from "../../../../shared/packed-bytes.js";
import type { FeatureConfig } from "./features.js";

/**
 * The scorer's weights as shipped: one binary blob (packed in `weights.ts`, written by `npm run train:scorer`:
 * src/shared/packed-bytes.ts) and the SHA-256 of the blob itself, so the same blob packed by another Brotli version
 * loads the same. Layout of the blob, little endian:
 *
 *   0  "TGSC"            magic
 *   4  u8  version (1)
 *   5  u8  bucketsLog2   (10..20)
 *   6  u8  flags         bit 0: word uni/bigrams; bit 1: adjacent sentences also scored as a pair
 *   7  u8  char sizes    bit n set: character n-grams of size n
 *   8  f32 scale         a weight is `int8 * scale`
 *  12  f32 bias
 *  16  f32 threshold     on the logit
 *  20  u32 reserved (0)
 *  24  i8[2^bucketsLog2] weights
 */
export interface ScorerModel {
  readonly config: FeatureConfig;
  readonly pairs: boolean;
  readonly scale: number;
  readonly bias: number;
  readonly threshold: number;
  readonly weights: Int8Array;
}

export interface ScorerWeights {
  /** Of the blob, unpacked. */
  readonly sha256: string;
  /** The blob, packed (src/shared/packed-bytes.ts). */
  readonly packed: string;
}

export const MODEL_MAGIC = "TGSC";
export const MODEL_VERSION = 1;
export const HEADER_BYTES = 24;

/**
 * The shipped weights do not load (altered, truncated, or written by another version). The scorer then cannot
 * check, so every check that needs it fails closed, as any detector that cannot run does.
 */
export class ScorerModelError extends BackendUnavailableError {
  override name = "ScorerModelError";
}

export function encodeScorerModel(model: ScorerModel): Uint8Array {
  const size = 1 << model.config.bucketsLog2;
  if (model.weights.length !== size)
    throw new RangeError(`expected ${size} weights, got ${model.weights.length}`);
  const bytes = new Uint8Array(HEADER_BYTES + size);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = MODEL_MAGIC.charCodeAt(i);
  bytes[4] = MODEL_VERSION;
  bytes[5] = model.config.bucketsLog2;
  bytes[6] = (model.config.words ? 1 : 0) | (model.pairs ? 2 : 0);
  bytes[7] = model.config.charSizes.reduce((mask, n) => mask | (1 << n), 0);
  view.setFloat32(8, model.scale, true);
  view.setFloat32(12, model.bias, true);
  view.setFloat32(16, model.threshold, true);
  bytes.set(new Uint8Array(model.weights.buffer, model.weights.byteOffset, size), HEADER_BYTES);
  return bytes;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The weights as shipped for `bytes` (what `encodeScorerModel` gives): their hash and the bytes packed. */
export function packScorerWeights(bytes: Uint8Array): ScorerWeights {
  return { sha256: sha256Hex(bytes), packed: packBytes(bytes) };
}

/** The blob `source` holds, unchecked; throws `ScorerModelError` when it does not unpack. */
export function scorerWeightsBytes(source: ScorerWeights): Buffer {
  try {
    return unpackBytes(source.packed);
  } catch (error) {
    throw new ScorerModelError(
      `injection scorer weights cannot be unpacked (${(error as Error).message}; re-run npm run train:scorer or reinstall)`,
      error,
    );
  }
}

/** Decodes and checks the shipped blob; throws `ScorerModelError` on any mismatch (fail closed, never guess). */
export function decodeScorerModel(source: ScorerWeights): ScorerModel {
  const bytes = scorerWeightsBytes(source);
  const actual = sha256Hex(bytes);
  if (actual !== source.sha256)
    throw new ScorerModelError(
      `injection scorer weights are corrupt: sha256 ${actual.slice(0, 16)}… does not match the recorded ${source.sha256.slice(0, 16)}… (re-run npm run train:scorer or reinstall)`,
    );
  const fail = (why: string): never => {
    throw new ScorerModelError(`injection scorer weights cannot be read: ${why}`);
  };
  if (bytes.length < HEADER_BYTES) fail(`${bytes.length} bytes is shorter than the header`);
  if (bytes.toString("latin1", 0, 4) !== MODEL_MAGIC) fail("not a scorer model (bad magic)");
  if (bytes[4] !== MODEL_VERSION) fail(`version ${bytes[4]}, this build reads ${MODEL_VERSION}`);
  const bucketsLog2 = bytes[5]!;
  if (bucketsLog2 < 10 || bucketsLog2 > 20) fail(`bucketsLog2 ${bucketsLog2} out of range`);
  const size = 1 << bucketsLog2;
  if (bytes.length !== HEADER_BYTES + size) fail(`${bytes.length} bytes, expected ${HEADER_BYTES + size}`);
  const charSizes: number[] = [];
  for (let n = 2; n <= 6; n++) if (bytes[7]! & (1 << n)) charSizes.push(n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const scale = view.getFloat32(8, true);
  const bias = view.getFloat32(12, true);
  const threshold = view.getFloat32(16, true);
  if (![scale, bias, threshold].every(Number.isFinite) || scale <= 0)
    fail("non-finite scale, bias or threshold");
  const weights = new Int8Array(size);
  weights.set(new Int8Array(bytes.buffer, bytes.byteOffset + HEADER_BYTES, size));
  return {
    config: { bucketsLog2, charSizes, words: (bytes[6]! & 1) === 1 },
    pairs: (bytes[6]! & 2) === 2,
    scale,
    bias,
    threshold,
    weights,
  };
}
