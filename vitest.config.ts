import { defineConfig } from "vitest/config";

export default defineConfig({
  // tsconfig.json "paths" map `mcp-tollgate` (the examples' import) to src/, as tsx does when the examples run.
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
