/**
 * Where the scorer cuts a text into the units it scores: lines, then sentences inside a line (`.`, `!`, `?`, `;`
 * before a space, and the CJK full stops anywhere), and a long run without either in windows that end at a space.
 * A planted instruction in a long benign document is then scored on its own, not diluted by the document, and the
 * finding covers the sentence so `neutralise` cuts that sentence.
 */

/** A sentence longer than this is scored in windows (a minified JSON line, a wall of text). */
export const MAX_SEGMENT = 600;

/** Called for each segment `[start, end)`, trimmed of spaces; `line` numbers the line it sits in. */
export type SegmentVisitor = (start: number, end: number, line: number) => void;

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0xa0 || c === 0x3000;
}

export function forEachSegment(text: string, visit: SegmentVisitor): void {
  let line = 0;
  let start = 0;
  const close = (from: number, to: number) => {
    let a = from;
    let b = to;
    while (a < b && isBlank(text.charCodeAt(a))) a++;
    while (b > a && isBlank(text.charCodeAt(b - 1))) b--;
    // Windows over a long sentence, each ending at a space where there is one.
    while (b - a > MAX_SEGMENT) {
      let cut = a + MAX_SEGMENT;
      for (let k = cut; k > a + MAX_SEGMENT / 2; k--) {
        if (isBlank(text.charCodeAt(k))) {
          cut = k;
          break;
        }
      }
      visit(a, cut, line);
      a = cut;
      while (a < b && isBlank(text.charCodeAt(a))) a++;
    }
    if (b > a) visit(a, b, line);
  };
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x2028 || c === 0x2029) {
      close(start, i);
      start = i + 1;
      line++;
    } else if (c === 0x3002 || c === 0xff01 || c === 0xff1f) {
      close(start, i + 1);
      start = i + 1;
    } else if (
      (c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3b) &&
      i + 1 < n &&
      isBlank(text.charCodeAt(i + 1))
    ) {
      close(start, i + 1);
      start = i + 1;
    }
  }
  close(start, n);
}
