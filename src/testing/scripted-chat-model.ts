import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BaseChatModelParams,
  type BindToolsInput,
} from "@langchain/core/language_models/chat_models";
import type { BaseMessage } from "@langchain/core/messages";
import { AIMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

export interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown>;
  id?: string;
}

/**
 * One scripted turn: tool calls to make, or a final text answer. A function sees the conversation so far (so a
 * script can react to what the tools returned).
 */
export type ScriptedTurn = { toolCalls: ScriptedToolCall[] } | { text: string };
export type Script = ScriptedTurn[] | ((messages: BaseMessage[], turn: number) => ScriptedTurn);

/**
 * A deterministic tool-calling chat model for demos and tests: no API key, no network. It replays a script of
 * tool calls, then answers with text. Every prompt it receives is kept in `seen`, so a test can assert exactly
 * what the model was shown.
 */
export class ScriptedChatModel extends BaseChatModel {
  readonly #script: Script;
  #turn = 0;
  /** The messages of every call, in order: what the model "saw". */
  readonly seen: BaseMessage[][] = [];

  constructor(script: Script, params: BaseChatModelParams = {}) {
    super(params);
    this.#script = script;
  }

  _llmType(): string {
    return "scripted";
  }

  // Tools are chosen by the script, so binding only has to keep the same model. The parameters are declared so that
  // `model.bindTools(tools)` in a user's own graph typechecks, as with any chat model.
  override bindTools(_tools: BindToolsInput[], _kwargs?: Partial<BaseChatModelCallOptions>): this {
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push([...messages]);
    const turn = this.#turn++;
    const step =
      typeof this.#script === "function"
        ? this.#script(messages, turn)
        : (this.#script[turn] ?? { text: "Done." });
    const message =
      "text" in step
        ? new AIMessage(step.text)
        : new AIMessage({
            content: "",
            tool_calls: step.toolCalls.map((c, i) => ({
              name: c.name,
              args: c.args,
              id: c.id ?? `call_${turn}_${i}`,
              type: "tool_call" as const,
            })),
          });
    return { generations: [{ message, text: typeof message.content === "string" ? message.content : "" }] };
  }
}
