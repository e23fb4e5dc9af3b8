import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
for (const p of ["@langchain/core/tools", "@langchain/langgraph", "@langchain/mcp-adapters"]) await import(p);
const s = new Session(); s.connect();
await s.post("Profiler.enable"); await s.post("Profiler.setSamplingInterval", { interval: 100 }); await s.post("Profiler.start");
await import(process.argv[2]);
const { profile } = await s.post("Profiler.stop");
writeFileSync("after-peers.cpuprofile", JSON.stringify(profile));
