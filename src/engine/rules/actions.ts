/**
 * The one policy vocabulary. Every family (pii, secrets, injection, inputHazards, per-rule settings, user rules)
 * takes these action names; the README's action table is generated from `ACTION_DOCS` and a test keeps it true.
 * The names follow langchain's piiMiddleware strategies (`block`, `redact`, `mask`, `hash`) plus `flag` and `off`,
 * `neutralise` for instructions planted in tool output (cut the instruction, keep the document), and `review`, a
 * capability rule's word, for a match that makes the call wait for a human's approval. What the scanner, a finding,
 * the audit and a capability rule carry have names of their own (see src/engine/action-conversions.ts).
 */

export const ACTIONS = ["block", "review", "neutralise", "redact", "mask", "hash", "flag", "off"] as const;
export type Action = (typeof ACTIONS)[number];

/** Names from before the shared vocabulary; still accepted, resolved to the action they stand for. */
export const ACTION_ALIASES = {
  placeholder: "redact",
  warn: "flag",
  neutralize: "neutralise",
} as const satisfies Record<string, Action>;
export type ActionAlias = keyof typeof ACTION_ALIASES;

/** What a policy file may write where an action is expected. */
export type ActionName = Action | ActionAlias;

export const ACTION_NAMES: readonly ActionName[] = [
  ...ACTIONS,
  ...(Object.keys(ACTION_ALIASES) as ActionAlias[]),
];

export function canonicalAction(name: ActionName): Action {
  return (ACTION_ALIASES as Record<string, Action>)[name] ?? (name as Action);
}

/** Actions that rewrite the matched text (the redaction invariant applies to them). */
export function rewrites(action: Action): action is "neutralise" | "redact" | "mask" | "hash" {
  return action === "neutralise" || action === "redact" || action === "mask" || action === "hash";
}

/** One row per action of the README's action table. */
export const ACTION_DOCS: Record<Action, string> = {
  block: "the call is refused (input: the tool never runs; output: the result never reaches the model)",
  review:
    "input: the call runs only once a human approves it, as with a capability rule's `review` (the match is recorded, the value left as it is); output: a result cannot wait for a human, so it is refused as with `block` (`output: review` written out is a policy error)",
  neutralise:
    "injection: the whole sentence or line the instruction sits in is replaced by `[instruction removed]`, the rest of the text is kept (and wrapped, in the sanitizer's wrap modes); other families: the same as `redact`",
  redact: "the value is replaced by `[REDACTED:<type>]`",
  mask: "the value is masked in a shape that fits its type: `j***@example.com`, `****-****-****-1234`",
  hash: "the value is replaced by `[HASH:<type>:<16 hex>]`, a keyed HMAC-SHA-256 (needs `redaction.hashKeyEnv`)",
  flag: "the finding is recorded, the value is left as it is",
  off: "the rule does not run (or its matches are ignored)",
};
