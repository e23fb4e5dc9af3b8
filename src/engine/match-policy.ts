import type { ResolvedPolicy } from "./policy.js";
import type { RedactionStrategy, SanitizerMode } from "./policy-types.js";
import type { MatchAction } from "./scan/string-scanner.js";
import type { TextMatch } from "./types.js";

const IGNORE: MatchAction = { do: "ignore" };
const BLOCK: MatchAction = { do: "block" };
const FLAG: MatchAction = { do: "flag", as: "flag" };
const WARN: MatchAction = { do: "flag", as: "warn" };
const STRIP: MatchAction = { do: "strip" };
const PLACEHOLDER: MatchAction = { do: "replace", strategy: "placeholder" };
const MASK: MatchAction = { do: "replace", strategy: "mask" };
const HASH: MatchAction = { do: "replace", strategy: "hash" };

function fromStrategy(strategy: RedactionStrategy): MatchAction {
  switch (strategy) {
    case "placeholder":
      return PLACEHOLDER;
    case "mask":
      return MASK;
    case "hash":
      return HASH;
    case "block":
      return BLOCK;
    case "flag":
      return FLAG;
    case "off":
      return IGNORE;
  }
}

function fromRule(action: "block" | "redact" | "warn" | "off"): MatchAction {
  return action === "block" ? BLOCK : action === "redact" ? PLACEHOLDER : action === "warn" ? WARN : IGNORE;
}

export type Phase = "input" | "output";

/** Maps hazard detector types (e.g. `ssrf_loopback`) to the policy's hazard families. */
function hazardFamily(type: string): keyof ResolvedPolicy["inputHazards"] | undefined {
  if (type.startsWith("ssrf")) return "ssrf";
  if (type.startsWith("sql_injection")) return "sql_injection";
  if (type.startsWith("dangerous_sql")) return "dangerous_sql";
  if (type.startsWith("shell")) return "shell_danger";
  if (type.startsWith("path_traversal")) return "path_traversal";
  return undefined;
}

/** The decision function the string scanner calls for each match, for one phase and sanitizer mode. */
export function matchPolicy(
  policy: ResolvedPolicy,
  phase: Phase,
  mode: SanitizerMode,
): (match: TextMatch) => MatchAction {
  const sanitizerAction: MatchAction =
    mode === "pass-through"
      ? IGNORE
      : mode === "detect-and-strip" || mode === "detect-and-strip-and-wrap"
        ? STRIP
        : FLAG;
  const injection = fromRule(policy.injection[phase]);
  return (match) => {
    switch (match.kind) {
      case "pii":
        return fromStrategy(policy.pii.types[match.type] ?? policy.pii[phase]);
      case "secret":
        return fromStrategy(policy.secrets.types[match.type] ?? policy.secrets[phase]);
      case "injection":
        return injection;
      case "hazard": {
        if (phase === "output") return IGNORE;
        const family = hazardFamily(match.type);
        const action = family ? policy.inputHazards[family] : "block";
        return action === "block" ? BLOCK : action === "warn" ? WARN : IGNORE;
      }
      case "control":
      case "markup":
        return sanitizerAction;
      default:
        return FLAG;
    }
  };
}

/** True when at least one setting for this kind does something, so its detectors are worth running. */
export function kindIsActive(
  strategies: {
    output: RedactionStrategy;
    input: RedactionStrategy;
    types: Partial<Record<string, RedactionStrategy>>;
  },
  phase: Phase,
): boolean {
  return (
    strategies[phase] !== "off" || Object.values(strategies.types).some((s) => s !== undefined && s !== "off")
  );
}
