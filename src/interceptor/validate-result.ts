import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { InvalidToolResultError, type TollgateIssue } from "../errors.js";
import type { CallToolResult } from "../policy/types.js";

/** Throws `InvalidToolResultError` (with the paths zod reports) unless `value` is a valid MCP CallToolResult. */
export function assertCallToolResult(value: unknown, where: string): asserts value is CallToolResult {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InvalidToolResultError(
      `Result of ${where} is not a valid MCP CallToolResult: expected an object`,
      [{ path: "", message: "expected an object" }],
    );
  }
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
