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
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";
import ts from "typescript";
import { stripPlugin } from "./strip-plugin.tmp.mjs";

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
  plugins: [markWorkerUrl, stripPlugin(new Set((process.env.STRIP??"examples,validator,example,leadExample,positive,negative").split(",")), /src\/engine\/rules\/built-in\/.*\.ts$/)],
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

checkEachModuleOnce();
writeWorkerUrl();
checkCliStaysPut();
for (const output of Object.keys(result.metafile.outputs)) await tidyLines(resolve(root, output));
const files = Object.keys(result.metafile.outputs);
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `javascript: ${files.length} files, ${(bytes / 1000).toFixed(0)} kB (esbuild, ${ENTRIES.length} entries)`,
);
