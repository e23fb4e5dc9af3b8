// `node bench/package-size.mjs [distDir] [rows]` (after `npm run build`): what each source module costs in the
// tarball. Each dist/ file is split at its `// src/...` module markers and at the `function packed_...` blocks of
// packed data the build moves to the file's end (a row each, named by the variable that reads it); a module's marginal cost is gzip -9 of the
// file minus gzip -9 of the file without that module's lines (what removing it would save), "alone" is gzip -9 of its
// lines on their own; declarations and other files count whole. The tarball is one gzip stream, so these are close
// to, not exactly, `npm pack`'s figures.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.argv[2] ?? "dist";
const gz = (s) => gzipSync(s, { level: 9 }).length;
const rows = [];
let totalJs = 0;
for (const name of readdirSync(dist, { recursive: true })) {
  const f = join(dist, String(name));
  if (statSync(f).isDirectory()) continue;
  const text = readFileSync(f, "utf8");
  if (!f.endsWith(".js")) {
    rows.push({ mod: relative(dist, f), raw: text.length, gz: gz(text), own: gz(text), file: "-" });
    continue;
  }
  const full = gz(text);
  totalJs += full;
  const lines = text.split("\n");
  const marks = [];
  lines.forEach((l, i) => {
    if (/^\/\/ src\//.test(l) || /^function packed_/.test(l)) marks.push(i);
  });
  if (marks.length === 0) {
    rows.push({
      mod: `${relative(dist, f)} (whole)`,
      raw: text.length,
      gz: full,
      own: full,
      file: relative(dist, f),
    });
    continue;
  }
  const bounds = [...marks, lines.length];
  for (let k = 0; k < marks.length; k++) {
    const slice = lines.slice(bounds[k], bounds[k + 1]).join("\n");
    const rest = [...lines.slice(0, bounds[k]), ...lines.slice(bounds[k + 1])].join("\n");
    rows.push({
      // Packed data stands at the end of its file (scripts/build-js.mjs): a row of its own, not its last module's.
      mod: lines[marks[k]].startsWith("function ")
        ? `packed data: ${lines[marks[k]].slice(9).replace(/\(.*$/, "()")}`
        : lines[marks[k]].slice(3),
      raw: slice.length,
      gz: full - gz(rest),
      own: gz(slice),
      file: relative(dist, f),
    });
  }
}
rows.sort((a, b) => b.gz - a.gz);
const n = Number(process.argv[3] ?? 40);
console.log("| # | module | raw kB | marginal gz kB | alone gz kB | output |");
for (const [i, r] of rows.slice(0, n).entries()) {
  const kB = (bytes) => (bytes / 1000).toFixed(1);
  console.log(`| ${i + 1} | ${r.mod} | ${kB(r.raw)} | ${kB(r.gz)} | ${kB(r.own)} | ${r.file} |`);
}
const sumBy = (p) => rows.filter(p).reduce((s, r) => s + r.gz, 0);
console.log(
  "sum marginal js",
  (sumBy((r) => r.file !== "-") / 1000).toFixed(1),
  "gz js files",
  (totalJs / 1000).toFixed(1),
  "d.ts",
  (sumBy((r) => r.mod.endsWith(".d.ts")) / 1000).toFixed(1),
);
