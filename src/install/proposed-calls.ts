import type { InputPreview } from "../interceptor/create-tool-interceptor.js";
import type { InstallEvent } from "../interceptor/install-hooks.js";
import type { ToolCallRequest } from "../interceptor/types.js";
import type { JsonObject, RunContext } from "../shared/types.js";

/** A call the model proposed, as the review step sees it before any tool runs. */
export interface ProposedCall {
  toolCallId: string;
  args: JsonObject;
  runContext: RunContext | undefined;
}

/** What the policy says of a proposed call: the connector type, and whether a human must approve it. */
export interface ProposedCallVerdict extends InputPreview {
  serverName: string;
  toolName: string;
}

/** Lets the review step ask a tool's policy about a proposed call, and tell its audit what the human decided. */
export interface CallReviewHooks {
  preview(call: ProposedCall): Promise<ProposedCallVerdict>;
  report(event: InstallEvent): void;
}

const REVIEW_HOOKS = Symbol.for("mcp-tollgate.review-hooks");

/** Set on guarded tools by the install. */
export function setReviewHooks(tool: object, hooks: CallReviewHooks): void {
  Object.defineProperty(tool, REVIEW_HOOKS, { value: hooks, configurable: true });
}

export function reviewHooksOf(tool: unknown): CallReviewHooks | undefined {
  if (typeof tool !== "object" || tool === null) return undefined;
  return (tool as { [REVIEW_HOOKS]?: CallReviewHooks })[REVIEW_HOOKS];
}

/**
 * Asks each interceptor that can preview, outermost first: the first that would block or wants a review decides
 * (a later one would never see the call). Interceptors that cannot preview are skipped.
 */
export async function previewThrough(
  interceptors: readonly { previewInput?(request: ToolCallRequest): Promise<InputPreview> }[],
  request: ToolCallRequest,
): Promise<ProposedCallVerdict> {
  let first: InputPreview | undefined;
  for (const interceptor of interceptors) {
    if (!interceptor.previewInput) continue;
    const preview = await interceptor.previewInput(request);
    first ??= preview;
    if (preview.outcome !== "allow")
      return { ...preview, serverName: request.serverName, toolName: request.name };
  }
  return {
    connectorType: first?.connectorType ?? `${request.serverName}.${request.name}`,
    outcome: "allow",
    shownArgs: first?.shownArgs ?? request.args,
    serverName: request.serverName,
    toolName: request.name,
  };
}
