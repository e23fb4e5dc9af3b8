import { register } from "node:module";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
for (const p of ["@langchain/core/tools", "@langchain/langgraph", "@langchain/mcp-adapters"]) await import(p);
const cjsBefore = new Set(Object.keys(require.cache));
register("./hooks.mjs", import.meta.url);
await import(process.argv[2]);
const cjsAfter = Object.keys(require.cache).filter((k) => !cjsBefore.has(k));
console.log("CJS new:", cjsAfter.length);
