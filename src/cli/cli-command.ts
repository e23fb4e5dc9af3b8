import type { Readable, Writable } from "node:stream";

/** Where a command reads and writes; the process's streams in `tollgate`, others in tests or embedders. */
export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** Read for NO_COLOR and TOLLGATE_FORCE_TTY; default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

/**
 * One `tollgate` command. Registering a command is one entry in `COMMANDS` (program.ts): `--help`, `help <name>`, the
 * command list and the dispatch all come from it.
 */
export interface CliCommand {
  name: string;
  /** One line for `tollgate --help`. */
  summary: string;
  /** The whole `tollgate <name> --help` text, starting with `Usage: tollgate <name>`. */
  usage: string;
  /** Runs with the arguments after the command name (`--help` never reaches it); resolves with the exit code. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** Exit codes shared by every command. */
export const EXIT = {
  ok: 0,
  invalidPolicy: 1,
  usage: 2,
  /** `--fail-on-block`: the check ran and something was blocked. */
  blocked: 3,
} as const;

/**
 * `--help` / `-h` anywhere before a `--` terminator. Checked before the command parses its own options, so
 * `tollgate serve --help` prints help even though serve's option parser (serve.ts) does not declare it.
 */
export function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === "--help" || arg === "-h");
}
