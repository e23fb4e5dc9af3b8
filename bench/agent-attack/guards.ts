/**
 * The guard configurations the bench compares. Each builds, for one lane, the agent's tools (a real
 * MultiServerMCPClient over the bench servers, with `installInterceptors` unless unguarded) and whether the agent
 * gets `createTollgateMiddleware({ tools })` (the review path: a HITL-style interrupt, resumed with a Command).
 */

import { fileURLToPath } from "node:url";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import {
  createToolInterceptor,
  installInterceptors,
  loadPolicyFile,
  type PolicyConfig,
} from "../../src/index.js";
import { type BenchServers, SUITES } from "./servers.js";
import type { UserTask } from "./tasks.js";

/**
 * Every guarded configuration is the real install: `installInterceptors` (which reads the thread's provenance from
 * the graph state) and `createTollgateMiddleware({ tools })`. `containment` and `containment+task-scope` turn
 * handles on (docs/handles.md); `containment-no-handles` is the same policy without them (diagnostic: what handles
 * change; asked for by name).
 */
export const GUARDS = [
  "none",
  "default",
  "review-side-effects",
  "containment",
  "containment+task-scope",
  "containment-no-handles",
  "containment+destructive-target",
] as const;
export type GuardName = (typeof GUARDS)[number];

export const CONTAINMENT_POLICY = fileURLToPath(new URL("./policies/containment.yaml", import.meta.url));

/** Every tool of the bench with an effect outside the conversation (what "review every side effect" reviews). */
export const SIDE_EFFECT_TOOLS = [
  "mail.send_email",
  "mail.delete_email",
  "calendar.create_event",
  "calendar.cancel_event",
  "files.write_file",
  "files.delete_file",
  "files.share_file",
  "bank.transfer_money",
  "chat.send_message",
  "chat.invite_user",
  "web.fetch_url",
];

const REVIEW_SIDE_EFFECTS: PolicyConfig = {
  capabilities: {
    default: "allow",
    rules: [
      {
        id: "bench.review-side-effects",
        match: SIDE_EFFECT_TOOLS,
        action: "review",
        reason: "every tool with side effects needs a human approval",
      },
    ],
  },
};

/** The run-context key the containment+task-scope configuration reads (`taskScope.contextKey`). */
export const TASK_SCOPE_KEY = "context.task";

/** The policy of a guard, or why it cannot run on this checkout (the flow keys need branch i17-contain). */
export async function policyOf(
  guard: GuardName,
): Promise<PolicyConfig | undefined | { unavailable: string }> {
  if (guard === "none") return undefined;
  if (guard === "default") return {};
  if (guard === "review-side-effects") return REVIEW_SIDE_EFFECTS;
  // containment, containment+task-scope, containment-no-handles, containment+destructive-target
  try {
    const policy = await loadPolicyFile(CONTAINMENT_POLICY);
    if (guard === "containment+destructive-target")
      return {
        ...policy,
        flows: { ...(policy as { flows?: object }).flows, destructiveTarget: "review" },
      } as PolicyConfig;
    return guard !== "containment+task-scope"
      ? policy
      : ({
          ...policy,
          taskScope: { contextKey: TASK_SCOPE_KEY },
          flows: { ...(policy as { flows?: object }).flows, taskScope: "block" },
        } as PolicyConfig);
  } catch (error) {
    return { unavailable: error instanceof Error ? error.message.split("\n")[0]! : String(error) };
  }
}

/** The task scope of a task: the tools its ground-truth steps use (no argument constraints). */
export function taskScopeOf(task: UserTask): { tools: string[] } {
  return { tools: [...new Set(task.steps.map((s) => s.tool))] };
}

export interface LaneTools {
  client: MultiServerMCPClient;
  tools: StructuredToolInterface[];
  guarded: boolean;
}

/** Whether a guard's install turns handles on. */
export const usesHandles = (guard: GuardName) =>
  guard === "containment" || guard === "containment+task-scope" || guard === "containment+destructive-target";

/** The bench's handle key (a run-time secret: nothing is persisted beyond the run's MemorySaver). */
const HANDLE_KEY = `bench-handles-${process.pid}-${Date.now()}`;

/** A client for one lane of the bench servers, guarded by `policy` unless it is undefined; `handles` on or off. */
export async function laneTools(
  servers: BenchServers,
  lane: string,
  policy: PolicyConfig | undefined,
  handles = false,
): Promise<LaneTools> {
  const mcpServers = Object.fromEntries(
    SUITES.map((suite) => [
      suite,
      { transport: "http" as const, url: servers.url(suite), headers: { "x-bench-lane": lane } },
    ]),
  );
  const plain = new MultiServerMCPClient({
    mcpServers,
    prefixToolNameWithServerName: false,
    additionalToolNamePrefix: "",
  });
  const client = policy
    ? installInterceptors(
        plain,
        createToolInterceptor({ policy }),
        handles ? { handles: { key: HANDLE_KEY } } : {},
      )
    : plain;
  return { client, tools: await client.getTools(), guarded: policy !== undefined };
}
