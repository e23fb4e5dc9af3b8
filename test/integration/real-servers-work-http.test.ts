import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRefusedBeforeServer } from "../fixtures/real-servers/expect-refused.js";
import { stopServers } from "../fixtures/real-servers/git-http.js";
import {
  GITLAB_PRINTED,
  type GitlabApi,
  type GitlabHttpServer,
  startGitlabApi,
  startGitlabHttp,
} from "../fixtures/real-servers/gitlab-api.js";
import { type Checked, defects, guarded } from "../fixtures/real-servers/recording-engine.js";
import { type AttackRun, attackById, runGuardedAttack } from "../fixtures/real-servers/run-attack.js";
import { plantedGitlabData, workAttacks } from "../fixtures/real-servers/work-attacks.js";
import { gitlabWorkload } from "../fixtures/real-servers/work-servers.js";

const SLOW = 60_000;

describe("a GitLab server over Streamable HTTP on 127.0.0.1 under the default policy", () => {
  let api: GitlabApi;
  let planted: GitlabApi;
  let server: GitlabHttpServer;
  let plantedServer: GitlabHttpServer;
  let checked: Checked[] = [];
  let run: AttackRun;
  let before = "";
  let after = "";

  beforeAll(async () => {
    api = await startGitlabApi();
    server = await startGitlabHttp(api);
    const workload = gitlabWorkload(api, server.connection);
    const g = await guarded("gitlab", workload.connection);
    try {
      for (const [tool, args] of workload.calls) await g.call(tool, args);
    } finally {
      await g.close();
    }
    checked = g.engine.checked;

    planted = await startGitlabApi(plantedGitlabData());
    plantedServer = await startGitlabHttp(planted);
    const attack = attackById(workAttacks("", ""), "gl_todo_note");
    ({ run, before, after } = await runGuardedAttack("gitlab", plantedServer.connection, attack, () =>
      planted.state(),
    ));
  }, 2 * SLOW);

  afterAll(async () => {
    await stopServers([server, plantedServer]);
    await api?.close();
    await planted?.close();
  });

  // The four findings left are the stdio run's (real-servers-work.test.ts: numbers no word near them names).
  it("ordinary triage: no call blocked, no finding but the commit authors and the 4 left, the API served only reads", () => {
    expect(checked.length).toBe(24);
    expect(checked.filter((c) => !c.allowed)).toEqual([]);
    expect(defects(checked, new Set(GITLAB_PRINTED)).map((l) => l.split(" in ")[0])).toEqual([
      'list_issues output pii:phone "4500123456"',
      'get_issue output pii:phone "4500123456"',
      'list_issue_discussions output pii:phone "450-012-3456"',
      'list_issue_discussions output pii:phone "4500123456"',
    ]);
    expect(api.requests.length).toBe(12);
    expect(api.requests.every((r) => r.startsWith("GET "))).toBe(true);
  });

  it("the to-do in a comment: the obeyed delete_issue is refused before the server, the API unchanged", () => {
    expectRefusedBeforeServer({ run, before, after }, "flow.unrequested_effect");
    expect(planted.requests.filter((r) => !r.startsWith("GET "))).toEqual([]);
    expect(run.final).toContain("summary");
  });
});
