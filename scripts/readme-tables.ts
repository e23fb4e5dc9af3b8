/**
 * `npm run readme:tables`: rewrites the action and rule tables of the policy reference (docs/policy-reference.md)
 * from the rule registry. The README itself carries no generated table.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { withGeneratedTables } from "../src/engine/rules/readme-tables.js";

const path = new URL("../docs/policy-reference.md", import.meta.url);
const before = readFileSync(path, "utf8");
const after = withGeneratedTables(before);
writeFileSync(path, after);
console.log(
  after === before ? "policy reference tables already up to date" : "policy reference tables rewritten",
);
