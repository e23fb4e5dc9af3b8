import type { CallToolResult, JsonObject } from "../shared/types.js";
import type { AuditAction } from "../shared/vocabulary.js";

/**
 * Something the install decided outside a tool call's checks, for the audit log: a tool refused at load (its
 * pinned definition changed), a tool call refused because its tool is not in the checked listing, headers dropped
 * on a stdio server.
 */
export interface InstallEvent {
  /** `review`: the run's review step paused for a human (`note`), or the human approved (`allow`) or rejected. */
  phase: "catalog" | "transport" | "input" | "review";
  /** As the audit records it (an `AuditAction`). */
  action: Extract<AuditAction, "block" | "note" | "allow">;
  serverName: string;
  toolName: string;
  reason: string;
  ruleIds: string[];
  toolCallId?: string;
  changedFields?: string[];
}

/** The MCP methods whose results reach the model outside tool calls, and get the output check. */
export type ContentSurface =
  | "resources/read"
  | "resources/list"
  | "resources/templates/list"
  | "prompts/get"
  | "prompts/list";

/** A resource, prompt or listing read through the guarded client, as a CallToolResult for the output check. */
export interface ContentCheckRequest {
  serverName: string;
  /** The MCP method that produced the content; the policy sees it as the tool name (`acme.resources/read`). */
  surface: ContentSurface;
  /** What was asked: `{ uri }` for a resource, `{ name, arguments }` for a prompt, `{}` for a listing. */
  args: JsonObject;
  result: CallToolResult;
  signal?: AbortSignal;
}
