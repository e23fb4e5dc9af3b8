/**
 * A value the user typed is the user's: an input finding (a credential, an IBAN...) whose value the user said in
 * this thread is not refused or redacted for being there (a password change, a transfer the user asked for). The
 * value is compared by hash with `provenance.user`, spelled every way the extractor may have spelled it.
 */

import { hashValue, normaliseValue, type ProvenanceFacts, type ValueKind } from "../../shared/provenance.js";
import type { Finding } from "../../shared/types.js";

const SPELLINGS: readonly ValueKind[] = ["secret", "email", "iban", "phone", "url", "host"];

function valueAt(args: unknown, finding: Finding): string | undefined {
  let value: unknown = args;
  for (const step of finding.path.split("/").slice(1)) {
    const key = step.replace(/~1/gu, "/").replace(/~0/gu, "~");
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value !== "string") return undefined;
  return finding.start !== undefined && finding.end !== undefined
    ? value.slice(finding.start, finding.end)
    : value;
}

/** The user's hashes as a set (built once per check). */
export function userHashes(provenance: ProvenanceFacts): Set<string> {
  return new Set(provenance.user.map((fact) => fact.h));
}

export function isUserValue(raw: string, salt: string, user: ReadonlySet<string>): boolean {
  for (const kind of SPELLINGS) {
    const norm = normaliseValue(kind, raw);
    if (norm !== undefined && user.has(hashValue(norm, salt))) return true;
  }
  return false;
}

/** The findings of an input check (secrets and PII) whose value the user typed in this thread. */
export function userOwnedFindings(
  findings: readonly Finding[],
  args: unknown,
  provenance: ProvenanceFacts | undefined,
): Set<Finding> {
  const owned = new Set<Finding>();
  if (provenance === undefined || provenance.user.length === 0) return owned;
  let user: Set<string> | undefined;
  for (const finding of findings) {
    if (finding.kind !== "secret" && finding.kind !== "pii") continue;
    const raw = valueAt(args, finding);
    if (raw === undefined) continue;
    user ??= userHashes(provenance);
    if (isUserValue(raw, provenance.salt, user)) owned.add(finding);
  }
  return owned;
}
