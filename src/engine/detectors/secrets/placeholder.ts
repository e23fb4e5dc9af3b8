/**
 * Values that only stand in for a secret: masks (`****`, `xxxx`), template references (`${DB_PASSWORD}`,
 * `{{ token }}`, `<password>`, `%s`), and the handful of words documentation uses ("changeme", "your_api_key").
 * Redacting them would hide useful text and report findings nobody can act on.
 */

const PLACEHOLDER_WORDS = new Set([
  "password",
  "passwd",
  "secret",
  "token",
  "changeme",
  "change_me",
  "changeit",
  "redacted",
  "removed",
  "hidden",
  "masked",
  "null",
  "nil",
  "none",
  "undefined",
  "true",
  "false",
  "empty",
  "example",
  "placeholder",
  "dummy",
  "test",
  "todo",
  "tbd",
  "string",
]);

const TEMPLATE =
  /^(?:\$\{[^}]*\}|\$\(.*\)|\{\{.*\}\}|<[^<>]*>|\[[^[\]]*\]|%[sd]|%\([^)]*\)s|\$[A-Z_][A-Z0-9_]*)$/;
const INSTRUCTION =
  /^(?:your|my|the|enter|insert|put|replace|add)[_\- ]?.*(?:here|key|token|secret|password|pass)$/i;

export function isPlaceholderValue(value: string): boolean {
  if (value.length === 0) return true;
  const lower = value.toLowerCase();
  if (PLACEHOLDER_WORDS.has(lower)) return true;
  if (TEMPLATE.test(value) || INSTRUCTION.test(value)) return true;
  if (lower.includes("redacted") || lower.includes("example") || lower.includes("xxxx")) return true;
  // One repeated character ("********", "........", "aaaaaaaa").
  const first = value.charCodeAt(0);
  for (let i = 1; i < value.length; i++) if (value.charCodeAt(i) !== first) return false;
  return true;
}
