import type { CallToolResult, JsonValue } from "../shared/types.js";

/** What a plain check-output request is checked as, and how its redacted copy is answered in the plain fields. */
export interface PlainOutput {
  /** The request as a result the engine reads. */
  result: CallToolResult;
  /** The answer's plain fields for a result the engine changed. */
  mirror(redacted: CallToolResult): PlainRedaction;
  /** A finding's JSON Pointer into the result the engine read, as a pointer into the request the client sent. */
  requestPath(path: string): string;
}

export interface PlainRedaction {
  redacted_data?: JsonValue;
  redacted_message?: string;
  /** The rows, redacted, when `message` was sent too (then `redacted_data` mirrors the message). */
  redacted_response_data?: JsonValue[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseJson(text: string): { value: JsonValue } | undefined {
  // Cheap pre-check: plain prose does not start like JSON, and JSON.parse on a large text is not free.
  const first = text.trimStart()[0];
  if (first === undefined || !/[[{"\-0-9tfn]/.test(first)) return undefined;
  try {
    return { value: JSON.parse(text) as JsonValue };
  } catch {
    return undefined;
  }
}

/** Shaped like an MCP tool result: what AxonFlow's tool interceptors serialise into `message`. */
function looksLikeToolResult(value: JsonValue): value is JsonValue & CallToolResult {
  return (
    isObject(value) &&
    Array.isArray(value.content) &&
    value.content.every((block) => isObject(block) && typeof block.type === "string")
  );
}

/** Rewrites the pointer prefixes of the engine's result into the request's fields; anything else is kept. */
function pathMapper(prefixes: readonly [from: string, to: string][]): (path: string) => string {
  return (path) => {
    for (const [from, to] of prefixes) {
      if (path === from || path.startsWith(`${from}/`)) return `${to}${path.slice(from.length)}`;
    }
    return path;
  };
}

/**
 * AxonFlow clients send the tool result as `message` (often the JSON text of the whole result) and substitute the
 * `redacted_data` they get back for the result, as is. So a `message` that is JSON is checked as the value it
 * encodes (a tool result as a tool result, anything else as structured data: redacting inside the JSON text would
 * miss escaped values and could break the JSON) and comes back as that value, redacted. Other text is checked as
 * one text block and comes back as text. Rows alone come back as rows.
 */
export function plainOutput(message: string | undefined, rows: JsonValue[] | undefined): PlainOutput {
  const parsed = message === undefined ? undefined : parseJson(message);
  if (parsed !== undefined) {
    const { value } = parsed;
    if (rows === undefined && looksLikeToolResult(value)) {
      return {
        result: value,
        mirror: (redacted) => ({ redacted_data: redacted as unknown as JsonValue }),
        // Pointers into the JSON value the message encodes, under /message.
        requestPath: (path) => `/message${path}`,
      };
    }
    return {
      result: { content: [], structuredContent: { value, ...(rows ? { rows } : {}) } },
      mirror: (redacted) => {
        const sc = (redacted.structuredContent ?? {}) as { value?: JsonValue; rows?: JsonValue[] };
        return {
          redacted_data: sc.value ?? null,
          ...(rows ? { redacted_response_data: sc.rows ?? [] } : {}),
        };
      },
      requestPath: pathMapper([
        ["/structuredContent/value", "/message"],
        ["/structuredContent/rows", "/response_data"],
      ]),
    };
  }
  if (message !== undefined) {
    return {
      result: {
        content: [{ type: "text", text: message }],
        ...(rows ? { structuredContent: { rows } } : {}),
      },
      mirror: (redacted) => {
        const first = redacted.content[0];
        const text = first?.type === "text" ? first.text : "";
        const sc = redacted.structuredContent as { rows?: JsonValue[] } | undefined;
        return {
          redacted_data: text,
          redacted_message: text,
          ...(rows ? { redacted_response_data: sc?.rows ?? [] } : {}),
        };
      },
      requestPath: pathMapper([
        ["/content/0/text", "/message"],
        ["/structuredContent/rows", "/response_data"],
      ]),
    };
  }
  if (rows !== undefined) {
    return {
      result: { content: [], structuredContent: { rows } },
      mirror: (redacted) => ({
        redacted_data: ((redacted.structuredContent as { rows?: JsonValue[] } | undefined)?.rows ??
          []) as JsonValue,
      }),
      requestPath: pathMapper([["/structuredContent/rows", "/response_data"]]),
    };
  }
  return { result: { content: [] }, mirror: () => ({}), requestPath: (path) => path };
}
