import type { CallToolResult, Finding } from "../../shared/types.js";
import type { TextMatch } from "../types.js";
import {
  type Envelope,
  envelopeOpen,
  holdsEnvelopeMarks,
  isWrapped,
  neutraliseTags,
  readEnvelope,
  withoutByteOrderMark,
  wrapNeutralised,
  wrapUntrusted,
} from "./envelope.js";
import { scratchFor } from "./findings-cap.js";
import { crossBoundaryMatches } from "./joined-text.js";
import { escapesOnlyText } from "./normalised-view.js";
import { replacementsStayPlain } from "./redaction.js";
import { appendWithoutOffsets, looksLikeJson, scanJson, scanStringLeaf } from "./scan-json.js";
import type { ScanPlan } from "./string-scanner.js";

type ContentBlock = CallToolResult["content"][number];

/** The untrusted-content envelope of this check (server, tool, random id); absent when the mode does not wrap. */
export type EnvelopeFor = Envelope;

/** Base64 payloads, per block type: the text detectors have nothing to read there, so they are not scanned. */
function isPayload(type: string, key: string): boolean {
  return key === "data" ? type === "image" || type === "audio" : key === "blob";
}

/**
 * Scans every place of a CallToolResult the model reads: every field of every content block (text, a resource's
 * text and uri, resource-link names and URIs, `mimeType`, annotations, `_meta`; not base64 payloads), the text
 * blocks once more joined (a value split across two blocks), `structuredContent` and `_meta` (keys and numbers
 * included). Copy-on-write: a clean result comes back as the same object. Findings carry JSON Pointers into the
 * result.
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
  const split = splitValues(blocks, plan);
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const next = scanBlock(block, `/content/${i}`, plan, findings, envelope, split?.get(i));
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

/** Parts of values split across consecutive text blocks, by block index. */
function splitValues(blocks: readonly ContentBlock[], plan: ScanPlan): Map<number, TextMatch[]> | undefined {
  const indexes: number[] = [];
  const texts: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.type === "text" && typeof block.text === "string") {
      indexes.push(i);
      texts.push(block.text);
    }
  }
  const parts = crossBoundaryMatches(texts, plan);
  if (parts === undefined) return undefined;
  const byBlock = new Map<number, TextMatch[]>();
  for (let k = 0; k < parts.length; k++) if (parts[k]!.length > 0) byBlock.set(indexes[k]!, parts[k]!);
  return byBlock;
}

function scanBlock(
  block: ContentBlock,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
  envelope: EnvelopeFor | undefined,
  split: readonly TextMatch[] | undefined,
): ContentBlock {
  let next: Record<string, unknown> | undefined;
  const fields = block as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (key === "type" || isPayload(block.type, key) || value === undefined) continue;
    let cleaned: unknown;
    if (block.type === "text" && key === "text" && typeof value === "string") {
      cleaned = envelope
        ? scanWrappedText(value, `${path}/text`, plan, findings, envelope, split)
        : scanStringLeaf(value, `${path}/text`, plan, findings, split);
    } else if (
      block.type === "resource" &&
      key === "resource" &&
      typeof value === "object" &&
      value !== null
    ) {
      cleaned = scanResource(value as Record<string, unknown>, `${path}/resource`, plan, findings);
    } else {
      // A link's name, title, description and URI, a mimeType (it ends up in a data: URL the model receives),
      // annotations and _meta are shown to the model like any text.
      cleaned = scanJson(value, `${path}/${key}`, plan, findings);
    }
    if (cleaned !== value) {
      next ??= { ...fields };
      next[key] = cleaned;
    }
  }
  return next === undefined ? block : (next as unknown as ContentBlock);
}

/**
 * A text block in a wrap mode. JSON text is wrapped too: the model reads it like any text; code reads
 * `structuredContent` (left valid JSON) or the envelope's body (`readEnvelope`), and the install hands it the JSON
 * text in the artifact. A text already wrapped for this server and tool (a second check) is read as its body alone,
 * the text the first check read, so the second check finds what the first found and nothing the envelope added (a
 * role line at the body's start sits after a line break only once wrapped); it keeps its id.
 */
function scanWrappedText(
  value: string,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
  envelope: Envelope,
  split: readonly TextMatch[] | undefined,
): string {
  const inner = value.startsWith("<untrusted-tool-output ") ? readEnvelope(value) : undefined;
  if (
    inner === undefined ||
    inner.serverName !== envelope.serverName ||
    inner.toolName !== envelope.toolName
  ) {
    const first = findings.length;
    // A text not read as JSON is only cut and given replacements (redaction.ts): when neither holds an envelope
    // mark, the envelope step leaves the scanned text as it is, and it stays unread here (TextBuilder.toRope).
    const asText = !looksLikeJson(value);
    const scanned = scanStringLeaf(value, path, plan, findings, split);
    // Asked after the scan: the shared pass has read the text by then and knows the ASCII marks (candidates.ts
    // heldIfIndexed), so their searches of the whole text are not needed.
    const plain = asText && !holdsEnvelopeMarks(value);
    const stayPlain = replacementsStayPlain();
    if (plain && stayPlain)
      return wrapNeutralised(scanned, envelope.serverName, envelope.toolName, envelope.id);
    // For the same reason the scanned text is ASCII with no control character when the text as sent is.
    const escapesOnly = asText && stayPlain && escapesOnlyText(value);
    return wrapScanned(scanned, path, plan, findings, envelope, first, escapesOnly);
  }
  const offset = envelopeOpen(inner.serverName, inner.toolName, inner.id).length;
  const mark = findings.length;
  // Parts of values split across blocks were found on the whole texts; an envelope's tags stand between two bodies.
  const body = scanStringLeaf(inner.body, path, plan, findings);
  for (let i = mark; i < findings.length; i++) {
    const f = findings[i]!;
    if (f.path !== path) continue;
    if (f.start !== undefined) f.start += offset;
    if (f.end !== undefined) f.end += offset;
  }
  if (body === inner.body) return value;
  return wrapUntrusted(body, envelope.serverName, envelope.toolName, inner.id);
}

/**
 * The envelope step on a scanned text: kept when it is a clean envelope for this server and tool already, otherwise
 * wrapped without its byte-order mark and tag-like strings. Findings made on it go after `first`. `escapesOnly`: the
 * caller knows the scanned text is ASCII with no control character or DEL (see neutraliseTags).
 */
export function wrapScanned(
  scanned: string,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
  envelope: Envelope,
  first: number,
  escapesOnly = false,
): string {
  if (isWrapped(scanned, envelope.serverName, envelope.toolName)) return scanned;
  const text = withoutByteOrderMark(scanned);
  let body = neutraliseTags(text, escapesOnly);
  if (body !== text) {
    // A forged tag replaced by its placeholder changes the words around it, and with them how a chat marker
    // before it reads (a role line's rest becomes a sentence). The second check scans that body: scan it now, so
    // it finds nothing the first left.
    const again = scratchFor(findings);
    body = neutraliseTags(withoutByteOrderMark(scanStringLeaf(body, path, plan, again)));
    appendWithoutOffsets(findings, again, first);
  }
  return wrapNeutralised(body, envelope.serverName, envelope.toolName, envelope.id);
}

/** An embedded resource: every field but a base64 `blob`. */
function scanResource(
  resource: Record<string, unknown>,
  path: string,
  plan: ScanPlan,
  findings: Finding[],
): Record<string, unknown> {
  let next: Record<string, unknown> | undefined;
  for (const key of Object.keys(resource)) {
    const value = resource[key];
    if (key === "blob" || value === undefined) continue;
    const cleaned = scanJson(value, `${path}/${key}`, plan, findings);
    if (cleaned !== value) {
      next ??= { ...resource };
      next[key] = cleaned;
    }
  }
  return next ?? resource;
}
