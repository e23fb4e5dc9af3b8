import { type CliCommand, type CliIo, EXIT } from "./cli-command.js";
import { checkInputCommand, scanCommand, validatePolicyCommand } from "./commands.js";
import { ListingInputError, listingFromFile, listingFromServers } from "./listing.js";
import { parseOptions } from "./parse.js";
import { PIN_USAGE } from "./pin-usage.js";
import { outputStyle, showsProgress } from "./render.js";
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
  --json             JSON lines even on a terminal (they are the default when stdout is not a terminal)
  -h, --help         this help

On a terminal the answer is a verdict and a table of findings (RULE, PATH, ACTION, FINDING); NO_COLOR turns colour
off. With --jsonl and stderr on a terminal, progress is written there every 1,000 lines.`;

const CHECK_EXIT = `Exit status: 0 checked (allowed or not), 1 invalid policy, 2 bad input or usage,
3 something was blocked and --fail-on-block was given.`;

const SCAN_USAGE = `Usage: tollgate scan [options] < result

Reads a CallToolResult (JSON object) or plain text (one text block, path /content/0/text) on stdin and runs the
output check. Prints {"allowed","reason"?,"findings":[{"kind","type","ruleId","action","path","start","end"}],"result"};
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

const VALIDATE_POLICY_USAGE = `Usage: tollgate validate-policy FILE [--servers CONFIG | --tools LISTING]

Validates a JSON or YAML policy file against the policy schema (mcp-tollgate/policy.schema.json) and names every
bad key as a JSON Pointer. Prints {"valid":true,"file"} or {"valid":false,"file","error":{...,"issues"}}.
With --servers or --tools, also checks every capability rule and tools.<glob> key against the listed tools:
"unmatched" (a rule that matches no tool, with the closest names), "unverified" (its server did not list) and
"tools" (the rules each tool gets).

Options:
  --servers FILE  a MultiServerMCPClient config ({"mcpServers": {...}}): connects to each server and lists its tools
  --tools FILE    a listing: {"crm": ["lookup_customer", ...]} (or a tools/list result per server)
  --json          JSON even on a terminal
  -h, --help      this help

Exit status: 0 valid, 1 invalid (or unreadable, or a rule matches no listed tool), 2 usage.`;

interface CheckValues {
  policy?: string;
  jsonl: boolean;
  server?: string;
  tool?: string;
  "fail-on-block": boolean;
  json: boolean;
}

const CHECK_OPTIONS_SPEC = {
  policy: { type: "string" },
  jsonl: { type: "boolean", default: false },
  server: { type: "string" },
  tool: { type: "string" },
  "fail-on-block": { type: "boolean", default: false },
  json: { type: "boolean", default: false },
} as const;

function parseCheckArgs(name: string, usage: string, args: string[], io: CliIo): CheckValues | undefined {
  return parseOptions(name, usage, args, CHECK_OPTIONS_SPEC, io)?.values as CheckValues | undefined;
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
        stderr: io.stderr,
        style: outputStyle(io, values.json),
        ...(values.jsonl && showsProgress(io) ? { progressEvery: 1000 } : {}),
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
  summary: "validate a policy file; with --servers/--tools, report rules that match no listed tool",
  usage: VALIDATE_POLICY_USAGE,
  async run(args, io) {
    const parsed = parseOptions(
      "validate-policy",
      VALIDATE_POLICY_USAGE,
      args,
      { servers: { type: "string" }, tools: { type: "string" }, json: { type: "boolean", default: false } },
      io,
      true,
    );
    if (!parsed) return EXIT.usage;
    const [file, ...extra] = parsed.positionals;
    const { servers, tools, json } = parsed.values as { servers?: string; tools?: string; json: boolean };
    const problem = !file
      ? "missing FILE"
      : extra.length > 0
        ? "one FILE only"
        : servers && tools
          ? "--servers or --tools, not both"
          : undefined;
    if (problem || !file) {
      io.stderr.write(`tollgate validate-policy: ${problem}\n\n${VALIDATE_POLICY_USAGE}\n`);
      return EXIT.usage;
    }
    const listing = servers
      ? () => listingFromServers(servers)
      : tools
        ? () => listingFromFile(tools)
        : undefined;
    try {
      return await validatePolicyCommand(file, io.stdout, {
        style: outputStyle(io, json),
        ...(listing ? { listing } : {}),
      });
    } catch (error) {
      if (!(error instanceof ListingInputError)) throw error;
      io.stderr.write(`tollgate validate-policy: ${error.message}\n`);
      return EXIT.usage;
    }
  },
};

const EXPLAIN_USAGE = `Usage: tollgate explain --server NAME --tool NAME [--policy FILE] [--args JSON]

Prints which rules a tool gets from the policy (the capability rules that match it, the one that decides, the
tools.<glob> sections) with the pii, secrets and injection actions it sees, and what the input check decides on
the given arguments (findings with their rule ids). For finding the rule behind a block or a false positive.

Options:
  --policy FILE   policy file (JSON or YAML); the safe defaults when omitted
  --server NAME   the server name, as in the client config
  --tool NAME     the tool name, as the server lists it
  --args JSON     the call's arguments as a JSON object (default {})
  --json          JSON even on a terminal
  -h, --help      this help

Exit status: 0 explained, 1 invalid policy, 2 usage.

Example: tollgate explain --server crm --tool delete_customer --args '{"id":"42"}'`;

export const explainEntry: CliCommand = {
  name: "explain",
  summary: "show which rules apply to a tool and what the input check decides on given arguments",
  usage: EXPLAIN_USAGE,
  async run(args, io) {
    const parsed = parseOptions(
      "explain",
      EXPLAIN_USAGE,
      args,
      {
        policy: { type: "string" },
        server: { type: "string" },
        tool: { type: "string" },
        args: { type: "string" },
        json: { type: "boolean", default: false },
      },
      io,
    );
    if (!parsed) return EXIT.usage;
    const v = parsed.values as {
      policy?: string;
      server?: string;
      tool?: string;
      args?: string;
      json: boolean;
    };
    if (!v.server || !v.tool) {
      io.stderr.write(`tollgate explain: --server and --tool are required\n\n${EXPLAIN_USAGE}\n`);
      return EXIT.usage;
    }
    const { explainCommand } = await import("./explain.js");
    return explainCommand({
      server: v.server,
      tool: v.tool,
      stdout: io.stdout,
      stderr: io.stderr,
      style: outputStyle(io, v.json),
      ...(v.policy !== undefined ? { policy: v.policy } : {}),
      ...(v.args !== undefined ? { args: v.args } : {}),
    });
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
