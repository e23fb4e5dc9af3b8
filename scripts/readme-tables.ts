/** `npm run readme:tables`: rewrites the README's action and rule tables from the rule registry. */
import { readFileSync, writeFileSync } from "node:fs";
import { withGeneratedTables } from "../src/engine/rules/readme-tables.js";

const path = new URL("../README.md", import.meta.url);
const before = readFileSync(path, "utf8");
const after = withGeneratedTables(before);
writeFileSync(path, after);
console.log(after === before ? "README tables already up to date" : "README tables rewritten");
