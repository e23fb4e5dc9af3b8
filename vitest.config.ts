import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // tsconfig.json "paths" map `mcp-tollgate` (the examples' import) to src/, as tsx does when the examples run.
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Forks, not threads: a worker thread cannot process.chdir() (docs-policy.test.ts does).
    pool: "forks",
    // Vitest's default is cores - 1 files at a time: one on CI's two cores, where much of this suite waits on child
    // processes (MCP servers, `tollgate serve`, tsx) and timers rather than computing, leaving a core idle. Two at a
    // time keep both busy; the timing bounds of the guard tests (redos, limits) are generous enough for it.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
