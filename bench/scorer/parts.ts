/**
 * Which part (train, dev, report) a corpus document belongs to, by a seeded hash of its key: shared by the corpus
 * list (corpora.ts) and the authored sets, which corpora.ts reads, so it lives apart from both.
 */
const PART_SEED = 0x1e18c0de;

export type Part = "train" | "dev" | "report";

export function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return mix((h ^ PART_SEED) >>> 0);
}

/** The part of a document by its key, with `train` and `dev` shares in percent (the rest is `report`). */
export function partOf(key: string, train: number, dev: number): Part {
  const bucket = keyHash(key) % 100;
  return bucket < train ? "train" : bucket < train + dev ? "dev" : "report";
}
