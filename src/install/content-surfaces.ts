/**
 * Resources, prompts and listings as CallToolResults, so they get the same output check as a tool result, and back.
 * A checked result that no longer maps back (a block changed type) fails closed with `InvalidToolResultError`.
 */
import type {
  GetPromptResult,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceResult,
} from "@modelcontextprotocol/sdk/types.js";
import { InvalidToolResultError } from "../errors.js";
import type { CallToolResult } from "../shared/types.js";

export interface SurfaceMapping<T> {
  toResult(value: T): CallToolResult;
  fromResult(checked: CallToolResult, original: T): T;
}

function mismatch(where: string, path: string, expected: string): InvalidToolResultError {
  return new InvalidToolResultError(
    `The checked ${where} no longer has its shape: ${path} is not ${expected}`,
    [{ path, message: `expected ${expected}` }],
  );
}

/** Each resource content becomes an embedded `resource` block (its text is what the model reads). */
export const resourceMapping: SurfaceMapping<ReadResourceResult> = {
  toResult: (value) => ({
    content: value.contents.map((resource) => ({ type: "resource" as const, resource })),
    ...(value._meta !== undefined ? { _meta: value._meta } : {}),
  }),
  fromResult: (checked, original) => ({
    ...original,
    contents: checked.content.map((block, i) => {
      if (block.type !== "resource") throw mismatch("resource", `/content/${i}`, "a resource block");
      return block.resource;
    }),
    ...(checked._meta !== undefined ? { _meta: checked._meta } : {}),
  }),
};

/** The description (first, so truncation keeps it) and each message's content block, in order. */
export const promptMapping: SurfaceMapping<GetPromptResult> = {
  toResult: (value) => ({
    content: [
      ...(value.description !== undefined ? [{ type: "text" as const, text: value.description }] : []),
      ...value.messages.map((m) => m.content),
    ],
  }),
  fromResult: (checked, original) => {
    const offset = original.description !== undefined ? 1 : 0;
    const out: GetPromptResult = {
      ...original,
      messages: checked.content.slice(offset).map((content, i) => ({ ...original.messages[i]!, content })),
    };
    if (offset === 1) {
      const first = checked.content[0];
      if (first?.type !== "text") throw mismatch("prompt", "/content/0", "the description text");
      out.description = first.text;
    }
    return out;
  },
};

/** A listing (names, titles, descriptions, URIs) is structured content: every string in it is checked. */
function listingMapping<K extends string, T extends { [key in K]: unknown[] }>(key: K): SurfaceMapping<T> {
  return {
    toResult: (value) => ({ content: [], structuredContent: { [key]: value[key] } }),
    fromResult: (checked, original) => {
      const items = checked.structuredContent?.[key];
      if (!Array.isArray(items)) throw mismatch("listing", `/structuredContent/${key}`, "an array");
      return { ...original, [key]: items };
    },
  };
}

export const resourceListMapping = listingMapping<"resources", ListResourcesResult>("resources");
export const templateListMapping = listingMapping<"resourceTemplates", ListResourceTemplatesResult>(
  "resourceTemplates",
);
export const promptListMapping = listingMapping<"prompts", ListPromptsResult>("prompts");
