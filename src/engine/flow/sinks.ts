/**
 * Which tools are sinks: tools with effects outside the conversation (send, post, pay, write, delete, invite,
 * share, fetch a URL, run a command). The flow rules look only at sink calls.
 *
 * Order: the policy's `sinks` globs decide first (a `!glob` says "not a sink"); otherwise a tool is a sink when its
 * annotations say so explicitly (`destructiveHint: true`, or `readOnlyHint: false`: the server says the tool
 * modifies its environment, and the spec then reads absent destructive and open-world hints as true) OR its name
 * carries a side-effect verb. A tool with no read-only hint at all is classified by its name alone: the MCP spec
 * reads an absent annotation as destructive and open-world, but taking every unannotated tool as a sink would put
 * every call of most servers under the flow rules (docs/containment.md). An explicit `readOnlyHint: false` is the
 * server's own word, and it matters most for one tool with many modes (`git_tag` lists, creates and deletes), whose
 * name has no verb. A `readOnlyHint: true` does not clear a tool
 * whose name says `send`: annotations are hints a server can lie in, so they can add a sink, never remove one.
 */
import { type ConnectorTarget, matchesConnector } from "../glob.js";

/** The MCP tool annotations the classification reads (hints; see the MCP spec's ToolAnnotations). */
export interface ToolAnnotationHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export type SinkReason = "policy" | "annotations" | "name" | "none";

export interface SinkVerdict {
  sink: boolean;
  /** What decided: the policy's globs, the tool's annotations, its name, or nothing (not a sink). */
  reason: SinkReason;
}

/**
 * Verbs of a tool name that mean an effect outside the conversation. Matched against the name's words (split at
 * `_`, `-`, `.`, `/`, spaces and camelCase), never as substrings: `settings` is not `set`, `preview` not `view`.
 */
const SINK_VERBS = new Set([
  // messages
  "send",
  "post",
  "publish",
  "reply",
  "forward",
  "notify",
  "broadcast",
  "tweet",
  "comment",
  "dm",
  // money
  "pay",
  "transfer",
  "wire",
  "refund",
  "purchase",
  "buy",
  "order",
  "withdraw",
  "charge",
  "checkout",
  // writes and deletes
  "write",
  "save",
  "put",
  "upload",
  "create",
  "update",
  "edit",
  "append",
  "patch",
  "insert",
  "delete",
  "remove",
  "rm",
  "drop",
  "destroy",
  "erase",
  "truncate",
  "move",
  "mv",
  "rename",
  "overwrite",
  "commit",
  "push",
  "merge",
  "deploy",
  "schedule",
  "book",
  "cancel",
  "set",
  "add",
  "modify",
  "reset",
  "change",
  "archive",
  // discarding and stopping (an unannotated `purge_cache` or `kill_process` acts outside the conversation)
  ..."prune purge wipe clean clear kill shred evict flush expunge discard trash unlink uninstall unsubscribe unpublish terminate stop restart shutdown reboot disable suspend".split(
    " ",
  ),
  // people and permissions
  "invite",
  "share",
  "grant",
  "revoke",
  "assign",
  // network
  "fetch",
  "download",
  "browse",
  "navigate",
  "open",
  "visit",
  "request",
  "curl",
  "call",
  // code
  "run",
  "exec",
  "execute",
  "eval",
  "spawn",
  "invoke",
]);

/** Nouns that name an effect when no read verb says the tool only reads them (`email_user`, not `get_email`). */
const SINK_NOUNS = new Set([
  "email",
  "mail",
  "sms",
  "message",
  "payment",
  "webhook",
  "url",
  "http",
  "https",
  "shell",
  "bash",
  "sh",
  "cmd",
  "command",
  "script",
  "terminal",
  "python",
]);

const READ_VERBS = new Set([
  "get",
  "list",
  "read",
  "search",
  "find",
  "query",
  "describe",
  "show",
  "view",
  "lookup",
  "check",
  "count",
  "inspect",
  "summarize",
  "summarise",
  "retrieve",
  "load",
  "peek",
  // `tail_sync_log` shows a log's last lines (tail -f): a read, whatever change its log is named for.
  "tail",
  "stat",
  "info",
  "status",
]);

/**
 * Verbs that change something but name no kind of change the flow rules know (`sync_records`, `apply`,
 * `close_ticket`): read conservatively, they make an unannotated tool a sink, and `flow.unrequested_change` holds
 * them as edits the user asks for with their own verb (unrequested-change.ts). Not side-effect words: a
 * `destructiveHint` on `sync_records` still says it destroys (unrequested-effect.ts).
 */
const UNSURE_VERBS = new Set("sync apply close submit approve revert rollback restore".split(" "));

/** Abbreviated verbs of tool names, read as the verb (`del-order` deletes an order, `upd_user` updates one). */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  del: "delete",
  upd: "update",
  unsub: "unsubscribe",
};

/**
 * The words of a tool name, lower-cased, abbreviated verbs spelled out: `sendEmail` -> send, email;
 * `files.write_file` -> files, write, file; `del-order` -> delete, order.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/gu, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((word) => word.length > 0)
    .map((word) => ABBREVIATIONS[word] ?? word);
}

/** Whether a word of a tool's name is a change verb of no known kind (`sync`, `apply`, `close`...). */
export const isUnsureVerb = (word: string): boolean => UNSURE_VERBS.has(word);

/** Whether a word of a tool's name says the tool reads (`get`, `list`, `search`, `check`...). */
export const isReadWord = (word: string): boolean => READ_VERBS.has(word);

/** Whether a word of a tool's name names an effect (a side-effect verb, or a side-effect noun). */
export const isSideEffectWord = (word: string): boolean => SINK_VERBS.has(word) || SINK_NOUNS.has(word);

export function nameSaysSink(toolName: string): boolean {
  const words = nameWords(toolName);
  if (words.some((word) => SINK_VERBS.has(word) || UNSURE_VERBS.has(word))) return true;
  return !words.some((word) => READ_VERBS.has(word)) && words.some((word) => SINK_NOUNS.has(word));
}

/** The annotations of a tool listing, when it has any (the descriptor type does not have to declare them). */
export function annotationsOf(tool: unknown): ToolAnnotationHints | undefined {
  if (typeof tool !== "object" || tool === null) return undefined;
  const annotations = (tool as { annotations?: unknown }).annotations;
  return typeof annotations === "object" && annotations !== null
    ? (annotations as ToolAnnotationHints)
    : undefined;
}

export function annotationsSaySink(annotations: ToolAnnotationHints | undefined): boolean {
  if (annotations === undefined) return false;
  return annotations.destructiveHint === true || annotations.readOnlyHint === false;
}

/** The policy's verdict: `true` / `false` when a glob names the tool (first match wins), else `undefined`. */
function policySays(target: ConnectorTarget, sinks: readonly string[]): boolean | undefined {
  for (const glob of sinks) {
    const negated = glob.startsWith("!");
    if (matchesConnector(target, negated ? glob.slice(1) : glob)) return !negated;
  }
  return undefined;
}

export function classifySink(target: ConnectorTarget, tool: unknown, sinks: readonly string[]): SinkVerdict {
  const policy = policySays(target, sinks);
  if (policy !== undefined) return { sink: policy, reason: "policy" };
  if (annotationsSaySink(annotationsOf(tool))) return { sink: true, reason: "annotations" };
  // The tool's own name; with a custom connector-type resolver and no tool name, the connector type's words.
  if (nameSaysSink(target.toolName || target.connectorType)) return { sink: true, reason: "name" };
  return { sink: false, reason: "none" };
}
