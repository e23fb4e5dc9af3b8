import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describeUnmatched } from "../engine/rule-coverage.js";
import { InstallError, isTollgateError } from "../errors.js";
import { runContextFrom } from "../interceptor/run-context.js";
import type { HandleSealing } from "../shared/handles.js";
import { budgetHistoryOf, connectorTypeByToolName } from "./budget-history.js";
import {
  type CallSlot,
  type CatalogAwareInterceptor,
  callSlots,
  guardSdkClient,
  reportEvent,
  type SdkClientLike,
  type ServerGuard,
} from "./guard-sdk-client.js";
import { previewThrough, setReviewHooks } from "./proposed-calls.js";
import { renderToolOutput } from "./render-tool-message.js";
import { ThreadProvenance, threadKeyOf, withProvenanceArtifact } from "./thread-provenance.js";
import { readToolLock, type ToolLock } from "./tool-pins.js";

export type { CatalogAwareInterceptor } from "./guard-sdk-client.js";

export interface InstallOptions {
  /**
   * A tool lock file written by `tollgate pin`. At every load (and reload after `tools/list_changed`), a tool whose
   * definition (name, title, description, schemas, annotations) does not match its pin, or that has none, is not
   * handed out and cannot be called; the audit record names the changed fields. Read once, at install.
   */
  lockFile?: string;
  /**
   * What `client.getClient(name)` returns. `"guarded"` (default): the server's SDK client behind the guard, so
   * `callTool`, `readResource`, `getPrompt`, the listings and `request()` for those methods are checked like the
   * tools. `"refuse"`: it throws `InstallError`, for apps that want no path to a server other than the tools and
   * `client.readResource` / `listResources` / `listResourceTemplates` (which stay available, checked).
   */
  getClient?: "guarded" | "refuse";
  /**
   * At every `getTools()` after a listing, the policy's capability and tool rules are checked against the tools
   * every server listed: a rule that matches none gets an audit note and a warning (see `onCallbackError`); a rule
   * for a server that failed to connect is reported as unverified. `true`: an unmatched rule is an `InstallError`
   * and no tool is handed out (after `tools/list_changed` it is reported only).
   */
  strictRules?: boolean;
  /**
   * Containment (docs/provenance.md): `true` (default) sends what the user said and what the tools returned in the
   * thread with every input check, so the policy's flow rules can tell a value the user typed from one a tool
   * planted. `false`: no provenance is read, kept or sent (flow rules that need it do not apply).
   */
  provenance?: boolean;
  /**
   * A secret that keys the provenance hashes kept in the thread's checkpoint (`deriveThreadSalt`): without it they
   * resist casual reading but not a brute force of a known value by whoever reads the checkpoint. The engine and
   * `tollgate serve` never see it.
   */
  provenanceKey?: string;
  /**
   * Handles (docs/handles.md): a value the output check redacted reaches the model as a stable handle of the thread
   * (`[EMAIL_1]`), and a handle in a later call's arguments is replaced by its value for the input check and the
   * server; the model never reads the value. Kept with the thread's provenance, its value sealed (AES-256-GCM) with
   * `key` (default: `provenanceKey`); without any key the value stays in this process's memory (lost on a restart)
   * unless `storeInClear: true` puts it in clear in the checkpoint. Default off. Needs `provenance` (the default).
   */
  handles?: boolean | HandleSealing;
}

/** The sealing of the install's handles, or undefined when they are off. */
function handleSealingOf(options: InstallOptions): HandleSealing | undefined {
  const handles = options.handles;
  if (handles === undefined || handles === false) return undefined;
  if (options.provenance === false) {
    throw new InstallError("install option handles needs provenance (do not set provenance: false)");
  }
  const own = handles === true ? {} : handles;
  const key = own.key ?? options.provenanceKey;
  return { ...(key ? { key } : {}), ...(own.storeInClear === true ? { storeInClear: true } : {}) };
}

/** The internals of MultiServerMCPClient 1.1.x we hook; checked at install so a change fails loudly, not open. */
interface ClientInternals {
  _loadToolsForServer(serverName: string, client: SdkClientLike): Promise<void>;
  _getToolsFromServers(serverNames: string[]): GuardableTool[];
  getTools(...args: unknown[]): Promise<GuardableTool[]>;
  getClient(serverName: string, options?: unknown): Promise<SdkClientLike | undefined>;
  initializeConnections(options?: unknown): Promise<unknown>;
  readResource(serverName: string, uri: string, options?: unknown): Promise<unknown>;
  listResources(...args: unknown[]): Promise<unknown>;
  listResourceTemplates(...args: unknown[]): Promise<unknown>;
  readonly config: { mcpServers: Record<string, unknown> };
}

interface GuardableTool {
  name: string;
  description: string;
  func: (
    args: unknown,
    runManager?: unknown,
    config?: { toolCall?: { id?: string }; configurable?: unknown; context?: unknown },
  ) => Promise<unknown>;
}

/** A server connection's guard and the guarded client built on it. */
interface Guarded {
  guard: ServerGuard;
  client: SdkClientLike;
}

const INSTALLED = Symbol.for("mcp-tollgate.installed");
const GUARDED_TOOL = Symbol.for("mcp-tollgate.guarded-tool");
const TOOLS_LIST_CHANGED = "notifications/tools/list_changed";

/** True for a tool whose MCP calls run through installed interceptors. */
export function isGuardedTool(tool: unknown): boolean {
  return (
    typeof tool === "object" && tool !== null && (tool as { [GUARDED_TOOL]?: true })[GUARDED_TOOL] === true
  );
}

/**
 * The tool's name on its server. The adapter names the LangChain tool `[prefix__][server__]name`; the longest
 * listed name it ends with is the one (a listed name never contains the `__` that would make this ambiguous
 * twice over, and if it does, the longer is the more specific).
 */
function mcpNameOf(toolName: string, guard: ServerGuard): string {
  let found = toolName;
  let best = -1;
  for (const name of guard.catalog.keys()) {
    if ((toolName === name || toolName.endsWith(`__${name}`)) && name.length > best) {
      found = name;
      best = name.length;
    }
  }
  return found;
}

/** Adds this call's output facts to the ToolMessage artifact the adapter made (`[content, artifact]`). */
function withOutputFacts(output: unknown, slot: CallSlot): unknown {
  const stored = ThreadProvenance.storedOf(slot.provenance);
  if (!stored || !Array.isArray(output) || output.length !== 2) return output;
  return [output[0], withProvenanceArtifact(output[1], stored)];
}

function wrapTool(tool: GuardableTool, guard: ServerGuard, provenance: ThreadProvenance | undefined): void {
  const original = tool.func;
  connectorTypeByToolName.set(tool.name, `${guard.serverName}.${mcpNameOf(tool.name, guard)}`);
  Object.defineProperty(tool, GUARDED_TOOL, { value: true });
  setReviewHooks(tool, {
    preview: async ({ toolCallId, args, runContext }) => {
      const name = mcpNameOf(tool.name, guard);
      const listed = guard.catalog.get(name);
      // The review step runs in the graph too: its state's messages are the thread's budget history.
      const budgetHistory = budgetHistoryOf(undefined);
      return previewThrough(guard.interceptors, {
        serverName: guard.serverName,
        name,
        args,
        toolCallId,
        ...(listed ? { tool: listed } : {}),
        ...(runContext ? { runContext } : {}),
        ...(provenance ? { provenance: provenance.forCall(threadKeyOf(undefined)) } : {}),
        ...(budgetHistory ? { budgetHistory } : {}),
      });
    },
    report: (event) => reportEvent(guard.interceptors, event),
  });
  tool.func = async (args, runManager, config) => {
    const slot: CallSlot = config?.toolCall?.id ? { toolCallId: config.toolCall.id } : {};
    const runContext = runContextFrom(config);
    if (runContext) slot.runContext = runContext;
    if (provenance) {
      const parentRunId = (runManager as { parentRunId?: string } | undefined)?.parentRunId;
      slot.provenance = provenance.forCall(threadKeyOf(config, parentRunId));
    }
    const budgetHistory = budgetHistoryOf(config);
    if (budgetHistory) slot.budgetHistory = budgetHistory;
    const key = typeof args === "object" && args !== null ? args : undefined;
    if (key) callSlots.set(key, slot);
    try {
      // What the model reads: one envelope per call (see render-tool-message.ts).
      return withOutputFacts(renderToolOutput(await original.call(tool, args, runManager, config)), slot);
    } catch (error) {
      throw slot.error ?? error;
    } finally {
      if (key) callSlots.delete(key);
    }
  };
}

/** Runs `onChange` on `tools/list_changed`, then any handler the adapter set (its `onToolsListChanged`). */
function watchListChanges(sdk: SdkClientLike, onChange: () => Promise<void>): void {
  const client = sdk as SdkClientLike & {
    setNotificationHandler?(schema: unknown, handler: (n: unknown) => unknown): void;
    _notificationHandlers?: Map<string, (n: unknown) => unknown>;
  };
  if (typeof client.setNotificationHandler !== "function") return;
  const previous = client._notificationHandlers?.get(TOOLS_LIST_CHANGED);
  client.setNotificationHandler(ToolListChangedNotificationSchema, async (notification) => {
    await onChange();
    await previous?.(notification);
  });
}

/** The adapter's methods the install hooks, checked before anything changes: a missing one fails loudly, not open. */
function hookableInternals(client: MultiServerMCPClient) {
  const internals = client as unknown as ClientInternals & { [INSTALLED]?: true };
  if (internals[INSTALLED]) throw new InstallError("interceptors are already installed on this client");
  const load = internals._loadToolsForServer;
  const toolsOf = internals._getToolsFromServers;
  const getTools = internals.getTools;
  const getClient = internals.getClient;
  const hooks = [load, toolsOf, getTools, getClient, internals.initializeConnections];
  if (hooks.some((hook) => typeof hook !== "function")) {
    throw new InstallError(
      "this @langchain/mcp-adapters version does not expose the hooks mcp-tollgate needs (tested with 1.1.x); refusing to run unguarded",
    );
  }
  return { internals, load, toolsOf, getTools, getClient };
}

function getClientModeOf(options: InstallOptions): "guarded" | "refuse" {
  const mode = options.getClient ?? "guarded";
  if (mode !== "guarded" && mode !== "refuse") {
    throw new InstallError(
      `install option getClient must be "guarded" or "refuse", got ${JSON.stringify(mode)}`,
    );
  }
  return mode;
}

/** Resolves a server's guarded SDK client (undefined when the adapter has none). */
type GuardedClientOf = (
  self: ClientInternals,
  serverName: string,
  opts?: unknown,
) => Promise<SdkClientLike | undefined>;

/**
 * The adapter's own resource methods call `this.getClient`; these go to the guarded client directly, so they stay
 * available (and checked) when getClient() is refused. Same results as the adapter's 1.1.x methods.
 */
function installResourceMethods(internals: ClientInternals, guardedClientOf: GuardedClientOf): void {
  internals.readResource = async function (
    this: ClientInternals,
    serverName: string,
    uri: string,
    opts?: unknown,
  ) {
    await this.initializeConnections(opts);
    const sdk = await guardedClientOf(this, serverName, opts);
    if (!sdk?.readResource) throw new InstallError(`Server "${serverName}" not found or not connected`);
    const read = await sdk.readResource({ uri });
    return read.contents.map((content) => ({
      uri: content.uri,
      mimeType: content.mimeType,
      text: "text" in content ? content.text : undefined,
      blob: "blob" in content ? content.blob : undefined,
    }));
  };
  const listEach = <R>(list: (sdk: SdkClientLike) => Promise<R[] | undefined>) =>
    async function (this: ClientInternals, ...args: unknown[]) {
      const byName = args.length === 0 || args.every((a) => typeof a === "string");
      const servers = (byName ? args : args[0]) as string[];
      const opts = byName ? undefined : args[1];
      await this.initializeConnections(opts);
      const out: Record<string, R[]> = {};
      for (const serverName of servers.length > 0 ? servers : Object.keys(this.config.mcpServers)) {
        const sdk = await guardedClientOf(this, serverName, opts);
        if (!sdk) continue;
        try {
          out[serverName] = (await list(sdk)) ?? [];
        } catch (error) {
          // The adapter lists an unreachable server as empty; a block is a decision, not a failure: it surfaces.
          if (isTollgateError(error)) throw error;
          out[serverName] = [];
        }
      }
      return out;
    };
  internals.listResources = listEach(async (sdk) =>
    (await sdk.listResources?.())?.resources.map((r) => ({
      uri: r.uri,
      name: r.title ?? r.name,
      description: r.description,
      mimeType: r.mimeType,
    })),
  );
  internals.listResourceTemplates = listEach(async (sdk) =>
    (await sdk.listResourceTemplates?.())?.resourceTemplates.map((t) => ({
      uriTemplate: t.uriTemplate,
      name: t.title ?? t.name,
      description: t.description,
      mimeType: t.mimeType,
    })),
  );
}

/**
 * Installs interceptors on a MultiServerMCPClient so that every tool `getTools()` returns runs through them
 * (first = outermost). Call it before the first `getTools()` / `initializeConnections()`; afterwards
 * `getTools()` refuses to hand out a tool that was loaded unguarded.
 *
 * Beyond tool calls: `getClient()` returns the guarded SDK client (or throws, with `getClient: "refuse"`),
 * resources, prompts and listings read through it get the output check, and after a server's
 * `tools/list_changed` the next `getTools()` lists that server again, through the same checks, before handing out
 * its tools.
 *
 * Why not the client's `beforeToolCall` / `afterToolCall` hooks: error results become exceptions before
 * `afterToolCall` runs, `structuredContent` of multi-block results is invisible to it, hook errors lose their
 * class, and rewriting `args` there mutates the agent's checkpointed tool call. Wrapping the SDK client each
 * server's tools are built on sees the raw `CallToolResult` instead, error results included.
 */
export function installInterceptors<T extends MultiServerMCPClient>(
  client: T,
  interceptors: CatalogAwareInterceptor | readonly CatalogAwareInterceptor[],
  options: InstallOptions = {},
): T {
  const list = typeof interceptors === "function" ? [interceptors] : [...interceptors];
  if (list.length === 0) throw new InstallError("installInterceptors needs at least one interceptor");
  const hooks = hookableInternals(client);
  const getClientMode = getClientModeOf(options);
  // Read before anything is changed: a bad lock file leaves the client as it was.
  const lock: ToolLock | undefined =
    options.lockFile === undefined ? undefined : readToolLock(options.lockFile);
  const handles = handleSealingOf(options);
  const provenance =
    options.provenance === false
      ? undefined
      : new ThreadProvenance({
          ...(options.provenanceKey ? { key: options.provenanceKey } : {}),
          ...(handles ? { handles } : {}),
        });
  new Installation(hooks, list, lock, provenance).hook(getClientMode, options.strictRules === true);
  return client;
}

/**
 * One install's state: a guard per SDK client of the adapter (one per server and header set, kept across
 * reloads), the connection each server's tools were last loaded from, and which servers announced a new listing.
 * Invariant: every tool `getTools()` hands out was wrapped here (`guardedTools`), or it throws.
 */
class Installation {
  private readonly guardedTools = new WeakSet<object>();
  private readonly bySdk = new WeakMap<object, Guarded>();
  private readonly loadedFrom = new Map<string, SdkClientLike>();
  private readonly stale = new Set<string>();
  /** Set by every listing: the next `getTools()` checks the policy's rules against what was listed. */
  private rulesToCheck = false;

  constructor(
    private readonly hooks: ReturnType<typeof hookableInternals>,
    private readonly list: readonly CatalogAwareInterceptor[],
    private readonly lock: ToolLock | undefined,
    private readonly provenance: ThreadProvenance | undefined,
  ) {}

  /** Replaces the adapter's methods with guarded ones. */
  hook(getClientMode: "guarded" | "refuse", strictRules: boolean): void {
    const { internals, load, toolsOf, getTools } = this.hooks;
    const self = this;
    Object.defineProperty(internals, INSTALLED, { value: true });
    internals._loadToolsForServer = async function (this: ClientInternals, serverName, sdk) {
      self.stale.delete(serverName);
      self.loadedFrom.set(serverName, sdk);
      self.rulesToCheck = true;
      const { guard, client } = self.guardedFor(serverName, sdk);
      await load.call(this, serverName, client);
      for (const tool of toolsOf.call(this, [serverName])) {
        if (self.guardedTools.has(tool)) continue;
        wrapTool(tool, guard, self.provenance);
        self.guardedTools.add(tool);
      }
    };
    internals.getTools = async function (this: ClientInternals, ...args: unknown[]) {
      // A server that announced a new listing is listed again (and checked) before its tools are handed out.
      for (const serverName of [...self.stale]) {
        const sdk = self.loadedFrom.get(serverName);
        if (sdk) await internals._loadToolsForServer.call(this, serverName, sdk);
      }
      const tools = await getTools.apply(this, args);
      self.refuseUnguarded(tools);
      if (self.rulesToCheck) {
        self.checkRules(strictRules);
        self.rulesToCheck = false;
      }
      return tools;
    };
    internals.getClient = async function (this: ClientInternals, serverName: string, opts?: unknown) {
      if (getClientMode === "refuse") {
        throw new InstallError(
          `getClient("${serverName}") is refused by the install option getClient: "refuse"; use the tools, or client.readResource / listResources / listResourceTemplates`,
        );
      }
      return self.guardedClientOf(this, serverName, opts);
    };
    installResourceMethods(internals, (client, serverName, opts) =>
      self.guardedClientOf(client, serverName, opts),
    );
  }

  private refuseUnguarded(tools: readonly GuardableTool[]): void {
    const unguarded = tools.filter((t) => !this.guardedTools.has(t));
    if (unguarded.length > 0) {
      throw new InstallError(
        `tools ${unguarded.map((t) => t.name).join(", ")} were loaded before installInterceptors(); install on a fresh client, before the first getTools()`,
      );
    }
  }

  private guardedFor(serverName: string, sdk: SdkClientLike): Guarded {
    let entry = this.bySdk.get(sdk);
    if (!entry) {
      const guard: ServerGuard = {
        serverName,
        interceptors: this.list,
        catalog: new Map(),
        listed: false,
        lock: this.lock,
      };
      const created: Guarded = { guard, client: guardSdkClient(sdk, guard) };
      entry = created;
      this.bySdk.set(sdk, entry);
      watchListChanges(sdk, async () => {
        this.stale.add(serverName);
        await this.refreshCatalog(created);
        this.checkRules(false);
      });
    }
    return entry;
  }

  /**
   * After `tools/list_changed`, the tools already handed out are held to the new listing at once (a tool that was
   * removed, changed against its pin or now carries planted instructions cannot be called through them); new tool
   * objects come with the next `getTools()`. A listing that fails leaves no tool callable until one succeeds.
   */
  private async refreshCatalog({ guard, client: guardedSdk }: Guarded): Promise<void> {
    try {
      let cursor: string | undefined;
      do {
        cursor = (await guardedSdk.listTools(cursor ? { cursor } : {})).nextCursor;
      } while (cursor);
    } catch (error) {
      guard.catalog = new Map();
      guard.listed = true;
      reportEvent(this.list, {
        phase: "catalog",
        action: "block",
        serverName: guard.serverName,
        toolName: "*",
        reason: `listing the tools again after tools/list_changed failed (${error instanceof Error ? error.message : String(error)}); no tool of ${guard.serverName} can be called until a listing succeeds`,
        ruleIds: ["catalog.relist_failed"],
      });
    }
  }

  /** The policy's rules against what every server listed (rule-coverage.ts); `strict`: an unmatched rule throws. */
  private checkRules(strict: boolean): void {
    const servers: Record<string, string[]> = {};
    for (const [serverName, sdk] of this.loadedFrom) {
      const guard = this.bySdk.get(sdk)?.guard;
      if (guard?.listed) servers[serverName] = [...guard.catalog.keys()];
    }
    const failed = Object.keys(this.hooks.internals.config.mcpServers).filter(
      (name) => servers[name] === undefined,
    );
    for (const interceptor of this.list) {
      const coverage = interceptor.checkRules?.({ servers, failed });
      if (strict && coverage && coverage.unmatched.length > 0) {
        throw new InstallError(
          `strictRules: ${coverage.unmatched.map(describeUnmatched).join("; ")}; no tool is handed out until every rule matches a listed tool`,
        );
      }
    }
  }

  /** The guarded client of a server (undefined when the adapter has none), whatever the install option says. */
  private async guardedClientOf(
    self: ClientInternals,
    serverName: string,
    opts?: unknown,
  ): Promise<SdkClientLike | undefined> {
    const sdk = await this.hooks.getClient.call(self, serverName, opts);
    if (!sdk) return undefined;
    const entry = this.bySdk.get(sdk);
    if (!entry) {
      throw new InstallError(
        `the client for server "${serverName}" was not made through the install (loaded before installInterceptors()?); refusing to hand it out unguarded`,
      );
    }
    return entry.client;
  }
}
