import type { CallToolResult } from "../../shared/types.js";
import type { MatchColumns } from "../scan/match-columns.js";
import { runDetectorsAround, type ScanPlan } from "../scan/string-scanner.js";
import type { DetectorWorkerPool } from "./detector-worker-pool.js";

/**
 * Shorter strings are scanned in the calling thread. The worker saves wall time only while a core is idle, and only
 * the injection detector's share of the check (about a fifth); it always costs CPU: a worker woken for each check
 * (an agent step's pattern, not back-to-back checks) adds a quarter to a third of the check's process CPU at 64 KB
 * and about a fifth at 256 KB-1 MB (bench/agent-step-stages.ts, bench/results/2026-11-27-s14-agentstep.md).
 */
export const DEFAULT_WORKER_MIN_LENGTH = 262_144;

export interface OffloadSettings {
  pool: DetectorWorkerPool;
  /** Strings at least this long (UTF-16 units) go to the worker. */
  minLength: number;
}

/**
 * Strings of at least `minLength` units in the places `scanToolResult` reads, each once: every field of every content
 * block but base64 payloads, and anywhere in `structuredContent` and `_meta` (object keys included). Image, audio
 * and blob payloads are base64 the scan never reads; sending them would only cost time.
 */
export function collectLongStrings(result: CallToolResult, minLength: number): string[] {
  const found = new Set<string>();
  for (const block of result.content ?? []) {
    const fields = block as unknown as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (
        key === "type" ||
        key === "blob" ||
        (key === "data" && (block.type === "image" || block.type === "audio"))
      )
        continue;
      const value = fields[key];
      if (key === "resource" && typeof value === "object" && value !== null) {
        const { blob: _payload, ...resource } = value as Record<string, unknown>;
        collectInJson(resource, minLength, found);
      } else collectInJson(value, minLength, found);
    }
  }
  if (result.structuredContent !== undefined) collectInJson(result.structuredContent, minLength, found);
  if (result._meta !== undefined) collectInJson(result._meta, minLength, found);
  return [...found];
}

function collectInJson(root: unknown, minLength: number, found: Set<string>): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (value.length >= minLength) found.add(value);
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
    } else if (typeof value === "object" && value !== null) {
      for (const key of Object.keys(value)) {
        if (key.length >= minLength) found.add(key);
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
}

/**
 * How long a check waits for the worker's matches: a second plus a second per million characters. The detector
 * alone takes 0.2-0.8 s per MB of ordinary to injection-dense text on a loaded 2-core machine (and must stay within
 * 10x ordinary text on hostile classes), so a deadline that grows with the input is missed only by an input slow
 * beyond that, or a worker that has stopped working. Missing it costs this check the inline scan, never the check;
 * a worker busy on the input past it is replaced without counting as a failure.
 */
export function workerDeadlineMs(chars: number): number {
  return 1000 + Math.ceil(chars / 1000);
}

/**
 * For a result with long strings: sends them to the worker for injection detection, runs the plan's other
 * detectors on them meanwhile, and returns a copy of the plan that carries the combined matches, so the scan
 * reuses them instead of running the detectors again. The matches are the ones the scan would find itself (same
 * detectors, same order, same gates); when the worker cannot answer, the plan comes back as it was and the scan
 * runs every detector in this thread.
 */
export async function withPrecomputedMatches(
  plan: ScanPlan,
  result: CallToolResult,
  settings: OffloadSettings,
): Promise<ScanPlan> {
  const offloaded = plan.offloadable;
  if (offloaded === undefined) return plan;
  const texts = collectLongStrings(result, settings.minLength);
  if (texts.length === 0) return plan;
  let chars = 0;
  for (const text of texts) chars += text.length;
  const pending = settings.pool.detect(texts, workerDeadlineMs(chars));
  if (pending === undefined) return plan;
  const local = texts.map((text) => runDetectorsAround(plan.detectors, offloaded, text));
  const remote = await pending;
  if (remote === undefined || remote.length !== texts.length) return plan;
  const precomputed = new Map<string, MatchColumns>();
  for (let i = 0; i < texts.length; i++) {
    // In detector order, into the first list (ours): no third copy of a text's matches.
    const { before, after } = local[i]!;
    before.append(remote[i]!);
    before.append(after);
    precomputed.set(texts[i]!, before);
  }
  return { ...plan, precomputed };
}
