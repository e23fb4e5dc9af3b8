/**
 * `npm run build:schema` (part of `npm run build`): writes policy.schema.json, the policy file's JSON Schema, from
 * src/engine/policy-schema.ts, the one the engine validates with. The package exports it as
 * `mcp-tollgate/policy.schema.json` for editors (`# yaml-language-server: $schema=...` in a YAML policy, `$schema`
 * in a JSON one). test/unit/policy-schema-file.test.ts fails when the committed file falls behind the source.
 * Written without indentation: editors read it, people read src/engine/policy-schema.ts, and the indented form cost
 * about 5 kB of the package's 500 kB (biome.json leaves the generated file alone).
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { policySchema } from "../src/engine/policy-schema.js";

const file = fileURLToPath(new URL("../policy.schema.json", import.meta.url));
writeFileSync(file, `${JSON.stringify(policySchema)}\n`);
console.log(`wrote ${file}`);
