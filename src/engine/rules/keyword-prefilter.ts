/**
 * The shared keyword prefilter (gitleaks' idea): one regex pass over a string finds which of a detector list's
 * keywords occur, so each detector with keywords runs only where one of them does. The pass costs about the same
 * whatever the number of keywords (one alternation, tried by V8 at the candidate first characters), so adding a
 * rule with keywords adds almost nothing to a string that holds none of them.
 *
 * Hand-written rather than an Aho-Corasick package: the alternation runs in V8's regex engine, faster than a
 * JavaScript automaton walking the string character by character, and the keyword lists are small.
 */
export class KeywordPrefilter {
  readonly #pattern: RegExp;
  /** Per keyword (by its text): the detector indexes it marks, including those of keywords it contains. */
  readonly #marks = new Map<string, number[]>();
  /** Indexes of the detectors that have keywords. */
  readonly gated: readonly number[];

  constructor(keywordsByDetector: readonly (readonly string[] | undefined)[]) {
    const owners = new Map<string, number[]>();
    const gated: number[] = [];
    keywordsByDetector.forEach((keywords, index) => {
      if (keywords === undefined || keywords.length === 0) return;
      gated.push(index);
      for (const keyword of keywords) owners.set(keyword, [...(owners.get(keyword) ?? []), index]);
    });
    this.gated = gated;
    const all = [...owners.keys()];
    for (const keyword of all) {
      // `sk-ant-` found means `sk-` is present too: the alternation reports only the longer one at that position.
      const marks = new Set<number>();
      for (const other of all) if (keyword.includes(other)) for (const i of owners.get(other)!) marks.add(i);
      this.#marks.set(keyword, [...marks]);
    }
    const source = all
      .sort((a, b) => b.length - a.length)
      .map((k) => k.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
      .join("|");
    this.#pattern = new RegExp(source || "(?!)", "g");
  }

  /** Sets `present[i]` to 1 for every gated detector `i` one of whose keywords occurs in `text`. */
  scan(text: string, present: Uint8Array): void {
    present.fill(0);
    const pattern = this.#pattern;
    let remaining = this.gated.length;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null && remaining > 0; m = pattern.exec(text)) {
      for (const i of this.#marks.get(m[0])!) {
        if (present[i] === 0) {
          present[i] = 1;
          remaining--;
        }
      }
      // Step one character, not past the match: a keyword may start inside another (`xoxb-` in `axoxb-`).
      pattern.lastIndex = m.index + 1;
    }
  }
}
