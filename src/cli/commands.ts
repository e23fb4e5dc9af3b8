import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { LocalPolicyEngine } from "../engine/local-engine.js";
import { checkPolicyFile, loadPolicyFile } from "../engine/policy.js";
import {
  InvalidArgumentsError,
  InvalidToolResultError,
  isTollgateError,
  PolicyConfigError,
} from "../errors.js";
import type { CallToolResult, JsonObject } from "../shared/types.js";
import { inputAnswer, outputAnswer } from "./answers.js";
import { EXIT } from "./cli-command.js";

export interface CheckCommandOptions {
  policy?: string;
  jsonl: boolean;
  /** Exit 3 when any answer is a block (bad input still exits 2, an invalid policy 1). */
  failOnBlock?: boolean;
  server: string;
  tool: string;
  stdin: Readable;
  stdout: Writable;
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
  const write = (value: unknown) => options.stdout.write(`${JSON.stringify(value)}\n`);
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
    for await (const line of lines) {
      if (line.trim() !== "") await answerOne(line);
    }
  }
  if (failures > 0) return EXIT.usage;
  return options.failOnBlock && blocks > 0 ? EXIT.blocked : EXIT.ok;
}

export function scanCommand(options: CheckCommandOptions): Promise<number> {
  return run(options, async (engine, input) => {
    const result = toCallToolResult(input, options.jsonl);
    const decision = await engine.checkOutput({
      connectorType: `${options.server}.${options.tool}`,
      serverName: options.server,
      toolName: options.tool,
      callId: randomUUID(),
      args: {},
      result,
    });
    return outputAnswer(decision, result);
  });
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

export async function validatePolicyCommand(file: string, stdout: Writable): Promise<number> {
  try {
    // The engine's own resolution, not only the schema: a policy valid here is one the engine accepts.
    const { uncheckedDetectors } = await checkPolicyFile(file);
    const answer =
      uncheckedDetectors.length > 0 ? { valid: true, file, uncheckedDetectors } : { valid: true, file };
    stdout.write(`${JSON.stringify(answer)}\n`);
    return 0;
  } catch (error) {
    stdout.write(`${JSON.stringify({ valid: false, file, ...errorAnswer(error) })}\n`);
    return 1;
  }
}
