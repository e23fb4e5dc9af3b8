/**
 * What people read: a verdict line and a findings table on a terminal, JSON lines everywhere else (pipes, files,
 * CI) and with `--json`. `NO_COLOR` (any non-empty value, https://no-color.org) turns colour off;
 * `TOLLGATE_FORCE_TTY=1` takes the terminal path without a terminal (tests, `script`-less CI logs).
 */
import type { Writable } from "node:stream";
import type { RuleCoverage, ToolRules } from "../engine/rule-coverage.js";
import type { CliIo } from "./cli-command.js";

export interface OutputStyle {
  /** Tables and sentences rather than JSON lines. */
  human: boolean;
  color: boolean;
}

function isTty(stream: Writable): boolean {
  return (stream as Writable & { isTTY?: boolean }).isTTY === true;
}

export function outputStyle(io: Pick<CliIo, "stdout" | "env">, json: boolean): OutputStyle {
  const env = io.env ?? process.env;
  const human = !json && (env.TOLLGATE_FORCE_TTY === "1" || isTty(io.stdout));
  const noColor = (env.NO_COLOR ?? "") !== "" || env.TERM === "dumb";
  return { human, color: human && !noColor };
}

/** Whether progress goes to stderr: a terminal there (or forced). */
export function showsProgress(io: Pick<CliIo, "stderr" | "env">): boolean {
  const env = io.env ?? process.env;
  return env.TOLLGATE_FORCE_TTY === "1" || isTty(io.stderr);
}

const CODES = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;

export function paint(style: OutputStyle, color: keyof typeof CODES, text: string): string {
  return style.color ? `\u001b[${CODES[color]}m${text}\u001b[0m` : text;
}

/** Left-aligned columns, two spaces apart; the header dimmed. */
export function table(style: OutputStyle, headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [paint(style, "dim", line(headers)), ...rows.map(line)].join("\n");
}

interface CheckAnswerLike {
  allowed?: boolean;
  reason?: string;
  review?: { ruleId: string; reason: string };
  monitor?: { wouldHave: string; reason?: string };
  findings?: {
    kind: string;
    type: string;
    ruleId: string;
    action: string;
    path: string;
    start?: number;
    end?: number;
  }[];
  error?: { name?: string; message: string; issues?: { path: string; message: string }[] };
  result?: unknown;
  args?: unknown;
}

const WOULD_HAVE: Record<string, string> = {
  block: "would have blocked",
  redact: "would have redacted",
  review: "would have asked for a human's review",
};

/** `mode: monitor`: the call goes through unchanged; the verdict says what enforcing would have done. */
function monitorVerdict(style: OutputStyle, monitor: { wouldHave: string; reason?: string }): string {
  const would = WOULD_HAVE[monitor.wouldHave];
  if (would === undefined) return paint(style, "green", "allowed (monitor mode)");
  const why = monitor.reason ? `: ${monitor.reason}` : "";
  return paint(style, "yellow", `allowed (monitor mode; ${would}${why})`);
}

/** One answer of `scan` / `check-input` as a verdict and a findings table. */
export function renderCheckAnswer(style: OutputStyle, answer: CheckAnswerLike): string {
  if (answer.error) {
    const issues = (answer.error.issues ?? []).map((i) => `  ${i.path || "(root)"}: ${i.message}`);
    return [`${paint(style, "red", "error")}: ${answer.error.message}`, ...issues].join("\n");
  }
  const findings = answer.findings ?? [];
  const verdict = answer.monitor
    ? monitorVerdict(style, answer.monitor)
    : answer.allowed
      ? answer.review
        ? paint(style, "yellow", `needs review (${answer.review.ruleId}): ${answer.review.reason}`)
        : paint(style, "green", "allowed")
      : paint(style, "red", `blocked: ${answer.reason ?? "by the policy"}`);
  const count =
    findings.length === 0 ? "no findings" : `${findings.length} finding${findings.length > 1 ? "s" : ""}`;
  const lines = [`${verdict} (${count})`];
  if (findings.length > 0) {
    const rows = findings.map((f) => [
      f.ruleId,
      f.start === undefined ? f.path : `${f.path} [${f.start}..${f.end}]`,
      f.action,
      `${f.kind}:${f.type}`,
    ]);
    lines.push(table(style, ["RULE", "PATH", "ACTION", "FINDING"], rows));
    lines.push(
      paint(
        style,
        "dim",
        'switch a rule off for this tool: tools: { "<server>.<tool>": { rules: { "<RULE>": "off" } } }',
      ),
    );
  }
  return lines.join("\n");
}

function toolRows(tools: readonly ToolRules[]): string[][] {
  return tools.map((t) => [
    t.connectorType,
    `${t.gate} (${t.gateRuleId})`,
    t.capabilityRules.map((r) => (r.conditional ? `${r.ruleId} (when)` : r.ruleId)).join(", ") || "-",
    t.toolSections.map((g) => `tools.${g}`).join(", ") || "-",
  ]);
}

/** `validate-policy --servers/--tools`: unmatched and unverified rules, then the rules each tool gets. */
export function renderCoverage(style: OutputStyle, file: string, coverage: RuleCoverage): string {
  const lines: string[] = [];
  if (coverage.unmatched.length === 0)
    lines.push(paint(style, "green", `${file}: every rule matches a listed tool`));
  else {
    lines.push(
      paint(style, "red", `${file}: ${coverage.unmatched.length} rule pattern(s) match no listed tool`),
    );
    const rows = coverage.unmatched.map((r) => [
      r.ruleId,
      r.path,
      typeof r.pattern === "string" ? r.pattern : JSON.stringify(r.pattern),
      r.closest.join(", "),
    ]);
    lines.push(table(style, ["RULE", "PATH", "PATTERN", "CLOSEST"], rows));
  }
  if (coverage.unverified.length > 0) {
    lines.push(paint(style, "yellow", "not checked (their server did not list its tools):"));
    lines.push(
      table(
        style,
        ["RULE", "PATH", "SERVERS"],
        coverage.unverified.map((r) => [r.ruleId, r.path, r.servers.join(", ")]),
      ),
    );
  }
  if (coverage.tools.length > 0) {
    lines.push("");
    lines.push(table(style, ["TOOL", "GATE", "CAPABILITY RULES", "TOOL SECTIONS"], toolRows(coverage.tools)));
  }
  return lines.join("\n");
}

/** `explain`: the rules one tool gets, its family actions, and what the input check decides on the arguments. */
export function renderExplain(
  style: OutputStyle,
  rules: ToolRules,
  families: Record<string, { input: string; output: string; types: Record<string, unknown> }>,
  input: CheckAnswerLike,
  mode: "enforce" | "monitor" = "enforce",
): string {
  const lines = [
    `${paint(style, "bold", rules.connectorType)} (server ${rules.serverName}, tool ${rules.toolName})`,
  ];
  if (mode === "monitor")
    lines.push(
      paint(
        style,
        "yellow",
        "mode: monitor (nothing is enforced; the audit records what would have been done)",
      ),
    );
  lines.push(`capability gate: ${rules.gate} by ${rules.gateRuleId}`);
  lines.push(table(style, ["TOOL", "GATE", "CAPABILITY RULES", "TOOL SECTIONS"], toolRows([rules])));
  const familyRows = Object.entries(families).map(([name, f]) => {
    const types = Object.entries(f.types)
      .map(([type, a]) => `${type}=${typeof a === "string" ? a : JSON.stringify(a)}`)
      .join(", ");
    return [name, f.input, f.output, types || "-"];
  });
  lines.push("", table(style, ["FAMILY", "ARGUMENTS", "RESULTS", "PER TYPE"], familyRows));
  lines.push("", `input check on the given arguments: ${renderCheckAnswer(style, input)}`);
  return lines.join("\n");
}
