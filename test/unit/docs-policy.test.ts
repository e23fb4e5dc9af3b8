import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { CliCommand } from "../../src/cli/cli-command.js";
import { checkInputEntry, explainEntry, scanEntry, validatePolicyEntry } from "../../src/cli/entries.js";

/*
 * Runs every code block of docs/policy.md: a `json file=NAME` block is written to NAME in a scratch directory; in a
 * `sh` block each `$ tollgate ...` line (optionally after `echo '...' |`) is run there, with the terminal path forced
 * and colour off, and its stdout must be the lines shown under it.
 */
const DOC = fileURLToPath(new URL("../../docs/policy.md", import.meta.url));
const COMMANDS: readonly CliCommand[] = [scanEntry, checkInputEntry, validatePolicyEntry, explainEntry];
const tmp = mkdtempSync(join(tmpdir(), "tollgate-docs-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Block {
  lang: string;
  info: string;
  body: string;
}

function blocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1]!,
    info: m[2]!.trim(),
    body: m[3]!,
  }));
}

/** Words of a command line: single-quoted parts kept whole (what the docs use), nothing else of a shell. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

interface Example {
  command: string;
  expected: string;
}

function examples(body: string): Example[] {
  const out: Example[] = [];
  for (const line of body.replace(/\n$/, "").split("\n")) {
    if (line.startsWith("$ ")) out.push({ command: line.slice(2), expected: "" });
    else if (out.length > 0) out[out.length - 1]!.expected += `${line}\n`;
    else throw new Error(`output before any command: ${line}`);
  }
  return out;
}

async function runLine(line: string): Promise<string> {
  let stdin = "";
  let rest = line;
  const pipe = /^echo '([^']*)' \| (.*)$/.exec(line);
  if (pipe) {
    stdin = `${pipe[1]}\n`;
    rest = pipe[2]!;
  }
  const [bin, name, ...args] = words(rest);
  expect(bin).toBe("tollgate");
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new Error(`no command ${name}`);
  const io = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    env: { TOLLGATE_FORCE_TTY: "1", NO_COLOR: "1" },
  };
  let stdout = "";
  io.stdout.setEncoding("utf8").on("data", (c: string) => {
    stdout += c;
  });
  io.stdin.end(stdin);
  const cwd = process.cwd();
  process.chdir(tmp);
  try {
    await command.run(args, io);
  } finally {
    process.chdir(cwd);
  }
  return stdout;
}

const all = blocks(readFileSync(DOC, "utf8"));

describe("docs/policy.md: every code block runs", () => {
  it("has only runnable blocks (json file=..., sh with $ tollgate lines)", () => {
    expect(all.length).toBeGreaterThan(3);
    for (const block of all) {
      const runnable = (block.lang === "json" && /^file=\S+$/.test(block.info)) || block.lang === "sh";
      expect(runnable, `${block.lang} ${block.info}`).toBe(true);
    }
  });

  it("each command prints what the page shows", { timeout: 60_000 }, async () => {
    for (const block of all) {
      if (block.lang === "json") {
        JSON.parse(block.body);
        writeFileSync(join(tmp, block.info.slice("file=".length)), block.body);
        continue;
      }
      for (const { command, expected } of examples(block.body)) {
        expect(await runLine(command), command).toBe(expected);
      }
    }
  });
});
