import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRefusedBeforeServer } from "../fixtures/real-servers/expect-refused.js";
import { stopServers } from "../fixtures/real-servers/git-http.js";
import { moreAttacks, plantedShopData } from "../fixtures/real-servers/more-attacks.js";
import { apiWorkload } from "../fixtures/real-servers/more-servers.js";
import { type Checked, defects, guarded } from "../fixtures/real-servers/recording-engine.js";
import {
  type AttackRun,
  attackById,
  payloadSurvives,
  runGuardedAttack,
} from "../fixtures/real-servers/run-attack.js";
import {
  type OpenapiHttpServer,
  type ShopApi,
  startOpenapiHttp,
  startShopApi,
} from "../fixtures/real-servers/shop-api.js";

const SLOW = 60_000;

describe("an OpenAPI server over Streamable HTTP on 127.0.0.1 under the default policy", () => {
  let api: ShopApi;
  let planted: ShopApi;
  let server: OpenapiHttpServer;
  let plantedServer: OpenapiHttpServer;
  let checked: Checked[] = [];
  let run: AttackRun;
  let before = "";
  let after = "";

  beforeAll(async () => {
    api = await startShopApi();
    server = await startOpenapiHttp(api);
    const workload = apiWorkload(api, { transport: "http", url: server.url });
    const g = await guarded("api", workload.connection);
    try {
      for (const [tool, args] of workload.calls) await g.call(tool, args);
    } finally {
      await g.close();
    }
    checked = g.engine.checked;

    planted = await startShopApi(plantedShopData());
    plantedServer = await startOpenapiHttp(planted);
    const attack = attackById(moreAttacks(""), "api_ansi_note");
    ({ run, before, after } = await runGuardedAttack(
      "api",
      { transport: "http", url: plantedServer.url },
      attack,
      () => planted.state(),
    ));
  }, 2 * SLOW);

  afterAll(async () => {
    await stopServers([server, plantedServer]);
    await api?.close();
    await planted?.close();
  });

  it("ordinary reads: no call blocked, no finding, and the API served only reads", () => {
    expect(checked.length).toBe(24);
    expect(checked.filter((c) => !c.allowed)).toEqual([]);
    expect(defects(checked, new Set())).toEqual([]);
    expect(api.requests.length).toBe(12);
    expect(api.requests.every((r) => r.startsWith("GET "))).toBe(true);
  });

  it("the concealed SYSTEM notice: the obeyed del-order is refused before the server, the API unchanged", () => {
    expectRefusedBeforeServer({ run, before, after });
    expect(planted.requests.filter((r) => !r.startsWith("GET "))).toEqual([]);
    expect(payloadSurvives(run.seen, run.attack.payload)).toBe(false);
    expect(run.final).toContain("summary");
  });
});
