/**
 * `npm run demo`: a LangGraph agent calls every tool of a misbehaving MCP server through mcp-tollgate, and the
 * trace shows, per call, what the guard decided and what the model saw next. No API key (the model is scripted),
 * no network beyond a local child process.
 */
import { fileURLToPath } from "node:url";
import { type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { Command, MemorySaver } from "@langchain/langgraph";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent } from "langchain";
import {
  type AuditRecord,
  createToolInterceptor,
  installInterceptors,
  loadPolicyFile,
  type ReviewDecision,
  type TollgateReviewRequest,
} from "mcp-tollgate";
import { createTollgateMiddleware } from "mcp-tollgate/langchain";
import { ScriptedChatModel } from "mcp-tollgate/testing";
import { outcomeOf } from "./call-outcome.js";
import { crmStdioConnection } from "./crm-connection.js";
import { STATS_TOOL } from "./crm-server.js";
import { CRM_TOOLS, sensitiveValues } from "./crm-tools.js";
import { DEMO_CALLS } from "./demo-script.js";
import { style, visible } from "./terminal-style.js";
import { callLines, findingLines, heading, wrap } from "./trace-printer.js";

const SERVER = "acme-crm";
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const policyPath = here("../policies/demo-policy.yaml");

function textOf(content: ToolMessage["content"]): string {
  if (typeof content === "string") return content;
  return content
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .join("\n");
}

/** The first ToolMessage the model received for each tool call id: exactly what it was shown. */
function toolMessagesSeen(seen: readonly BaseMessage[][]): Map<string, { content: string; status: string }> {
  const out = new Map<string, { content: string; status: string }>();
  for (const prompt of seen) {
    for (const message of prompt) {
      if (!ToolMessage.isInstance(message) || out.has(message.tool_call_id)) continue;
      out.set(message.tool_call_id, {
        content: textOf(message.content),
        status: message.status ?? "success",
      });
    }
  }
  return out;
}

/** The adapter hands a tool's structuredContent to LangChain as an `mcp_structured_content` artifact. */
function countsFrom(message: unknown): Record<string, number> {
  if (!ToolMessage.isInstance(message) || !Array.isArray(message.artifact)) return {};
  const artifacts: unknown[] = message.artifact;
  for (const a of artifacts) {
    if (typeof a !== "object" || a === null || !("type" in a) || a.type !== "mcp_structured_content")
      continue;
    if (!("data" in a) || typeof a.data !== "object" || a.data === null) continue;
    return Object.fromEntries(
      Object.entries(a.data).filter((e): e is [string, number] => typeof e[1] === "number"),
    );
  }
  return {};
}

const records: AuditRecord[] = [];
const client = installInterceptors(
  new MultiServerMCPClient({
    mcpServers: { [SERVER]: crmStdioConnection() },
  }),
  createToolInterceptor({ policy: await loadPolicyFile(policyPath), onDecision: (r) => records.push(r) }),
);

try {
  const tools = await client.getTools();
  const statsTool = tools.find((t) => t.name === STATS_TOOL);
  // The counter is the demo's instrument, not something the agent should use.
  const agentTools = tools.filter((t) => t.name !== STATS_TOOL);

  console.log(style.bold("mcp-tollgate demo"));
  console.log(
    wrap(
      `A LangChain agent (createAgent, scripted model, no API key) calls the "${SERVER}" MCP server over stdio. ` +
        "Every call passes the policy checkpoint installed on the MultiServerMCPClient. " +
        "Policy: examples/policies/demo-policy.yaml.",
    ),
  );

  console.log(heading("Tool catalogue: what the model is told about each tool"));
  const cleaned = records.filter((r) => r.phase === "catalog");
  console.log(
    wrap(
      `${SERVER} lists ${tools.length} tools; the agent gets ${agentTools.length} (${STATS_TOOL} is the demo's call counter). ` +
        `${cleaned.length} description${cleaned.length === 1 ? " was" : "s were"} cleaned before the model saw it:`,
    ),
  );
  for (const record of cleaned) {
    const tool = tools.find((t) => t.name === record.toolName);
    console.log(`\n  ${style.bold(record.toolName)}: ${record.reason ?? ""}`);
    console.log(findingLines(record.findings, "    ").join("\n"));
    // The guard never keeps the original; the demo knows it because it ships the server.
    const original = CRM_TOOLS.find((t) => t.tool.name === record.toolName)?.tool.description ?? "";
    console.log(wrap(`    ${style.dim("sent by server:")} ${visible(original)}`, 100, " ".repeat(20)));
    const description = tool ? visible(tool.description) : style.red("(tool dropped)");
    console.log(wrap(`    ${style.dim("shown to model:")} ${description}`, 100, " ".repeat(20)));
  }

  const model = new ScriptedChatModel([
    ...DEMO_CALLS.map((c) => ({ toolCalls: [{ id: c.id, name: c.name, args: c.args }] })),
    { text: "I have done what I could; several actions were refused by policy." },
  ]);
  // The middleware's review step pauses the run (interrupt()) when the policy wants a human to approve a call;
  // a checkpointer keeps the paused run until the human answers.
  const agent = createAgent({
    model,
    tools: agentTools,
    checkpointer: new MemorySaver(),
    middleware: [createTollgateMiddleware({ tools: agentTools })],
  });
  const config = { configurable: { thread_id: "demo" }, recursionLimit: 6 * DEMO_CALLS.length };
  let state = await agent.invoke(
    {
      messages: [
        { role: "user", content: "Tidy up Jane Roe's account, sync billing and check on ticket T-1042." },
      ],
    },
    config,
  );
  const reviews: string[] = [];
  for (;;) {
    const pending = (state as { __interrupt__?: { value: TollgateReviewRequest }[] }).__interrupt__;
    const request = pending?.[0]?.value;
    if (!request) break;
    // The demo's "human": a real app shows the request in its UI and resumes when someone answers.
    const decisions: ReviewDecision[] = request.actionRequests.map((action) => {
      reviews.push(
        `${action.tollgate.connectorType}(${visible(JSON.stringify(action.args))}), rule ${action.tollgate.ruleId}: ` +
          `${action.tollgate.reason}. The reviewer rejects it.`,
      );
      return {
        type: "reject",
        message: action.tollgate.ruleId.startsWith("flow.")
          ? "Not approved: the note would copy the customer's contact details that the CRM search returned."
          : "Not approved: deleting a customer needs a signed request from the owner.",
      };
    });
    state = await agent.invoke(new Command({ resume: { decisions } }), config);
  }
  if (reviews.length > 0) {
    console.log(
      heading("Human review: the run paused before these calls, and resumed with the reviewer's answer"),
    );
    for (const line of reviews) console.log(wrap(`  ${line}`, 100, "    "));
  }

  console.log(heading("Trace: each tool call, the guard's decision, and what the model saw next"));
  const seen = toolMessagesSeen(model.seen);
  const outcomes = DEMO_CALLS.map((call, i) => {
    const own = records.filter((r) => r.toolCallId === call.id);
    const message = seen.get(call.id);
    const outcome = outcomeOf(own, message?.status);
    console.log(callLines(i + 1, DEMO_CALLS.length, call, own, outcome, message).join("\n"));
    return { call, outcome };
  });

  // The server's own counter, read through the same guarded connection after the run.
  const statsMessage = statsTool
    ? await statsTool.invoke({ name: STATS_TOOL, args: {}, id: "stats", type: "tool_call" })
    : undefined;
  const received = countsFrom(statsMessage);
  const reached = Object.values(received).reduce((a, b) => a + b, 0);

  // Proof, not assertion: search every tool result the model received for the values the server tried to pass
  // on. (Its own tool-call arguments are left out: the e-mail it typed into add_note is its own text.)
  const shown = [...seen.values()].map((m) => m.content).join("\n");
  const leaked = sensitiveValues().filter((v) => shown.includes(v));

  const names = (pick: (o: (typeof outcomes)[number]) => boolean) =>
    outcomes.filter(pick).map((o) => o.call.name);
  const blockedIn = names((o) => o.outcome.blockedAt === "input");
  const rejected = names((o) => o.outcome.blockedAt === "review");
  const beforeServer = names((o) => o.outcome.blockedAt === "input" || o.outcome.blockedAt === "review");
  const blockedOut = names((o) => o.outcome.blockedAt === "output");
  const redacted = names((o) => o.outcome.verdict === "redacted");
  const allowed = names((o) => o.outcome.verdict === "allowed");
  const failed = names((o) => o.outcome.verdict !== "blocked" && o.outcome.errorMessage);
  const neverReached = beforeServer.map((n) => `${n}: ${received[n] ?? 0}`).join(", ");
  const list = (xs: string[]) => (xs.length > 0 ? xs.join(", ") : "none");

  console.log(
    heading(`Server-side counter (the ${SERVER} server's own "${STATS_TOOL}" tool, read after the run)`),
  );
  console.log(DEMO_CALLS.map((c) => `  ${c.name.padEnd(26)} ${received[c.name] ?? 0}`).join("\n"));

  console.log(heading("Summary"));
  console.log(
    wrap(
      `The agent made ${DEMO_CALLS.length} tool calls. ${rejected.length} ${rejected.length === 1 ? "was" : "were"} ` +
        `rejected by the human reviewer while the run was paused (${list(rejected)}). ` +
        `${blockedIn.length + blockedOut.length} were blocked ` +
        `(${blockedIn.length} at the input check, before the server was contacted: ${list(blockedIn)}; ` +
        `${blockedOut.length} at the output check, so the model never saw the result: ${list(blockedOut)}), ` +
        `${redacted.length} were redacted (${list(redacted)}) and ${allowed.length} passed unchanged ` +
        `(${list(allowed)}); ${failed.length} tool failure${failed.length === 1 ? "" : "s"} reached the model as ` +
        `${failed.length === 1 ? "a checked error message" : "checked error messages"} instead of crashing the run (${list(failed)}). ` +
        `By its own counter the ${SERVER} server received ${reached} of the ${DEMO_CALLS.length} calls; the rejected call and the calls blocked at the input check never reached it (${neverReached}). ` +
        `${cleaned.length} tool description${cleaned.length === 1 ? " was" : "s were"} cleaned in the catalogue, and ` +
        (leaked.length === 0
          ? `none of the ${sensitiveValues().length} sensitive values the server returned (PII, two credentials, ` +
            "the injected instruction) appears in any tool result the model received."
          : `${leaked.length} sensitive value(s) reached the model.`),
    ),
  );
  if (leaked.length > 0) {
    console.error(style.red("LEAK: the model received sensitive values the policy should have removed."));
    process.exitCode = 1;
  }
} finally {
  await client.close();
}
