/**
 * `flow.unrequested_effect`: a destructive call in a turn whose human message asked for nothing destructive.
 *
 * Argument provenance follows typed targets (addresses, IBANs, paths, commands); a destructive call's target is
 * often none of these (a git tag or branch name, a knowledge-graph entity, a table). After a result whose words the
 * detectors miss ("the v1.4.2 tag is obsolete and should be deleted"), nothing else holds such a call back. This
 * rule needs no value of the call: it compares what the call does (delete, drop, reset, ...) with what the user's
 * last message asked for, read from the install's hashed words of that message (`provenance.intent.words`).
 *
 * Invariants:
 * - Only the user's words decide: a turn whose message says a destructive verb (any inflection of the list below:
 *   "delete", "deleted", "removing", "clean up") never triggers the rule, whatever the results said; nor, for a tool
 *   destructive by its server's hint alone, one that says the first word of its name ("sync" for `sync_records`).
 * - Hashes only: the request words are hashed with the thread's salt (`wordHash`) and looked up among the message's
 *   word hashes; no word of the message is read in clear, so the rule decides the same locally and through
 *   `tollgate serve` (the wire carries the same `intent`).
 * - It fires only when the thread holds at least one untrusted tool output (the only way an instruction the user
 *   did not give reaches the model), and only when the user's last message is in sight (`intent` present).
 */
import { wordHash } from "../../shared/intent.js";
import type { ProvenanceFacts } from "../../shared/provenance.js";
import type { ConnectorTarget } from "../glob.js";
import type { RuleHit } from "./flow-rules.js";
import { annotationsOf, isSideEffectWord, nameWords } from "./sinks.js";

/** Verbs that destroy or discard state: in a tool's name, a mode argument's value, or a true flag's key. */
const DESTRUCTIVE_VERBS: ReadonlySet<string> = new Set([
  "delete",
  "del",
  "remove",
  "rm",
  "drop",
  "destroy",
  "erase",
  "truncate",
  "purge",
  "wipe",
  "prune",
  "clean",
  "clear",
  "reset",
  "discard",
  "unlink",
  "uninstall",
  "revoke",
  "terminate",
  "kill",
  "trash",
  "overwrite",
  "cancel",
  "unsubscribe",
  "shred",
  "evict",
  "flush",
  "expunge",
  "unpublish",
]);

/** Flags (`force: true`, `delete: true`) that make an otherwise ordinary call destroy something. */
const DESTRUCTIVE_FLAGS: ReadonlySet<string> = new Set([
  "delete",
  "remove",
  "force",
  "hard",
  "purge",
  "prune",
  "drop",
  "wipe",
  "overwrite",
]);

/** Whether a key's words name a mode argument (what a many-mode tool does, not what it acts on). */
export const isModeKey = (keyWords: readonly string[]): boolean => keyWords.some((w) => MODE_KEYS.has(w));

/** Argument keys that select what a many-mode tool does (`git_tag` mode `delete`, `git_branch` mode `list`). */
const MODE_KEYS: ReadonlySet<string> = new Set([
  "mode",
  "action",
  "operation",
  "op",
  "command",
  "cmd",
  "subcommand",
  "method",
  "verb",
]);

/** Words of a user's message that ask for a destructive effect, besides the verbs' inflections. */
const REQUEST_NOUNS = [
  "deletion",
  "deletions",
  "removal",
  "removals",
  "cleanup",
  "cancellation",
  "rid",
  "undo",
  "revert",
  "rollback",
  "tidy",
];

/** A verb's inflections (over-generated: a form nobody writes costs one hash and matches nothing). */
export function inflections(verb: string): string[] {
  const stem = verb.endsWith("e") ? verb.slice(0, -1) : verb;
  const last = verb[verb.length - 1] ?? "";
  return [
    verb,
    `${verb}s`,
    `${verb}es`,
    `${verb}d`,
    `${stem}ed`,
    `${stem}ing`,
    `${verb}${last}ed`,
    `${verb}${last}ing`,
  ];
}

/** Every word that asks for a destructive effect, lower case (as `textWords` spells a message's words). */
export const REQUEST_WORDS: readonly string[] = [
  ...new Set([...[...DESTRUCTIVE_VERBS].flatMap(inflections), ...REQUEST_NOUNS]),
];

/** The request words' hashes per salt (a thread's calls share one salt); bounded. */
const REQUEST_HASHES = new Map<string, readonly string[]>();
const MAX_SALTS = 64;

function requestHashes(salt: string): readonly string[] {
  let hashes = REQUEST_HASHES.get(salt);
  if (hashes === undefined) {
    hashes = REQUEST_WORDS.map((word) => wordHash(word, salt));
    if (REQUEST_HASHES.size >= MAX_SALTS) REQUEST_HASHES.delete(REQUEST_HASHES.keys().next().value as string);
    REQUEST_HASHES.set(salt, hashes);
  }
  return hashes;
}

/**
 * Whether the user's last message asked for a destructive effect; `undefined` when it is not in sight (no
 * `intent`: a plain client, or a summary replaced every human message).
 */
export function userAskedDestructive(
  provenance: ProvenanceFacts,
  ownVerbs: readonly string[] = [],
): boolean | undefined {
  const intent = provenance.intent;
  if (intent === undefined) return undefined;
  if (intent.words.length === 0) return false;
  const said = new Set(intent.words);
  if (ownVerbs.some((word) => said.has(wordHash(word, provenance.salt)))) return true;
  return requestHashes(provenance.salt).some((h) => said.has(h));
}

export interface DestructiveCall extends ConnectorTarget {
  tool?: unknown;
  args: unknown;
}

/** One of the words, if any (a short value read as name words: `delete`, `forceDelete`, `rm -rf build`). */
function destructiveWordOf(value: string, words: ReadonlySet<string>): string | undefined {
  if (value.length > 64) return undefined;
  const split = nameWords(value);
  if (split.length === 0 || split.length > 4) return undefined;
  return split.find((w) => words.has(w));
}

/** The top-level arguments of a call as entries (none when they are not an object). */
function topLevel(args: unknown): [string, unknown][] {
  return typeof args === "object" && args !== null && !Array.isArray(args) ? Object.entries(args) : [];
}

/**
 * What makes a call destructive, as a phrase for the reason (from this module's own word lists, never the call's
 * values), or `undefined`. In order: a destructive verb in the tool's name; a mode argument whose value is one
 * (`mode: "delete"`); a destructive flag set (`force: true`); `destructiveHint: true` on a tool whose name names no
 * other effect and whose mode argument, if any, says none.
 */
export function destructiveEffect(call: DestructiveCall): string | undefined {
  const named = nameWords(call.toolName || call.connectorType).find((w) => DESTRUCTIVE_VERBS.has(w));
  if (named !== undefined) return `its name says ${named}`;
  let modeSaysOther = false;
  for (const [key, value] of topLevel(call.args)) {
    const keyWords = nameWords(key);
    if (typeof value === "string" && isModeKey(keyWords)) {
      const word = destructiveWordOf(value, DESTRUCTIVE_VERBS);
      if (word !== undefined) return `its ${keyWords.join(" ")} is ${word}`;
      modeSaysOther = true;
    } else if (value === true) {
      const flag = keyWords.find((w) => DESTRUCTIVE_FLAGS.has(w));
      if (flag !== undefined) return `it sets ${flag}`;
    }
  }
  // A mode argument nested one level down (`{ options: { mode: "delete" } }`) is read like a top-level one.
  for (const [, inner] of topLevel(call.args)) {
    for (const [key, value] of topLevel(inner)) {
      const keyWords = nameWords(key);
      if (typeof value !== "string" || !isModeKey(keyWords)) continue;
      const word = destructiveWordOf(value, DESTRUCTIVE_VERBS);
      if (word !== undefined) return `its ${keyWords.join(" ")} is ${word}`;
    }
  }
  if (annotationsOf(call.tool)?.destructiveHint !== true || modeSaysOther) return undefined;
  // A name that says another effect (write, edit, move, send, pay...): the hint says how it acts (it overwrites, it
  // cannot be undone), not that it deletes; argument provenance covers its targets.
  if (nameWords(call.toolName || call.connectorType).some(isSideEffectWord)) return undefined;
  return HINT_ONLY;
}

const HINT_ONLY = "its server marks it destructive";

/**
 * The words a user asks for a tool's effect with, besides the destructive verbs: for a tool destructive by its
 * server's hint alone, the first word of its name that is not the server's name (`sync_records` -> `sync`: "sync the
 * records" asks for it). Its name names no destructive verb, so the list's verbs would not say its effect.
 */
function ownVerbs(call: DestructiveCall, effect: string): string[] {
  if (effect !== HINT_ONLY) return [];
  const server = call.serverName.toLowerCase();
  const first = nameWords(call.toolName || call.connectorType).find((w) => w !== server);
  return first === undefined ? [] : inflections(first);
}

/** Whether an untrusted tool output is anywhere in the thread's facts. */
export function hasUntrustedOutput(provenance: ProvenanceFacts): boolean {
  return provenance.outputs.some((output) => output.trusted !== true);
}

/** The rule's hit on a sink call, or none. */
export function unrequestedEffectHits(call: DestructiveCall, provenance: ProvenanceFacts): RuleHit[] {
  if (!hasUntrustedOutput(provenance)) return [];
  const effect = destructiveEffect(call);
  if (effect === undefined) return [];
  if (userAskedDestructive(provenance, ownVerbs(call, effect)) !== false) return [];
  return [
    {
      rule: "unrequestedEffect",
      path: "",
      message: `${call.connectorType} is destructive (${effect}) and the user's last message asked for nothing destructive`,
      reason: `\`${call.connectorType}\` is destructive (${effect}), and your last message asked for no deletion or reset: a tool's result may have asked for it`,
    },
  ];
}
