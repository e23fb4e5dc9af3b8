// `npm run build` (after tsc): removes the declaration files no entry point of the package reaches. The package's
// `exports` name only its entry points, so a declaration no entry point imports (the CLI's, the server's internals,
// most detectors') can never be read by a user's compiler; shipping them only made the package heavier.
//   node scripts/prune-declarations.mjs [distDir]
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = resolve(root, process.argv[2] ?? "dist");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** Every `types` file the package's `exports` (and `types`) name. */
function entryDeclarations() {
  const out = new Set();
  const visit = (value) => {
    if (typeof value === "string") {
      if (value.endsWith(".d.ts")) out.add(resolve(root, value));
    } else if (value && typeof value === "object") for (const v of Object.values(value)) visit(v);
  };
  visit(pkg.exports);
  if (pkg.types) out.add(resolve(root, pkg.types));
  return [...out];
}

/** Relative specifiers a declaration file imports or re-exports (`from "./x.js"`, `import("./x.js")`). */
function importsOf(file) {
  const text = readFileSync(file, "utf8");
  const targets = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\(\s*|^\s*import\s*)["'](\.{1,2}\/[^"']+)["']/gm)) {
    targets.push(resolve(dirname(file), m[1].replace(/\.js$/, ".d.ts")));
  }
  return targets;
}

/**
 * The registry's type unions (`SecretType = (typeof SECRET_RULES)[number]["type"]`) written out as literal unions,
 * read from the built registry's `*_TYPES` arrays: as tsc writes them, the declarations import every built-in record
 * as a literal type (the secret records alone are ~250 kB of .d.ts), which a user's compiler needs only for these
 * unions. Written out, the records' declarations are reached by no entry point and removed below. The literal union
 * is the same type (each array holds every record's type, and test/unit/package-manifest checks the names).
 */
async function flattenRuleTypeUnions() {
  const registry = join(dist, "engine/rules/registry.d.ts");
  const built = await import(pathToFileURL(join(dist, "index.js")).href);
  const unions = {
    PiiType: built.PII_TYPES,
    SecretType: built.SECRET_TYPES,
    HazardType: built.HAZARD_TYPES,
    InjectionRuleType: built.INJECTION_TYPES,
  };
  let text = readFileSync(registry, "utf8");
  for (const [name, types] of Object.entries(unions)) {
    if (!Array.isArray(types) || types.length === 0)
      throw new Error(`dist/index.js exports no types for ${name}`);
    const pattern = new RegExp(`export type ${name} = [^;]+;`);
    if (!pattern.test(text)) throw new Error(`${registry} declares no ${name}`);
    const literal = [...new Set(types)].map((t) => JSON.stringify(t)).join(" | ");
    text = text.replace(pattern, `export type ${name} = ${literal};`);
  }
  for (const m of [...text.matchAll(/^import \{ (\w+) \} from "\.\/built-in\/[\w-]+\.js";\n/gm)]) {
    if (!new RegExp(`\\b${m[1]}\\b`).test(text.replace(m[0], ""))) text = text.replace(m[0], "");
  }
  writeFileSync(registry, text);
}

await flattenRuleTypeUnions();

const reached = new Set();
const stack = entryDeclarations();
for (const entry of stack) if (!existsSync(entry)) throw new Error(`entry point ${entry} was not built`);
while (stack.length > 0) {
  const file = stack.pop();
  if (reached.has(file)) continue;
  reached.add(file);
  for (const target of importsOf(file)) {
    if (!existsSync(target)) throw new Error(`${file} imports ${target}, which was not built`);
    stack.push(target);
  }
}

let removed = 0;
for (const name of readdirSync(dist, { recursive: true })) {
  const file = join(dist, String(name));
  if (!file.endsWith(".d.ts") || reached.has(file)) continue;
  rmSync(file);
  removed++;
}
console.log(`declarations: kept ${reached.size}, removed ${removed} that no entry point reaches`);
