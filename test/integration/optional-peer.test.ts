import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const hide = fileURLToPath(new URL("../fixtures/hooks/register-deny-langchain.mjs", import.meta.url));

/** Runs a module with `langchain` made unresolvable, as on a machine where the optional peer is absent. */
function withoutLangchain(code: string) {
  return run(process.execPath, ["--import", hide, "--import", "tsx", "--input-type=module", "-e", code], {
    cwd: root,
  });
}

describe("langchain is an optional peer dependency", () => {
  it("the core imports and works without it", async () => {
    const { stdout } = await withoutLangchain(
      `const m = await import("./src/index.ts"); const i = m.createToolInterceptor(); console.log(typeof i, typeof m.installInterceptors);`,
    );
    expect(stdout.trim()).toBe("function function");
  });

  it("the createAgent entry point is the one place that needs it", async () => {
    const error = await withoutLangchain(`await import("./src/install/create-agent.ts");`).catch(
      (e: { stderr: string }) => e,
    );
    expect((error as { stderr: string }).stderr).toContain("hidden by test");
  });
});
