/**
 * The simple form of the envelope's tag neutralising, for property tests of its fast paths: the tag pattern's own
 * global search over the full normalised view (dotted groups folded), each match cut on its original span.
 */
import { TAG_LIKE_SOURCE } from "../../src/engine/scan/envelope.js";
import { normalisedView } from "../../src/engine/scan/normalised-view.js";

const TAG_LIKE = new RegExp(TAG_LIKE_SOURCE, "giu");

/** Whether the normalised view of `text` holds a tag-like string. */
export function simpleHasTagLike(text: string): boolean {
  TAG_LIKE.lastIndex = 0;
  return TAG_LIKE.test(normalisedView(text)?.text ?? text);
}

/** `text` with every tag-like string of its normalised view replaced, as neutraliseTags must return it. */
export function simpleNeutraliseTags(text: string): string {
  normalisedView("a fresh text, so the next call builds its view");
  const view = normalisedView(text);
  const read = view ? view.text : text;
  let out = "";
  let copied = 0;
  TAG_LIKE.lastIndex = 0; // matchAll starts where the regex's last search ended
  for (const m of read.matchAll(TAG_LIKE)) {
    const [start, end] = view
      ? view.toOriginal(m.index, m.index + m[0].length)
      : [m.index, m.index + m[0].length];
    const from = Math.max(start, copied);
    out +=
      text.slice(copied, from) +
      `[forged untrusted-tool-output ${m[1] === undefined ? "opening" : "closing"} tag]`;
    copied = Math.max(end, from);
  }
  return out + text.slice(copied);
}
