/**
 * The install's side of containment (issue 17, src/shared/provenance.ts): what the user said in this thread and
 * what its tools returned, read from the graph's state where the call runs, and sent with every input check.
 *
 * Where the facts live (so they ride with the thread, wherever the user's checkpointer keeps it):
 * - each tool result's facts (hashes only) on its ToolMessage `artifact`, as one `{ type: "tollgate_provenance" }`
 *   entry, with the thread's salt (the raw salt; requests carry `deriveThreadSalt(salt, provenanceKey)`);
 * - with `createTollgateMiddleware`, also a state key (`tollgateProvenance`) that keeps the facts of results and
 *   human messages that a summary has since replaced;
 * - with no graph state (a client called outside LangGraph, or a subgraph without `messages`), a bounded record
 *   kept in this process per `thread_id` (per parent run without one).
 *
 * Invariants:
 * - A summary (`summarizationMiddleware`: a human-role message with `additional_kwargs.lc_source: "summarization"`)
 *   is never read as something the user said.
 * - One salt per thread: the state key's, else the first artifact's, else this process's record for the thread
 *   (created once, so calls made in parallel before any result is stored agree).
 * - No clear value is stored: only keyed hashes and the salt.
 */
import { getConfig, getCurrentTaskInput } from "@langchain/langgraph";
import { isComputedOutputFacts } from "../engine/flow/output-facts.js";
import type { CallProvenance } from "../interceptor/types.js";
import { type HandleEntry, type HandleSealing, isHandleEntry } from "../shared/handles.js";
import {
  confirmedTurnIntent,
  isConfirmation,
  MAX_CONFIRMED_MESSAGES,
  requestInSight,
  type TurnIntent,
  turnIntent,
} from "../shared/intent.js";
import {
  deriveThreadSalt,
  extractValueFacts,
  hashValue,
  isToolOutputFacts,
  MAX_PROVENANCE_OUTPUTS,
  MAX_USER_VALUES,
  newProvenanceSalt,
  type ProvenanceFacts,
  type ToolOutputFacts,
  type ValueFact,
} from "../shared/provenance.js";
import { Bounded, ThreadHandles } from "./thread-handles.js";

/** The artifact entry a guarded tool adds to its ToolMessage. */
export const PROVENANCE_ARTIFACT = "tollgate_provenance";
/** The middleware's state key. */
export const PROVENANCE_STATE_KEY = "tollgateProvenance";

export interface ProvenanceArtifact {
  type: typeof PROVENANCE_ARTIFACT;
  /** The thread's stored salt (not the derived one): what later calls hash with. */
  salt: string;
  facts: ToolOutputFacts;
  /** Handles this result introduced (docs/handles.md): sealed, or without the value, unless stored in clear. */
  handles?: HandleEntry[];
}

/** What the middleware keeps in the thread state (survives a summary that removes the messages). */
export interface ProvenanceState {
  salt: string;
  /** Hashes of what the user said, including messages a summary has replaced (derived salt). */
  user: ValueFact[];
  /** Facts of tool results, oldest first, including those a summary has replaced. */
  outputs: ToolOutputFacts[];
  /** The thread's handles, including those of results a summary has replaced. */
  handles?: HandleEntry[];
}

export interface ThreadProvenanceOptions {
  /** Secret key: hashes in a checkpoint then resist a brute force of known values by whoever reads it. */
  key?: string;
  /** Threads (or runs) the no-graph fallback keeps; the oldest is dropped beyond it. Default 1000. */
  maxThreads?: number;
  /** Handles on (docs/handles.md), and how their values are kept at rest. Absent: handles off. */
  handles?: HandleSealing;
}

interface MessageLike {
  id?: string;
  content?: unknown;
  additional_kwargs?: Record<string, unknown>;
  tool_call_id?: string;
  artifact?: unknown;
  _getType?: () => string;
  getType?: () => string;
  type?: string;
}

function roleOf(message: MessageLike): string | undefined {
  if (typeof message.getType === "function") return message.getType();
  if (typeof message._getType === "function") return message._getType();
  return typeof message.type === "string" ? message.type : undefined;
}

/** A `summarizationMiddleware` summary: human-role, but not something the user said. */
export function isSummaryMessage(message: MessageLike): boolean {
  return message.additional_kwargs?.lc_source === "summarization";
}

function isUserMessage(message: MessageLike): boolean {
  return roleOf(message) === "human" && !isSummaryMessage(message);
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const part of content) {
    const p = part as { type?: unknown; text?: unknown };
    if (p && p.type === "text" && typeof p.text === "string") parts.push(p.text);
  }
  return parts.join("\n");
}

/**
 * Output facts objects already found well formed. Every call of a thread reads every artifact of its history, and a
 * result's facts hold up to 512 values: each object is checked once. An artifact read back from a checkpoint is a new
 * object, checked again; no code of this package changes facts after they are made. Facts the local engine made in
 * this process are well formed by construction and not read here (their values are computed when first read: see
 * `computeOutputFacts`).
 */
const wellFormed = new WeakSet<object>();

function isWellFormedFacts(facts: unknown): facts is ToolOutputFacts {
  if (typeof facts !== "object" || facts === null) return false;
  if (wellFormed.has(facts) || isComputedOutputFacts(facts)) return true;
  if (!isToolOutputFacts(facts)) return false;
  wellFormed.add(facts);
  return true;
}

/** The tollgate entry of a ToolMessage's artifact, when it has one. */
export function provenanceArtifactOf(artifact: unknown): ProvenanceArtifact | undefined {
  if (!Array.isArray(artifact)) return undefined;
  for (const entry of artifact) {
    const e = entry as Partial<ProvenanceArtifact> | null;
    if (e?.type === PROVENANCE_ARTIFACT && typeof e.salt === "string" && isWellFormedFacts(e.facts))
      return e as ProvenanceArtifact;
  }
  return undefined;
}

/** Adds the tollgate entry to an adapter artifact (an array of entries, or nothing). */
export function withProvenanceArtifact(artifact: unknown, entry: ProvenanceArtifact): unknown {
  if (Array.isArray(artifact)) return [...artifact, entry];
  return artifact === undefined || artifact === null ? [entry] : artifact;
}

export function isProvenanceState(value: unknown): value is ProvenanceState {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<ProvenanceState>;
  return typeof v.salt === "string" && Array.isArray(v.user) && Array.isArray(v.outputs);
}

/** The handle entries a thread's state holds: the state key's, then its results' artifacts (same salt). */
export function handleEntriesOf(
  messages: readonly MessageLike[],
  stored: ProvenanceState | undefined,
  salt: string,
): HandleEntry[] {
  const entries: HandleEntry[] = Array.isArray(stored?.handles) ? stored.handles.filter(isHandleEntry) : [];
  for (const message of messages) {
    const entry = roleOf(message) === "tool" ? provenanceArtifactOf(message.artifact) : undefined;
    if (entry?.salt === salt && Array.isArray(entry.handles))
      entries.push(...entry.handles.filter(isHandleEntry));
  }
  return entries;
}

/** The graph state where this code runs, or undefined outside a graph (or a state without `messages`). */
export function currentGraphState(): { messages: MessageLike[]; stored?: ProvenanceState } | undefined {
  let input: unknown;
  try {
    input = getCurrentTaskInput();
  } catch {
    return undefined;
  }
  if (typeof input !== "object" || input === null) return undefined;
  const state = input as { messages?: unknown; [PROVENANCE_STATE_KEY]?: unknown };
  if (!Array.isArray(state.messages)) return undefined;
  const stored = state[PROVENANCE_STATE_KEY];
  return { messages: state.messages as MessageLike[], ...(isProvenanceState(stored) ? { stored } : {}) };
}

/** The thread (or run) a call belongs to, from its config or the current LangGraph config. */
export function threadKeyOf(config: unknown, parentRunId?: string): string | undefined {
  let source = config;
  if (source === undefined) {
    try {
      source = getConfig();
    } catch {
      source = undefined;
    }
  }
  const configurable = (source as { configurable?: { thread_id?: unknown } } | undefined)?.configurable;
  const thread = configurable?.thread_id;
  if (typeof thread === "string" || typeof thread === "number") return `thread:${thread}`;
  return parentRunId ? `run:${parentRunId}` : undefined;
}

/**
 * Hashes of human messages, by derived salt and text, shared by every instance in the process: the install's and
 * the middleware's read the same history (the install at each call, the middleware at each tool step). A value is a
 * pure function of its key (the derived salt carries the install's key), so sharing changes no hash.
 */
const USER_FACTS = new Bounded<ValueFact[]>(4096);
/** The hashed intent of a human message, by derived salt and text (shared like USER_FACTS). */
const INTENTS = new Bounded<TurnIntent>(1024);

/**
 * Sets `facts.intent` as an enumerable property computed when first read: only intent binding (a policy option, off
 * by default) reads it, and a request sent on (JSON, a structured clone) reads it like any property. Once read it is
 * a plain data property with the value `intentOf` gave.
 */
function lazyIntent(facts: ProvenanceFacts, intentOf: () => TurnIntent): void {
  Object.defineProperty(facts, "intent", {
    enumerable: true,
    configurable: true,
    get() {
      const intent = intentOf();
      Object.defineProperty(facts, "intent", {
        value: intent,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return intent;
    },
    set(value: TurnIntent | undefined) {
      Object.defineProperty(facts, "intent", { value, enumerable: true, writable: true, configurable: true });
    },
  });
}

/**
 * The provenance of one install's threads. `forCall` gives the facts a call's input check needs and a place for
 * its output's facts; `artifactFor` what the guarded tool puts on its ToolMessage.
 */
export class ThreadProvenance {
  readonly #key: string | undefined;
  /** Salts of threads this process has seen, so parallel first calls agree. */
  readonly #salts: Bounded<string>;
  /** The no-graph fallback: facts per thread (or run). */
  readonly #records: Bounded<ProvenanceFacts>;
  /** The threads' handles, when they are on. */
  readonly #handles: ThreadHandles | undefined;

  constructor(options: ThreadProvenanceOptions = {}) {
    this.#key = options.key;
    const max = options.maxThreads ?? 1000;
    this.#salts = new Bounded(max);
    this.#records = new Bounded(max);
    this.#handles = options.handles ? new ThreadHandles(options.handles, max) : undefined;
  }

  /** Adds the thread's handles to a call, when handles are on; what the call adds goes on its artifact. */
  #withHandles(
    call: CallProvenance & { stored?: ProvenanceArtifact; added?: HandleEntry[] },
    salt: string,
    entries: readonly HandleEntry[],
  ): void {
    if (!this.#handles) return;
    const handles = this.#handles.forCall(salt, call.facts.salt, entries);
    call.handles = handles;
    call.added = handles.added;
  }

  /** The facts for a call at `threadKey`, from the graph state when there is one, else the fallback record. */
  forCall(threadKey: string | undefined): CallProvenance {
    const state = currentGraphState();
    if (state) return this.#fromState(state, threadKey);
    return this.#fromRecord(threadKey);
  }

  /** The salt of a thread: the state key's, the first artifact's, the process record's, or a new one. */
  #saltOf(messages: readonly MessageLike[], stored: ProvenanceState | undefined, threadKey?: string): string {
    if (stored) return stored.salt;
    for (const message of messages) {
      const entry = provenanceArtifactOf(message.artifact);
      if (entry) return entry.salt;
    }
    // No thread id (a graph without a checkpointer): the first message's id is the run's, stable across the
    // parallel calls of a step (each a task of its own) and kept by a summary. The salt is not a secret.
    const first = messages[0]?.id;
    if (threadKey === undefined && typeof first === "string" && first !== "")
      return hashValue(first, "tollgate.run-salt");
    return this.#processSalt(threadKey);
  }

  #processSalt(threadKey: string | undefined): string {
    if (threadKey === undefined) return newProvenanceSalt();
    let salt = this.#salts.get(threadKey);
    if (!salt) {
      salt = newProvenanceSalt();
      this.#salts.set(threadKey, salt);
    }
    return salt;
  }

  /** Hashes of one human message (cached: the history is read again at every call). */
  userFacts(text: string, derived: string): ValueFact[] {
    const cacheKey = `${derived}\u0000${text}`;
    let facts = USER_FACTS.get(cacheKey);
    if (!facts) {
      // `key` is already in the derived salt (deriveThreadSalt): user hashes are made like the engine's.
      facts = extractValueFacts(text, derived, { side: "user" });
      USER_FACTS.set(cacheKey, facts);
    }
    return facts;
  }

  /**
   * The hashed intent of the user's turn from the last human messages (oldest first): the last one's, and those it
   * confirms (`confirmedTurnIntent`). Cached like the messages' values.
   */
  intentOf(said: readonly string[], derived: string): TurnIntent {
    const last = said[said.length - 1] ?? "";
    // The earlier messages count only when the last one confirms, so only then are they part of the key.
    const chain = isConfirmation(last) ? said : [last];
    const cacheKey = `${derived}\u0000${chain.join("\u0000")}`;
    let intent = INTENTS.get(cacheKey);
    if (!intent) {
      // `factsOf` asks only when the request is in sight (`requestInSight`), so the chain has an intent.
      intent = confirmedTurnIntent(chain, derived) ?? turnIntent(last, derived);
      INTENTS.set(cacheKey, intent);
    }
    return intent;
  }

  /**
   * Builds the facts of a thread from its messages (and the middleware's state key, when present). `withIntent`
   * false: no `intent` (the state key keeps none, so the middleware's fold does not hash it).
   */
  factsOf(
    messages: readonly MessageLike[],
    stored: ProvenanceState | undefined,
    threadKey?: string,
    salt = this.#saltOf(messages, stored, threadKey),
    withIntent = true,
  ) {
    const derived = deriveThreadSalt(salt, this.#key);
    const user = new Map<string, ValueFact>();
    for (const fact of stored?.user ?? []) user.set(fact.h, fact);
    const inMessages = new Set<string>();
    const fromMessages: ToolOutputFacts[] = [];
    let turnStart = -1;
    // The human messages in sight, oldest first (the turn's intent reads the last, and those it confirms).
    const said: string[] = [];
    for (const message of messages) {
      if (isUserMessage(message)) {
        const text = textOf(message.content);
        said.push(text);
        for (const fact of this.userFacts(text, derived)) user.set(fact.h, fact);
        turnStart = fromMessages.length;
        continue;
      }
      const entry = roleOf(message) === "tool" ? provenanceArtifactOf(message.artifact) : undefined;
      if (!entry || entry.salt !== salt) continue;
      fromMessages.push(entry.facts);
      if (entry.facts.toolCallId) inMessages.add(entry.facts.toolCallId);
    }
    // Results a summary replaced come first (they are older than any message still in the history).
    const older = (stored?.outputs ?? []).filter((o) => !o.toolCallId || !inMessages.has(o.toolCallId));
    let outputs = [...older, ...fromMessages];
    // No human message in sight (a summary replaced it): every output counts as this turn's (the cautious side).
    let start = turnStart < 0 ? 0 : older.length + turnStart;
    if (outputs.length > MAX_PROVENANCE_OUTPUTS) {
      const drop = outputs.length - MAX_PROVENANCE_OUTPUTS;
      outputs = outputs.slice(drop);
      start = Math.max(0, start - drop);
    }
    const facts: ProvenanceFacts = {
      v: 1,
      salt: derived,
      user: [...user.values()].slice(-MAX_USER_VALUES),
      outputs,
      turnStart: start,
    };
    // The user's intent is the last human message's, when one is in sight (a summary's text never counts).
    const window = said.slice(-2 - MAX_CONFIRMED_MESSAGES);
    if (withIntent && requestInSight(window)) lazyIntent(facts, () => this.intentOf(window, derived));
    return { salt, facts };
  }

  #fromState(
    state: { messages: MessageLike[]; stored?: ProvenanceState },
    threadKey?: string,
  ): CallProvenance {
    const { salt, facts } = this.factsOf(state.messages, state.stored, threadKey);
    // Parallel calls of this step, and the next call before the checkpoint is read again, use the same salt.
    if (threadKey !== undefined && this.#salts.get(threadKey) !== salt) this.#salts.set(threadKey, salt);
    const call: CallProvenance & { stored?: ProvenanceArtifact } = {
      facts,
      record: (output) => {
        call.stored = { type: PROVENANCE_ARTIFACT, salt, facts: output };
      },
    };
    // The history's handle entries are read only when handles are on.
    if (this.#handles) this.#withHandles(call, salt, handleEntriesOf(state.messages, state.stored, salt));
    return call;
  }

  /** No graph state: the bounded record of this thread (or run); a call with neither sees only itself. */
  #fromRecord(threadKey: string | undefined): CallProvenance {
    const salt = this.#processSalt(threadKey);
    const derived = deriveThreadSalt(salt, this.#key);
    const facts: ProvenanceFacts = (threadKey !== undefined ? this.#records.get(threadKey) : undefined) ?? {
      v: 1,
      salt: derived,
      user: [],
      outputs: [],
      turnStart: 0,
    };
    const call: CallProvenance & { stored?: ProvenanceArtifact } = {
      facts,
      record: (output) => {
        call.stored = { type: PROVENANCE_ARTIFACT, salt, facts: output };
        if (threadKey === undefined) return;
        const current = this.#records.get(threadKey) ?? facts;
        const outputs = [...current.outputs, output].slice(-MAX_PROVENANCE_OUTPUTS);
        this.#records.set(threadKey, { ...current, outputs });
      },
    };
    // No graph state: the thread's handles live in this process's table for the thread (by its salt).
    this.#withHandles(call, salt, []);
    return call;
  }

  /** What a guarded tool adds to its ToolMessage's artifact after the call (undefined: nothing was recorded). */
  static storedOf(call: CallProvenance | undefined): ProvenanceArtifact | undefined {
    const { stored, added } = (call ?? {}) as { stored?: ProvenanceArtifact; added?: HandleEntry[] };
    return stored && added && added.length > 0 ? { ...stored, handles: [...added] } : stored;
  }
}

/** One entry per handle, the first seen (the state key's come first). */
function dedupeHandles(entries: readonly HandleEntry[]): HandleEntry[] {
  const seen = new Map<string, HandleEntry>();
  for (const entry of entries) if (!seen.has(entry.handle)) seen.set(entry.handle, entry);
  return [...seen.values()];
}

/** A write to the state key that adds to it (one tool result's facts) instead of replacing it (a full fold). */
export interface ProvenanceDelta extends ProvenanceState {
  merge: true;
}

const isDelta = (value: ProvenanceState): value is ProvenanceDelta =>
  (value as ProvenanceDelta).merge === true;

/**
 * The state key's reducer. A value that is not a delta replaces the value, as a node's write did before the key had
 * a reducer. A delta (`toolStepDelta`: one tool step; parallel calls of one step write one each) is added: the
 * stored salt wins (facts under another salt compare with nothing of this thread and are dropped, as `factsOf` drops
 * them), outputs of tool calls already kept are not added twice, user facts and handles are unions, each list
 * capped like `factsOf` caps it.
 */
export function mergeProvenanceStates(
  current: ProvenanceState | undefined,
  update: ProvenanceState | undefined,
): ProvenanceState | undefined {
  if (!isProvenanceState(update)) return current;
  const { merge: _flag, ...value } = update as ProvenanceDelta;
  if (!isDelta(update) || !isProvenanceState(current)) return value;
  if (update.salt !== current.salt) return current;
  const calls = new Set(current.outputs.flatMap((o) => (o.toolCallId ? [o.toolCallId] : [])));
  const outputs = [
    ...current.outputs,
    ...update.outputs.filter((o) => !o.toolCallId || !calls.has(o.toolCallId)),
  ];
  const merged: ProvenanceState = {
    salt: current.salt,
    user: unionUserFacts(current.user, update.user),
    outputs: outputs.slice(-MAX_PROVENANCE_OUTPUTS),
  };
  const handles = dedupeHandles([...(current.handles ?? []), ...(update.handles ?? [])]);
  if (handles.length > 0) merged.handles = handles;
  return merged;
}

/** The stored user facts, then the new ones not among them, the last `MAX_USER_VALUES` kept (as `factsOf`). */
function unionUserFacts(current: readonly ValueFact[], added: readonly ValueFact[]): ValueFact[] {
  if (added.length === 0) return current as ValueFact[];
  const seen = new Set(current.map((fact) => fact.h));
  const user = [...current];
  for (const fact of added) {
    if (seen.has(fact.h)) continue;
    seen.add(fact.h);
    user.push(fact);
  }
  return user.slice(-MAX_USER_VALUES);
}

/**
 * What one tool result adds to the state key (its artifact's facts and handles), written with the result itself,
 * so a summary taken before the next fold cannot take the result's facts with it; `undefined` when the message
 * carries no tollgate artifact.
 */
export function resultDelta(message: MessageLike): ProvenanceDelta | undefined {
  const entry = provenanceArtifactOf(message.artifact);
  if (!entry) return undefined;
  const delta: ProvenanceDelta = { salt: entry.salt, user: [], outputs: [entry.facts], merge: true };
  const handles = Array.isArray(entry.handles) ? entry.handles.filter(isHandleEntry) : [];
  if (handles.length > 0) delta.handles = handles;
  return delta;
}

/**
 * What a tool step adds to the state key: the result's own delta (`resultDelta`), with the facts of the thread in
 * sight at that step under the result's salt: what the user said in its human messages (never a summary's), and the
 * results of the messages kept by their tool call ids (the reducer adds those not yet kept). So the state key
 * holds what the user said by the time any tool runs, without a hook on every model call; a value whose message a
 * summary replaces before any tool step of the thread counts as nobody's, which refuses more, never less.
 */
export function toolStepDelta(
  provenance: ThreadProvenance,
  message: MessageLike,
  messages: readonly MessageLike[],
  stored: ProvenanceState | undefined,
): ProvenanceDelta | undefined {
  const delta = resultDelta(message);
  if (!delta) return undefined;
  const { facts } = provenance.factsOf(
    messages,
    stored?.salt === delta.salt ? stored : undefined,
    undefined,
    delta.salt,
    false,
  );
  delta.user = facts.user;
  const kept = facts.outputs.filter((output) => output.toolCallId !== undefined);
  delta.outputs = [...kept, ...delta.outputs];
  return delta;
}
