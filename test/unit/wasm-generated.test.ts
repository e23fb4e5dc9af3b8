import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

describe("embedded WebAssembly modules", () => {
  it("are what their AssemblyScript sources in wasm/ compile to (npm run build:wasm after an edit)", async () => {
    const { stderr } = await promisify(execFile)(process.execPath, ["scripts/build-wasm.mjs", "--check"]);
    expect(stderr).toBe("");
  }, 60_000);
});
