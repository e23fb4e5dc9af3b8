/**
 * The glob grammar of capability rules, `tools.<glob>` keys and `{ server, tool }` matches (docs/policy.md, "Glob
 * grammar"). Patterns are compiled by picomatch with the dot as the segment separator:
 *
 * - `*` any characters within one dot-separated segment; `?` one character other than a dot;
 * - `**` as a whole segment: any number of segments, none included (`crm.**`, `**.delete`);
 * - `[abc]`, `[a-z]`, `[^a]` one character of (not of) a class; a class never matches a dot;
 * - `{a,b}` one of the alternatives (which may hold dots and wildcards);
 * - `\` makes the next character literal.
 *
 * Anything else is literal. Refused with a `GlobSyntaxError` that says where: unbalanced `[` `]` `{` `}`, `(`, `)`
 * and `|` (picomatch would read them as regular-expression groups), `**` inside a segment (`crm**`: write
 * `crm*.**`), a dot inside a class, a trailing `\`, an empty pattern.
 *
 * With the default connector type (`server.tool`) a pattern's part up to a (top-level) dot matches the server
 * and the rest matches the tool's whole name, where `*` crosses dots: `crm.*` covers the tool `admin.wipe` of
 * server `crm`. The server chose its tool names; it cannot step out of a rule by putting dots in them.
 */
import picomatch from "picomatch";

/** A pattern outside the grammar. `at` is the offset of the offending character in the pattern. */
export class GlobSyntaxError extends Error {
  override name = "GlobSyntaxError";
  constructor(
    readonly pattern: string,
    readonly at: number,
    readonly problem: string,
  ) {
    super(`glob ${JSON.stringify(pattern)}: ${problem}${at >= 0 ? ` (at character ${at + 1})` : ""}`);
  }
}

/** Stands for a literal `/` while picomatch takes the dot's place as the separator (`/` is never a separator here). */
const SLASH = "\uE000";
/**
 * Stands for a dot in a tool glob. picomatch never lets `*` match a whole name `.` or `..` (path segments), and a
 * server must not escape `crm.*` by naming its tool `..`.
 */
const DOT = "\uE001";
const OPTIONS = {
  dot: true,
  nonegate: true,
  noextglob: true,
  strictBrackets: true,
  // Without this picomatch also lets `[bc]` match the literal text "[bc]" (for file names with brackets).
  literalBrackets: false,
  nocase: false,
} as const;

/** What the scanner learnt of a valid pattern: the offsets of the dots outside classes and alternatives. */
interface Scanned {
  topLevelDots: number[];
}

/**
 * Checks a pattern against the grammar and finds its top-level dots. Hand-written because picomatch accepts more
 * than the grammar (regex groups, extglobs) and does not say where a pattern may be split into server and tool.
 */
function scan(pattern: string): Scanned {
  if (pattern.length === 0) throw new GlobSyntaxError(pattern, -1, "is empty");
  const reserved = pattern.search(/[\uE000\uE001]/);
  if (reserved >= 0)
    throw new GlobSyntaxError(pattern, reserved, "holds a reserved character (U+E000, U+E001)");
  const topLevelDots: number[] = [];
  let classStart = -1;
  const braces: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      if (i === pattern.length - 1)
        throw new GlobSyntaxError(pattern, i, "ends with an unfinished `\\` escape");
      i++;
      continue;
    }
    if (classStart >= 0) {
      if (c === "]") classStart = -1;
      else if (c === ".") {
        throw new GlobSyntaxError(pattern, i, "a `[...]` class cannot hold a dot (the segment separator)");
      }
      continue;
    }
    if (c === "[") {
      if (pattern[i + 1] === "!")
        throw new GlobSyntaxError(pattern, i + 1, "a negated class is written `[^...]`");
      if (pattern[i + 1] === "^") i++;
      if (pattern[i + 1] === "]")
        throw new GlobSyntaxError(pattern, i + 1, "an empty class (write `\\]` for the character)");
      classStart = i;
    } else if (c === "]")
      throw new GlobSyntaxError(pattern, i, "`]` closes no `[` (write `\\]` for the character)");
    else if (c === "{") braces.push(i);
    else if (c === "}") {
      if (braces.pop() === undefined)
        throw new GlobSyntaxError(pattern, i, "`}` closes no `{` (write `\\}` for the character)");
    } else if (c === "(" || c === ")" || c === "|") {
      throw new GlobSyntaxError(
        pattern,
        i,
        `\`${c}\` is not part of the glob grammar (write \`\\${c}\` for the character; \`{a,b}\` for alternatives)`,
      );
    } else if (c === "*" && pattern[i + 1] === "*") {
      const segmentStart =
        i === 0 || pattern[i - 1] === "." || pattern[i - 1] === "{" || pattern[i - 1] === ",";
      const next = pattern[i + 2];
      const segmentEnd = next === undefined || next === "." || next === "}" || next === ",";
      if (!segmentStart || !segmentEnd)
        throw new GlobSyntaxError(
          pattern,
          i,
          "`**` must be a whole segment (`crm.**`); within a segment `*` is enough",
        );
      i++;
    } else if (c === "." && braces.length === 0) topLevelDots.push(i);
  }
  if (classStart >= 0)
    throw new GlobSyntaxError(pattern, classStart, "`[` is never closed (write `\\[` for the character)");
  const open = braces.pop();
  if (open !== undefined)
    throw new GlobSyntaxError(pattern, open, "`{` is never closed (write `\\{` for the character)");
  return { topLevelDots };
}

/** Checks a pattern against the grammar; throws `GlobSyntaxError` saying what and where. */
export function checkGlob(pattern: string): void {
  scan(pattern);
  // picomatch's own checks (strictBrackets) too, so a pattern accepted here always compiles.
  segmentGlob(pattern);
}

/** The pattern (or a name) with `.` as picomatch's separator and `/` kept as a plain character. */
function toSegments(text: string): string {
  let out = "";
  for (const c of text) out += c === "." ? "/" : c === "/" ? SLASH : c;
  return out;
}

function compile(pattern: string, source: string): RegExp {
  try {
    return picomatch.makeRe(source, OPTIONS);
  } catch (error) {
    throw new GlobSyntaxError(pattern, -1, (error as Error).message);
  }
}

/** A pattern matched segment by segment, with a test that takes a name with dots. */
interface NameGlob {
  test(name: string): boolean;
}

const segmentCache = new Map<string, NameGlob>();
const toolCache = new Map<string, NameGlob>();

/** The empty part of a pattern split at a leading or trailing dot: it matches the empty name only. */
const EMPTY: NameGlob = { test: (name) => name === "" };

/** A glob on a dotted name: `*` and `?` stay within a segment. */
function segmentGlob(pattern: string): NameGlob {
  if (pattern === "") return EMPTY;
  let glob = segmentCache.get(pattern);
  if (glob) return glob;
  const re = compile(pattern, toSegments(pattern));
  glob = { test: (name) => re.test(toSegments(name)) };
  segmentCache.set(pattern, glob);
  return glob;
}

/** A glob on a tool's name taken as one unit: no separator at all, so `*` and `?` match dots too. */
function toolGlob(pattern: string): NameGlob {
  if (pattern === "") return EMPTY;
  let glob = toolCache.get(pattern);
  if (glob) return glob;
  const plain = (text: string) => text.replaceAll("/", SLASH).replaceAll(".", DOT);
  const re = compile(pattern, plain(pattern));
  glob = { test: (name) => re.test(plain(name)) };
  toolCache.set(pattern, glob);
  return glob;
}

/** The segment glob as a RegExp-like tester (kept for callers of the former API). */
export function globToRegExp(glob: string): NameGlob {
  if (glob === "") return EMPTY;
  scan(glob);
  return segmentGlob(glob);
}

/** The tool glob as a RegExp-like tester: `*` and `?` match dots too. */
export function toolGlobToRegExp(glob: string): NameGlob {
  if (glob === "") return EMPTY;
  scan(glob);
  return toolGlob(glob);
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
  whole: NameGlob;
  splits: { server: NameGlob; tool: NameGlob }[];
}

const compiledGlobs = new Map<string, CompiledGlob>();

function compileGlob(pattern: string): CompiledGlob {
  let compiled = compiledGlobs.get(pattern);
  if (compiled) return compiled;
  const { topLevelDots } = scan(pattern);
  // Every top-level dot is a candidate because a server name (chosen in the client config, not by the server) may
  // itself contain dots. A dot inside `{...}` is not: splitting there would cut an alternative in two.
  const splits = topLevelDots.map((i) => ({
    server: segmentGlob(pattern.slice(0, i)),
    tool: toolGlob(pattern.slice(i + 1)),
  }));
  compiled = { whole: segmentGlob(pattern), splits };
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

/**
 * Whether a pattern could name a tool of `serverName`, whatever the tool: for a failed server, whose tools are
 * unknown. A string pattern with no top-level dot could name anything (`**`), so it could.
 */
export function serverPartCouldMatch(pattern: ConnectorPattern, serverName: string): boolean {
  if (typeof pattern !== "string") return globToRegExp(pattern.server).test(serverName);
  const { splits } = compileGlob(pattern);
  if (splits.length === 0) return true;
  return splits.some((split) => split.server.test(serverName));
}
