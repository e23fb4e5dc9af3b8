import type { CallToolResult, Finding } from "../../policy/types.js";
import { wrapUntrusted } from "./envelope.js";
import { isJsonDocument, scanJson, scanStringLeaf } from "./scan-json.js";
import type { ScanPlan } from "./string-scanner.js";

type ContentBlock = CallToolResult["content"][number];

/** Server and tool named by the untrusted-content envelope; absent when the sanitizer mode does not wrap. */
export interface EnvelopeFor {
  serverName: string;
  toolName: string;
}

/**
 * Scans every place of a CallToolResult the model reads: text blocks, embedded resource text, resource-link
 * fields, `structuredContent` and `_meta` (keys included). Copy-on-write: a clean result comes back as the same
 * object. Findings carry JSON Pointers into the result.
 */
export function scanToolResult(
  result: CallToolResult,
  plan: ScanPlan,
  findings: Finding[],
  envelope: EnvelopeFor | undefined,
): CallToolResult {
  let content: ContentBlock[] | undefined;
  // The SDK's schema lets `content` be absent (it defaults to []): nothing to scan there then.
  const blocks = result.content ?? [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const next = scanBlock(block, `/content/${i}`, plan, findings, envelope);
    if (next !== block) {
      content ??= blocks.slice();
      content[i] = next;
    }
  }
  let out: CallToolResult = content ? { ...result, content } : result;
  if (result.structuredContent !== undefined) {
    const sc = scanJson(result.structuredContent, "/structuredContent", plan, findings);
    if (sc !== result.structuredContent) out = { ...out, structuredContent: sc as Record<string, unknown> };
  }
  if (result._meta !== undefined) {
    const meta = scanJson(result._meta, "/_meta", plan, findings);
    if (meta !== result._meta) out = { ...out, _meta: meta as Record<string, unknown> };
  }
  return out;
}

function scanBlock(
  block: ContentBlock,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
  envelope: EnvelopeFor | undefined,
): ContentBlock {
  switch (block.type) {
    case "text": {
      let text = scanStringLeaf(block.text, `${path}/text`, plan, findings);
      // JSON text stays valid JSON, so it is not wrapped; text that merely starts with "[" or "{" is.
      if (envelope && !isJsonDocument(text))
        text = wrapUntrusted(text, envelope.serverName, envelope.toolName);
      return text === block.text ? block : { ...block, text };
    }
    case "resource": {
      const resource = block.resource;
      if (!("text" in resource) || typeof resource.text !== "string") return block;
      const text = scanStringLeaf(resource.text, `${path}/resource/text`, plan, findings);
      return text === resource.text ? block : { ...block, resource: { ...resource, text } };
    }
    case "resource_link": {
      // A link's name, title, description and URI are shown to the model like any text (a URI can carry
      // credentials or a token in its query).
      let next = block;
      for (const key of ["name", "title", "description", "uri"] as const) {
        const value = block[key];
        if (typeof value !== "string") continue;
        const cleaned = scanStringLeaf(value, `${path}/${key}`, plan, findings);
        if (cleaned !== value) next = { ...next, [key]: cleaned };
      }
      return next;
    }
    default:
      // Images and audio are base64 payloads; the text detectors have nothing to read there.
      return block;
  }
}
