/**
 * How training sees a segment when it checks overlap between parts: its key (digits folded to 0, blanks collapsed, so
 * filler with other numbers matches) and its shape (the key with the words rare in the training documents blanked).
 * Shared by train.ts and conv/export.ts, which must count overlap the same way.
 */
import { toReadingView } from "../../src/engine/detectors/injection/structure/reading-view.js";

export const keyOf = (segment: string): string => segment.replace(/\d/g, "0").replace(/\s+/g, " ");

const TOKEN = /[\p{L}\p{N}]+/gu;
/** Tokens in fewer than this many training documents are blanked in a sentence's shape. */
const RARE_BELOW = 5;

/** The shape of a key, by the token frequencies of `docs`. */
export function shapes(docs: readonly { readonly text: string }[]): (key: string) => string {
  const frequency = new Map<string, number>();
  for (const d of docs) {
    const tokens = new Set(toReadingView(d.text).text.match(TOKEN) ?? []);
    for (const t of tokens) frequency.set(t, (frequency.get(t) ?? 0) + 1);
  }
  return (key) =>
    key.replace(TOKEN, (t) => ((frequency.get(t) ?? 0) < RARE_BELOW ? "*" : t)).replace(/\*(?:\W*\*)+/g, "*");
}
