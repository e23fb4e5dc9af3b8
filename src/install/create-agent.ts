/**
 * `langchain` v1 `createAgent` integration. Lives behind the `mcp-tollgate/langchain` entry point so that the core
 * package never imports `langchain` (an optional peer dependency).
 */

import { Command, getConfig, isGraphInterrupt, ReducedValue, StateSchema } from "@langchain/langgraph";
import { createMiddleware, ToolMessage } from "langchain";
import { z } from "zod/v4";
import { InvalidToolResultError, isTollgateError, PolicyConfigError } from "../errors.js";
import { composeInterceptors } from "../interceptor/compose.js";
import { runContextFrom } from "../interceptor/run-context.js";
import type { ToolInterceptor } from "../interceptor/types.js";
import type { CallToolResult, JsonObject, RunContext } from "../shared/types.js";
import { type CatalogAwareInterceptor, isGuardedTool } from "./install-interceptors.js";
import { type CallReviewHooks, previewThrough, reviewHooksOf } from "./proposed-calls.js";
import { lastProposal, reviewProposedCalls } from "./review-tool-calls.js";
import {
  isProvenanceState,
  mergeProvenanceStates,
  PROVENANCE_STATE_KEY,
  type ProvenanceState,
  ThreadProvenance,
  toolStepDelta,
} from "./thread-provenance.js";

export interface TollgateMiddlewareOptions {
  /**
   * Interceptors applied to tools that are NOT already guarded by `installInterceptors` (local tools, or MCP tools
   * from a client without the install). Guarded MCP tools already run them inside the tool and are not checked
   * twice.
   */
  interceptors?: readonly ToolInterceptor[];
  /** The `serverName` the policy sees for an unguarded tool. Default: `"agent"`. */
  serverName?: (toolName: string) => string;
  /**
   * `true` (default): blocks and MCP tool errors become a ToolMessage with `status: "error"` the model can read.
   * `false`: they are thrown (the typed `PolicyViolationError` surfaces from `invoke`).
   */
  handleToolErrors?: boolean;
  /**
   * The tools you pass to `createAgent`. With them, calls the policy wants a human to approve (rule action
   * `review`) pause the run after the model proposed them and before any of them runs (an `interrupt()`, like
   * `humanInTheLoopMiddleware`; needs a checkpointer). Without them no review step runs, and such calls are blocked.
   */
  tools?: readonly { name: string }[];
  /**
   * The same secret as the install's `provenanceKey` (docs/provenance.md), when you set one: this middleware keeps
   * the thread's provenance in the state key `tollgateProvenance` (hashes only), so what a summary replaces
   * (`summarizationMiddleware`) still counts, and the key must hash what the user said as the install does.
   */
  provenanceKey?: string;
}

/**
 * The middleware's state: the thread's provenance facts (hashes and the salt, never a clear value). A reduced value,
 * because each tool call of a step writes its result's facts with its ToolMessage (`mergeProvenanceStates`); the
 * model step's full fold replaces it. Zod, because `createAgent` parses middleware state with it (zod comes with
 * `langchain`; declared an optional peer here).
 */
const provenanceValue = z
  .custom<ProvenanceState>((value) => isProvenanceState(value), "not a provenance record")
  .optional();
const tollgateState = new StateSchema({
  [PROVENANCE_STATE_KEY]: new ReducedValue(provenanceValue, { reducer: mergeProvenanceStates }),
});

type MessageContent = ToolMessage["content"];

function messageToResult(message: ToolMessage): CallToolResult {
  const content: CallToolResult["content"] = [];
  if (typeof message.content === "string") {
    content.push({ type: "text", text: message.content });
  } else {
    for (const part of message.content) {
      if (part.type === "text" && typeof part.text === "string")
        content.push({ type: "text", text: part.text });
    }
  }
  return { content, ...(message.status === "error" ? { isError: true } : {}) };
}

/** Puts checked text back into the message, part for part; non-text parts are kept as they were. */
function resultToMessage(result: CallToolResult, original: ToolMessage): ToolMessage {
  const texts = result.content.flatMap((b) => (b.type === "text" ? [b.text] : []));
  let content: MessageContent;
  if (typeof original.content === "string") {
    content = texts.join("\n");
  } else {
    let i = 0;
    content = original.content.map((part) =>
      part.type === "text" && typeof part.text === "string" ? { ...part, text: texts[i++] ?? "" } : part,
    ) as MessageContent;
  }
  return new ToolMessage({
    content,
    tool_call_id: original.tool_call_id,
    ...(original.name ? { name: original.name } : {}),
    ...(original.status ? { status: original.status } : {}),
    ...(original.artifact !== undefined ? { artifact: original.artifact } : {}),
  });
}

/** The run context for an unguarded tool's checks, from the ToolNode's runtime (`context`, `configurable`). */
/**
 * The run context, from the run's own config: a middleware's `runtime.context` is parsed through that
 * middleware's (here empty) context schema, so it comes back empty. Outside a LangGraph run, the runtime.
 */
function currentRunContext(runtime: unknown): RunContext | undefined {
  let config: unknown;
  try {
    config = getConfig();
  } catch {
    // Not inside a LangGraph run: the runtime is all there is.
  }
  return runContextFrom(config ?? runtime);
}

function runContextOf(runtime: unknown): { runContext?: RunContext } {
  const runContext = currentRunContext(runtime);
  return runContext ? { runContext } : {};
}

function isToolException(error: unknown): error is Error {
  return error instanceof Error && error.name === "ToolException";
}

/** A resolver that throws blocks that one call with a typed error (a ToolMessage), never the whole run. */
function serverNameResolver(serverNameFor: (toolName: string) => string) {
  return (toolName: string): string => {
    let name: unknown;
    try {
      name = serverNameFor(toolName);
    } catch (error) {
      throw new PolicyConfigError(
        `serverName option failed for tool ${toolName}: ${error instanceof Error ? error.message : String(error)}`,
        [{ path: "", message: "the serverName option threw" }],
        "serverName",
        error,
      );
    }
    if (typeof name !== "string" || name === "") {
      throw new PolicyConfigError(
        `serverName option returned ${JSON.stringify(name)} for tool ${toolName}; expected a non-empty string`,
        [{ path: "", message: "must return a non-empty string" }],
        "serverName",
      );
    }
    return name;
  };
}

/**
 * Who previews a proposed call for the review step: a guarded tool asks its own install's policy; a tool passed to
 * the middleware but not guarded asks this middleware's interceptors (when any can preview); others need no review.
 */
function reviewHooksResolver(
  byName: ReadonlyMap<string, { name: string }>,
  own: readonly CatalogAwareInterceptor[],
  serverNameOf: (toolName: string) => string,
): (toolName: string) => CallReviewHooks | undefined {
  return (toolName) => {
    const tool = byName.get(toolName);
    if (!tool) return undefined;
    const hooks = reviewHooksOf(tool);
    if (hooks || isGuardedTool(tool)) return hooks;
    if (!own.some((i) => typeof i.previewInput === "function")) return undefined;
    return {
      preview: ({ toolCallId, args, runContext }) =>
        previewThrough(own, {
          serverName: serverNameOf(toolName),
          name: toolName,
          args,
          toolCallId,
          ...(runContext ? { runContext } : {}),
        }),
      report: (event) => {
        for (const interceptor of own) interceptor.report?.(event);
      },
    };
  };
}

/** The part of the graph state a tool step reads: the messages and the state key. */
interface ToolStepState {
  messages?: unknown;
  [PROVENANCE_STATE_KEY]?: unknown;
}

/**
 * A tool step's message, with what it adds to the state key written in the same update (a Command): the result's
 * facts and what the user said in the messages in sight (`toolStepDelta`), in the state before any later hook (a
 * summary) can replace the messages. A message without a tollgate artifact goes as it is.
 */
function resultFactsWriter(provenanceKey: string | undefined) {
  const provenance = new ThreadProvenance(provenanceKey ? { key: provenanceKey } : {});
  return (message: ToolMessage, state: ToolStepState | undefined): ToolMessage | Command => {
    const stored = state?.[PROVENANCE_STATE_KEY];
    const messages = Array.isArray(state?.messages) ? (state.messages as never[]) : [];
    const delta = toolStepDelta(
      provenance,
      message,
      messages,
      isProvenanceState(stored) ? stored : undefined,
    );
    return delta ? new Command({ update: { messages: [message], [PROVENANCE_STATE_KEY]: delta } }) : message;
  };
}

/**
 * A block, or an MCP tool error the guard has already checked, as an error ToolMessage the model reads; any other
 * error (one whose text the guard has not seen) is rethrown.
 */
function checkedErrorMessage(
  error: unknown,
  call: { id?: string; name: string },
  tool: unknown,
): ToolMessage {
  const checked = isTollgateError(error) || (isToolException(error) && isGuardedTool(tool));
  if (!checked) throw error;
  return new ToolMessage({
    content: `Error: ${(error as Error).message}`,
    tool_call_id: call.id ?? "",
    name: call.name,
    status: "error",
  });
}

/**
 * A `createAgent` middleware that applies the policy interceptors in `wrapToolCall`.
 *
 * Trap it closes: once any `wrapToolCall` middleware is present, `createAgent`'s ToolNode no longer turns tool
 * errors into messages, so one MCP error result crashes the whole run. This middleware turns blocks and (already
 * checked) MCP tool errors into error ToolMessages instead, and rethrows everything else (interrupts, aborts,
 * unchecked errors whose text the guard has not seen).
 */
export function createTollgateMiddleware(options: TollgateMiddlewareOptions = {}) {
  const interceptors = options.interceptors ?? [];
  const serverNameFor = options.serverName ?? (() => "agent");
  const handleToolErrors = options.handleToolErrors ?? true;
  const serverNameOf = serverNameResolver(serverNameFor);

  const byName = new Map((options.tools ?? []).map((tool) => [tool.name, tool]));
  const hooksFor = reviewHooksResolver(
    byName,
    interceptors as readonly CatalogAwareInterceptor[],
    serverNameOf,
  );
  const withResultFacts = resultFactsWriter(options.provenanceKey);

  return createMiddleware({
    name: "McpTollgate",
    stateSchema: tollgateState,
    // No model-call hook: a `wrapModelCall` makes langchain parse this middleware's state and compose a handler at
    // every model call. The state key is written in each tool step's own update (`withResultFacts`).
    // The review step, for the tools named in `tools` only: without them no afterModel hook at all (each hook is a
    // graph node of its own, run after every model call even when it has nothing to do).
    afterModel:
      byName.size === 0
        ? undefined
        : {
            canJumpTo: ["model"],
            hook: async (state, runtime) => {
              const proposal = lastProposal(state.messages);
              if (!proposal) return undefined;
              const runContext = currentRunContext(runtime);
              const outcome = await reviewProposedCalls(proposal, hooksFor, runContext);
              if (!outcome) return undefined;
              return {
                messages: [outcome.message, ...outcome.rejections],
                // Every call was rejected: the model reads why, instead of the run ending on the rejections.
                ...(outcome.nothingLeft ? { jumpTo: "model" as const } : {}),
              };
            },
          },
    wrapToolCall: async (request, handler) => {
      const call = request.toolCall;
      try {
        if (interceptors.length === 0 || isGuardedTool(request.tool)) {
          const out = await handler(request);
          return ToolMessage.isInstance(out) ? withResultFacts(out, request.state) : out;
        }
        let produced: ToolMessage | undefined;
        const chain = composeInterceptors(interceptors, async (req) => {
          const out = await handler({ ...request, toolCall: { ...call, args: req.args } });
          if (!ToolMessage.isInstance(out)) {
            throw new InvalidToolResultError(
              `Tool ${call.name} returned a Command; the guard cannot check it`,
              [{ path: "", message: "expected a ToolMessage" }],
            );
          }
          produced = out;
          return messageToResult(out);
        });
        const result = await chain({
          serverName: serverNameOf(call.name),
          name: call.name,
          args: (call.args ?? {}) as JsonObject,
          ...(call.id ? { toolCallId: call.id } : {}),
          ...(request.runtime.signal ? { signal: request.runtime.signal } : {}),
          ...runContextOf(request.runtime),
        });
        return withResultFacts(resultToMessage(result, produced!), request.state);
      } catch (error) {
        if (isGraphInterrupt(error) || request.runtime.signal?.aborted || !handleToolErrors) throw error;
        return checkedErrorMessage(error, call, request.tool);
      }
    },
  });
}
