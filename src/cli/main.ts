#!/usr/bin/env node
import { parseArgs } from "node:util";
import { checkInputCommand, scanCommand, validatePolicyCommand } from "./commands.js";
import { SERVE_USAGE, serveCommand } from "./serve.js";

const USAGE = `Usage: tollgate <command> [options]

Commands:
  scan [--policy FILE] [--jsonl] [--server NAME] [--tool NAME]
      Reads a CallToolResult (JSON object) or plain text on stdin and runs the output check.
      Prints {"allowed","reason"?,"findings":[{"kind","type","path","start","end"}],"result"}.
  check-input [--policy FILE] [--jsonl] [--server NAME] [--tool NAME]
      Reads tool arguments (a JSON object) on stdin and runs the input check.
  validate-policy FILE
      Validates a JSON or YAML policy file; names every bad key.
${SERVE_USAGE}

Options:
  --jsonl    one JSON value per input line, one answer per output line (streaming)
  --policy   policy file (JSON or YAML); the safe defaults when omitted
  --server   server name the policy sees (default "cli")
  --tool     tool name the policy sees (default "scan" / "call")

Exit status: 0 checked (allowed or not), 1 invalid policy, 2 bad input or usage.`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command === "serve") return serveCommand(rest);
  if (command === "pin") return (await import("./pin.js")).pinCommand(rest);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        policy: { type: "string" },
        jsonl: { type: "boolean", default: false },
        server: { type: "string" },
        tool: { type: "string" },
      },
    });
  } catch (error) {
    process.stderr.write(`tollgate ${command}: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const common = {
    jsonl: values.jsonl === true,
    server: typeof values.server === "string" ? values.server : "cli",
    stdin: process.stdin,
    stdout: process.stdout,
    ...(typeof values.policy === "string" ? { policy: values.policy } : {}),
  };
  switch (command) {
    case "scan":
      return scanCommand({ ...common, tool: typeof values.tool === "string" ? values.tool : "scan" });
    case "check-input":
      return checkInputCommand({ ...common, tool: typeof values.tool === "string" ? values.tool : "call" });
    case "validate-policy": {
      const file = positionals[0];
      if (!file) {
        process.stderr.write("tollgate validate-policy: missing FILE\n");
        return 2;
      }
      return validatePolicyCommand(file, process.stdout);
    }
    default:
      process.stderr.write(`tollgate: unknown command "${command}"\n\n${USAGE}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`tollgate: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
