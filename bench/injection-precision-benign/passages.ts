/**
 * The authored part of the precision benign set (session 22): benign passages in English and the languages the rules
 * read, each put into tool-output carriers by `documents.ts`. A passage's part (`tune` or `frozen`) is a fixed hash of
 * its text, so a document never shares a passage with the other part.
 */
import { EN } from "./passages-en.js";
import { EN2 } from "./passages-en2.js";
import { HARD } from "./passages-hard.js";
import { INTL } from "./passages-intl.js";

export interface Passage {
  cls: string;
  lang: string;
  text: string;
}

export const PASSAGES: readonly Passage[] = [...EN, ...EN2, ...INTL, ...HARD];
