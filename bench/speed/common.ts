/**
 * What the speed rows share: the 1 MB inputs, a check request around a result, and langchain's five built-in PII
 * detectors (the ones `piiMiddleware` runs), the reference every ratio row is measured against in the same rounds.
 */
import { detectCreditCard, detectEmail, detectIP, detectMacAddress, detectUrl } from "langchain";
import type { CallToolResult } from "../../src/shared/types.js";
import { payload, textResult } from "../fixtures/inputs.js";

export const MB = 1024 * 1024;

/** A speed row: one figure with the goal it is held to, and how it was measured. */
export interface SpeedRow {
  row: string;
  /** The figure: a ratio (or MB/s for structuredContent, derived from a ratio against langchain's text speed). */
  value: number;
  unit: "x" | "MB/s";
  goal: string;
  met: boolean;
  /** Rounds and the per-variant medians behind the figure (machine-dependent; quote the ratio). */
  detail: string;
}

const LANGCHAIN = [detectEmail, detectCreditCard, detectIP, detectMacAddress, detectUrl];

/** langchain's built-in detectors over `text`, as piiMiddleware runs them (one call per type). */
export function langchainDetectors(text: string): number {
  let n = 0;
  for (const detect of LANGCHAIN) n += detect(text).length;
  return n;
}

/** 1 MB of the bench's prose; another `seed` gives other sentences of the same mix. */
export function benchText(bytes = MB, seed?: number): string {
  return payload("text", bytes, seed);
}

export function checkRequest(result: CallToolResult) {
  return {
    connectorType: "bench.payload",
    serverName: "bench",
    toolName: "payload",
    callId: "bench",
    args: {},
    result,
  };
}

export function textRequest(text: string) {
  return checkRequest(textResult(text));
}

/** The JSON records as structuredContent (~100k short strings and keys): the typical JSON-heavy MCP result. */
export function structuredRequest(bytes = MB, seed?: number) {
  const records = JSON.parse(payload("json", bytes, seed)) as unknown[];
  const result: CallToolResult = {
    content: [{ type: "text", text: "records" }],
    structuredContent: { records },
  };
  return { request: checkRequest(result), bytes: Buffer.byteLength(JSON.stringify(result), "utf8") };
}

export const fmtRatio = (x: number) => `${x.toFixed(2)}x`;
