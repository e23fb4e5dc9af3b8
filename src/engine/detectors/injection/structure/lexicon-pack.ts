/**
 * Lexicons as packed text, for the package (lexicon.ts reads the languages written outside the Latin script so;
 * scripts/build-lexicons.ts writes them). Brotli reads their UTF-8 text more densely than the tarball's gzip reads the
 * bundle's JavaScript (../../../../shared/packed-bytes.ts): about a fifth less for the same words.
 */
import { packBytes, unpackBytes } from "../../../../shared/packed-bytes.js";
import type { LanguageLexicon } from "./lexicon.js";

/**
 * The roles a lexicon may hold besides `lang` (each lexicon is written in its own key order). Every key of
 * `LanguageLexicon` is here: the type below fails to compile when one is missing.
 */
const ROLES = [
  "addressees",
  "addressPhrases",
  "verbs",
  "agentObjects",
  "sensitive",
  "replyContext",
  "roleShift",
  "modeEntry",
  "modeWords",
  "obey",
  "override",
  "turnRoles",
  "leak",
  "fillIn",
  "promptQual",
  "verbatim",
  "conversation",
] as const satisfies readonly Exclude<keyof LanguageLexicon, "lang">[];
type Role = (typeof ROLES)[number];
const EVERY_ROLE: Exclude<keyof LanguageLexicon, "lang"> extends Role ? true : never = true;
const OPTIONAL_ROLES: ReadonlySet<Role> = new Set(["promptQual", "verbatim", "conversation"]);

/** The separators of the packed text: between lexicons, between roles, between entries; no entry holds one. */
const LEXICON_BREAK = "\n\n";
const ROLE_BREAK = "\n";
const ENTRY_BREAK = "|";

/**
 * Lexicons as one text: per lexicon a line `lang=xx`, then a line `role=entry|entry|...` per role it has, in its own
 * key order (so the decoded objects are equal to the written ones, key order included); lexicons separated by an
 * empty line. Throws on an entry that holds a separator or is empty, or a role that is not a list.
 */
export function encodeLexicons(lexicons: readonly LanguageLexicon[]): string {
  return lexicons
    .map((lexicon) =>
      Object.entries(lexicon)
        .map(([key, value]) => {
          if (key === "lang") return `lang=${String(value)}`;
          if (!Array.isArray(value)) throw new Error(`lexicon ${lexicon.lang}: ${key} is not a list`);
          for (const entry of value as unknown[])
            if (typeof entry !== "string" || entry === "" || /[|\n]/.test(entry))
              throw new Error(
                `lexicon ${lexicon.lang}: ${key} entry ${JSON.stringify(entry)} cannot be packed`,
              );
          return `${key}=${value.join(ENTRY_BREAK)}`;
        })
        .join(ROLE_BREAK),
    )
    .join(LEXICON_BREAK);
}

/** The lexicons `encodeLexicons` wrote; throws on a role it does not know, a missing role or a role given twice. */
export function decodeLexicons(text: string): LanguageLexicon[] {
  if (!EVERY_ROLE) throw new Error("unreachable");
  return text.split(LEXICON_BREAK).map((block) => {
    const lexicon: Record<string, string | string[]> = {};
    for (const line of block.split(ROLE_BREAK)) {
      const cut = line.indexOf("=");
      const key = line.slice(0, cut);
      const value = line.slice(cut + 1);
      if (cut < 0 || key in lexicon || (key !== "lang" && !(ROLES as readonly string[]).includes(key)))
        throw new Error(`packed lexicon: bad line ${JSON.stringify(line.slice(0, 40))}`);
      lexicon[key] = key === "lang" ? value : value === "" ? [] : value.split(ENTRY_BREAK);
    }
    if (typeof lexicon["lang"] !== "string") throw new Error("packed lexicon: no lang");
    for (const role of ROLES)
      if (!(role in lexicon) && !OPTIONAL_ROLES.has(role))
        throw new Error(`packed lexicon ${String(lexicon["lang"])}: no ${role}`);
    return lexicon as unknown as LanguageLexicon;
  });
}

/** `encodeLexicons` compressed for the package (../../../../shared/packed-bytes.ts). */
export function packLexicons(lexicons: readonly LanguageLexicon[]): string {
  return packBytes(Buffer.from(encodeLexicons(lexicons), "utf8"));
}

/** The lexicons `packLexicons` packed. */
export function unpackLexicons(packed: string): LanguageLexicon[] {
  return decodeLexicons(unpackBytes(packed).toString("utf8"));
}
