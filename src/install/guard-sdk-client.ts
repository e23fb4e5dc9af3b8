import { randomUUID } from "node:crypto";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolResultSchema,
  type GetPromptResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ReadResourceResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { RuleCoverage, ToolListing } from "../engine/rule-coverage.js";
import { isTollgateError, type TollgateError } from "../errors.js";
import { callbackFailureReporter, callGuarded } from "../interceptor/callback-failure.js";
import { composeInterceptors } from "../interceptor/compose.js";
import type { InputPreview } from "../interceptor/create-tool-interceptor.js";
import type { ContentCheckRequest, ContentSurface, InstallEvent } from "../interceptor/install-hooks.js";
import { PolicyViolationError } from "../interceptor/policy-violation-error.js";
import type {
  CallProvenance,
  ToolCallHandler,
  ToolCallRequest,
  ToolInterceptor,
} from "../interceptor/types.js";
import type { BudgetHistory } from "../shared/budgets.js";
import type { CallToolResult, JsonObject, RunContext, ToolDescriptor } from "../shared/types.js";
import {
  promptListMapping,
  promptMapping,
  resourceListMapping,
  resourceMapping,
  type SurfaceMapping,
  templateListMapping,
} from "./content-surfaces.js";
import { comparePin, describeMismatch, type ToolLock } from "./tool-pins.js";

/** An interceptor that also takes part in what the install does outside the call itself. */
export interface CatalogAwareInterceptor extends ToolInterceptor {
  /** Sees (and may rewrite) each server's tool listing before the adapter builds tools from it. */
  prepareTools?(
    serverName: string,
    tools: readonly ToolDescriptor[],
  ): ToolDescriptor[] | Promise<ToolDescriptor[]>;
  /** Checks a resource, prompt or listing read through the guarded client (the output check of a tool result). */
  checkContent?(request: ContentCheckRequest): Promise<CallToolResult>;
  /** Receives what the install decided on its own (refused tools, dropped headers) for the audit log. */
  report?(event: InstallEvent): void;
  /** The input check of a proposed call, without making it (the review step asks which calls need a human). */
  previewInput?(request: ToolCallRequest): Promise<InputPreview>;
  /** Checks the policy's rules against what every server listed; see `TollgateInterceptor.checkRules`. */
  checkRules?(listing: ToolListing): RuleCoverage | undefined;
}

/** The parts of the MCP SDK `Client` the install wraps. */
export interface SdkClientLike {
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    schema?: unknown,
    options?: RequestOptions,
  ): Promise<unknown>;
  listTools(
    params?: { cursor?: string },
    options?: RequestOptions,
  ): Promise<{ tools: ToolDescriptor[]; nextCursor?: string }>;
  readResource?(params: { uri: string }, options?: RequestOptions): Promise<ReadResourceResult>;
  getPrompt?(
    params: { name: string; arguments?: Record<string, string> },
    options?: RequestOptions,
  ): Promise<GetPromptResult>;
  listResources?(params?: unknown, options?: RequestOptions): Promise<ListResourcesResult>;
  listResourceTemplates?(params?: unknown, options?: RequestOptions): Promise<ListResourceTemplatesResult>;
  listPrompts?(params?: unknown, options?: RequestOptions): Promise<ListPromptsResult>;
  fork?(headers: Record<string, string>): Promise<SdkClientLike> | SdkClientLike;
  request?(
    request: { method: string; params?: unknown },
    schema: unknown,
    options?: RequestOptions,
  ): Promise<unknown>;
  readonly transport?: unknown;
}

/** What one DynamicStructuredTool invocation carries down to the guarded SDK client. */
export interface CallSlot {
  toolCallId?: string;
  runContext?: RunContext;
  provenance?: CallProvenance;
  budgetHistory?: BudgetHistory;
  error?: TollgateError;
}

/**
 * Links one tool invocation to the SDK call it makes. The adapter passes the very args object the tool received
 * on to `callTool({ arguments })`, so that object is the key. (AsyncLocalStorage would do too, but on Node 20 it
 * turns on promise hooks for the whole process, which slows every await in the agent, measured ~15 µs a call.)
 */
export const callSlots = new WeakMap<object, CallSlot>();

/** Distinct header sets kept as forked connections per server; beyond this, forks are made per call. */
const MAX_FORKS = 32;

/** One server connection's guard: the checked listing its calls are held to, and what it reports to. */
export interface ServerGuard {
  readonly serverName: string;
  readonly interceptors: readonly CatalogAwareInterceptor[];
  /** The tools of the last checked listing, by name; a call to any other tool is refused once a listing is in. */
  catalog: Map<string, ToolDescriptor>;
  listed: boolean;
  readonly lock: ToolLock | undefined;
}

const reportHookFailure = callbackFailureReporter(undefined);

/** Tells every interceptor with a `report` hook; a hook that throws or rejects is reported, never fatal. */
export function reportEvent(interceptors: readonly CatalogAwareInterceptor[], event: InstallEvent): void {
  for (const interceptor of interceptors) {
    if (interceptor.report)
      callGuarded(reportHookFailure, "report", (e: InstallEvent) => interceptor.report!(e), event);
  }
}

/** Only HTTP transports carry headers: the adapter's `fork` throws for stdio ("Forking stdio ... not supported"). */
function canCarryHeaders(sdk: SdkClientLike): boolean {
  if (typeof sdk.fork !== "function") return false;
  const transport = sdk.transport;
  return !(
    transport instanceof StdioClientTransport ||
    (typeof transport === "object" && transport?.constructor?.name === "StdioClientTransport")
  );
}

/** The MCP request options of a call: the caller's, with the signal the chain ended up with. */
function requestOptionsOf(request: ToolCallRequest): RequestOptions | undefined {
  if (!request.callOptions) return request.signal ? { signal: request.signal } : undefined;
  const out: RequestOptions = { ...request.callOptions };
  if (request.signal) out.signal = request.signal;
  else delete out.signal;
  return out;
}

/** The end of the interceptor chain: the MCP request itself, on a fork of the connection when headers ask for one. */
function terminalHandler(sdk: SdkClientLike, guard: ServerGuard): ToolCallHandler {
  const { serverName, interceptors } = guard;
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
  const headersCarried = canCarryHeaders(sdk);

  return async (request) => {
    let target = sdk;
    const headers = request.headers;
    if (headers && Object.keys(headers).length > 0) {
      if (headersCarried) target = await forkFor(headers);
      else {
        // Failing every call because an interceptor adds a tenant header would make one interceptor list unusable
        // across transports; the names (never the values, which may be credentials) go to the audit log.
        reportEvent(interceptors, {
          phase: "transport",
          action: "note",
          serverName,
          toolName: request.name,
          reason: `headers ${Object.keys(headers).join(", ")} dropped: the stdio transport cannot carry headers`,
          ruleIds: ["transport.headers_dropped"],
          ...(request.toolCallId ? { toolCallId: request.toolCallId } : {}),
        });
      }
    }
    const params = { name: request.name, arguments: request.args };
    const options = requestOptionsOf(request);
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
}

function refuseUnlisted(guard: ServerGuard, name: string, slot: CallSlot | undefined): PolicyViolationError {
  const { serverName, interceptors } = guard;
  const reason = `tool ${name} is not in the checked listing of server ${serverName} (dropped, refused by its pin, or never listed)`;
  reportEvent(interceptors, {
    phase: "input",
    action: "block",
    serverName,
    toolName: name,
    reason,
    ruleIds: ["catalog.unlisted"],
    ...(slot?.toolCallId ? { toolCallId: slot.toolCallId } : {}),
  });
  return new PolicyViolationError({
    phase: "input",
    connectorType: `${serverName}.${name}`,
    serverName,
    toolName: name,
    reason,
    findings: [],
    decisionId: randomUUID(),
    ruleIds: ["catalog.unlisted"],
  });
}

/** `tools/call`: a tool outside the checked listing is refused; every other call goes through the chain. */
function callToolStep(guard: ServerGuard, chain: ToolCallHandler): SdkClientLike["callTool"] {
  const { serverName } = guard;
  return async (params, _schema, options) => {
    const slot = params.arguments ? callSlots.get(params.arguments) : undefined;
    const tool = guard.catalog.get(params.name);
    if (tool === undefined && guard.listed) {
      const error = refuseUnlisted(guard, params.name, slot);
      if (slot) slot.error = error;
      throw error;
    }
    // Optional fields are set only when present (object spreads here cost more than the rest of this layer).
    const request: ToolCallRequest = {
      serverName,
      name: params.name,
      args: (params.arguments ?? {}) as JsonObject,
    };
    if (tool !== undefined) request.tool = tool;
    if (options) {
      // Everything the caller asked of the MCP request (timeout, onprogress, resetTimeoutOnProgress,
      // maxTotalTimeout...) reaches it unchanged; the signal also reaches the policy checks.
      const { signal, ...rest } = options;
      if (signal) request.signal = signal;
      if (Object.keys(rest).length > 0) request.callOptions = rest;
    }
    if (slot?.toolCallId) request.toolCallId = slot.toolCallId;
    if (slot?.runContext) request.runContext = slot.runContext;
    if (slot?.provenance) request.provenance = slot.provenance;
    if (slot?.budgetHistory) request.budgetHistory = slot.budgetHistory;
    try {
      return await chain(request);
    } catch (error) {
      // The adapter re-wraps every error that is not named "ToolException", losing its class and fields; the
      // tool wrapper rethrows the original from this slot.
      if (slot && isTollgateError(error)) slot.error = error;
      throw error;
    }
  };
}

/** `tools/list`: pins, then each interceptor's catalogue check; the result is the listing calls are held to. */
function listToolsStep(sdk: SdkClientLike, guard: ServerGuard): SdkClientLike["listTools"] {
  const { serverName, interceptors } = guard;
  return async (params, options) => {
    const listing = await sdk.listTools(params, options);
    let tools = listing.tools;
    if (guard.lock) tools = refuseChangedTools(tools, guard);
    for (const interceptor of interceptors) {
      if (interceptor.prepareTools) tools = await interceptor.prepareTools(serverName, tools);
    }
    // A listing from its first page replaces the catalog: a tool the server no longer lists cannot be called.
    if (!params?.cursor) guard.catalog = new Map();
    for (const tool of tools) guard.catalog.set(tool.name, tool);
    guard.listed = true;
    return { ...listing, tools };
  };
}

/** Resources, prompts and listings read through the guarded client: each gets the output check. */
function surfacesOf(sdk: SdkClientLike, guard: ServerGuard) {
  const { serverName, interceptors } = guard;
  const checkers = interceptors.filter((i) => typeof i.checkContent === "function").reverse();
  /** The output check on a non-tool surface; the innermost interceptor checks first, as for a tool result. */
  const checked = async <T>(
    surface: ContentSurface,
    args: JsonObject,
    raw: T,
    mapping: SurfaceMapping<T>,
    options: RequestOptions | undefined,
  ): Promise<T> => {
    if (checkers.length === 0) return raw;
    const initial = mapping.toResult(raw);
    let result = initial;
    for (const checker of checkers) {
      const request: ContentCheckRequest = { serverName, surface, args, result };
      if (options?.signal) request.signal = options.signal;
      result = await checker.checkContent!(request);
    }
    return result === initial ? raw : mapping.fromResult(result, raw);
  };

  return {
    readResource: async (params: { uri: string }, options?: RequestOptions) =>
      checked(
        "resources/read",
        { uri: params.uri },
        await sdk.readResource!(params, options),
        resourceMapping,
        options,
      ),
    getPrompt: async (
      params: { name: string; arguments?: Record<string, string> },
      options?: RequestOptions,
    ) =>
      checked(
        "prompts/get",
        { name: params.name, ...(params.arguments ? { arguments: params.arguments } : {}) },
        await sdk.getPrompt!(params, options),
        promptMapping,
        options,
      ),
    listResources: async (params?: unknown, options?: RequestOptions) =>
      checked("resources/list", {}, await sdk.listResources!(params, options), resourceListMapping, options),
    listResourceTemplates: async (params?: unknown, options?: RequestOptions) =>
      checked(
        "resources/templates/list",
        {},
        await sdk.listResourceTemplates!(params, options),
        templateListMapping,
        options,
      ),
    listPrompts: async (params?: unknown, options?: RequestOptions) =>
      checked("prompts/list", {}, await sdk.listPrompts!(params, options), promptListMapping, options),
  };
}

type Surfaces = ReturnType<typeof surfacesOf>;

/** `client.request({ method })` is the generic path to the same methods: it gets the same checks. */
function requestRouter(
  sdk: SdkClientLike,
  callTool: SdkClientLike["callTool"],
  listTools: SdkClientLike["listTools"],
  surfaces: Surfaces,
) {
  return async (req: { method: string; params?: unknown }, schema: unknown, options?: RequestOptions) => {
    const params = (req.params ?? {}) as never;
    switch (req.method) {
      case "tools/call":
        return callTool(params, schema, options);
      case "tools/list":
        return listTools(params, options);
      case "resources/read":
        return surfaces.readResource(params, options);
      case "prompts/get":
        return surfaces.getPrompt(params, options);
      case "resources/list":
        return surfaces.listResources(params, options);
      case "resources/templates/list":
        return surfaces.listResourceTemplates(params, options);
      case "prompts/list":
        return surfaces.listPrompts(params, options);
      default:
        return sdk.request!(req, schema, options);
    }
  };
}

/** The SDK client as the install hands it out: the guarded methods in place of the raw ones. */
function proxyOf(
  sdk: SdkClientLike,
  guard: ServerGuard,
  methods: {
    callTool: SdkClientLike["callTool"];
    listTools: SdkClientLike["listTools"];
    surfaces: Surfaces;
    request: ReturnType<typeof requestRouter>;
  },
): SdkClientLike {
  const { serverName, interceptors } = guard;
  const { callTool, listTools, surfaces, request } = methods;
  const headersCarried = canCarryHeaders(sdk);
  const proxy: SdkClientLike = new Proxy(sdk, {
    get(target, prop) {
      switch (prop) {
        case "callTool":
          return callTool;
        case "listTools":
          return listTools;
        case "request":
          return typeof target.request === "function" ? request : undefined;
        case "readResource":
        case "getPrompt":
        case "listResources":
        case "listResourceTemplates":
        case "listPrompts":
          return typeof target[prop] === "function" ? surfaces[prop] : undefined;
        case "fork":
          if (typeof target.fork !== "function") return undefined;
          if (!headersCarried) {
            // The adapter forks for headers a `beforeToolCall` hook returns; on stdio that throws for every call.
            return async (headers: Record<string, string>) => {
              reportEvent(interceptors, {
                phase: "transport",
                action: "note",
                serverName,
                toolName: "*",
                reason: `headers ${Object.keys(headers).join(", ")} dropped: the stdio transport cannot carry headers`,
                ruleIds: ["transport.headers_dropped"],
              });
              return proxy;
            };
          }
          return async (headers: Record<string, string>) =>
            guardSdkClient(await target.fork!(headers), guard);
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return proxy;
}

export function guardSdkClient(sdk: SdkClientLike, guard: ServerGuard): SdkClientLike {
  const chain = composeInterceptors(guard.interceptors, terminalHandler(sdk, guard));
  const callTool = callToolStep(guard, chain);
  const listTools = listToolsStep(sdk, guard);
  const surfaces = surfacesOf(sdk, guard);
  const request = requestRouter(sdk, callTool, listTools, surfaces);
  return proxyOf(sdk, guard, { callTool, listTools, surfaces, request });
}

/** Drops each tool whose definition does not match its pin, with an audit record naming the changed fields. */
function refuseChangedTools(tools: ToolDescriptor[], guard: ServerGuard): ToolDescriptor[] {
  const pins = guard.lock?.servers[guard.serverName] ?? {};
  return tools.filter((tool) => {
    const mismatch = comparePin(Object.hasOwn(pins, tool.name) ? pins[tool.name] : undefined, tool);
    if (!mismatch) return true;
    reportEvent(guard.interceptors, {
      phase: "catalog",
      action: "block",
      serverName: guard.serverName,
      toolName: tool.name,
      reason: describeMismatch(guard.serverName, tool.name, mismatch),
      ruleIds: [mismatch.kind === "changed" ? "pin.changed" : "pin.unpinned"],
      changedFields: mismatch.changedFields,
    });
    return false;
  });
}
