import { defineConfig } from "vitest/config";

export default defineConfig({
  // tsconfig.json "paths" map `mcp-tollgate` (the examples' import) to src/, as tsx does when the examples run.
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Forks, not threads: a worker thread cannot process.chdir() (docs-policy.test.ts does). Files at a time: vitest's
    // default, cores - 1 (one on a two-core machine); .ci/run asks for two (it says why).
    pool: "forks",
  },
});
