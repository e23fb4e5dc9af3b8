import { readFileSync, readdirSync } from "node:fs";
const file = readdirSync(".").find((f) => f.endsWith(".cpuprofile"));
const p = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; const samples = p.samples;
for (let i = 0; i < samples.length; i++) { const n = byId.get(samples[i]); const k = n.callFrame.url || n.callFrame.functionName || "(native)"; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); }
const group = new Map();
for (const [k, v] of self) { let g = k.replace(/^file:\/\//, ""); const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(g); g = m ? "nm:" + m[1] : g.includes("/dist/") ? "dist:" + g.split("/dist/")[1] : g; group.set(g, (group.get(g) ?? 0) + v); }
const rows = [...group].sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [k, v] of rows) console.log((v / 1000).toFixed(1).padStart(8), k);
