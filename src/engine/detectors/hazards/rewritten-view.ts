import type { TextMatch } from "../../types.js";
import { collectPatternMatches, type PatternRule } from "./pattern-rule.js";

/**
 * A text as the system behind a tool reads it, with a map back to the original offsets: the shell joins `r''m` into
 * `rm`, SQL reads `/**\/` as a space, a path API may take `／` for `/`. Rules run on the view and report original
 * spans. Building one is a single linear pass.
 */
export interface RewrittenView {
  readonly text: string;
  /** Original offset of each view offset (one past the end included); absent when offsets are the same. */
  readonly origin?: readonly number[];
}

function identityView(text: string): RewrittenView {
  return { text };
}

/** Runs pattern rules on a view and reports their matches at original offsets. */
export function collectOnView(rules: readonly PatternRule[], view: RewrittenView, out: TextMatch[]): void {
  const { origin } = view;
  if (origin === undefined) {
    collectPatternMatches(rules, view.text, out);
    return;
  }
  const found: TextMatch[] = [];
  collectPatternMatches(rules, view.text, found);
  for (const m of found) {
    const start = origin[m.start]!;
    // The end maps through the last character matched, so a dropped character after the match is not included.
    const end = origin[m.end - 1]! + 1;
    out.push({ ...m, start, end });
  }
}

const WORDISH = /[\w./~*$-]/;

/**
 * Shell words as the shell joins them: quotes next to a word character (`r''m`, `c"u"rl`, `"/"`) and empty quote
 * pairs are dropped, and a backslash before a command name (`\rm`, which only skips aliases) too. Quoted strings
 * keep their content; only the quote characters go.
 */
export function shellWordsView(text: string): RewrittenView {
  if (!/['"\\]/.test(text)) return identityView(text);
  let out = "";
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const prev = text[i - 1] ?? " ";
    const next = text[i + 1] ?? " ";
    if (c === "'" || c === '"') {
      if (WORDISH.test(prev) || WORDISH.test(next) || next === c || prev === c) continue;
    } else if (c === "\\" && /[a-z]/i.test(next) && /[\s;&|(]/.test(prev)) {
      continue;
    }
    out += c;
    origin.push(i);
  }
  origin.push(text.length);
  return { text: out, origin };
}

const SQL_COMMENT = /\/\*(!\d{0,6})?([^*]{0,200})\*\//g;

/**
 * SQL with inline comments read as the server reads them: `/**\/` is whitespace, and a MySQL versioned comment
 * (`/*!50000UNION*\/`) is its content. Same length as the text (comment markers become spaces), so offsets hold.
 */
export function sqlCommentsView(text: string): RewrittenView {
  if (!text.includes("/*")) return identityView(text);
  const rewritten = text.replace(SQL_COMMENT, (whole, version: string | undefined, body: string) =>
    version === undefined ? " ".repeat(whole.length) : `${" ".repeat(2 + version.length)}${body}${"  "}`,
  );
  return { text: rewritten };
}

// Slashes, backslashes and dots that path APIs or later normalisation (NFKC) turn into the ASCII ones.
const PATH_LOOKALIKES: Record<string, string> = {
  "\uff0f": "/", // full-width solidus
  "\u2215": "/", // division slash
  "\u2044": "/", // fraction slash
  "\u29f8": "/", // big solidus
  "\uff3c": "\\", // full-width reverse solidus
  "\u29f5": "\\", // reverse solidus operator
  "\ufe68": "\\", // small reverse solidus
  "\uff0e": ".", // full-width full stop
  "\u2024": ".", // one dot leader
};
const PATH_LOOKALIKE = /[\uff0f\u2215\u2044\u29f8\uff3c\u29f5\ufe68\uff0e\u2024]/g;

/** Paths with look-alike slashes and dots as ASCII; every replacement is one UTF-16 unit, so offsets hold. */
export function pathView(text: string): RewrittenView {
  if (!/[\u2024-\u2215\u29f5-\u29f8\ufe68\uff0e-\uff3c]/.test(text)) return identityView(text);
  return { text: text.replace(PATH_LOOKALIKE, (c) => PATH_LOOKALIKES[c]!) };
}
