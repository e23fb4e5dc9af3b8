// `npm run build` (the JavaScript; tsc writes the declarations): the package's entry points bundled by esbuild into a
// few ES modules, so importing the package reads and links a handful of files instead of ~200 small ones.
//   node scripts/build-js.mjs [outDir]
//
// Invariants this script keeps (the build fails when one of the checks below does not hold):
// - Every entry keeps its path under dist/ (dist/index.js, dist/install/create-agent.js, dist/testing/index.js,
//   dist/cli/main.js, dist/engine/parallel/detector-worker.js), next to the declarations tsc writes for it.
// - Each source module is in exactly one output file (`splitting`: what two entries share is one chunk they both
//   import), so module state (registries, caches, symbols, error classes for `instanceof`) exists once per process.
// - Dependencies and peers are not bundled (`packages: "external"`): the user's copy of @langchain/core,
//   @opentelemetry/api (the API instance their SDK registers), zod... is the one the package sees.
// - What a dynamic import() loads (the CLI's `explain` and `pin`, `serve`'s Redis store) stays a chunk of its own,
//   loaded on use.
// - No source maps (tsconfig.build.json says why); identifiers are not minified, so stack traces read as in src/,
//   except a function esbuild renames where two modules in one chunk declare the same name (`report` becomes
//   `report3`). `keepNames` is off: its `__name(fn, "fn")` call after every function cost 16 kB of the packed limit
//   (session 21), and no code reads a function's or class's `.name` (the error classes that name themselves set `name`
//   as a field).
//   Syntax is minified (`minifySyntax`: constants folded, dead branches dropped, statements shortened) but
//   not whitespace or identifiers, so the files stay readable line by line; it keeps the package under its 500 kB
//   packed limit (7.5 kB less at session 11).
// - Whole-line comments esbuild keeps inside function bodies are dropped (src/ is where they are read; 12 kB of the
//   packed limit at session 15); each file's `// src/...` module markers stay. Lines lose their indentation (9 kB of
//   the packed limit at session 17; every statement keeps its own line, so a stack trace's line still points at one
//   statement). Neither touches a line that starts inside a string or template literal (TypeScript's parser finds
//   them), and both are proven: the file minified before and after must be the same text, or the build fails.
// - Text outside ASCII is written as UTF-8 (`charset: "utf8"`), not as `\uXXXX` escapes: the lexicons' words in other
//   scripts took 6 bytes a letter escaped against 2-3 (about 9,000 escapes, 1.5 kB of the packed limit at session 21).
//   The strings and regular expressions are the same: an escape and its character are one value to JavaScript, and
//   esbuild still escapes what UTF-8 cannot carry (lone surrogates).
// - Packed data (src/shared/packed-bytes.ts: the WebAssembly modules, the scorer's weights, the phrase gates, the
//   lexicons) stands at the end of its file: each long base64 literal becomes `packed_<name>()`, a function declared
//   after the file's code that returns the literal. Function declarations are hoisted, so the value is there from the
//   file's first statement, as it was. gzip, which the tarball is, finds repeats only in the last 32 kB it read, and
//   packed data has none: code after a blob of 20 kB found none in the code before it (4.6 kB of the packed limit at
//   session 23). The check: the file holds the same string literals before and after.
// - The built-in rule records ship without what only the tests and the README's generator read (`RECORD_ONLY`: their
//   `examples`, `validator` notes, and the token records' example builders), 9 kB of the packed limit at session 23.
//   They stay in src/, where test/unit/rule-registry.test.ts runs them. Proven twice: the build fails when any code
//   in dist/ still reads one of those names (`checkRecordOnlyUnread`), and test/smoke/dist.mjs runs every record's
//   examples from src/ through dist/'s detectors (each positive found, no negative).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { build, transform } from "esbuild";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = resolve(root, process.argv[2] ?? "dist");

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** The worker the engine starts as its own file (detector-worker-pool.ts finds it next to itself). */
const WORKER_ENTRY = "src/engine/parallel/detector-worker.ts";

/**
 * The package's entry points: every JavaScript file package.json `exports` and `bin` name (dist/x.js is built from
 * src/x.ts; test/unit/package-manifest.test.ts checks that source exists), and the detector worker.
 */
function entries() {
  const targets = new Set();
  const visit = (value) => {
    if (typeof value === "string") {
      if (value.startsWith("./dist/") && value.endsWith(".js")) targets.add(value);
    } else if (value && typeof value === "object") for (const v of Object.values(value)) visit(v);
  };
  visit(pkg.exports);
  visit(pkg.bin);
  return [...[...targets].map((t) => t.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts")), WORKER_ENTRY];
}
const ENTRIES = entries();

/**
 * The worker pool finds `detector-worker.js` next to its own module (`new URL("./detector-worker.js",
 * import.meta.url)`); bundled, its own module is whichever output holds it. The build marks that URL and then writes
 * the path from that output to the worker entry.
 */
const WORKER_POOL = "src/engine/parallel/detector-worker-pool.ts";
const WORKER_URL = /new URL\(`\.\/detector-worker\$\{extension\}`, import\.meta\.url\)/;
const WORKER_MARK = "__TOLLGATE_DETECTOR_WORKER__";

const markWorkerUrl = {
  name: "mark-worker-url",
  setup(b) {
    b.onLoad({ filter: /detector-worker-pool\.ts$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!WORKER_URL.test(text))
        throw new Error(`${WORKER_POOL}: the worker's URL is no longer written as expected`);
      return {
        contents: text.replace(WORKER_URL, `new URL("${WORKER_MARK}", import.meta.url)`),
        loader: "ts",
      };
    });
  },
};

/**
 * Properties of the built-in rule records (src/engine/rules/built-in/) that no code of the package reads at run time:
 * the records' `examples` (test/unit/rule-registry.test.ts runs them), `validator` (a note for the README's rule
 * table, scripts/readme-tables.ts), and in the vendor token records the extra `positive` / `negative` examples and the
 * forms' `example` / `leadExample` body builders (read only to derive the examples). Public type: `examples` is
 * optional on `ScannedRuleRecord` for this reason.
 */
const RECORD_ONLY = new Set(["examples", "validator", "positive", "negative", "example", "leadExample"]);
const RECORD_FILES = /[\\/]src[\\/]engine[\\/]rules[\\/]built-in[\\/][^\\/]+\.ts$/;

/** `text` (a built-in record file) without its object literals' RECORD_ONLY properties, each with its comma. */
function withoutRecordOnly(path, text) {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts = [];
  const visit = (node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isObjectLiteralExpression(node.parent) &&
      ts.isIdentifier(node.name) &&
      RECORD_ONLY.has(node.name.text)
    ) {
      cuts.push([node.getStart(file), text[node.end] === "," ? node.end + 1 : node.end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = "";
  let at = 0;
  for (const [start, end] of cuts) {
    out += text.slice(at, start);
    at = end;
  }
  return { text: out + text.slice(at), cut: cuts.length };
}

let recordOnlyCut = 0;
const dropRecordOnly = {
  name: "drop-record-only",
  setup(b) {
    b.onLoad({ filter: RECORD_FILES }, (args) => {
      const { text, cut } = withoutRecordOnly(args.path, readFileSync(args.path, "utf8"));
      recordOnlyCut += cut;
      return { contents: text, loader: "ts" };
    });
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outdir,
  outbase: "src",
  entryNames: "[dir]/[name]",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  keepNames: false,
  minifySyntax: true,
  charset: "utf8",
  sourcemap: false,
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
  plugins: [markWorkerUrl, dropRecordOnly],
});

/** The output file that holds a source module. */
function outputOf(source) {
  const holders = Object.entries(result.metafile.outputs).filter(([, o]) => source in o.inputs);
  if (holders.length !== 1) throw new Error(`${source} is in ${holders.length} output files, not one`);
  return resolve(root, holders[0][0]);
}

function checkEachModuleOnce() {
  const seen = new Map();
  for (const [output, o] of Object.entries(result.metafile.outputs)) {
    for (const input of Object.keys(o.inputs)) {
      if (seen.has(input)) throw new Error(`${input} is bundled twice: ${seen.get(input)} and ${output}`);
      seen.set(input, output);
    }
  }
}

function writeWorkerUrl() {
  const holder = outputOf(WORKER_POOL);
  const worker = join(outdir, WORKER_ENTRY.replace(/^src\//, "").replace(/\.ts$/, ".js"));
  let path = relative(dirname(holder), worker).split("\\").join("/");
  if (!path.startsWith(".")) path = `./${path}`;
  const text = readFileSync(holder, "utf8");
  if (text.split(WORKER_MARK).length !== 2) throw new Error(`${holder}: expected the worker mark once`);
  writeFileSync(holder, text.replace(WORKER_MARK, path));
}

/** main.ts reads `../../package.json` from its own URL: its code must stay in dist/cli/main.js. */
function checkCliStaysPut() {
  if (outputOf("src/cli/main.ts") !== join(outdir, "cli/main.js")) throw new Error("src/cli/main.ts moved");
}

/** The [start, end) offsets of `text`'s string and template literal pieces, in order. */
function literalRanges(text) {
  const file = ts.createSourceFile("out.js", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const pieces = new Set([
    ts.SyntaxKind.StringLiteral,
    ts.SyntaxKind.NoSubstitutionTemplateLiteral,
    ts.SyntaxKind.TemplateHead,
    ts.SyntaxKind.TemplateMiddle,
    ts.SyntaxKind.TemplateTail,
  ]);
  const ranges = [];
  const visit = (node) => {
    if (pieces.has(node.kind)) ranges.push([node.getStart(file), node.end]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/**
 * One output file without its whole-line `//` comments (the module markers stay) and without indentation, both only
 * on lines that start outside every literal. The check compares both texts minified, where every comment and
 * indentation is gone and nothing else differs.
 */
async function tidyLines(file) {
  const text = readFileSync(file, "utf8");
  const ranges = literalRanges(text);
  let r = 0;
  let offset = 0;
  const kept = [];
  for (const line of text.split("\n")) {
    while (r < ranges.length && ranges[r][1] <= offset) r++;
    const inLiteral = r < ranges.length && ranges[r][0] < offset;
    offset += line.length + 1;
    if (inLiteral) kept.push(line);
    else if (!/^\s*\/\//.test(line) || /^\/\/ src\//.test(line)) kept.push(line.trimStart());
  }
  const tidy = kept.join("\n");
  if (tidy === text) return;
  const minified = async (code) =>
    (await transform(code, { minify: true, format: "esm", loader: "js" })).code;
  if ((await minified(text)) !== (await minified(tidy)))
    throw new Error(`${file}: a dropped comment or indentation was part of the program`);
  writeFileSync(file, tidy);
}

/**
 * Reads of a RECORD_ONLY name that are not reads of a record, by the module they are in: schema-validator.ts's cache
 * entry holds its own compiled `validator`.
 */
const NOT_RECORD_READS = new Map([["src/engine/schema-validator.ts", ["validator"]]]);

/**
 * No code in the output reads a RECORD_ONLY name (`x.examples`, `x["example"]`, `{ validator } = x`, `"positive" in
 * x`) outside NOT_RECORD_READS: what the records lost was read by nothing. A literal that merely holds the word
 * ("x.example" in a message) is not a read.
 */
function checkRecordOnlyUnread(output) {
  const text = readFileSync(output, "utf8");
  const file = ts.createSourceFile(output, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const markers = [...text.matchAll(/^\/\/ (src\/\S+)$/gm)].map((m) => [m.index, m[1]]);
  const moduleAt = (offset) => markers.findLast(([at]) => at <= offset)?.[1];
  const named = (node) =>
    node !== undefined &&
    (ts.isIdentifier(node) || ts.isStringLiteralLike(node)) &&
    RECORD_ONLY.has(node.text);
  const visit = (node) => {
    const name = ts.isPropertyAccessExpression(node)
      ? node.name
      : ts.isElementAccessExpression(node)
        ? node.argumentExpression
        : ts.isBindingElement(node)
          ? (node.propertyName ?? node.name)
          : ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword
            ? node.left
            : undefined;
    if (named(name)) {
      const module = moduleAt(node.getStart(file));
      if (!NOT_RECORD_READS.get(module)?.includes(name.text)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        throw new Error(
          `${output}:${line + 1} (${module}): reads "${node.getText(file)}", which the built-in records do not ship`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/** Literals this long of base64's letters only are packed data (the smallest packed module is about 1.4 kB). */
const PACKED_LITERAL = /^[A-Za-z0-9+/]{1000,}={0,2}$/;

/** A file's string literals, sorted (what moving packed data must keep). */
function stringLiterals(file) {
  const out = [];
  const visit = (node) => {
    if (ts.isStringLiteral(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out.sort();
}

/** Moves one output file's packed literals to functions at its end (the header above says why). */
function packedDataLast(output) {
  const text = readFileSync(output, "utf8");
  const file = ts.createSourceFile(output, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const blobs = [];
  const visit = (node) => {
    if (ts.isStringLiteral(node) && PACKED_LITERAL.test(node.text)) {
      let declaration = node.parent;
      while (declaration !== undefined && !ts.isVariableDeclaration(declaration))
        declaration = declaration.parent;
      if (declaration === undefined || !ts.isIdentifier(declaration.name))
        throw new Error(`${output}: packed data outside a variable's initialiser`);
      blobs.push({ start: node.getStart(file), end: node.end, name: `packed_${declaration.name.text}` });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (blobs.length === 0) return;
  let code = "";
  let at = 0;
  const functions = [];
  for (const { start, end, name } of blobs) {
    if (text.includes(name)) throw new Error(`${output}: the name ${name} is taken`);
    code += `${text.slice(at, start)}${name}()`;
    functions.push(`function ${name}() {\nreturn ${text.slice(start, end)};\n}`);
    at = end;
  }
  const moved = `${code}${text.slice(at).trimEnd()}\n${functions.join("\n")}\n`;
  const after = ts.createSourceFile(output, moved, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  if (!isDeepStrictEqual(stringLiterals(after), stringLiterals(file)))
    throw new Error(`${output}: moving the packed data changed the file's string literals`);
  writeFileSync(output, moved);
}

checkEachModuleOnce();
if (recordOnlyCut === 0) throw new Error(`no record file matched ${RECORD_FILES}: nothing was dropped`);
for (const output of Object.keys(result.metafile.outputs)) checkRecordOnlyUnread(resolve(root, output));
writeWorkerUrl();
checkCliStaysPut();
for (const output of Object.keys(result.metafile.outputs)) {
  await tidyLines(resolve(root, output));
  packedDataLast(resolve(root, output));
}
const files = Object.keys(result.metafile.outputs);
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `javascript: ${files.length} files, ${(bytes / 1000).toFixed(0)} kB (esbuild, ${ENTRIES.length} entries)`,
);
