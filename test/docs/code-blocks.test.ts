import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { parsePolicyText, resolvePolicy } from "../../src/engine/policy.js";

/*
 * Every code block of the README and docs/ is checked here, so the docs cannot drift from the code:
 * - TypeScript blocks are typechecked together against the package's types (the `mcp-tollgate` name resolves to
 *   src/ through tsconfig paths); a block announced by `<!-- file: NAME -->` is a whole file, and those that make
 *   calls are also run against the real MCP server they name (a devDependency), their output checked against what
 *   the page says they print;
 * - YAML and JSON blocks are policies the engine accepts, unless their first line names another file
 *   (`# compose.yaml`);
 * - shell blocks run with bash in a folder holding the page's files, `tollgate` being this repository's CLI;
 * - a block that cannot run here says why, on the line before it: `<!-- not-run: reason -->`;
 * - `text` blocks are pictures and output, not code; a fence without a language is refused.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const work = join(root, ".docs-run");

interface Block {
  doc: string;
  line: number;
  lang: string;
  code: string;
  file?: string;
  notRun?: string;
  /** `file=NAME` in the fence's info string: a file a page's transcript reads (the policy guide's own test runs it). */
  infoFile?: string;
}

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, "docs"), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("docs", f));
  return ["README.md", ...docs.sort()];
}

/** The fenced blocks of one page, with the HTML comment on the line before each (if any). */
function blocksOf(doc: string): Block[] {
  const text = readFileSync(join(root, doc), "utf8");
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j]!)) body.push(lines[j++]!.slice(indent));
    const before = lines[i - 1] ?? "";
    const file = /^<!-- file: (\S+) -->$/.exec(before.trim())?.[1];
    const notRun = /^<!-- not-run: (.+) -->$/.exec(before.trim())?.[1];
    const infoFile = /\bfile=(\S+)/.exec(open[3] ?? "")?.[1];
    blocks.push({
      doc,
      line: i + 1,
      lang: open[2]!,
      code: body.join("\n"),
      ...(file ? { file } : {}),
      ...(notRun ? { notRun } : {}),
      ...(infoFile ? { infoFile } : {}),
    });
    i = j;
  }
  return blocks;
}

const all = markdownFiles().flatMap(blocksOf);
const label = (b: Block) => `${b.doc}:${b.line} (${b.lang || "no language"})`;
const slug = (doc: string) => doc.replace(/\.md$/, "").replace(/[^a-z0-9]+/gi, "-");
const isTs = (b: Block) => b.lang === "ts" || b.lang === "typescript";
const isShell = (b: Block) => b.lang === "bash" || b.lang === "sh" || b.lang === "shell";

/** Each page's blocks go to a folder of their own: files under their announced name, the rest numbered. */
function folderOf(doc: string): string {
  return join(work, slug(doc));
}
function pathOf(b: Block): string {
  return join(folderOf(b.doc), b.file ?? `block-${b.line}.ts`);
}

beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const doc of new Set(all.map((b) => b.doc))) {
    mkdirSync(folderOf(doc), { recursive: true });
    writeFileSync(join(folderOf(doc), "package.json"), '{ "type": "module" }\n');
  }
  for (const b of all) if (isTs(b) || b.file) writeFileSync(pathOf(b), `${b.code}\n`);
  mkdirSync(join(work, "bin"), { recursive: true });
  const shim = join(work, "bin", "tollgate");
  writeFileSync(
    shim,
    `#!/bin/sh\nexec "${process.execPath}" --import tsx "${join(root, "src/cli/main.ts")}" "$@"\n`,
  );
  chmodSync(shim, 0o755);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("docs: every fence says what it holds", () => {
  it("has a language (text for pictures and output)", () => {
    expect(all.filter((b) => b.lang === "").map(label)).toEqual([]);
  });

  it("a block that is not run says why", () => {
    expect(all.filter((b) => b.notRun !== undefined && b.notRun.trim().length < 5).map(label)).toEqual([]);
  });

  it("a language the test cannot run is marked not-run", () => {
    const known = new Set(["ts", "typescript", "yaml", "yml", "json", "bash", "sh", "shell", "text"]);
    expect(all.filter((b) => !known.has(b.lang) && b.notRun === undefined).map(label)).toEqual([]);
  });
});

describe("docs: YAML and JSON blocks", () => {
  const data = all.filter((b) => ["yaml", "yml", "json"].includes(b.lang));
  it.each(data.map((b) => [label(b), b] as const))("%s parses", (_label, b) => {
    const otherFile = /^\s*(#|\/\/) \S+\.(ya?ml|json)\b/.test(b.code.split("\n")[0] ?? "");
    if (otherFile || b.notRun || b.infoFile) {
      expect(() => (b.lang === "json" ? JSON.parse(b.code) : parseYaml(b.code))).not.toThrow();
      return;
    }
    expect(() => resolvePolicy(parsePolicyText(b.code, label(b)), {})).not.toThrow();
  });
});

describe("docs: TypeScript blocks typecheck against the package's types", () => {
  it("tsc finds no error", () => {
    const ts = all.filter((b) => isTs(b) && b.notRun === undefined);
    expect(ts.length).toBeGreaterThan(3);
    const config = join(work, "tsconfig.json");
    writeFileSync(
      config,
      JSON.stringify({
        extends: "../tsconfig.json",
        compilerOptions: { noEmit: true, noUnusedLocals: false },
        include: ts.map((b) => relative(work, pathOf(b))),
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", config], {
      cwd: root,
      encoding: "utf8",
      timeout: 240_000,
    });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 300_000);
});

/** Runs one of a page's files with tsx, from the page's folder (so `policy.yaml` is found as the page says). */
function runFile(doc: string, file: string): string {
  const child = spawnSync(process.execPath, ["--import", "tsx", file], {
    cwd: folderOf(doc),
    encoding: "utf8",
    timeout: 180_000,
    env: { ...process.env, TSX_TSCONFIG_PATH: join(root, "tsconfig.json"), NO_COLOR: "1" },
  });
  expect(child.status, `${doc} ${file}\n${child.stdout}\n${child.stderr}`).toBe(0);
  return child.stdout;
}

describe("docs: the files that make calls run as the page says", () => {
  it.each(["agent.ts", "graph.ts"])("README quick start %s", (file) => {
    const out = runFile("README.md", file);
    // "Each prints the same three audit lines ... and the messages of its run"
    expect(out.split("\n").filter((l) => l.startsWith("audit: "))).toEqual([
      "audit: everything.echo input allow",
      "audit: everything.echo output redact",
      "audit: everything.get-env input block",
    ]);
    expect(out).toContain("Echo: write to [REDACTED:email]");
    expect(out).toContain("<untrusted-tool-output");
    expect(out).not.toContain("jane.roe@example.com");
    expect(out).toContain(
      "Error: Blocked by policy: call to everything.get-env: an environment dump can leak credentials",
    );
    expect(out).toMatch(/ai: Done\.\s*$/);
  }, 200_000);

  it("README custom backend", () => {
    const out = runFile("README.md", "custom-backend.ts");
    expect(out).toMatch(/^echo: .*Echo: hi/m);
    expect(out).toContain(
      "get-env: Blocked by policy: call to everything.get-env: everything.get-env is not on the allow-list",
    );
  }, 200_000);

  it("human review in the quick start's graph", () => {
    const out = runFile("docs/human-review.md", "review-graph.ts");
    expect(out).toContain("review: everything.get-env: the environment can hold credentials");
    expect(out).toContain("tool: Not without a ticket");
    expect(out).toMatch(/ai: Done\.\s*$/);
  }, 200_000);
});

describe("docs: shell blocks", () => {
  // A transcript (`$ command` lines with their expected output) is run and compared by the page's own test.
  const transcript = (b: Block) => b.code.trimStart().startsWith("$ ");
  const shell = all.filter((b) => isShell(b) && b.notRun === undefined && !transcript(b));
  it.each(shell.map((b) => [label(b), b] as const))(
    "%s runs",
    (_label, b) => {
      // The quick start's policy is there for every page's commands.
      const readme = all.find((x) => x.doc === "README.md" && x.file === "policy.yaml");
      writeFileSync(join(folderOf(b.doc), "policy.yaml"), `${readme?.code ?? ""}\n`);
      const child = spawnSync(
        "bash",
        ["-euo", "pipefail", "-c", b.code.replace(/\bnpx tollgate\b/g, "tollgate")],
        {
          cwd: folderOf(b.doc),
          encoding: "utf8",
          timeout: 120_000,
          env: { ...process.env, PATH: `${join(work, "bin")}:${process.env.PATH}`, NO_COLOR: "1" },
        },
      );
      expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(0);
    },
    150_000,
  );
});
