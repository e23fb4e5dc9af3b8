/**
 * Rules checked against what exists: given a resolved policy and the tools each server listed (and which servers
 * failed to connect or list), which rules match no listed tool, and which rules each tool gets. Pure: the install
 * calls it at listing time, `tollgate validate-policy --servers/--tools` and `tollgate explain` call it too.
 *
 * A rule whose pattern could name a server that failed is *unverified* (it may well match once that server is up),
 * not *unmatched*. Each pattern of a rule is checked apart: in `match: ["crm.delete_customer", "crm.delet_customr"]`
 * the second is the typo.
 */
import { distance } from "fastest-levenshtein";
import {
  type ConnectorPattern,
  type ConnectorTarget,
  matchesConnector,
  serverPartCouldMatch,
} from "./glob.js";
import type { ResolvedPolicy } from "./policy.js";

/** The tools of each server that listed, by name, and the configured servers that did not. */
export interface ToolListing {
  servers: Readonly<Record<string, readonly string[]>>;
  /** Configured servers that failed to connect or to list their tools. */
  failed?: readonly string[];
}

/** One pattern of one rule, and where it stands in the policy (a JSON Pointer). */
export interface RulePattern {
  /** `capabilities.rules[].id` (or `capability.rule[<index>]`), or `tools.<glob>` for a per-tool entry. */
  ruleId: string;
  path: string;
  pattern: ConnectorPattern;
}

export interface UnmatchedRule extends RulePattern {
  /** The listed connector types nearest to the pattern (and `<server>.*` for a misspelt server), nearest first. */
  closest: string[];
}

export interface UnverifiedRule extends RulePattern {
  /** The failed servers the pattern could name. */
  servers: string[];
}

/** What one listed tool gets from the policy. */
export interface ToolRules {
  serverName: string;
  toolName: string;
  connectorType: string;
  /** Capability rules whose pattern matches, in policy order; the first one without `when` decides. */
  capabilityRules: { ruleId: string; action: "allow" | "deny" | "review"; conditional: boolean }[];
  /** What the capability gate does when no conditional rule applies. */
  gate: "allow" | "deny" | "review";
  /** The rule that decides `gate` (`capability.default` when none matches). */
  gateRuleId: string;
  /** `tools.<glob>` entries that match, in key order. */
  toolSections: string[];
}

export interface RuleCoverage {
  unmatched: UnmatchedRule[];
  unverified: UnverifiedRule[];
  tools: ToolRules[];
}

export interface CoverageOptions {
  /** The install's connector-type resolver; default `server.tool`. */
  connectorType?: (serverName: string, toolName: string) => string;
  /** How many closest names to give per unmatched rule (default 3). */
  closest?: number;
}

/** Every pattern of the policy's capability rules and `tools.<glob>` keys, in policy order. */
export function policyRulePatterns(policy: ResolvedPolicy): RulePattern[] {
  const out: RulePattern[] = [];
  policy.capabilities.rules.forEach((rule, index) => {
    const ruleId = rule.id ?? `capability.rule[${index}]`;
    const at = `/capabilities/rules/${index}/match`;
    if (Array.isArray(rule.match)) {
      rule.match.forEach((pattern, j) => {
        out.push({ ruleId, path: `${at}/${j}`, pattern });
      });
    } else out.push({ ruleId, path: at, pattern: rule.match as ConnectorPattern });
  });
  for (const glob of Object.keys(policy.tools)) {
    out.push({
      ruleId: `tools.${glob}`,
      path: `/tools/${glob.replace(/~/g, "~0").replace(/\//g, "~1")}`,
      pattern: glob,
    });
  }
  return out;
}

function targetsOf(listing: ToolListing, options: CoverageOptions): ConnectorTarget[] {
  const resolve = options.connectorType ?? ((server: string, tool: string) => `${server}.${tool}`);
  const out: ConnectorTarget[] = [];
  for (const [serverName, tools] of Object.entries(listing.servers)) {
    for (const toolName of tools)
      out.push({ serverName, toolName, connectorType: resolve(serverName, toolName) });
  }
  return out;
}

/** The pattern as text, to compare with listed names. */
function patternText(pattern: ConnectorPattern): string {
  return typeof pattern === "string" ? pattern : `${pattern.server}.${pattern.tool ?? "*"}`;
}

/** The `count` candidates nearest to the pattern (edit distance), ties in listing order. */
function closestNames(
  pattern: ConnectorPattern,
  targets: readonly ConnectorTarget[],
  count: number,
): string[] {
  const text = patternText(pattern);
  const candidates = new Set<string>();
  for (const t of targets) {
    candidates.add(t.connectorType);
    candidates.add(`${t.serverName}.*`);
  }
  return [...candidates]
    .map((name, order) => ({ name, order, d: distance(text, name) }))
    .sort((a, b) => a.d - b.d || a.order - b.order)
    .slice(0, count)
    .map((c) => c.name);
}

function couldNameServer(pattern: ConnectorPattern, serverName: string): boolean {
  return serverPartCouldMatch(pattern, serverName);
}

function rulesOf(policy: ResolvedPolicy, target: ConnectorTarget): ToolRules {
  const capabilityRules: ToolRules["capabilityRules"] = [];
  let gate: ToolRules["gate"] | undefined;
  let gateRuleId = "capability.default";
  policy.capabilities.rules.forEach((rule, index) => {
    if (!matchesConnector(target, rule.match)) return;
    const ruleId = rule.id ?? `capability.rule[${index}]`;
    const conditional = rule.when !== undefined;
    capabilityRules.push({ ruleId, action: rule.action, conditional });
    if (gate === undefined && !conditional) {
      gate = rule.action;
      gateRuleId = ruleId;
    }
  });
  const toolSections = Object.keys(policy.tools).filter((glob) => matchesConnector(target, glob));
  return { ...target, capabilityRules, gate: gate ?? policy.capabilities.default, gateRuleId, toolSections };
}

/** What one call target gets from the policy (for `tollgate explain`). */
export function rulesForTool(policy: ResolvedPolicy, target: ConnectorTarget): ToolRules {
  return rulesOf(policy, target);
}

/** Checks every rule pattern of the policy against the listing. */
export function ruleCoverage(
  policy: ResolvedPolicy,
  listing: ToolListing,
  options: CoverageOptions = {},
): RuleCoverage {
  const targets = targetsOf(listing, options);
  const failed = listing.failed ?? [];
  const unmatched: UnmatchedRule[] = [];
  const unverified: UnverifiedRule[] = [];
  for (const rule of policyRulePatterns(policy)) {
    if (targets.some((target) => matchesConnector(target, rule.pattern))) continue;
    const servers = failed.filter((server) => couldNameServer(rule.pattern, server));
    if (servers.length > 0) unverified.push({ ...rule, servers });
    else unmatched.push({ ...rule, closest: closestNames(rule.pattern, targets, options.closest ?? 3) });
  }
  return { unmatched, unverified, tools: targets.map((target) => rulesOf(policy, target)) };
}

/** One line per unmatched rule, for a warning or an error message. */
export function describeUnmatched(rule: UnmatchedRule): string {
  const near = rule.closest.length > 0 ? ` (closest: ${rule.closest.join(", ")})` : "";
  return `rule ${rule.ruleId} (${rule.path}) matches no listed tool: ${JSON.stringify(patternText(rule.pattern))}${near}`;
}

export function describeUnverified(rule: UnverifiedRule): string {
  return `rule ${rule.ruleId} (${rule.path}) could not be checked: ${rule.servers.join(", ")} did not list its tools`;
}
