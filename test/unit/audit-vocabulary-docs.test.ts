import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { AuditRecord } from "../../src/interceptor/audit.js";

/** Every audit phase and action, checked against the type both ways at compile time. */
const AUDIT_PHASES = ["input", "output", "catalog", "transport", "review"] as const;
const AUDIT_ACTIONS = ["allow", "redact", "block", "error", "fail-open", "note"] as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const phasesAreTheType: Same<(typeof AUDIT_PHASES)[number], AuditRecord["phase"]> = true;
const actionsAreTheType: Same<(typeof AUDIT_ACTIONS)[number], AuditRecord["action"]> = true;

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/**
 * Where the audit record is documented for users: the policy reference once the docs move into docs/ (another
 * part of the issue), the README until then.
 */
function auditDoc(): { file: string; text: string } {
  for (const file of ["docs/policy-reference.md", "docs/observability.md", "README.md"]) {
    if (!existsSync(root(file))) continue;
    const text = readFileSync(root(file), "utf8");
    const at = text.indexOf("The audit record");
    if (at >= 0) return { file, text: text.slice(at, at + 3000) };
  }
  throw new Error("no document describes the audit record");
}

/** The back-quoted names in the parenthesis after `` `field` ``: `phase` (`input`/`output`/...). */
function listed(text: string, field: string): string[] {
  const match = new RegExp(`\`${field}\`\\s*\\(([^)]*)\\)`).exec(text);
  if (!match) throw new Error(`no list of ${field} values`);
  return [...match[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

describe("the audit phases and actions in the docs are the type's", () => {
  it("are the type's, both ways", () => {
    expect([phasesAreTheType, actionsAreTheType]).toEqual([true, true]);
  });

  it("the user docs list exactly those phases and actions", () => {
    const { file, text } = auditDoc();
    expect(listed(text, "phase").sort(), file).toEqual([...AUDIT_PHASES].sort());
    expect(listed(text, "action").sort(), file).toEqual([...AUDIT_ACTIONS].sort());
  });

  it("the shipped audit record schema has the same enums", () => {
    const schema = JSON.parse(readFileSync(root("schema/audit-record.schema.json"), "utf8")) as {
      properties: { phase: { enum: string[] }; action: { enum: string[] } };
    };
    expect([...schema.properties.phase.enum].sort()).toEqual([...AUDIT_PHASES].sort());
    expect([...schema.properties.action.enum].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
