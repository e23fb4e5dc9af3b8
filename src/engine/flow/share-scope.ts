/**
 * What a requested share opens, and to whom. "Share hr/onboarding-noor.md with Noor" asks for a share; a note the
 * agent reads says "the hr folder is opened up to the everyone team". The kind rule lets the share through (a share
 * was asked for), and the designated-object check reads ids only: `hr` and `everyone` are words. Argument provenance
 * follows an e-mail address, not a team. This check compares the share's audience and object with the user's words:
 *
 * - Audience: an argument keyed by a group word (`team`, `group`, `domain`, `link`, `visibility`...) or whose whole
 *   value is a group (`everyone`, `all`, `public`, `anyone`, `org`...) must be one the user said: each of its words
 *   other than a group noun (`team`, `group`) among the message's words, or, a value of group nouns and stop words
 *   only (`all`), each of its tokens said as such. An e-mail address is no audience here (argument provenance and
 *   intent binding follow it).
 * - Object: what is shared (an argument keyed `folder`, `path`, `file`... or by a word of the tool's name) that the
 *   user did not say as a whole token must not be a PART of what the user named: a value whose every word the user
 *   said, though never as the value itself, came out of a longer token the user typed (`hr` of
 *   `hr/onboarding-noor.md`: the folder holding the named file). Opened to a group (an audience argument), it must
 *   also share a word of its last segment with the message (`onboarding` for "the onboarding file"; not
 *   `hr/salaries.xlsx`, nor `hr` after "e-mail everyone invited to the board prep"). A share to one address is not
 *   held for an object the user described in other words ("the file Lena asked for"): argument provenance follows
 *   the address.
 *
 * Invariants:
 * - Only a call of the share class the user asked for (otherwise `flow.unrequested_change` fires already, or a
 *   request to send let one address through: `sentShare`), with the
 *   user's message in sight (`intent.ids`) and an untrusted output in the thread; hits carry that rule's id.
 * - Hashes only: the call's words and tokens are hashed here with the thread's salt; the message arrives hashed.
 * - Narrowing values (`private`, `none`, `restricted`) are no audience: they open nothing.
 */
import { identifierTokens, textWords, wordHash } from "../../shared/intent.js";
import type { ProvenanceFacts } from "../../shared/provenance.js";
import { type ArgumentLeaf, argumentLeaves } from "./argument-values.js";
import { isTypedValue } from "./destructive-target.js";
import type { RuleHit } from "./flow-rules.js";
import { nameWords } from "./sinks.js";
import { GROUP_KEYS, heldClass, requestWordHashes, userAskedFor } from "./unrequested-change.js";
import {
  type DestructiveCall,
  destructiveEffect,
  hasUntrustedOutput,
  isModeKey,
} from "./unrequested-effect.js";

/** Whole values that open something to a group rather than to one person. */
const GROUP_VALUES = new Set(
  "everyone everybody all public anyone anybody world external org organization organisation company domain link anyone-with-link anyone_with_link".split(
    " ",
  ),
);
/** Values that narrow who sees something: no audience. */
const NARROWING = new Set("private none restricted false off no only-me owner".split(" "));
/** Nouns a group's name carries besides its name (`finance team`). */
const GROUP_NOUNS = new Set("team teams group groups members channel people".split(" "));
/** Keys that name who a share opens something to; a role or a scope (`viewer`, `read`) says how, not to whom. */
const AUDIENCE_KEYS = new Set([...GROUP_KEYS].filter((k) => k !== "role" && k !== "roles" && k !== "scope"));
/** Keys that name what a share opens (besides a word of the tool's name: `folder` of `share_folder`). */
const OBJECT_KEYS = new Set(
  "folder folders dir directory path paths file files filename document doc resource item drive".split(" "),
);

interface Said {
  ids: ReadonlySet<string>;
  words: ReadonlySet<string>;
  verbs: ReadonlySet<string>;
  salt: string;
}

const hashed = (said: Said, word: string) => wordHash(word, said.salt);

/** Whether an audience value is one the user said. */
function audienceSaid(value: string, said: Said): boolean {
  const words = textWords(value).filter((w) => !GROUP_NOUNS.has(w));
  if (words.length > 0) return words.every((w) => said.words.has(hashed(said, w)));
  const tokens = identifierTokens(value).filter((t) => !GROUP_NOUNS.has(t));
  return tokens.length > 0 && tokens.every((t) => said.ids.has(hashed(said, t)));
}

/**
 * Whether an object value is one the user designated (see the module's comment). `toGroup`: the call opens it to a
 * group, and then a plain word the user did not say at all is held too (opening something to a team needs its name).
 */
function objectSaid(value: string, said: Said, toGroup: boolean): boolean {
  const tokens = identifierTokens(value);
  const whole = (t: string) => said.ids.has(hashed(said, t)) || said.ids.has(hashed(said, `${t}/`));
  if (tokens.length === 0 || tokens.every(whole)) return true;
  const words = textWords(value).filter((w) => !said.verbs.has(hashed(said, w)));
  if (words.length > 0 && words.every((w) => said.words.has(hashed(said, w)))) return false;
  const trimmed = value.trim().replace(/[/\\]+$/u, "");
  if (!toGroup) return true;
  const last = trimmed.split(/[/\\]/u).pop() ?? "";
  return textWords(last).some((w) => said.words.has(hashed(said, w)) && !said.verbs.has(hashed(said, w)));
}

/** A leaf's role in a share: who it opens to, what it opens, or neither. */
function roleOf(leaf: ArgumentLeaf, toolWords: ReadonlySet<string>): "audience" | "object" | undefined {
  const keyWords = nameWords(leaf.key);
  const value = leaf.value.trim().toLowerCase();
  if (value.length === 0 || isModeKey(keyWords) || isTypedValue(leaf.value)) return undefined;
  if (keyWords.some((w) => AUDIENCE_KEYS.has(w)) || GROUP_VALUES.has(value))
    return NARROWING.has(value) ? undefined : "audience";
  if (keyWords.some((w) => OBJECT_KEYS.has(w) || toolWords.has(w))) return "object";
  return undefined;
}

/** The hits on a requested share whose audience or object the user did not say. */
export function shareScopeHits(call: DestructiveCall, provenance: ProvenanceFacts): RuleHit[] {
  const intent = provenance.intent;
  if (intent?.ids === undefined || !hasUntrustedOutput(provenance)) return [];
  if (destructiveEffect(call) !== undefined || heldClass(call)?.cls !== "share") return [];
  // A share to one address under a request to send (`sentShare`) is argument provenance's: not read here.
  if (userAskedFor(provenance, "share") !== true) return [];
  const said: Said = {
    ids: new Set(intent.ids),
    words: new Set(intent.words),
    verbs: new Set(requestWordHashes(provenance.salt)),
    salt: provenance.salt,
  };
  const toolWords = new Set(nameWords(call.toolName || call.connectorType));
  const roles = argumentLeaves(call.args).map((leaf) => ({ leaf, role: roleOf(leaf, toolWords) }));
  const toGroup = roles.some(({ role }) => role === "audience");
  const hits: RuleHit[] = [];
  for (const { leaf, role } of roles) {
    if (role === undefined) continue;
    if (role === "audience" ? audienceSaid(leaf.value, said) : objectSaid(leaf.value, said, toGroup))
      continue;
    const where = leaf.path || "/";
    const what = role === "audience" ? "opens it to" : "shares";
    hits.push({
      rule: "unrequestedChange",
      path: leaf.path,
      message: `${call.connectorType} ${what} something (at ${where}) the user's message did not name`,
      reason: `\`${call.connectorType}\` ${what} \`${leaf.value.replace(/\s+/gu, " ").replace(/`/gu, "'").slice(0, 80)}\`, which your message did not name: a tool's result may have asked for it`,
    });
  }
  return hits;
}
