import { register } from "node:module";
const loaded = [];
const peers = ["@langchain/core/tools", "@langchain/langgraph", "@langchain/mcp-adapters"];
for (const p of peers) await import(p);
const t0 = performance.now();
const u0 = process.cpuUsage();
await import(process.argv[2]);
const u = process.cpuUsage(u0);
console.log("wall", (performance.now() - t0).toFixed(0), "cpu", ((u.user + u.system) / 1000).toFixed(0));
