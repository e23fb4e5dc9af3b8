import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { interrupt, isGraphInterrupt } from "@langchain/langgraph";
import { InvalidArgumentsError } from "../errors.js";
import { recordApproval } from "../interceptor/review-approvals.js";
import type { JsonObject, RunContext } from "../shared/types.js";
import type { CallReviewHooks, ProposedCallVerdict } from "./proposed-calls.js";

/**
 * The interrupt payload and resume value follow `langchain`'s `humanInTheLoopMiddleware` (`HITLRequest`,
 * `HITLResponse`), so an app's approval UI for one works for the other; each action request also says what the
 * policy saw in `tollgate`.
 */
export type ReviewDecisionType = "approve" | "edit" | "reject";

export interface TollgateActionRequest {
  /** The tool's name as the model called it. */
  name: string;
  /** The arguments after the policy's redaction: what a reviewer may see. */
  args: JsonObject;
  description: string;
  tollgate: {
    toolCallId: string;
    connectorType: string;
    serverName: string;
    toolName: string;
    ruleId: string;
    reason: string;
  };
}

export interface TollgateReviewRequest {
  actionRequests: TollgateActionRequest[];
  reviewConfigs: { actionName: string; allowedDecisions: ReviewDecisionType[] }[];
}

export type ReviewDecision =
  | { type: "approve" }
  | { type: "edit"; editedAction: { name: string; args: Record<string, unknown> } }
  | { type: "reject"; message?: string };

export interface ReviewResponse {
  decisions: ReviewDecision[];
}

const ALLOWED: ReviewDecisionType[] = ["approve", "edit", "reject"];

interface PendingCall {
  index: number;
  toolCallId: string;
  name: string;
  verdict: ProposedCallVerdict;
  hooks: CallReviewHooks;
}

export interface ReviewOutcome {
  /** The model's message with edited arguments in place (same id, so the messages reducer replaces it). */
  message: AIMessage;
  /** One error ToolMessage per rejected call: ToolNode and createAgent skip calls that already have an answer. */
  rejections: ToolMessage[];
  /** True when no proposed call is left to run (all were rejected). */
  nothingLeft: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function badResume(message: string, path: string): InvalidArgumentsError {
  return new InvalidArgumentsError(`Invalid review decision: ${message}`, [{ path, message }]);
}

/** Checks the resume value against the calls it answers; throws before anything is recorded. */
function readDecisions(response: unknown, pending: readonly PendingCall[]): ReviewDecision[] {
  const decisions = isPlainObject(response) ? response.decisions : undefined;
  if (!Array.isArray(decisions)) throw badResume("resume with { decisions: [...] }", "/decisions");
  if (decisions.length !== pending.length) {
    throw badResume(`${decisions.length} decisions for ${pending.length} pending calls`, "/decisions");
  }
  return decisions.map((decision: unknown, i) => {
    const path = `/decisions/${i}`;
    if (!isPlainObject(decision) || !ALLOWED.includes(decision.type as ReviewDecisionType)) {
      throw badResume('each decision needs type "approve", "edit" or "reject"', `${path}/type`);
    }
    if (decision.type === "edit") {
      const edited = decision.editedAction;
      if (!isPlainObject(edited) || !isPlainObject(edited.args)) {
        throw badResume("an edit needs editedAction: { name, args: {...} }", `${path}/editedAction`);
      }
      // Another tool would skip its own review: an edit changes arguments only.
      if (edited.name !== pending[i]!.name) {
        throw badResume(
          `an edit must keep the tool (${pending[i]!.name}), got ${JSON.stringify(edited.name)}`,
          `${path}/editedAction/name`,
        );
      }
    }
    if (
      decision.type === "reject" &&
      decision.message !== undefined &&
      typeof decision.message !== "string"
    ) {
      throw badResume("a reject message must be a string", `${path}/message`);
    }
    return decision as unknown as ReviewDecision;
  });
}

/** The model's last message, when it proposes tool calls. */
export function lastProposal(messages: readonly BaseMessage[]): AIMessage | undefined {
  const last = [...messages].reverse().find((m) => AIMessage.isInstance(m));
  return last && AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) > 0 ? last : undefined;
}

/**
 * The review step: asks the policy about every call the model proposed and, when any needs a human, pauses the run
 * with `interrupt()` before any of them runs. On resume it records the approvals (for the approved, or edited,
 * arguments: the interceptor runs the call's whole input check on them again) and answers rejected calls.
 * Returns undefined when no call needs a review.
 */
export async function reviewProposedCalls(
  message: AIMessage,
  hooksFor: (toolName: string) => CallReviewHooks | undefined,
  runContext: RunContext | undefined,
): Promise<ReviewOutcome | undefined> {
  const calls = message.tool_calls ?? [];
  const pending = await callsNeedingReview(calls, hooksFor, runContext);
  if (pending.length === 0) return undefined;
  const decisions = await askHuman(pending);
  const toolCalls = calls.map((call) => ({ ...call }));
  const rejections: ToolMessage[] = [];
  decisions.forEach((decision, i) => {
    const call = pending[i]!;
    const { index, toolCallId, name } = call;
    // The reviewer's own words stay out of the audit record (they may quote the data); the model gets them.
    auditReview(call, decision.type === "reject" ? "block" : "allow", DECISION_NOTES[decision.type]);
    if (decision.type === "reject") {
      rejections.push(
        new ToolMessage({
          content: decision.message ?? `A human rejected the call to ${name}; it was not made.`,
          name,
          tool_call_id: toolCallId,
          status: "error",
        }),
      );
      return;
    }
    const args = (decision.type === "edit" ? decision.editedAction.args : calls[index]!.args) as JsonObject;
    toolCalls[index] = { ...toolCalls[index]!, args };
    recordApproval(toolCallId, runContext, args);
  });
  return {
    message: withToolCalls(message, toolCalls),
    rejections,
    nothingLeft: rejections.length === calls.length,
  };
}

const DECISION_NOTES: Record<ReviewDecision["type"], string> = {
  reject: "rejected by a human; the call was not made",
  edit: "approved by a human with edited arguments (checked again when the call runs)",
  approve: "approved by a human",
};

type ProposedCall = NonNullable<AIMessage["tool_calls"]>[number];

/** Previews every proposed call; those the policy sends to a human, in the model's order. */
async function callsNeedingReview(
  calls: readonly ProposedCall[],
  hooksFor: (toolName: string) => CallReviewHooks | undefined,
  runContext: RunContext | undefined,
): Promise<PendingCall[]> {
  const pending: PendingCall[] = [];
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index]!;
    const hooks = hooksFor(call.name);
    // A call without an id cannot be approved; its own check blocks it if it needs a review.
    if (!hooks || !call.id) continue;
    const verdict = await hooks.preview({ toolCallId: call.id, args: call.args as JsonObject, runContext });
    if (verdict.outcome === "review") {
      pending.push({ index, toolCallId: call.id, name: call.name, verdict, hooks });
    }
  }
  return pending;
}

/**
 * Pauses the run with `interrupt()` (the first pass throws; on resume the same call returns the human's answer)
 * and reads the answer, one decision per pending call.
 */
async function askHuman(pending: readonly PendingCall[]): Promise<ReviewDecision[]> {
  let response: unknown;
  try {
    response = interrupt<TollgateReviewRequest, unknown>(reviewRequest(pending));
  } catch (error) {
    if (isGraphInterrupt(error)) {
      for (const call of pending)
        auditReview(call, "note", `paused for a human approval: ${call.verdict.review?.reason}`);
    }
    throw error;
  }
  return readDecisions(response, pending);
}

/** The HITL-style request a UI shows: one action per pending call, with the rule and the reason. */
function reviewRequest(pending: readonly PendingCall[]): TollgateReviewRequest {
  return {
    actionRequests: pending.map(({ name, toolCallId, verdict }) => {
      const ruleId = verdict.review?.ruleId ?? "capability.review";
      const reason = verdict.review?.reason ?? "needs a human approval";
      return {
        name,
        args: verdict.shownArgs,
        description: `${verdict.connectorType} needs a human approval: ${reason} (rule ${ruleId})\n\nArgs: ${JSON.stringify(verdict.shownArgs, null, 2)}`,
        tollgate: {
          toolCallId,
          connectorType: verdict.connectorType,
          serverName: verdict.serverName,
          toolName: verdict.toolName,
          ruleId,
          reason,
        },
      };
    }),
    reviewConfigs: pending.map(({ name }) => ({ actionName: name, allowedDecisions: [...ALLOWED] })),
  };
}

function auditReview(call: PendingCall, action: "note" | "allow" | "block", reason: string): void {
  call.hooks.report({
    phase: "review",
    action,
    serverName: call.verdict.serverName,
    toolName: call.verdict.toolName,
    reason,
    ruleIds: [call.verdict.review?.ruleId ?? "capability.review"],
    toolCallId: call.toolCallId,
  });
}

/** A copy of the model's message with the reviewed calls' arguments (its id and metadata kept). */
function withToolCalls(message: AIMessage, toolCalls: ProposedCall[]): AIMessage {
  return new AIMessage({
    content: message.content,
    tool_calls: toolCalls,
    ...(message.id ? { id: message.id } : {}),
    ...(message.name ? { name: message.name } : {}),
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    ...(message.usage_metadata ? { usage_metadata: message.usage_metadata } : {}),
  });
}
