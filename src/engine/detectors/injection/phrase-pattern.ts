/**
 * A small notation for phrase regexes over normalised (lower-case) text, so the rules read like the phrases they
 * catch:
 * - a space stands for one whitespace run (`\s+`), so line breaks and extra spacing between words do not matter;
 *   A space can therefore never be optional (` ?` would become `\s+?`); write `\s?` or `\s{0,3}` instead.
 * - `{~N}` stands for up to N filler words that stay inside one sentence and out of a comment after code
 *   (`(?:\s+(?!(?:\/\/|\/?\*|#)\s)[^\s.!?]{1,30}){0,N}`).
 *
 * Why this stays linear: every rule is compiled sticky and only tried at a trigger word, whitespace and word
 * characters are disjoint classes (so a filler word can only end where whitespace starts), and every repetition is
 * bounded. The work per trigger is therefore bounded by a constant, and triggers are found in one pass.
 */

/**
 * A filler word is never a comment marker (`//`, `#`, `/*`, a doc comment's `*`): a gap does not run from code into its
 * comment. (Not `--`: prose sets words apart with it.)
 */
const FILLER = String.raw`(?:\s+(?!(?:\/\/|\/?\*|#)\s)[^\s.!?]{1,30})`;

/** `flags` adds to the sticky flag: the detector compiles its rules case-insensitive (`i`), see `index.ts`. */
export function compilePhrase(source: string, flags = ""): RegExp {
  return new RegExp(expandPhrase(source), `y${flags}`);
}

/** The notation written out as a regex source (expanding it again changes nothing: the output has no space). */
export function expandPhrase(source: string): string {
  return source.replace(/\{~(\d+)\}/g, (_, n: string) => `${FILLER}{0,${n}}`).replace(/ /g, String.raw`\s+`);
}
