/**
 * Connector-type globs: `*` matches within one dot-separated segment, `**` across segments, `?` one character.
 * Hand-written because connector types are dotted names, not paths: picomatch and friends treat `/` as the
 * separator and would make `*` cross dots.
 */
const cache = new Map<string, RegExp>();

export function globToRegExp(glob: string): RegExp {
  let re = cache.get(glob);
  if (re) return re;
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") {
      if (glob[i + 1] === "*") {
        source += ".*";
        i++;
      } else {
        source += "[^.]*";
      }
    } else if (c === "?") {
      source += "[^.]";
    } else {
      source += c.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
    }
  }
  re = new RegExp(`^${source}$`);
  cache.set(glob, re);
  return re;
}

export function matchesGlob(value: string, globs: string | readonly string[]): boolean {
  if (typeof globs === "string") return globToRegExp(globs).test(value);
  for (const g of globs) if (globToRegExp(g).test(value)) return true;
  return false;
}

/** What a capability rule or tool policy is matched against: the call's server and tool, and its connector type. */
export interface ConnectorTarget {
  connectorType: string;
  serverName: string;
  toolName: string;
}

/** An explicit match on the server and the tool's own name. `tool` omitted: every tool of the server. */
export interface ConnectorMatch {
  /** Glob on the server name (`*` within a dot segment, as in connector-type globs). */
  server: string;
  /** Glob on the tool's whole name: here `*` and `?` match dots too (the server chose them). */
  tool?: string;
}

export type ConnectorPattern = string | ConnectorMatch;

const toolCache = new Map<string, RegExp>();

/** A glob on a tool's name taken as one unit: `*` (and `**`) match any characters, dots included. */
export function toolGlobToRegExp(glob: string): RegExp {
  let re = toolCache.get(glob);
  if (re) return re;
  let source = "";
  for (const c of glob) {
    if (c === "*") source += ".*";
    else if (c === "?") source += ".";
    else source += c.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  re = new RegExp(`^${source}$`, "s");
  toolCache.set(glob, re);
  return re;
}

/** True when the target is named `server.tool` (the default resolver), so server and tool can be told apart. */
function isDefaultName(target: ConnectorTarget): boolean {
  const { connectorType, serverName, toolName } = target;
  return (
    connectorType.length === serverName.length + 1 + toolName.length &&
    connectorType.startsWith(serverName) &&
    connectorType.charCodeAt(serverName.length) === 46 &&
    connectorType.endsWith(toolName)
  );
}

/** A string pattern, compiled once: the whole glob, and each way to split it into a server part and a tool part. */
interface CompiledGlob {
  whole: RegExp;
  splits: { server: RegExp; tool: RegExp }[];
}

const compiledGlobs = new Map<string, CompiledGlob>();

function compileGlob(pattern: string): CompiledGlob {
  let compiled = compiledGlobs.get(pattern);
  if (compiled) return compiled;
  const splits: CompiledGlob["splits"] = [];
  // Every dot is a candidate because a server name (chosen in the client config, not by the server) may itself
  // contain dots.
  for (let i = pattern.indexOf("."); i !== -1; i = pattern.indexOf(".", i + 1)) {
    splits.push({ server: globToRegExp(pattern.slice(0, i)), tool: toolGlobToRegExp(pattern.slice(i + 1)) });
  }
  compiled = { whole: globToRegExp(pattern), splits };
  compiledGlobs.set(pattern, compiled);
  return compiled;
}

function matchesOne(target: ConnectorTarget, pattern: ConnectorPattern): boolean {
  if (typeof pattern !== "string") {
    return (
      globToRegExp(pattern.server).test(target.serverName) &&
      (pattern.tool === undefined || toolGlobToRegExp(pattern.tool).test(target.toolName))
    );
  }
  const compiled = compileGlob(pattern);
  if (compiled.whole.test(target.connectorType)) return true;
  // With no dot in either name, a split that matches implies the whole glob matches (tested above): nothing to do.
  // That is the common case, so the splits cost nothing there.
  if (compiled.splits.length === 0) return false;
  if (!target.toolName.includes(".") && !target.serverName.includes(".")) return false;
  // A custom resolver's name is matched as it is: its dots are the resolver's, not the server's.
  if (!isDefaultName(target)) return false;
  // Some split of the glob at a dot names the server on the left and the whole tool name on the right.
  for (const split of compiled.splits) {
    if (split.server.test(target.serverName) && split.tool.test(target.toolName)) return true;
  }
  return false;
}

/**
 * Matches a call against connector-type globs or `{ server, tool }` patterns. With the default connector type
 * (`server.tool`) a glob's part up to a dot matches the server and the rest matches the tool's name as one unit,
 * so `crm.*` covers the server's tool `admin.wipe` (`crm.admin.wipe`): the server cannot step out of a rule by
 * putting dots in its tool names. With a custom `connectorType` resolver, globs match the resolved string
 * (`*` within a dot segment); `{ server, tool }` patterns always match the server and tool names.
 */
export function matchesConnector(
  target: ConnectorTarget,
  patterns: ConnectorPattern | readonly ConnectorPattern[],
): boolean {
  if (!Array.isArray(patterns)) return matchesOne(target, patterns as ConnectorPattern);
  for (const p of patterns as readonly ConnectorPattern[]) if (matchesOne(target, p)) return true;
  return false;
}
