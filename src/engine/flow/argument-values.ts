/**
 * The values of a sink call's arguments the flow rules compare with the thread's provenance, in clear (they are
 * the call's own) with their hashes. Two roles:
 * - targets: where the call acts (a recipient, a URL, an IBAN, a path, a command): leaves whose key names a
 *   target, or whose whole value is one address; argument provenance looks at these;
 * - data: everything the call carries (secrets, PII, passages), decoded from base64, hex and reversal, and read
 *   across fields; data leaving looks at these.
 */
import {
  type ExtractedValue,
  extractValues,
  hashValue,
  normaliseValue,
  passageWindows,
  type ValueKind,
} from "../../shared/provenance.js";

/** One string leaf of the arguments. */
export interface ArgumentLeaf {
  /** JSON Pointer into the arguments. */
  path: string;
  /** The leaf's own key (the parent's key for an array item). */
  key: string;
  value: string;
}

export interface ArgumentValue {
  kind: ValueKind;
  /** As written in the argument (shown in a review; never in a finding). */
  value: string;
  h: string;
  path: string;
  key: string;
}

const MAX_LEAVES = 256;
const MAX_DEPTH = 32;

function escapePointer(key: string): string {
  return key.replace(/~/gu, "~0").replace(/\//gu, "~1");
}

/** The string leaves of the arguments in document order (capped). */
export function argumentLeaves(args: unknown): ArgumentLeaf[] {
  const out: ArgumentLeaf[] = [];
  const walk = (value: unknown, path: string, key: string, depth: number): void => {
    if (out.length >= MAX_LEAVES) return;
    if (typeof value === "string") out.push({ path, key, value });
    else if (depth >= MAX_DEPTH || typeof value !== "object" || value === null) return;
    else if (Array.isArray(value))
      for (let i = 0; i < value.length; i++) walk(value[i], `${path}/${i}`, key, depth + 1);
    else for (const [k, v] of Object.entries(value)) walk(v, `${path}/${escapePointer(k)}`, k, depth + 1);
  };
  walk(args, "", "", 0);
  return out;
}

/** Key words that name where a call acts. */
const TARGET_WORDS = new Set([
  "to",
  "cc",
  "bcc",
  "recipient",
  "recipients",
  "email",
  "emails",
  "address",
  "addressee",
  "url",
  "uri",
  "link",
  "href",
  "endpoint",
  "webhook",
  "host",
  "hostname",
  "domain",
  "iban",
  "account",
  "acct",
  "bic",
  "swift",
  "phone",
  "tel",
  "mobile",
  "number",
  "path",
  "file",
  "filename",
  "filepath",
  "dir",
  "directory",
  "dest",
  "destination",
  "target",
  "command",
  "cmd",
  "script",
  "code",
  "shell",
  "payee",
  "beneficiary",
  "creditor",
  "invitee",
  "invitees",
  "participants",
  "attendees",
  "user",
  "users",
  "member",
  "members",
  "channel",
]);
const COMMAND_WORDS = new Set(["command", "cmd", "script", "code", "shell"]);
/** Whole-value kinds: a leaf that is exactly one of these is a target whatever its key. */
const WHOLE_KINDS: readonly ValueKind[] = ["email", "url", "iban", "path"];

function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/gu, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((w) => w.length > 0);
}

const TARGET_KINDS = new Set<ValueKind>([
  "email",
  "url",
  "host",
  "iban",
  "account",
  "phone",
  "path",
  "command",
]);

function isWholeValue(leaf: ArgumentLeaf): boolean {
  const trimmed = leaf.value.trim();
  if (trimmed.length === 0 || trimmed.length > 2048 || /\s/u.test(trimmed)) return false;
  const found = extractValues(trimmed, { side: "tool", maxValues: 4, passages: false });
  return found.some((v) => WHOLE_KINDS.includes(v.kind) && v.value === trimmed);
}

const targetLeaves = new WeakMap<ArgumentLeaf, boolean>();

export function isTargetLeaf(leaf: ArgumentLeaf): boolean {
  let target = targetLeaves.get(leaf);
  if (target === undefined) {
    target = keyWords(leaf.key).some((w) => TARGET_WORDS.has(w)) || isWholeValue(leaf);
    targetLeaves.set(leaf, target);
  }
  return target;
}

function toArgumentValue(found: ExtractedValue, leaf: ArgumentLeaf, salt: string): ArgumentValue {
  return {
    kind: found.kind,
    value: found.value,
    h: hashValue(found.norm, salt),
    path: leaf.path,
    key: leaf.key,
  };
}

/** The target values of the arguments: addresses, numbers, paths, and a command leaf as one command. */
export function targetValues(
  leaves: readonly ArgumentLeaf[],
  salt: string,
  commandTool: boolean,
): ArgumentValue[] {
  const out: ArgumentValue[] = [];
  for (const leaf of leaves) {
    if (!isTargetLeaf(leaf)) continue;
    for (const found of extractValues(leaf.value, { side: "tool", maxValues: 64, passages: false })) {
      if (TARGET_KINDS.has(found.kind)) out.push(toArgumentValue(found, leaf, salt));
    }
    const command = commandTool || keyWords(leaf.key).some((w) => COMMAND_WORDS.has(w));
    const norm = command ? normaliseValue("command", leaf.value) : undefined;
    if (norm !== undefined)
      out.push({
        kind: "command",
        value: leaf.value.trim(),
        h: hashValue(norm, salt),
        path: leaf.path,
        key: leaf.key,
      });
  }
  return out;
}

/** Kinds data leaving looks for: in a target leaf only what is not itself the target. */
const DATA_KINDS = new Set<ValueKind>(["secret", "pii", "passage", "email", "phone", "iban", "account"]);
const DATA_KINDS_IN_TARGETS = new Set<ValueKind>(["secret", "pii", "passage"]);

/** Secret-like pieces split across two fields: the last word of one leaf joined to the first word of the next. */
function joinedBoundaries(leaves: readonly ArgumentLeaf[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < leaves.length && i < 64; i++) {
    const tail = /\S+$/u.exec(leaves[i]!.value)?.[0];
    const head = /^\S+/u.exec(leaves[i + 1]!.value)?.[0];
    if (tail && head) out.push(`${tail}${head}`, `${head}${tail}`);
  }
  return out;
}

/**
 * The data values of the arguments, hashed: each leaf (decoded on the argument side), the joined boundaries of
 * neighbouring leaves, and the passage windows of all leaves read as one text (a passage split across fields).
 */
export function dataValues(leaves: readonly ArgumentLeaf[], salt: string): ArgumentValue[] {
  const out: ArgumentValue[] = [];
  const seen = new Set<string>();
  const push = (value: ArgumentValue) => {
    if (seen.has(value.h)) return;
    seen.add(value.h);
    out.push(value);
  };
  for (const leaf of leaves) {
    const kinds = isTargetLeaf(leaf) ? DATA_KINDS_IN_TARGETS : DATA_KINDS;
    for (const found of extractValues(leaf.value, { side: "argument", passages: false })) {
      if (kinds.has(found.kind)) push(toArgumentValue(found, leaf, salt));
    }
  }
  const whole: ArgumentLeaf = { path: "", key: "", value: "" };
  if (leaves.length > 1) {
    for (const joined of joinedBoundaries(leaves)) {
      for (const found of extractValues(joined, { side: "argument", maxValues: 16, passages: false })) {
        if (found.kind === "secret") push(toArgumentValue(found, whole, salt));
      }
    }
  }
  // Passages once over all leaves read as one text (normalisation drops what separates them), so a passage split
  // across fields is read whole; a single leaf's windows are its own.
  const text = leaves.length === 1 ? leaves[0]!.value : leaves.map((leaf) => leaf.value).join(" ");
  const at = leaves.length === 1 ? leaves[0]! : whole;
  for (const window of passageWindows(text)) {
    push({ kind: "passage", value: window, h: hashValue(window, salt), path: at.path, key: at.key });
  }
  return out;
}
