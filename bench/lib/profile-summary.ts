/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): self time per function and inclusive time per source
 * file, so "which detector dominates" is a number, not a guess. Usage: `tsx bench/lib/profile-summary.ts <file>`.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  ms: number;
  share: number;
}

export function summariseProfile(profile: Profile, top = 25): { self: ProfileLine[]; files: ProfileLine[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0) || 1;
  const short = (url: string) =>
    url.replace(/^file:\/\//, "").replace(/^.*?\/(src|node_modules|bench|test)\//, "$1/");
  const self = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const f = node.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${short(f.url)}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + us);
    // Inclusive per file: charge each distinct file on the stack once.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const url = short(byId.get(cur)!.callFrame.url);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      files.set(url, (files.get(url) ?? 0) + us);
    }
  }
  const lines = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / total }));
  return { self: lines(self), files: lines(files) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: profile-summary <file.cpuprofile>");
  const { self, files } = summariseProfile(JSON.parse(readFileSync(file, "utf8")) as Profile);
  console.log("self time:");
  for (const l of self)
    console.log(`${l.ms.toFixed(1).padStart(9)} ms ${(l.share * 100).toFixed(1).padStart(5)}%  ${l.name}`);
  console.log("\ninclusive by file:");
  for (const l of files)
    console.log(`${l.ms.toFixed(1).padStart(9)} ms ${(l.share * 100).toFixed(1).padStart(5)}%  ${l.name}`);
}
