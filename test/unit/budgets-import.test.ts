import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const index = new URL("../../src/index.ts", import.meta.url).href;

/** Whether ioredis (CommonJS, so it lands in require.cache) is loaded after running `code` in a fresh process. */
function loadsIoRedis(code: string): boolean {
  const script = `
    import { createRequire } from "node:module";
    ${code}
    const files = Object.keys(createRequire(import.meta.url).cache);
    console.log(files.some((f) => /node_modules[\\\\/]ioredis[\\\\/]/.test(f)));`;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(child.status, child.stderr).toBe(0);
  return child.stdout.trim().split("\n").at(-1) === "true";
}

describe("the Redis client loads only for a budget store", () => {
  it("importing the package root does not load ioredis; making a store does", () => {
    expect(loadsIoRedis(`await import(${JSON.stringify(index)});`)).toBe(false);
    const made = `const m = await import(${JSON.stringify(index)});
      const store = m.createRedisBudgetStore({ url: "redis://127.0.0.1:9", redis: { lazyConnect: true } });
      await store.close();`;
    expect(loadsIoRedis(made)).toBe(true);
  }, 120_000);
});
