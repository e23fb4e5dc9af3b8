import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { InstallError, isTollgateError, type TollgateError } from "../errors.js";
import { composeInterceptors } from "../interceptor/compose.js";
import type { ToolCallHandler, ToolCallRequest, ToolInterceptor } from "../interceptor/types.js";
import type { CallToolResult, JsonObject, ToolDescriptor } from "../policy/types.js";

/** An interceptor that also wants to see (and may rewrite) each server's tool listing. */
export interface CatalogAwareInterceptor extends ToolInterceptor {
  prepareTools?(
    serverName: string,
    tools: readonly ToolDescriptor[],
  ): ToolDescriptor[] | Promise<ToolDescriptor[]>;
}

/** The parts of the MCP SDK `Client` the adapter calls, as we wrap them. */
interface SdkClientLike {
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    schema?: unknown,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
  listTools(params?: unknown, options?: unknown): Promise<{ tools: ToolDescriptor[]; nextCursor?: string }>;
  fork?(headers: Record<string, string>): Promise<SdkClientLike> | SdkClientLike;
  request?(
    request: { method: "tools/call"; params: unknown },
    schema: typeof CallToolResultSchema,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
}

/** What one DynamicStructuredTool invocation carries down to the guarded SDK client. */
interface CallSlot {
  toolCallId?: string;
  error?: TollgateError;
}

/** The internals of MultiServerMCPClient 1.1.x we hook; checked at install so a change fails loudly, not open. */
interface ClientInternals {
  _loadToolsForServer(serverName: string, client: SdkClientLike): Promise<void>;
  _getToolsFromServers(serverNames: string[]): GuardableTool[];
  getTools(...args: unknown[]): Promise<GuardableTool[]>;
}

interface GuardableTool {
  name: string;
  description: string;
  func: (args: unknown, runManager?: unknown, config?: { toolCall?: { id?: string } }) => Promise<unknown>;
}

const INSTALLED = Symbol.for("mcp-tollgate.installed");
const GUARDED_TOOL = Symbol.for("mcp-tollgate.guarded-tool");

/** True for a tool whose MCP calls run through installed interceptors. */
export function isGuardedTool(tool: unknown): boolean {
  return (
    typeof tool === "object" && tool !== null && (tool as { [GUARDED_TOOL]?: true })[GUARDED_TOOL] === true
  );
}
/**
 * Links one tool invocation to the SDK call it makes. The adapter passes the very args object the tool received
 * on to `callTool({ arguments })`, so that object is the key. (AsyncLocalStorage would do too, but on Node 20 it
 * turns on promise hooks for the whole process, which slows every await in the agent, measured ~15 µs a call.)
 */
const callSlots = new WeakMap<object, CallSlot>();

/** Distinct header sets kept as forked connections per server; beyond this, forks are made per call. */
const MAX_FORKS = 32;

function guardSdkClient(
  sdk: SdkClientLike,
  serverName: string,
  interceptors: readonly CatalogAwareInterceptor[],
  catalog: Map<string, ToolDescriptor>,
): SdkClientLike {
  // Each fork is a new connection that lives as long as the client: reuse one per distinct header set, so an
  // interceptor adding a tenant header on every call does not open a connection per call.
  const forks = new Map<string, Promise<SdkClientLike>>();
  const forkFor = (headers: Record<string, string>): Promise<SdkClientLike> => {
    const key = JSON.stringify(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    let fork = forks.get(key);
    if (!fork) {
      fork = Promise.resolve(sdk.fork!(headers));
      if (forks.size < MAX_FORKS) forks.set(key, fork);
      fork.catch(() => forks.delete(key));
    }
    return fork;
  };
  const terminal: ToolCallHandler = async (request) => {
    const target =
      request.headers && Object.keys(request.headers).length > 0 && sdk.fork
        ? await forkFor(request.headers)
        : sdk;
    const params = { name: request.name, arguments: request.args };
    const options = request.signal ? { signal: request.signal } : undefined;
    // `Client.callTool` rejects a result that breaks its outputSchema before anyone can look at it, and then the
    // guard only sees an error message. The raw `tools/call` request hands the result to the policy, whose
    // schema check blocks it with the JSON Pointer of the violation (policy `schema.validateOutput`).
    if (typeof target.request === "function") {
      return (await target.request(
        { method: "tools/call", params },
        CallToolResultSchema,
        options,
      )) as CallToolResult;
    }
    return (await target.callTool(params, undefined, options)) as CallToolResult;
  };
  const chain = composeInterceptors(interceptors, terminal);

  const callTool: SdkClientLike["callTool"] = async (params, _schema, options) => {
    const slot = params.arguments ? callSlots.get(params.arguments) : undefined;
    // Optional fields are set only when present (object spreads here cost more than the rest of this layer).
    const request: ToolCallRequest = {
      serverName,
      name: params.name,
      args: (params.arguments ?? {}) as JsonObject,
    };
    const tool = catalog.get(params.name);
    if (tool !== undefined) request.tool = tool;
    if (options?.signal) request.signal = options.signal;
    if (slot?.toolCallId) request.toolCallId = slot.toolCallId;
    try {
      return await chain(request);
    } catch (error) {
      // The adapter re-wraps every error that is not named "ToolException", losing its class and fields; the
      // tool wrapper below rethrows the original from this slot.
      if (slot && isTollgateError(error)) slot.error = error;
      throw error;
    }
  };

  const listTools: SdkClientLike["listTools"] = async (params, options) => {
    const listing = await sdk.listTools(params, options);
    let tools = listing.tools;
    for (const interceptor of interceptors) {
      if (interceptor.prepareTools) tools = await interceptor.prepareTools(serverName, tools);
    }
    for (const tool of tools) catalog.set(tool.name, tool);
    return { ...listing, tools };
  };

  return new Proxy(sdk, {
    get(target, prop) {
      if (prop === "callTool") return callTool;
      if (prop === "listTools") return listTools;
      if (prop === "fork") {
        if (typeof target.fork !== "function") return undefined;
        return async (headers: Record<string, string>) =>
          guardSdkClient(await target.fork!(headers), serverName, interceptors, catalog);
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function wrapTool(tool: GuardableTool): void {
  const original = tool.func;
  Object.defineProperty(tool, GUARDED_TOOL, { value: true });
  tool.func = async (args, runManager, config) => {
    const slot: CallSlot = config?.toolCall?.id ? { toolCallId: config.toolCall.id } : {};
    const key = typeof args === "object" && args !== null ? args : undefined;
    if (key) callSlots.set(key, slot);
    try {
      return await original.call(tool, args, runManager, config);
    } catch (error) {
      throw slot.error ?? error;
    } finally {
      if (key) callSlots.delete(key);
    }
  };
}

/**
 * Installs interceptors on a MultiServerMCPClient so that every tool `getTools()` returns runs through them
 * (first = outermost). Call it before the first `getTools()` / `initializeConnections()`; afterwards
 * `getTools()` refuses to hand out a tool that was loaded unguarded.
 *
 * Why not the client's `beforeToolCall` / `afterToolCall` hooks: error results become exceptions before
 * `afterToolCall` runs, `structuredContent` of multi-block results is invisible to it, hook errors lose their
 * class, and rewriting `args` there mutates the agent's checkpointed tool call. Wrapping the SDK client each
 * server's tools are built on sees the raw `CallToolResult` instead, error results included.
 */
export function installInterceptors<T extends MultiServerMCPClient>(
  client: T,
  interceptors: CatalogAwareInterceptor | readonly CatalogAwareInterceptor[],
): T {
  const list = typeof interceptors === "function" ? [interceptors] : [...interceptors];
  if (list.length === 0) throw new InstallError("installInterceptors needs at least one interceptor");
  const internals = client as unknown as ClientInternals & { [INSTALLED]?: true };
  if (internals[INSTALLED]) throw new InstallError("interceptors are already installed on this client");
  const load = internals._loadToolsForServer;
  const toolsOf = internals._getToolsFromServers;
  const getTools = internals.getTools;
  if (typeof load !== "function" || typeof toolsOf !== "function" || typeof getTools !== "function") {
    throw new InstallError(
      "this @langchain/mcp-adapters version does not expose the hooks mcp-tollgate needs (tested with 1.1.x); refusing to run unguarded",
    );
  }

  const guarded = new WeakSet<object>();
  Object.defineProperty(internals, INSTALLED, { value: true });
  internals._loadToolsForServer = async function (this: ClientInternals, serverName, sdk) {
    const catalog = new Map<string, ToolDescriptor>();
    await load.call(this, serverName, guardSdkClient(sdk, serverName, list, catalog));
    for (const tool of toolsOf.call(this, [serverName])) {
      if (guarded.has(tool)) continue;
      wrapTool(tool);
      guarded.add(tool);
    }
  };
  internals.getTools = async function (this: ClientInternals, ...args: unknown[]) {
    const tools = await getTools.apply(this, args);
    const unguarded = tools.filter((t) => !guarded.has(t));
    if (unguarded.length > 0) {
      throw new InstallError(
        `tools ${unguarded.map((t) => t.name).join(", ")} were loaded before installInterceptors(); install on a fresh client, before the first getTools()`,
      );
    }
    return tools;
  };
  return client;
}
