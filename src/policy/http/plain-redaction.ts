import { BackendProtocolError } from "../../errors.js";
import type { CallToolResult, JsonValue } from "../../shared/types.js";
import { blockText } from "./result-text.js";

type ContentBlock = CallToolResult["content"][number];

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function withText(block: ContentBlock, text: string): ContentBlock {
  if (block.type === "text") return { ...block, text };
  if (block.type === "resource") return { ...block, resource: { ...block.resource, text } };
  return block;
}

/**
 * Splits a redacted message back into the blocks it was joined from. The message was built by joining the
 * blocks with "\n"; as long as the redaction kept each block's newline count (placeholders and masks do), the
 * split is exact. Otherwise the boundaries are unknowable and the caller collapses the text into one block.
 */
function splitByNewlines(message: string, originals: readonly string[]): string[] | undefined {
  const parts = message.split("\n");
  const expected = originals.reduce((sum, t) => sum + countNewlines(t) + 1, 0);
  if (parts.length !== expected) return undefined;
  const out: string[] = [];
  let at = 0;
  for (const original of originals) {
    const lines = countNewlines(original) + 1;
    out.push(parts.slice(at, at + lines).join("\n"));
    at += lines;
  }
  return out;
}

function applyMessage(result: CallToolResult, message: string): CallToolResult {
  const indices: number[] = [];
  const texts: string[] = [];
  result.content.forEach((block, i) => {
    const text = blockText(block);
    if (text !== undefined) {
      indices.push(i);
      texts.push(text);
    }
  });
  if (indices.length === 0) {
    throw new BackendProtocolError(
      "policy service answered a redacted message for a result that has no text",
      [{ path: "/redacted_message", message: "no text block to put it in" }],
    );
  }
  const content = result.content.slice();
  const parts = indices.length === 1 ? [message] : splitByNewlines(message, texts);
  if (parts) {
    indices.forEach((index, k) => {
      content[index] = withText(content[index]!, parts[k]!);
    });
    return { ...result, content };
  }
  // Boundaries lost: one text block where the first text was; the other text-bearing blocks go (none of their
  // unredacted text may survive), non-text blocks stay where they were.
  const first = indices[0]!;
  const dropped = new Set(indices.slice(1));
  return {
    ...result,
    content: content.flatMap((block, i) =>
      i === first ? [{ type: "text" as const, text: message }] : dropped.has(i) ? [] : [block],
    ),
  };
}

function isPlainObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function applyRows(result: CallToolResult, data: JsonValue): CallToolResult {
  // We send the structured content as one row; a service may answer the rows or the single row.
  const row = Array.isArray(data) && data.length === 1 ? data[0] : data;
  if (result.structuredContent === undefined || !isPlainObject(row)) {
    throw new BackendProtocolError(
      "policy service answered redacted rows that do not match the structured content sent",
      [{ path: "/redacted_data", message: "expected one object row" }],
    );
  }
  return { ...result, structuredContent: row };
}

/**
 * Maps the plain protocol's redacted output (`redacted_message` / `redacted_data` as a string, and
 * `redacted_data` as rows) back into a CallToolResult of the same shape as the original.
 */
export function applyPlainRedaction(
  result: CallToolResult,
  answer: { redactedMessage?: string; redactedData?: JsonValue },
): CallToolResult {
  let out = result;
  const { redactedData } = answer;
  const message = answer.redactedMessage ?? (typeof redactedData === "string" ? redactedData : undefined);
  if (message !== undefined) out = applyMessage(out, message);
  if (redactedData !== undefined && redactedData !== null && typeof redactedData !== "string") {
    out = applyRows(out, redactedData);
  }
  return out;
}
