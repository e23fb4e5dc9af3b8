/**
 * Respellings of a sentence for training, shared by train.ts (the linear scorer) and conv/export.ts (the
 * convolutional experiment), so both read the same variants.
 */
const GLUE = ["ok", "true", "200", "done", "null", "id=4471", "status:"];

/**
 * Respellings seen in injected tool output: words joined by hyphens (a git branch name), the text glued to a field
 * value with no space, and one typo (two letters swapped) in its longest word.
 */
export function respellings(key: string, random: () => number): string[] {
  const words = key.split(" ").filter(Boolean);
  if (words.length < 3) return [];
  const hyphens = words
    .slice(0, 14)
    .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ""))
    .filter(Boolean)
    .join("-")
    .toLowerCase();
  const glued = `${GLUE[Math.floor(random() * GLUE.length)]}${key}`;
  let longest = 0;
  words.forEach((w, i) => {
    if (w.length > words[longest]!.length) longest = i;
  });
  const w = words[longest]!;
  const at = 1 + Math.floor(random() * Math.max(1, w.length - 2));
  const typo = [...words];
  if (w.length >= 4) typo[longest] = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
  return [hyphens, glued, typo.join(" ")];
}
