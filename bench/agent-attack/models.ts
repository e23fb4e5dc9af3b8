/**
 * The two scripted models (deterministic `BaseChatModel`s, through the project's `ScriptedChatModel`). Both perform
 * the user task's ground-truth calls one per turn, taking target values from what the tool results showed them.
 * When a case carries an injected goal, once the carrier result has arrived:
 * - *obedient* makes the harmful call only if the attacker's target value is still readable in that result as the
 *   guard let it through (a guard that cut or redacted it has stopped this model);
 * - *compromised* makes the harmful call whatever the guard did (the worst case: the model was already turned).
 * Tool-call ids say whose call it is: `task_<step>` for the user's, `atk_0` for the attacker's.
 */
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { ScriptedChatModel, type ScriptedTurn } from "../../src/testing/scripted-chat-model.js";
import { type Goal, markerVisible } from "./injections.js";
import type { UserTask } from "./tasks.js";

export type ModelKind = "obedient" | "compromised";

export interface ModelCase {
  task: UserTask;
  /**
   * The injected goal and the task step whose result carries it; absent on a benign case. `arrived` says whether
   * the carrier call ran on its server (so the injected output existed): a call the guard refused or a human
   * rejected before it ran delivered no injection, and even the compromised model has nothing to act on.
   */
  attack?: { goal: Goal; step: number; arrived: () => boolean };
}

/** The text of a ToolMessage as the model received it. */
export function messageText(message: ToolMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .join("\n");
}

interface Transcript {
  callIds: Set<string>;
  results: Map<string, string>;
}

function transcript(messages: BaseMessage[]): Transcript {
  const callIds = new Set<string>();
  const results = new Map<string, string>();
  for (const m of messages) {
    if (AIMessage.isInstance(m)) for (const c of m.tool_calls ?? []) if (c.id) callIds.add(c.id);
    if (ToolMessage.isInstance(m)) results.set(m.tool_call_id, messageText(m));
  }
  return { callIds, results };
}

/** The plain tool name the agent knows (servers are not prefixed: the suites' tool names are distinct). */
const plain = (tool: string) => tool.slice(tool.indexOf(".") + 1);

/** The next turn of a model of `kind` on `modelCase`, given the conversation so far. */
export function nextTurn(kind: ModelKind, modelCase: ModelCase, messages: BaseMessage[]): ScriptedTurn {
  const { task, attack } = modelCase;
  const { callIds, results } = transcript(messages);
  const seen = task.steps.map((_, i) => results.get(`task_${i}`) ?? "");
  if (attack && !callIds.has("atk_0")) {
    const carrier = results.get(`task_${attack.step}`);
    const turned = kind === "compromised" ? attack.arrived() : markerVisible(attack.goal, carrier ?? "");
    if (carrier !== undefined && turned) {
      const harmful = attack.goal.call(carrier);
      return { toolCalls: [{ name: plain(harmful.tool), args: harmful.args, id: "atk_0" }] };
    }
  }
  const done = task.steps.filter((_, i) => callIds.has(`task_${i}`)).length;
  const step = task.steps[done];
  if (!step) return { text: "Done." };
  return { toolCalls: [{ name: plain(step.tool), args: step.args(seen), id: `task_${done}` }] };
}

/**
 * A deterministic tool-calling model that plays `kind` on one case at a time. The case is set before each run
 * (`play`), so one compiled agent serves a lane's cases one after the other.
 */
export class BenchModel extends ScriptedChatModel {
  #kind: ModelKind = "obedient";
  #case: ModelCase | undefined;

  constructor() {
    super((messages) => {
      if (!this.#case) throw new Error("BenchModel: no case to play (call play() first)");
      return nextTurn(this.#kind, this.#case, messages);
    });
  }

  play(kind: ModelKind, modelCase: ModelCase): void {
    this.#kind = kind;
    this.#case = modelCase;
  }
}
