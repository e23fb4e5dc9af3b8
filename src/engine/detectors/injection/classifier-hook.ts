import { PolicyConfigError } from "../../../errors.js";
import type { Finding } from "../../../shared/types.js";
import { matchActionOf } from "../../action-conversions.js";
import type { Action } from "../../rules/actions.js";

/**
 * A hook for a team's own prompt-injection model (a fine-tuned classifier behind an HTTP endpoint, a local ONNX
 * model...): the engine calls it on every text segment of a tool result, next to the built-in detectors, and a
 * score at or over the threshold is a finding of the rule `injection.classifier`, whose action the policy sets like
 * any injection rule's (`rules`, `injection.types.classifier`, `injection.output`, and the same keys under
 * `tools.<glob>`): `block` blocks; `neutralise`, `redact`, `mask`, `hash` and `flag` record a flag, since a segment
 * score has no span to cut; `off` does not call the classifier.
 *
 * Fails closed: a classifier that throws, returns something other than a number in [0, 1], or does not answer
 * within `timeoutMs` blocks the result with a reason, unless `onError: "allow"` (then the finding is a flag).
 */
export interface InjectionClassifierOptions {
  /** Probability-like score in [0, 1] that `text` carries an injection. The signal aborts on timeout. */
  classify: (text: string, context: InjectionClassifierContext) => number | Promise<number>;
  /** Scores at or over this are injections. Default 0.5. */
  threshold?: number;
  /** Per call of `classify`. Default 2000 ms. */
  timeoutMs?: number;
  /** What a failing or late classifier means. Default "block" (fail closed). */
  onError?: "block" | "allow";
  /** Longer strings are classified in pieces of at most this many characters, cut at a line or sentence end. */
  maxSegmentLength?: number;
}

export interface InjectionClassifierContext {
  serverName: string;
  toolName: string;
  /** JSON Pointer of the string in the CallToolResult. */
  path: string;
  signal: AbortSignal;
}

/** The registry's record for this hook (src/engine/rules/built-in/injection-classifier.ts). */
export const CLASSIFIER_RULE_ID = "injection.classifier";

export interface ResolvedClassifier {
  classify: InjectionClassifierOptions["classify"];
  threshold: number;
  timeoutMs: number;
  onError: "block" | "allow";
  maxSegmentLength: number;
}

/** Checks the options once, at engine construction: bad values are a typed error naming each, never a silent default. */
export function resolveClassifierOptions(options: InjectionClassifierOptions): ResolvedClassifier {
  const issues: { path: string; message: string }[] = [];
  if (typeof options?.classify !== "function")
    issues.push({ path: "injectionClassifier.classify", message: "must be a function" });
  const threshold = options?.threshold ?? 0.5;
  if (typeof threshold !== "number" || !(threshold >= 0 && threshold <= 1))
    issues.push({ path: "injectionClassifier.threshold", message: "must be a number from 0 to 1" });
  const timeoutMs = options?.timeoutMs ?? 2000;
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0) || !Number.isFinite(timeoutMs))
    issues.push({
      path: "injectionClassifier.timeoutMs",
      message: "must be a positive number of milliseconds",
    });
  const onError = options?.onError ?? "block";
  if (onError !== "block" && onError !== "allow")
    issues.push({ path: "injectionClassifier.onError", message: 'must be "block" or "allow"' });
  const maxSegmentLength = options?.maxSegmentLength ?? 4000;
  if (!Number.isInteger(maxSegmentLength) || maxSegmentLength < 16)
    issues.push({
      path: "injectionClassifier.maxSegmentLength",
      message: "must be an integer of at least 16",
    });
  if (issues.length > 0) throw new PolicyConfigError("Invalid injectionClassifier option", issues);
  return { classify: options.classify, threshold, timeoutMs, onError, maxSegmentLength };
}

interface Segment {
  path: string;
  start: number;
  end: number;
  text: string;
}

/** Every string the model can read in a result: text blocks, resource texts, and structuredContent's string leaves. */
export function textSegments(result: unknown, maxLength: number): Segment[] {
  const segments: Segment[] = [];
  const walk = (value: unknown, path: string, depth: number): void => {
    if (depth > 64) return;
    if (typeof value === "string") {
      for (const [start, end] of cutPoints(value, maxLength))
        segments.push({ path, start, end, text: value.slice(start, end) });
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) walk(value[i], `${path}/${i}`, depth + 1);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        // Base64 payloads (images, audio, blobs) are not text a model reads as instructions.
        if (key === "data" || key === "blob" || key === "mimeType" || key === "type") continue;
        walk(item, `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, depth + 1);
      }
    }
  };
  walk(result, "", 0);
  return segments.filter((s) => s.text.trim().length > 0);
}

/** Pieces of at most `maxLength`, each ending at the last line or sentence end inside the window when there is one. */
function cutPoints(text: string, maxLength: number): [number, number][] {
  const cuts: [number, number][] = [];
  let start = 0;
  while (text.length - start > maxLength) {
    const window = text.slice(start, start + maxLength);
    const lastBreak = Math.max(window.lastIndexOf("\n"), window.lastIndexOf(". "));
    const end = lastBreak > maxLength / 2 ? start + lastBreak + 1 : start + maxLength;
    cuts.push([start, end]);
    start = end;
  }
  cuts.push([start, text.length]);
  return cuts;
}

/**
 * Runs the classifier on every segment (concurrently) and appends findings. `action` is the rule's action on results
 * under the tool's policy; "off" skips the classifier.
 */
export async function classifyResult(
  classifier: ResolvedClassifier,
  result: unknown,
  action: Action,
  context: { serverName: string; toolName: string; signal?: AbortSignal },
  findings: Finding[],
): Promise<void> {
  if (action === "off") return;
  const segments = textSegments(result, classifier.maxSegmentLength);
  const outcomes = await Promise.all(segments.map((segment) => scoreSegment(classifier, segment, context)));
  segments.forEach((segment, i) => {
    const outcome = outcomes[i]!;
    const where = { path: segment.path, start: segment.start, end: segment.end };
    if (typeof outcome === "number") {
      if (outcome >= classifier.threshold)
        findings.push({
          kind: "injection",
          type: "classifier",
          ...where,
          ruleId: CLASSIFIER_RULE_ID,
          // Cutting the sentences at fault would take a score per sentence, and the segment was classified as the
          // tool returned it, not as the scan rewrote it: a rewriting action records a flag instead. A result
          // cannot wait for a human: `review` blocks it, as matchActionOf has it on output.
          action: matchActionOf(action, "output").do === "block" ? "block" : "flag",
          message: `classifier score ${outcome.toFixed(3)} >= threshold ${classifier.threshold}`,
        });
    } else {
      findings.push({
        kind: "injection",
        type: "classifier_unavailable",
        ...where,
        ruleId: CLASSIFIER_RULE_ID,
        action: classifier.onError === "block" ? "block" : "flag",
        message: `injection classifier could not score this text: ${outcome.reason}`,
      });
    }
  });
}

async function scoreSegment(
  classifier: ResolvedClassifier,
  segment: Segment,
  context: { serverName: string; toolName: string; signal?: AbortSignal },
): Promise<number | { reason: string }> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<{ reason: string }>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error("timeout"));
      resolve({ reason: `no answer within ${classifier.timeoutMs} ms` });
    }, classifier.timeoutMs);
  });
  const onAbort = () => controller.abort(context.signal?.reason);
  context.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const call = (async () => {
      try {
        const score = await classifier.classify(segment.text, {
          serverName: context.serverName,
          toolName: context.toolName,
          path: segment.path,
          signal: controller.signal,
        });
        if (typeof score !== "number" || !(score >= 0 && score <= 1))
          return {
            reason: `returned ${typeof score === "number" ? score : typeof score}, not a score in [0, 1]`,
          };
        return score;
      } catch (error) {
        // The message may quote the text; only the error's name is reported.
        return { reason: `threw ${error instanceof Error ? error.name : typeof error}` };
      }
    })();
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
    context.signal?.removeEventListener("abort", onAbort);
  }
}
