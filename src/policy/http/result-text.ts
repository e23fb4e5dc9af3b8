import type { CallToolResult } from "../../shared/types.js";

type ContentBlock = CallToolResult["content"][number];

/** The text a plain policy service can read in one block: text blocks and embedded text resources. */
export function blockText(block: ContentBlock): string | undefined {
  if (block.type === "text") return block.text;
  if (block.type === "resource" && "text" in block.resource && typeof block.resource.text === "string") {
    return block.resource.text;
  }
  return undefined;
}

/** Joins every text-bearing block, in order, with a newline: the `message` a plain service scans. */
export function resultMessage(result: CallToolResult): string | undefined {
  let message: string | undefined;
  for (const block of result.content) {
    const text = blockText(block);
    if (text === undefined) continue;
    message = message === undefined ? text : `${message}\n${text}`;
  }
  return message;
}
