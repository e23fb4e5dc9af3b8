import {
  envelopeClose,
  envelopeOpen,
  neutraliseTags,
  readEnvelope,
  wrapUntrusted,
} from "../engine/scan/envelope.js";
import { isJsonDocument } from "../engine/scan/scan-json.js";

/**
 * What the model reads of one tool call, rendered where the ToolMessage content is made (the tool's `func`, which
 * returns `[content, artifact]` for the adapter's `content_and_artifact` format).
 *
 * The adapter (1.1.x) hands the model each text block of the checked result, and, when there is one text block and
 * `structuredContent` or `_meta`, that block carries them as extra fields. Providers differ on extra fields:
 * `@langchain/anthropic` rebuilds a text block from `text` alone, `@langchain/openai`'s Chat Completions converter
 * passes the block on as it is, so the structured copy (the filesystem server returns every file twice) travels to
 * the provider outside the envelope. Here, when the checked text blocks carry the engine's envelopes (a wrap mode):
 * - the model gets ONE envelope (the call's id, server and tool): the text blocks' bodies, joined by a newline and
 *   neutralised again as a whole (a tag split across two blocks does not form), and nothing else of the blocks; a
 *   content that is only text becomes a plain string, so no provider sees a block field;
 * - non-text blocks (images, audio, files) stay as they are, in order, between the envelope's opening and closing
 *   text blocks;
 * - the artifact keeps the adapter's `mcp_structured_content` and `mcp_meta` entries (the checked values) and gains
 *   one `{ type: "mcp_json_text", text }` per text block that is a JSON document: the checked JSON text, parseable.
 *
 * With no enveloped text block (a mode that does not wrap, or no text), the output is left as the adapter made it.
 */
export function renderToolOutput(output: unknown): unknown {
  if (!Array.isArray(output) || output.length !== 2) return output;
  const [content, artifact] = output as [unknown, unknown];
  if (typeof content === "string") {
    // One text block without structuredContent or _meta: already one envelope; JSON text goes to the artifact.
    const read = readEnvelope(content);
    if (read === undefined || !isJsonDocument(read.body)) return output;
    return [content, withJsonTexts(artifact, [read.body])];
  }
  const blocks = Array.isArray(content) ? (content as unknown[]) : [content];
  let envelope: { serverName: string; toolName: string; id: string } | undefined;
  for (const block of blocks) {
    const text = textOf(block);
    const read = text === undefined ? undefined : readEnvelope(text);
    if (read !== undefined) {
      envelope = read;
      break;
    }
  }
  if (envelope === undefined) return output;

  // Runs of text bodies between non-text blocks.
  const runs: string[][] = [[]];
  const others: unknown[] = [];
  const jsonTexts: string[] = [];
  let textShape: Record<string, unknown> | undefined;
  for (const block of blocks) {
    const text = textOf(block);
    if (text === undefined) {
      others.push(block);
      runs.push([]);
      continue;
    }
    textShape ??= block as Record<string, unknown>;
    // A text block without an envelope (another interceptor added it) is read as a body: it is neutralised below.
    const body = readEnvelope(text)?.body ?? text;
    if (isJsonDocument(body)) jsonTexts.push(body);
    runs[runs.length - 1]!.push(body);
  }
  const { serverName, toolName, id } = envelope;
  const nextArtifact = jsonTexts.length > 0 ? withJsonTexts(artifact, jsonTexts) : artifact;
  if (others.length === 0) {
    return [wrapUntrusted(runs[0]!.join("\n"), serverName, toolName, id), nextArtifact];
  }
  // The envelope's tags close around everything: the first run opens it, the last closes it, each run neutralised
  // as a whole (the model reads a run in one piece; across a non-text block nothing joins).
  const textBlock = (text: string) => ({
    type: "text",
    ...(textShape?.source_type !== undefined ? { source_type: textShape.source_type } : {}),
    text,
  });
  const rendered: unknown[] = [];
  for (let i = 0; i < runs.length; i++) {
    let text = neutraliseTags(runs[i]!.join("\n"));
    if (i === 0) text = envelopeOpen(serverName, toolName, id) + text;
    if (i === runs.length - 1) text += `\n${envelopeClose(id)}`;
    if (text !== "") rendered.push(textBlock(text));
    if (i < others.length) rendered.push(others[i]);
  }
  return [rendered, nextArtifact];
}

function textOf(block: unknown): string | undefined {
  if (typeof block !== "object" || block === null) return undefined;
  const b = block as { type?: unknown; text?: unknown };
  return b.type === "text" && typeof b.text === "string" ? b.text : undefined;
}

function withJsonTexts(artifact: unknown, texts: string[]): unknown {
  const entries = texts.map((text) => ({ type: "mcp_json_text", text }));
  if (Array.isArray(artifact)) return [...artifact, ...entries];
  return artifact === undefined ? entries : artifact;
}
