import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * What a module loads, seen from a fresh process: the CommonJS packages in require.cache after importing it (pino and
 * prom-client are CommonJS, so an ESM import of either lands there too).
 */
function packagesLoadedBy(entry: string): string[] {
  const script = `
    import { createRequire } from "node:module";
    await import(${JSON.stringify(entry)});
    const names = new Set();
    for (const file of Object.keys(createRequire(import.meta.url).cache)) {
      const match = /node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)/.exec(file);
      if (match) names.add(match[1].replace("\\\\", "/"));
    }
    console.log(JSON.stringify([...names].sort()));`;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as string[];
}

describe("what only `serve` needs is loaded only by serve", () => {
  const serveOnly = ["pino", "prom-client"];

  // Loaded by the first use that needs them: an HTTP backend built, a policy text parsed; an IBAN candidate checked,
  // a tool schema's pattern compiled (these two as CommonJS, which the probe sees).
  const firstUse = ["undici", "yaml"];
  const detectorFirstUse = ["ibantools", "re2js"];

  it("importing the package root loads neither pino nor prom-client, nor undici nor yaml", () => {
    const loaded = packagesLoadedBy("./src/index.ts");
    expect(loaded).toContain("ajv"); // the probe sees CommonJS packages the root does load
    expect(loaded.filter((name) => [...serveOnly, ...firstUse, ...detectorFirstUse].includes(name))).toEqual(
      [],
    );
  });

  it("an IBAN candidate loads ibantools, a schema pattern loads re2js (the lazy loads work)", () => {
    const loaded = packagesLoadedBy(
      "data:text/javascript,import{LocalPolicyEngine}from'" +
        new URL("../../src/index.ts", import.meta.url).href +
        "';const e=new LocalPolicyEngine({},{worker:false});" +
        "await e.checkOutput({connectorType:'a.b',serverName:'a',toolName:'b',callId:'c',args:{}," +
        "result:{content:[{type:'text',text:'pay DE89 3704 0044 0532 0130 00 now'}]}});" +
        "await e.checkInput({connectorType:'a.b',serverName:'a',toolName:'b',callId:'d',args:{x:'aa'}," +
        "tool:{name:'b',inputSchema:{type:'object',properties:{x:{type:'string',pattern:'^a+$'}}}}});",
    );
    expect(detectorFirstUse.filter((name) => loaded.includes(name))).toEqual(detectorFirstUse);
  });

  it("an HTTP backend loads undici, a policy text loads yaml (the lazy loads work)", () => {
    const loaded = packagesLoadedBy(
      "data:text/javascript,import{HttpPolicyBackend,parsePolicyText}from'" +
        new URL("../../src/index.ts", import.meta.url).href +
        "';new HttpPolicyBackend({baseUrl:'http://127.0.0.1:9'});parsePolicyText('version: 1');",
    );
    expect(firstUse.filter((name) => loaded.includes(name))).toEqual(firstUse);
  });

  it("the CLI module (scan, check-input, validate-policy) loads neither", () => {
    const loaded = packagesLoadedBy("./src/cli/entries.ts");
    expect(loaded.filter((name) => serveOnly.includes(name))).toEqual([]);
  });

  it("creating a policy server loads both (the lazy load still works)", () => {
    const loaded = packagesLoadedBy(
      "data:text/javascript,import{createPolicyServer}from'" +
        new URL("../../src/index.ts", import.meta.url).href +
        "';createPolicyServer({logger:undefined});",
    );
    expect(serveOnly.filter((name) => loaded.includes(name))).toEqual(serveOnly);
  });
});
