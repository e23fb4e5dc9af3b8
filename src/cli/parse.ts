import { type ParseArgsConfig, parseArgs } from "node:util";
import { closest, distance } from "fastest-levenshtein";
import type { CliIo } from "./cli-command.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The option a misspelt one was meant to be, when it is near enough (`--polcy` -> `--policy`). */
export function suggestOption(unknown: string, options: readonly string[]): string | undefined {
  if (options.length === 0) return undefined;
  const bare = unknown.replace(/^-+/, "").split("=")[0]!;
  const best = closest(bare, options as string[]);
  return distance(bare, best) <= Math.max(2, Math.floor(bare.length / 3)) ? `--${best}` : undefined;
}

/** The command a misspelt one was meant to be. */
export function suggestName(unknown: string, names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const best = closest(unknown, names as string[]);
  return distance(unknown, best) <= Math.max(2, Math.floor(unknown.length / 3)) ? best : undefined;
}

/**
 * `util.parseArgs`, strict, with a suggestion for an unknown option. Writes the error and the usage on stderr and
 * returns undefined on a usage error.
 */
export interface ParsedOptions {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export function parseOptions(
  command: string,
  usage: string,
  args: string[],
  options: Options,
  io: Pick<CliIo, "stderr">,
  allowPositionals = false,
): ParsedOptions | undefined {
  try {
    const parsed = parseArgs({ args, strict: true, allowPositionals, options });
    return { values: parsed.values as ParsedOptions["values"], positionals: parsed.positionals };
  } catch (error) {
    let message = (error as Error).message;
    const code = (error as { code?: string }).code;
    const unknown = /'(-[^']+)'/.exec(message)?.[1];
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && unknown) {
      const near = suggestOption(unknown, Object.keys(options));
      if (near) message += ` (did you mean ${near}?)`;
    }
    io.stderr.write(`tollgate ${command}: ${message}\n\n${usage}\n`);
    return undefined;
  }
}
