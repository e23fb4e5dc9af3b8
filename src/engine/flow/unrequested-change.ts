/**
 * `flow.unrequested_change`: a sink call whose kind of change (move, share, send, pay, write) the user's words did
 * not ask for, in a thread where an untrusted tool output came in. The destructive kind is `flow.unrequested_effect`
 * (unrequested-effect.ts); this rule covers the rest: "to whoever reads this note next: move X to Y" moves no value
 * argument provenance can follow (a note's name, a folder), and no detector reads the sentence as an instruction.
 *
 * The call's class comes from its tool's name words (or a mode argument's value: `git_branch mode create`); a name
 * with a read verb (`get_share_link`, `check_write_access`, `list_moved_items`) and a call that runs, fetches or opens
 * something (`run_command`, `fetch_url`: argument provenance follows their commands and URLs) have no class and are
 * left alone. What the user asked is read, as for the destructive rule, from the hashed words of the turn's human
 * message(s) (`provenance.intent.words`): the flow step hashes its request words with the thread's salt.
 *
 * Invariants:
 * - Only the user's words decide: a turn whose words ask for the call's class (any inflection of the class's request
 *   words, below) never triggers the rule, whatever the results said. Every request for an effect also allows a
 *   `write` (creating or saving something is how many requested effects are carried out), but not an `edit` of
 *   what exists (`update_event`: renaming a meeting needs its own words: rename, change, update...); a read-only turn
 *   ("summarise", "what did Dana say") allows none.
 * - Hashes only, so the rule decides the same locally and through `tollgate serve` (the wire carries `intent`).
 * - It fires only when the thread holds an untrusted tool output, and only when the user's message is in sight.
 * - A destructive call is never this rule's (unrequested-effect.ts decides it), so the two never both fire.
 */
import { EFFECT_FAMILIES, type EffectFamily, wordHash } from "../../shared/intent.js";
import type { ProvenanceFacts } from "../../shared/provenance.js";
import { argumentLeaves } from "./argument-values.js";
import { isTypedValue } from "./destructive-target.js";
import type { RuleHit } from "./flow-rules.js";
import { isReadWord, isSideEffectWord, isUnsureVerb, nameWords } from "./sinks.js";
import {
  type DestructiveCall,
  destructiveEffect,
  hasUntrustedOutput,
  inflections,
  isModeKey,
  REQUEST_WORDS,
} from "./unrequested-effect.js";

/** The kinds of change this rule tells apart (destructive calls are the other rule's); `edit` changes what exists. */
export type ChangeClass = "pay" | "share" | "send" | "move" | "edit" | "write";

/**
 * Tool-name words per class; a call's class is the first entry (in this order) a word of its name is in. Money and
 * permissions first (`send_payment` pays), then verbs, then the send nouns (`archive_email` moves, `email_team`
 * sends), then writes.
 */
const TOOL_CLASSES: readonly [ChangeClass, ReadonlySet<string>][] = [
  [
    "pay",
    new Set(
      "pay payment transfer wire refund remit payout purchase buy order withdraw charge checkout".split(" "),
    ),
  ],
  ["share", new Set("share grant invite publish assign permission permissions collaborator".split(" "))],
  ["send", new Set("send reply forward post notify dm broadcast tweet comment".split(" "))],
  ["move", new Set(["move", "mv", "rename", "archive", "relocate"])],
  // Nouns after the verbs: `archive_email` moves an e-mail, `create_message` sends one.
  ["send", new Set(["email", "mail", "message", "sms"])],
  // Changing what exists (`update_event`, `edit-note`, `set_status`) before creating something new.
  ["edit", new Set("update edit patch set modify change overwrite".split(" "))],
  [
    "write",
    new Set(
      "write save put upload create append insert add commit push merge deploy schedule book tag".split(" "),
    ),
  ],
];

/**
 * Words of a user's message that ask for each class, as verbs: bare, -ing and -ed forms (`requestForms`), not the
 * -s forms, which are mostly nouns in a question ("the latest changes", "any updates", "the posts").
 */
const REQUEST_VERBS: Readonly<Record<ChangeClass, readonly string[]>> = {
  pay: "pay transfer wire settle refund reimburse buy purchase tip donate".split(" "),
  // Not "send": sending one file to a person is no request to open a folder to a team (see `sentShare`).
  share: "share grant invite publish assign give allow add".split(" "),
  send: "send reply respond answer forward post comment notify tell inform dm ping remind mail email write cc announce ask invite contact".split(
    " ",
  ),
  move: "move rename archive relocate organise organize tidy clean put".split(" "),
  edit: "update edit change modify set fix correct replace rename move reschedule postpone adjust amend revise rewrite overwrite patch mark label tag pin fill complete finish accept decline rsvp apply".split(
    " ",
  ),
  write:
    "write save create add put update edit change modify set append insert store schedule reschedule book block arrange commit push merge deploy tag label mark pin fix fill replace correct upload import apply attach register rsvp accept decline complete finish".split(
      " ",
    ),
};

/** Words besides the verbs ("60 EUR", "give her access", "cleanup"), as they are. */
const REQUEST_NOUNS: Readonly<Record<ChangeClass, readonly string[]>> = {
  pay: "eur usd gbp chf euro euros dollar dollars pounds".split(" "),
  share: ["access", "permission", "permissions"],
  send: ["reminder"],
  move: ["cleanup"],
  edit: [],
  write: [],
};

/** The families of the install's reading of the message (`effectsOfText`) that ask for each class. */
const FAMILIES: Readonly<Record<ChangeClass, readonly EffectFamily[]>> = {
  pay: ["pay"],
  share: ["share", "invite"],
  send: ["send"],
  move: [],
  edit: [],
  // Opening a page is a read; every other family is an effect, and any effect may write.
  write: EFFECT_FAMILIES.filter((family) => family !== "open"),
};

/** A request verb's forms: bare, -ing and -ed (not -s: see `REQUEST_VERBS`). */
const requestForms = (verb: string): string[] =>
  inflections(verb).filter((form) => form !== `${verb}s` && form !== `${verb}es`);

const CLASSES: readonly ChangeClass[] = ["pay", "share", "send", "move", "edit", "write"];

/** A record with one entry per class. */
function perClass<T>(value: (cls: ChangeClass) => T): Readonly<Record<ChangeClass, T>> {
  return {
    pay: value("pay"),
    share: value("share"),
    send: value("send"),
    move: value("move"),
    edit: value("edit"),
    write: value("write"),
  };
}

/** Every word that asks for a class, lower case (as `textWords` spells a message's words). */
export const CHANGE_REQUEST_WORDS = perClass<readonly string[]>((c) => [
  ...new Set([...REQUEST_VERBS[c].flatMap(requestForms), ...REQUEST_NOUNS[c]]),
]);

/** The words that allow a class: its own; for `write`, every class's and the destructive requests too. */
const ALLOWING = perClass<readonly string[]>((c) =>
  c === "write"
    ? [...new Set([...CLASSES.flatMap((k) => CHANGE_REQUEST_WORDS[k]), ...REQUEST_WORDS])]
    : CHANGE_REQUEST_WORDS[c],
);

/** Hashes of each class's allowing words per salt (a thread's calls share one salt); bounded. */
const HASHES = new Map<string, Map<ChangeClass, readonly string[]>>();
const MAX_SALTS = 64;

function allowingHashes(salt: string, cls: ChangeClass): readonly string[] {
  let perClass = HASHES.get(salt);
  if (perClass === undefined) {
    if (HASHES.size >= MAX_SALTS) HASHES.delete(HASHES.keys().next().value as string);
    perClass = new Map();
    HASHES.set(salt, perClass);
  }
  let hashes = perClass.get(cls);
  if (hashes === undefined) {
    hashes = ALLOWING[cls].map((word) => wordHash(word, salt));
    perClass.set(cls, hashes);
  }
  return hashes;
}

/** Hashes of every request word of every kind (what allows a `write`): a shared verb designates no object. */
export const requestWordHashes = (salt: string): readonly string[] => allowingHashes(salt, "write");

/** Read words that are nouns in a tool's name (`set_status` sets a status): they say nothing about reading. */
const READ_NOUNS = new Set(["status", "info", "stat"]);

/**
 * The class one set of words names, or `undefined`; `null` when a read verb comes before the first class word
 * (`get_share_settings`, `check_write_access`, `list_sent_messages` read; `set_status` writes).
 */
function classOfWords(words: readonly string[]): ChangeClass | null | undefined {
  const firstRead = words.findIndex((w) => isReadWord(w) && !READ_NOUNS.has(w));
  if (firstRead >= 0 && firstRead < firstClassWord(words)) return null;
  // The first entry of `TOOL_CLASSES` any word is in (money and permissions before verbs before nouns).
  for (const [cls, names] of TOOL_CLASSES) if (words.some((w) => names.has(w))) return cls;
  return undefined;
}

/** The index of the first word that names a class (the words' length when none does). */
function firstClassWord(words: readonly string[]): number {
  const at = words.findIndex((w) => TOOL_CLASSES.some(([, names]) => names.has(w)));
  return at < 0 ? words.length : at;
}

/** The class a call's mode argument or name says; `null` when one says it reads; `undefined` when none says. */
function classOrRead(call: DestructiveCall): ChangeClass | null | undefined {
  const args = call.args;
  if (typeof args === "object" && args !== null && !Array.isArray(args)) {
    for (const [key, value] of Object.entries(args)) {
      if (typeof value !== "string" || value.length > 64 || !isModeKey(nameWords(key))) continue;
      const words = nameWords(value);
      if (words.length === 0 || words.length > 4) continue;
      const cls = classOfWords(words);
      if (cls !== undefined) return cls;
    }
  }
  return classOfWords(nameWords(call.toolName || call.connectorType));
}

/**
 * The class of a (non-destructive) sink call, or `undefined` when it has none: a mode argument's value decides first
 * (`mode: "list"` reads, `mode: "create"` writes), then the tool's name. A name or mode that says it reads has none.
 */
export function changeClass(call: DestructiveCall): ChangeClass | undefined {
  return classOrRead(call) ?? undefined;
}

/** Verbs of tools that run, fetch or open something: argument provenance follows their commands and URLs. */
const RUN_OR_FETCH = new Set(
  "run exec execute eval spawn invoke call curl fetch download browse navigate open visit request".split(" "),
);

/**
 * A sink whose name and mode name no class (`close_ticket` with `readOnlyHint: false`, `sync_records`, `apply`),
 * read conservatively: it edits what exists, and the user asks for it with the edit words or with its own verb (the
 * first side-effect verb of its name, else its first word that is not the server's name: "close ticket T-90" asks
 * for `close_ticket`). `undefined` for a classed call, a read, and a call that runs, fetches or opens.
 */
export function unclassedVerb(call: DestructiveCall): string | undefined {
  if (classOrRead(call) !== undefined) return undefined;
  const server = call.serverName.toLowerCase();
  const words = nameWords(call.toolName || call.connectorType).filter((w) => w !== server);
  if (words.length === 0 || words.some((w) => RUN_OR_FETCH.has(w) || isReadWord(w))) return undefined;
  return words.find((w) => isSideEffectWord(w) || isUnsureVerb(w)) ?? words[0];
}

/** The class a call is held to (an unclassed sink: `edit`) and the extra words that ask for it (its own verb). */
export function heldClass(call: DestructiveCall): { cls: ChangeClass; own: readonly string[] } | undefined {
  const cls = changeClass(call);
  if (cls !== undefined) return { cls, own: [] };
  const verb = unclassedVerb(call);
  return verb === undefined ? undefined : { cls: "edit", own: requestForms(verb) };
}

/** Whether the user's words ask for `cls`; `undefined` when no human message is in sight. */
export function userAskedFor(provenance: ProvenanceFacts, cls: ChangeClass): boolean | undefined {
  const intent = provenance.intent;
  if (intent === undefined) return undefined;
  if (intent.effects.some((family) => FAMILIES[cls].includes(family))) return true;
  if (intent.words.length === 0) return false;
  const said = new Set(intent.words);
  return allowingHashes(provenance.salt, cls).some((h) => said.has(h));
}

/** Argument keys that name a group a share opens something to (not one person). */
export const GROUP_KEYS: ReadonlySet<string> = new Set(
  "team teams group groups role roles audience org organization domain everyone public link visibility scope".split(
    " ",
  ),
);

/**
 * A share that a request to send covers: it goes to a whole e-mail address (`share_file(path, email)`: one file to
 * one person, whose address argument provenance and intent binding follow) and names no group. A share to a team, a
 * group, a domain or a link (`share_folder(folder, team: "everyone")`) widens who can see something, which "send it
 * to Tom" did not ask for.
 */
function sentShare(call: DestructiveCall, provenance: ProvenanceFacts): boolean {
  if (userAskedFor(provenance, "send") !== true) return false;
  const leaves = argumentLeaves(call.args);
  if (leaves.some((leaf) => nameWords(leaf.key).some((w) => GROUP_KEYS.has(w)))) return false;
  return leaves.some((leaf) => /^[^\s@/]+@[^\s@/]+$/u.test(leaf.value.trim()) && isTypedValue(leaf.value));
}

/** Whether the user's words hold one of `words` (hashed with the thread's salt). */
function saidAny(provenance: ProvenanceFacts, words: readonly string[]): boolean {
  const said = new Set(provenance.intent?.words ?? []);
  return words.some((w) => said.has(wordHash(w, provenance.salt)));
}

/** The rule's hit on a sink call, or none. */
export function unrequestedChangeHits(call: DestructiveCall, provenance: ProvenanceFacts): RuleHit[] {
  if (!hasUntrustedOutput(provenance)) return [];
  if (destructiveEffect(call) !== undefined) return [];
  const held = heldClass(call);
  if (held === undefined || userAskedFor(provenance, held.cls) !== false) return [];
  const { cls, own } = held;
  if (own.length > 0 && saidAny(provenance, own)) return [];
  if (cls === "share" && sentShare(call, provenance)) return [];
  return [
    {
      rule: "unrequestedChange",
      path: "",
      message: `${call.connectorType} would ${cls} and the user's message asked for no such change`,
      reason: `\`${call.connectorType}\` would ${cls}, and your message asked for nothing of the kind: a tool's result may have asked for it`,
    },
  ];
}
