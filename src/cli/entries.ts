import { parseArgs } from "node:util";
import { type CliCommand, type CliIo, EXIT } from "./cli-command.js";
import { checkInputCommand, scanCommand, validatePolicyCommand } from "./commands.js";
import { PIN_USAGE } from "./pin-usage.js";
import { SERVE_USAGE, serveCommand } from "./serve.js";

/*
 * Argument parsing is node's own `util.parseArgs` rather than commander or yargs: it is strict (an unknown or
 * misspelled option is an error naming it), stable since Node 18.11, already what serve.ts uses, and adds no
 * dependency to a security package. What commander would add is generated help text; with four short commands
 * the help is written here, next to each command, which also lets it explain exit codes and input formats.
 * Measured 2026-11-24 (Node 20.20): `node` + parseArgs 59-68 ms per run, + commander 14 64-80 ms per run.
 */

const CHECK_OPTIONS = `Options:
  --policy FILE      policy file (JSON or YAML); the safe defaults when omitted
  --jsonl            one JSON value per input line, one answer per output line, in order (streaming)
  --server NAME      server name the policy sees (default "cli")
  --tool NAME        tool name the policy sees (default "%TOOL%")
  --fail-on-block    exit 3 when any answer is a block (for CI jobs); the answers are printed as usual
  -h, --help         this help`;

const CHECK_EXIT = `Exit status: 0 checked (allowed or not), 1 invalid policy, 2 bad input or usage,
3 something was blocked and --fail-on-block was given.`;

const SCAN_USAGE = `Usage: tollgate scan [options] < result

Reads a CallToolResult (JSON object) or plain text (one text block, path /content/0/text) on stdin and runs the
output check. Prints {"allowed","reason"?,"findings":[{"kind","type","path","start","end"}],"result"}; "result"
is the redacted result, or null when blocked. Paths are JSON Pointers, start/end UTF-16 offsets.

${CHECK_OPTIONS.replace("%TOOL%", "scan")}

${CHECK_EXIT}

Example: echo 'mail jane.roe@example.com' | tollgate scan --fail-on-block`;

const CHECK_INPUT_USAGE = `Usage: tollgate check-input [options] < arguments

Reads tool arguments (a JSON object) on stdin and runs the input check (capability gate, input hazards, PII and
secrets in arguments). Prints {"allowed","reason"?,"findings":[...],"args"}; "args" is null when blocked.

${CHECK_OPTIONS.replace("%TOOL%", "call")}

${CHECK_EXIT}

Example: echo '{"query":"SELECT 1; DROP TABLE users"}' | tollgate check-input`;

const VALIDATE_POLICY_USAGE = `Usage: tollgate validate-policy FILE

Validates a JSON or YAML policy file against the policy schema (mcp-tollgate/policy.schema.json) and names every
bad key as a JSON Pointer. Prints {"valid":true,"file"} or {"valid":false,"file","error":{...,"issues"}}.

Options:
  -h, --help    this help

Exit status: 0 valid, 1 invalid (or unreadable), 2 usage.`;

interface CheckValues {
  policy?: string;
  jsonl: boolean;
  server?: string;
  tool?: string;
  "fail-on-block": boolean;
}

function parseCheckArgs(name: string, usage: string, args: string[], io: CliIo): CheckValues | undefined {
  try {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        policy: { type: "string" },
        jsonl: { type: "boolean", default: false },
        server: { type: "string" },
        tool: { type: "string" },
        "fail-on-block": { type: "boolean", default: false },
      },
    }).values;
  } catch (error) {
    io.stderr.write(`tollgate ${name}: ${(error as Error).message}\n\n${usage}\n`);
    return undefined;
  }
}

function checkEntry(
  name: "scan" | "check-input",
  summary: string,
  usage: string,
  defaultTool: string,
  command: typeof scanCommand,
): CliCommand {
  return {
    name,
    summary,
    usage,
    async run(args, io) {
      const values = parseCheckArgs(name, usage, args, io);
      if (!values) return EXIT.usage;
      return command({
        jsonl: values.jsonl,
        failOnBlock: values["fail-on-block"],
        server: values.server ?? "cli",
        tool: values.tool ?? defaultTool,
        stdin: io.stdin,
        stdout: io.stdout,
        ...(values.policy !== undefined ? { policy: values.policy } : {}),
      });
    },
  };
}

export const scanEntry = checkEntry(
  "scan",
  "run the output check on a tool result read from stdin",
  SCAN_USAGE,
  "scan",
  scanCommand,
);

export const checkInputEntry = checkEntry(
  "check-input",
  "run the input check on tool arguments read from stdin",
  CHECK_INPUT_USAGE,
  "call",
  checkInputCommand,
);

export const validatePolicyEntry: CliCommand = {
  name: "validate-policy",
  summary: "validate a JSON or YAML policy file, naming every bad key",
  usage: VALIDATE_POLICY_USAGE,
  async run(args, io) {
    let positionals: string[];
    try {
      positionals = parseArgs({ args, strict: true, allowPositionals: true, options: {} }).positionals;
    } catch (error) {
      io.stderr.write(`tollgate validate-policy: ${(error as Error).message}\n\n${VALIDATE_POLICY_USAGE}\n`);
      return EXIT.usage;
    }
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) {
      io.stderr.write(
        `tollgate validate-policy: ${file ? "one FILE only" : "missing FILE"}\n\n${VALIDATE_POLICY_USAGE}\n`,
      );
      return EXIT.usage;
    }
    return validatePolicyCommand(file, io.stdout);
  },
};

/** serve.ts owns serve's options and their usage text; this entry only shows that text as the command's help. */
export const serveEntry: CliCommand = {
  name: "serve",
  summary: "run the policy service over HTTP (check-input / check-output, /healthz, /readyz)",
  usage: `Usage: tollgate ${SERVE_USAGE.trim()}\n\nExit status: 0 stopped by SIGTERM/SIGINT, 1 invalid policy, 2 usage or cannot listen.`,
  run: (args, io) => serveCommand(args, { stdout: io.stdout, stderr: io.stderr, env: process.env }),
};

export const pinEntry: CliCommand = {
  name: "pin",
  summary: "write a lock file of the tools every configured server lists (refused at load when they change)",
  usage: PIN_USAGE,
  run: async (args, io) => (await import("./pin.js")).pinCommand(args, io),
};
