import type { BaseMessage } from "@langchain/core/messages";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { runContextFrom } from "../interceptor/run-context.js";
import { reviewHooksOf } from "./proposed-calls.js";
import { lastProposal, reviewProposedCalls } from "./review-tool-calls.js";

export interface ReviewNodeOptions {
  /** The tools your ToolNode runs (guarded by `installInterceptors`): the policy of each is asked about its calls. */
  tools: readonly { name: string }[];
}

/**
 * A LangGraph node for human review, to put between the model node and the ToolNode: when the policy wants a human
 * to approve one of the calls the model proposed (rule action `review`), it pauses the run with `interrupt()`
 * before any call runs. Resume with `new Command({ resume: { decisions: [...] } })`, one decision per pending call
 * (`approve`, `edit` with `editedAction: { name, args }`, or `reject` with an optional `message`), as for
 * `langchain`'s human-in-the-loop middleware. Needs a checkpointer, as every `interrupt()` does.
 */
export function createReviewNode(options: ReviewNodeOptions) {
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  return async (state: { messages: BaseMessage[] }, config?: LangGraphRunnableConfig) => {
    const proposal = lastProposal(state.messages);
    if (!proposal) return {};
    const outcome = await reviewProposedCalls(
      proposal,
      (name) => reviewHooksOf(byName.get(name)),
      runContextFrom(config),
    );
    if (!outcome) return {};
    return { messages: [outcome.message, ...outcome.rejections] };
  };
}
