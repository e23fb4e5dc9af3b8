/**
 * One error family, zod-style: every error the guard raises is a `TollgateError` with a stable `code` and a list
 * of issues, each carrying a JSON Pointer `path` and a message a person can act on.
 */

export type TollgateErrorCode =
  | "policy_violation"
  | "policy_config"
  | "invalid_arguments"
  | "invalid_tool_result"
  | "limit_exceeded"
  | "backend_unavailable"
  | "backend_protocol"
  | "install"
  | "tool_error";

export interface TollgateIssue {
  /** RFC 6901 JSON Pointer to the offending place ("" is the whole value). */
  path: string;
  message: string;
}

export class TollgateError extends Error {
  override name = "TollgateError";
  readonly code: TollgateErrorCode;
  readonly issues: readonly TollgateIssue[];

  constructor(
    code: TollgateErrorCode,
    message: string,
    issues: readonly TollgateIssue[] = [],
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.issues = issues;
  }

  /** A plain, JSON-safe view (no stack, no cause) for logs and wire answers. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message, issues: this.issues };
  }
}

/** The policy file or object is not valid; `issues` name each bad key. */
export class PolicyConfigError extends TollgateError {
  override name = "PolicyConfigError";
  readonly source: string | undefined;
  constructor(message: string, issues: readonly TollgateIssue[] = [], source?: string, cause?: unknown) {
    super("policy_config", message, issues, cause);
    this.source = source;
  }
}

/** Tool arguments that are not a JSON object or cannot be serialised. */
export class InvalidArgumentsError extends TollgateError {
  override name = "InvalidArgumentsError";
  constructor(message: string, issues: readonly TollgateIssue[] = [], cause?: unknown) {
    super("invalid_arguments", message, issues, cause);
  }
}

/** A handler resolved to something that is not a valid MCP CallToolResult. */
export class InvalidToolResultError extends TollgateError {
  override name = "InvalidToolResultError";
  constructor(message: string, issues: readonly TollgateIssue[] = [], cause?: unknown) {
    super("invalid_tool_result", message, issues, cause);
  }
}

/** A configured size, depth or count limit was passed. */
export class LimitExceededError extends TollgateError {
  override name = "LimitExceededError";
  readonly limit: string;
  constructor(limit: string, message: string, issues: readonly TollgateIssue[] = []) {
    super("limit_exceeded", message, issues);
    this.limit = limit;
  }
}

/**
 * A tool listing's JSON Schema (or another listing field) is nested deeper than the guard compiles or walks: a
 * hostile listing, refused before any recursive code can overflow the stack. `issues[0].path` is the JSON Pointer
 * where the limit was passed; `maxDepth` the limit. A request error, not a server fault (`serve` answers 400).
 */
export class SchemaTooDeepError extends LimitExceededError {
  override name = "SchemaTooDeepError";
  readonly maxDepth: number;
  constructor(message: string, path: string, maxDepth: number) {
    super("maxSchemaDepth", message, [{ path, message: `nested deeper than ${maxDepth} levels` }]);
    this.maxDepth = maxDepth;
  }
}

/** A policy backend could not answer (network, timeout, circuit open). */
export class BackendUnavailableError extends TollgateError {
  override name = "BackendUnavailableError";
  constructor(message: string, cause?: unknown) {
    super("backend_unavailable", message, [], cause);
  }
}

/** A policy backend answered with something we cannot read. */
export class BackendProtocolError extends TollgateError {
  override name = "BackendProtocolError";
  constructor(message: string, issues: readonly TollgateIssue[] = [], cause?: unknown) {
    super("backend_protocol", message, issues, cause);
  }
}

/** The guard could not be installed safely (unsupported client version, tools loaded before install...). */
export class InstallError extends TollgateError {
  override name = "InstallError";
  constructor(message: string, cause?: unknown) {
    super("install", message, [], cause);
  }
}

/**
 * The tool call itself failed (transport error, server-side exception). The message has been through the output
 * check, because a server controls its error text and the model reads it.
 */
export class ToolCallError extends TollgateError {
  override name = "ToolCallError";
  constructor(message: string, cause?: unknown) {
    super("tool_error", message, [], cause);
  }
}

export function isTollgateError(value: unknown): value is TollgateError {
  return value instanceof TollgateError;
}

/** Escapes one JSON Pointer reference token (RFC 6901 section 4). */
export function escapePointerToken(token: string | number): string {
  const s = String(token);
  return s.includes("~") || s.includes("/") ? s.replace(/~/g, "~0").replace(/\//g, "~1") : s;
}

export function joinPointer(base: string, token: string | number): string {
  return `${base}/${escapePointerToken(token)}`;
}
