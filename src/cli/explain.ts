/**
 * `tollgate explain`: which rules a tool gets from a policy and what the input check does with given arguments,
 * for finding the rule behind a block or a false positive.
 */
import { randomUUID } from "node:crypto";
import type { Writable } from "node:stream";
import { matchesConnector } from "../engine/glob.js";
import { LocalPolicyEngine } from "../engine/local-engine.js";
import { configOf, loadPolicyFile, type ResolvedFamily, resolvePolicy } from "../engine/policy.js";
import { rulesForTool } from "../engine/rule-coverage.js";
import { toolPolicyConfig } from "../engine/tool-policy.js";
import { isTollgateError, PolicyConfigError } from "../errors.js";
import type { JsonObject } from "../shared/types.js";
import { inputAnswer } from "./answers.js";
import { EXIT } from "./cli-command.js";
import { type OutputStyle, renderExplain } from "./render.js";

export interface ExplainOptions {
  policy?: string;
  server: string;
  tool: string;
  /** The arguments as JSON text; default `{}`. */
  args?: string;
  stdout: Writable;
  stderr: Writable;
  style: OutputStyle;
}

function family(f: ResolvedFamily) {
  return { input: f.input, output: f.output, types: f.types as Record<string, unknown> };
}

export async function explainCommand(options: ExplainOptions): Promise<number> {
  let args: JsonObject = {};
  if (options.args !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(options.args);
    } catch (error) {
      options.stderr.write(`tollgate explain: --args is not JSON: ${(error as Error).message}\n`);
      return EXIT.usage;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      options.stderr.write("tollgate explain: --args must be a JSON object\n");
      return EXIT.usage;
    }
    args = parsed as JsonObject;
  }
  let engine: LocalPolicyEngine;
  try {
    engine = new LocalPolicyEngine(options.policy ? await loadPolicyFile(options.policy) : {});
  } catch (error) {
    if (!(error instanceof PolicyConfigError)) throw error;
    options.stderr.write(`tollgate explain: ${error.message}\n`);
    return EXIT.invalidPolicy;
  }
  const target = {
    serverName: options.server,
    toolName: options.tool,
    connectorType: `${options.server}.${options.tool}`,
  };
  const rules = rulesForTool(engine.policy, target);
  // The families as this tool sees them: the top level with the matching `tools.<glob>` sections merged on.
  const merged = toolPolicyConfig(configOf(engine.policy), (glob) => matchesConnector(target, glob));
  const own = merged ? resolvePolicy(merged, process.env) : engine.policy;
  const families = { pii: family(own.pii), secrets: family(own.secrets), injection: family(own.injection) };
  let input: Record<string, unknown>;
  try {
    const decision = await engine.checkInput({ ...target, callId: randomUUID(), args });
    input = { ...inputAnswer(decision, args), ...(decision.review ? { review: decision.review } : {}) };
  } catch (error) {
    input = { error: isTollgateError(error) ? error.toJSON() : { message: String(error) } };
  }
  const mode = engine.policy.mode;
  const answer = { ...rules, mode, families, inputHazards: own.inputHazards, input };
  options.stdout.write(
    options.style.human
      ? `${renderExplain(options.style, rules, families, input, mode)}\n`
      : `${JSON.stringify(answer)}\n`,
  );
  return EXIT.ok;
}
