import { readFileSync } from "node:fs";
import { asksForHelp, type CliCommand, type CliIo, EXIT } from "./cli-command.js";
import {
  checkInputEntry,
  explainEntry,
  pinEntry,
  scanEntry,
  serveEntry,
  validatePolicyEntry,
} from "./entries.js";
import { suggestName } from "./parse.js";

/** Every `tollgate` command. A new command is one entry here (see CliCommand); help and dispatch follow from it. */
const COMMANDS: readonly CliCommand[] = [
  scanEntry,
  checkInputEntry,
  validatePolicyEntry,
  explainEntry,
  serveEntry,
  pinEntry,
];

/** package.json sits two levels up both from src/cli/program.ts and from the published dist/cli/program.js. */
function packageVersion(): string {
  const file = new URL("../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

function usage(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return `Usage: tollgate <command> [options]

Commands:
${commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join("\n")}

Options:
  -h, --help       this help; \`tollgate <command> --help\` (or \`tollgate help <command>\`) for a command's options
  -v, --version    the mcp-tollgate version

Exit status: 0 ok, 1 invalid policy, 2 bad input or usage, 3 blocked with --fail-on-block.`;
}

export async function main(
  argv: readonly string[],
  io: CliIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  commands: readonly CliCommand[] = COMMANDS,
): Promise<number> {
  const [name, ...rest] = argv;
  const find = (wanted: string) => commands.find((c) => c.name === wanted);
  const unknown = (wanted: string) => {
    const near = suggestName(
      wanted,
      commands.map((c) => c.name),
    );
    io.stderr.write(
      `tollgate: unknown command "${wanted}"${near ? ` (did you mean "${near}"?)` : ""}\n\n${usage(commands)}\n`,
    );
    return EXIT.usage;
  };
  if (name === undefined) {
    io.stderr.write(`${usage(commands)}\n`);
    return EXIT.usage;
  }
  if (name === "--version" || name === "-v") {
    io.stdout.write(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    const topic = name === "help" ? rest[0] : undefined;
    if (topic === undefined) {
      io.stdout.write(`${usage(commands)}\n`);
      return EXIT.ok;
    }
    const command = find(topic);
    if (!command) return unknown(topic);
    io.stdout.write(`${command.usage}\n`);
    return EXIT.ok;
  }
  const command = find(name);
  if (!command) return unknown(name);
  if (asksForHelp(rest)) {
    io.stdout.write(`${command.usage}\n`);
    return EXIT.ok;
  }
  return command.run(rest, io);
}

/**
 * What the `tollgate` binary does with its arguments, as one call: the exit code `main` resolves with, or, when a
 * command throws, the message on stderr and the usage exit code. main.ts only hands it the process's argv and
 * streams; tests call it in-process with their own streams (the same code path as a spawned `tollgate`).
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    io.stderr.write(`tollgate: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.usage;
  }
}
