import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { LocalPolicyEngine } from "../engine/local-engine.js";
import { checkPolicyFile, loadPolicyFile } from "../engine/policy.js";
import { ruleCoverage, type ToolListing } from "../engine/rule-coverage.js";
import {
  InvalidArgumentsError,
  InvalidToolResultError,
  isTollgateError,
  PolicyConfigError,
} from "../errors.js";
import type { CallToolResult, JsonObject } from "../shared/types.js";
import { inputAnswer, outputAnswer } from "./answers.js";
import { EXIT } from "./cli-command.js";
import { type OutputStyle, paint, renderCheckAnswer, renderCoverage } from "./render.js";

export interface CheckCommandOptions {
  policy?: string;
  jsonl: boolean;
  /** Exit 3 when any answer is a block (bad input still exits 2, an invalid policy 1). */
  failOnBlock?: boolean;
  server: string;
  tool: string;
  stdin: Readable;
  stdout: Writable;
  /** Progress of `--jsonl` goes here when it is a terminal (see render.ts). */
  stderr?: Writable;
  /** Default: JSON lines. */
  style?: OutputStyle;
  /** Write `--jsonl` progress on stderr every this many lines (set when stderr is a terminal). */
  progressEvery?: number;
}

async function engineFor(policy: string | undefined): Promise<LocalPolicyEngine> {
  return policy ? new LocalPolicyEngine(await loadPolicyFile(policy)) : new LocalPolicyEngine();
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function errorAnswer(error: unknown): Record<string, unknown> {
  if (isTollgateError(error)) return { error: error.toJSON() };
  return { error: { name: "Error", message: error instanceof Error ? error.message : String(error) } };
}

/** The top-level keys of a CallToolResult the MCP schema names; any other key is scanned as data (extraKeys). */
const RESULT_KEYS = new Set(["content", "structuredContent", "isError", "_meta"]);

/**
 * A JSON object with neither `content` nor `structuredContent` is refused rather than scanned as data: the MCP
 * schema would accept it as an empty result (every field has a default), so it would come back `allowed` with no
 * findings, and guessing which of its strings a model reads would make `scan` disagree with the guard at run time.
 * The error says how to wrap it.
 */
function assertResultShape(parsed: unknown): void {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return;
  const keys = Object.keys(parsed);
  if (keys.includes("content") || keys.includes("structuredContent")) return;
  const shown = keys.slice(0, 3).map((k) => JSON.stringify(k));
  throw new InvalidToolResultError(
    `stdin is a JSON object but not a CallToolResult (no "content" or "structuredContent"; keys ${shown.join(", ")}${keys.length > 3 ? ", ..." : ""}). To scan it as structured data, wrap it: {"content":[],"structuredContent":<your object>}; to scan it as text, send it as a JSON string`,
    [{ path: "", message: 'expected a CallToolResult: an object with "content" (or "structuredContent")' }],
  );
}

/** Plain text is one text block; a JSON object must be a CallToolResult; a JSON string is plain text. */
export function toCallToolResult(input: string, jsonl: boolean): CallToolResult {
  const trimmed = input.trimStart();
  if (trimmed.startsWith("{") || (jsonl && trimmed.startsWith('"'))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input);
    } catch (error) {
      if (jsonl) return { content: [{ type: "text", text: input }] };
      throw new InvalidToolResultError(
        `stdin starts like JSON but does not parse: ${(error as Error).message}`,
        [{ path: "", message: "invalid JSON" }],
      );
    }
    if (typeof parsed === "string") return { content: [{ type: "text", text: parsed }] };
    assertResultShape(parsed);
    return parsed as CallToolResult;
  }
  return { content: [{ type: "text", text: input }] };
}

function toArgs(input: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch (error) {
    throw new InvalidArgumentsError(`arguments are not JSON: ${(error as Error).message}`, [
      { path: "", message: "invalid JSON" },
    ]);
  }
  return parsed as JsonObject;
}

type Answer = (engine: LocalPolicyEngine, input: string) => Promise<Record<string, unknown>>;

async function run(options: CheckCommandOptions, answer: Answer): Promise<number> {
  const style = options.style ?? { human: false, color: false };
  let line = 0;
  const write = (value: unknown) => {
    if (!style.human) options.stdout.write(`${JSON.stringify(value)}\n`);
    else {
      const heading = options.jsonl && line > 0 ? `line ${line}: ` : "";
      options.stdout.write(`${heading}${renderCheckAnswer(style, value as Record<string, never>)}\n`);
    }
  };
  let engine: LocalPolicyEngine;
  try {
    engine = await engineFor(options.policy);
  } catch (error) {
    // An invalid policy is exit 1 (as documented) and names the bad key on stdout, like validate-policy.
    if (!(error instanceof PolicyConfigError)) throw error;
    write(errorAnswer(error));
    return EXIT.invalidPolicy;
  }
  let failures = 0;
  let blocks = 0;
  const answerOne = async (input: string) => {
    try {
      const value = await answer(engine, input);
      if (value.allowed === false) blocks++;
      write(value);
    } catch (error) {
      failures++;
      write(errorAnswer(error));
    }
  };
  if (!options.jsonl) {
    await answerOne(await readAll(options.stdin));
  } else {
    // Streaming: one answer per line, in order, as each line arrives.
    const lines = createInterface({ input: options.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    const every = options.progressEvery;
    for await (const text of lines) {
      line++;
      if (text.trim() !== "") await answerOne(text);
      if (every && options.stderr && line % every === 0)
        options.stderr.write(`\rtollgate: ${line} lines, ${blocks} blocked, ${failures} errors`);
    }
    if (every && options.stderr && line >= every)
      options.stderr.write(`\rtollgate: ${line} lines, ${blocks} blocked, ${failures} errors (done)\n`);
  }
  if (failures > 0) return EXIT.usage;
  return options.failOnBlock && blocks > 0 ? EXIT.blocked : EXIT.ok;
}

export function scanCommand(options: CheckCommandOptions): Promise<number> {
  return run(options, async (engine, input) => {
    const result = toCallToolResult(input, options.jsonl);
    const target = {
      connectorType: `${options.server}.${options.tool}`,
      serverName: options.server,
      toolName: options.tool,
      args: {},
    };
    const decision = await engine.checkOutput({ ...target, callId: randomUUID(), result });
    const extras = extraKeys(result);
    if (extras === undefined) return outputAnswer(decision, result);
    // Keys the MCP schema does not name are data a client may still show: checked as structured content, their
    // findings and redactions moved back to the top level.
    const extra = await engine.checkOutput({
      ...target,
      callId: randomUUID(),
      result: { content: [], structuredContent: extras },
    });
    return mergeExtraAnswer(
      outputAnswer(decision, result),
      outputAnswer(extra, { structuredContent: extras }),
    );
  });
}

function extraKeys(result: CallToolResult): JsonObject | undefined {
  const extras: JsonObject = {};
  let any = false;
  for (const [key, value] of Object.entries(result)) {
    if (RESULT_KEYS.has(key)) continue;
    extras[key] = value as JsonObject[string];
    any = true;
  }
  return any ? extras : undefined;
}

const WOULD_HAVE_RANK: Record<string, number> = { allow: 0, redact: 1, review: 2, block: 3 };

/** Monitor mode, a result scanned in two parts: what enforcing would have done to the whole (the stronger). */
function strongerMonitor(a: unknown, b: unknown): unknown {
  const rank = (m: unknown) =>
    WOULD_HAVE_RANK[(m as { wouldHave?: string } | undefined)?.wouldHave ?? ""] ?? -1;
  return rank(b) > rank(a) ? b : a;
}

function mergeExtraAnswer(
  main: Record<string, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const prefix = "/structuredContent";
  const moved = (extra.findings as { path: string }[]).map((f) => ({
    ...f,
    path: f.path.slice(prefix.length),
  }));
  const allowed = main.allowed === true && extra.allowed === true;
  const redacted = (extra.result as { structuredContent?: JsonObject } | null)?.structuredContent;
  const monitor = strongerMonitor(main.monitor, extra.monitor);
  return {
    allowed,
    ...(main.reason || extra.reason ? { reason: main.reason ?? extra.reason } : {}),
    findings: [...(main.findings as unknown[]), ...moved],
    ...(monitor !== undefined ? { monitor } : {}),
    result: allowed ? { ...(main.result as object), ...redacted } : null,
  };
}

export function checkInputCommand(options: CheckCommandOptions): Promise<number> {
  return run(options, async (engine, input) => {
    const args = toArgs(input);
    const decision = await engine.checkInput({
      connectorType: `${options.server}.${options.tool}`,
      serverName: options.server,
      toolName: options.tool,
      callId: randomUUID(),
      args,
    });
    return inputAnswer(decision, args);
  });
}

export interface ValidateOptions {
  style?: OutputStyle;
  /** The tools to check the rules against (`--servers` / `--tools`); rules are not checked without it. */
  listing?: () => Promise<ToolListing>;
}

export async function validatePolicyCommand(
  file: string,
  stdout: Writable,
  options: ValidateOptions = {},
): Promise<number> {
  const style = options.style ?? { human: false, color: false };
  const print = (answer: Record<string, unknown>, human: () => string) =>
    stdout.write(style.human ? `${human()}\n` : `${JSON.stringify(answer)}\n`);
  let check: Awaited<ReturnType<typeof checkPolicyFile>>;
  try {
    // The engine's own resolution, not only the schema: a policy valid here is one the engine accepts.
    check = await checkPolicyFile(file);
  } catch (error) {
    const answer = { valid: false, file, ...errorAnswer(error) };
    print(answer, () => `${file}: ${renderCheckAnswer(style, answer as never)}`);
    return EXIT.invalidPolicy;
  }
  const { uncheckedDetectors, policy } = check;
  const base =
    uncheckedDetectors.length > 0 ? { valid: true, file, uncheckedDetectors } : { valid: true, file };
  if (!options.listing) {
    print(base, () => paint(style, "green", `${file}: valid`));
    return EXIT.ok;
  }
  const coverage = ruleCoverage(policy, await options.listing());
  print({ ...base, ...coverage }, () => renderCoverage(style, file, coverage));
  return coverage.unmatched.length > 0 ? EXIT.invalidPolicy : EXIT.ok;
}
