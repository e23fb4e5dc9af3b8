import type { AuditRecord } from "mcp-tollgate";
import type { CallOutcome } from "./call-outcome.js";
import type { DemoCall } from "./demo-script.js";
import { style, visible } from "./terminal-style.js";

/** Formats the demo's trace. Pure functions from data to lines; run-demo.ts decides what to print when. */

const INDENT = "      ";

export function heading(title: string): string {
  return `\n${style.bold(title)}\n${style.dim("─".repeat(Math.min(title.length, 100)))}`;
}

/** One line per distinct finding (kind:type, JSON Pointer, rule id), with a count when it repeats. */
export function findingLines(findings: AuditRecord["findings"], indent: string): string[] {
  const groups = new Map<string, { label: string; path: string; ruleId: string; n: number }>();
  for (const f of findings) {
    const key = `${f.kind}:${f.type}\u0000${f.path}\u0000${f.ruleId}`;
    const group = groups.get(key);
    if (group) group.n++;
    else groups.set(key, { label: `${f.kind}:${f.type}`, path: f.path || "/", ruleId: f.ruleId, n: 1 });
  }
  return [...groups.values()].map(
    (g) =>
      `${indent}${g.label.padEnd(32)} at ${g.path.padEnd(18)} rule ${style.cyan(g.ruleId)}${g.n > 1 ? ` ×${g.n}` : ""}`,
  );
}

function actionLabel(record: AuditRecord): string {
  switch (record.action) {
    case "allow":
      return style.green("allowed");
    case "redact":
      return record.findings.length > 0
        ? style.yellow("redacted")
        : style.green("allowed") + style.dim(" (wrapped as untrusted tool output)");
    case "block":
      return style.red(style.bold("BLOCKED"));
    case "error":
      return style.red(style.bold("BLOCKED")) + style.dim(" (the check itself failed)");
    case "fail-open":
      return style.magenta("unchecked (fail-open)");
    case "note":
      return style.dim(`note: ${record.reason ?? ""}`);
  }
}

/** The human review step, when the policy asked for one: what the run paused for and what the human decided. */
function reviewLines(records: readonly AuditRecord[]): string[] {
  const paused = records.find((r) => r.phase === "review" && r.action === "note");
  const decided = records.find((r) => r.phase === "review" && r.action !== "note");
  if (!paused) return [];
  const label = `${INDENT}${"human review".padEnd(14)}`;
  return [
    `${label}${style.magenta("run paused")} ${style.dim(`(rule ${paused.ruleIds.join(", ")}): ${paused.reason ?? ""}`)}`,
    `${INDENT}${" ".repeat(14)}${
      decided?.action === "block"
        ? style.red(style.bold("REJECTED"))
        : decided
          ? style.green("approved")
          : style.dim("no decision")
    }${decided ? style.dim(`: ${decided.reason ?? ""}`) : ""}`,
  ];
}

function checkLines(phase: "input" | "output", record: AuditRecord | undefined): string[] {
  const label = `${INDENT}${phase} check `.padEnd(INDENT.length + 14);
  if (!record) return [`${label}${style.dim("not run: the call never reached the server")}`];
  const lines = [`${label}${actionLabel(record)}`];
  if (record.action === "block" || record.action === "error") {
    lines.push(`${INDENT}${" ".repeat(14)}reason: ${visible(record.reason ?? "blocked by policy")}`);
  }
  lines.push(...findingLines(record.findings, `${INDENT}${" ".repeat(14)}`));
  return lines;
}

function verdictLabel(outcome: CallOutcome): string {
  const base =
    outcome.verdict === "blocked"
      ? style.red(
          style.bold(
            outcome.blockedAt === "review"
              ? "REJECTED by the human reviewer"
              : `BLOCKED at the ${outcome.blockedAt} check`,
          ),
        )
      : outcome.verdict === "redacted"
        ? style.yellow(style.bold("REDACTED"))
        : style.green(style.bold("ALLOWED"));
  if (outcome.verdict === "blocked" && (outcome.blockedAt === "input" || outcome.blockedAt === "review")) {
    return `${base}${style.dim(" — the server was never called")}`;
  }
  if (outcome.verdict !== "blocked" && outcome.errorMessage)
    return `${base}${style.dim(" — the tool failed")}`;
  return base;
}

export function callLines(
  index: number,
  total: number,
  call: DemoCall,
  records: readonly AuditRecord[],
  outcome: CallOutcome,
  seen: { content: string; status: string } | undefined,
): string[] {
  const lines = [
    "",
    `${style.bold(`[${index}/${total}]`)} ${style.bold(call.name)}(${visible(JSON.stringify(call.args))})`,
    `${INDENT}${style.dim(`why: ${call.why}`)}`,
    ...reviewLines(records),
    ...checkLines(
      "input",
      records.find((r) => r.phase === "input"),
    ),
    ...checkLines(
      "output",
      records.find((r) => r.phase === "output"),
    ),
    `${INDENT}${"decision ".padEnd(14)}${verdictLabel(outcome)}`,
  ];
  if (!seen) {
    lines.push(`${INDENT}${style.red("the model never received a ToolMessage for this call")}`);
    return lines;
  }
  const status = seen.status === "error" ? style.red("status: error") : style.green("status: success");
  lines.push(`${INDENT}what the model saw next (ToolMessage, ${status}):`);
  for (const line of seen.content.split("\n")) lines.push(`${INDENT}${style.dim("│")} ${visible(line)}`);
  return lines;
}

/** Word-wraps a paragraph for a 100-column terminal; continuation lines get `indent`. */
export function wrap(text: string, width = 100, indent = ""): string {
  const lead = /^\s*/.exec(text)?.[0] ?? "";
  const lines: string[] = [];
  let line = lead;
  for (const word of text.slice(lead.length).split(/\s+/)) {
    if (line.trim() && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else {
      line = line.trim() ? `${line} ${word}` : line + word;
    }
  }
  if (line.trim()) lines.push(line);
  return lines.join("\n");
}
