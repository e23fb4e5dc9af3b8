for (const p of ["@langchain/core/tools", "@langchain/langgraph", "@langchain/mcp-adapters"]) await import(p);
const u0 = process.cpuUsage();
for (const m of process.argv.slice(2)) await import(m);
const u = process.cpuUsage(u0);
console.log(process.argv.slice(2).join(","), ((u.user + u.system) / 1000).toFixed(0));
