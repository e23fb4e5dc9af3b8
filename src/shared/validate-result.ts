import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { InvalidToolResultError, type TollgateIssue } from "../errors.js";
import type { CallToolResult } from "./types.js";

/**
 * True for the usual result: an array of plain text blocks, optional boolean `isError`, nothing else the schema
 * constrains. The SDK schema accepts every such value (unknown keys are allowed), so zod need not run; anything
 * else, including every invalid value, goes through the full schema.
 */
function isPlainTextResult(value: Record<string, unknown>): boolean {
  const { content, isError } = value;
  if (!Array.isArray(content) || value._meta !== undefined || value.structuredContent !== undefined)
    return false;
  if (isError !== undefined && typeof isError !== "boolean") return false;
  for (let i = 0; i < content.length; i++) {
    const block: unknown = content[i];
    if (typeof block !== "object" || block === null || Array.isArray(block)) return false;
    const b = block as Record<string, unknown>;
    if (b.type !== "text" || typeof b.text !== "string") return false;
    if (b.annotations !== undefined || b._meta !== undefined) return false;
  }
  return true;
}

/** Throws `InvalidToolResultError` (with the paths zod reports) unless `value` is a valid MCP CallToolResult. */
export function assertCallToolResult(value: unknown, where: string): asserts value is CallToolResult {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InvalidToolResultError(
      `Result of ${where} is not a valid MCP CallToolResult: expected an object`,
      [{ path: "", message: "expected an object" }],
    );
  }
  if (isPlainTextResult(value as Record<string, unknown>)) return;
  const parsed = CallToolResultSchema.safeParse(value);
  if (parsed.success) return;
  const issues: TollgateIssue[] = parsed.error.issues.slice(0, 5).map((i) => ({
    path: i.path.map((p) => `/${String(p)}`).join(""),
    message: i.message,
  }));
  const first = issues[0];
  throw new InvalidToolResultError(
    `Result of ${where} is not a valid MCP CallToolResult: ${first?.path || "/"} ${first?.message ?? ""}`.trim(),
    issues,
  );
}
