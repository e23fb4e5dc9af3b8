/**
 * The default policy of a checkout (`--dir`, this one when absent) with the learned model off and on, each as a
 * function that checks one text as a tool's output and says whether the eval set's scorer counts it as flagged.
 * The authored sets' runners (authored-glued.ts, authored-reach.ts) compare checkouts with it.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export type Flagger = (text: string) => Promise<boolean>;

export async function checkoutFlaggers(dir: string, callPrefix: string): Promise<Record<string, Flagger>> {
  const { LocalPolicyEngine } = await import(pathToFileURL(resolve(dir, "src/index.ts")).href);
  const { flagged } = await import(pathToFileURL(resolve(dir, "bench/eval-set/score.ts")).href);
  let seq = 0;
  const flaggerOf =
    (engine: { checkOutput(request: object): Promise<unknown> }): Flagger =>
    async (text) =>
      flagged(
        await engine.checkOutput({
          connectorType: "corpus.read",
          serverName: "corpus",
          toolName: "read",
          callId: `${callPrefix}-${++seq}`,
          args: {},
          result: { content: [{ type: "text", text }] },
        }),
      );
  return {
    rules: flaggerOf(new LocalPolicyEngine({ rules: { "injection.scorer": "off" } })),
    "rules + model": flaggerOf(new LocalPolicyEngine({ rules: { "injection.scorer": "neutralise" } })),
  };
}
