/**
 * Tool pinning: a lock file holds, per server and tool, hashes of the tool's definition as it was when someone
 * reviewed it. At load, a tool whose definition no longer matches (a server that changed a description or a schema
 * after review: a "rug pull") is refused until it is pinned again with `tollgate pin`.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import canonicalize from "canonicalize";
import { PolicyConfigError } from "../errors.js";

/** The parts of a tool definition a pin covers: everything the model or the call depends on. */
export const PINNED_FIELDS = [
  "name",
  "title",
  "description",
  "inputSchema",
  "outputSchema",
  "annotations",
] as const;
export type PinnedField = (typeof PINNED_FIELDS)[number];

/** A tool as `tools/list` returns it (only the pinned fields are read). */
export type PinnableTool = { name: string } & Partial<Record<PinnedField, unknown>>;

export interface ToolPin {
  /** SHA-256 (hex) of the RFC 8785 canonical JSON of the pinned fields together. */
  sha256: string;
  /** SHA-256 of each field on its own, so a mismatch can say which fields changed. */
  fields: Record<PinnedField, string>;
}

export interface ToolLock {
  version: 1;
  /** server name -> tool name -> pin */
  servers: Record<string, Record<string, ToolPin>>;
}

/** Why a listed tool does not match the lock file; undefined when it matches. */
export interface PinMismatch {
  /** "unpinned": the lock file has no entry for this tool; "changed": it has one and the definition differs. */
  kind: "unpinned" | "changed";
  changedFields: PinnedField[];
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

// RFC 8785 canonical JSON (the `canonicalize` package is its reference implementation): key order and number
// formatting cannot change a hash. An absent field hashes as null.
const hashOf = (value: unknown) => sha256(canonicalize(value ?? null) ?? "null");

export function pinTool(tool: PinnableTool): ToolPin {
  const whole: Record<string, unknown> = {};
  const fields = {} as Record<PinnedField, string>;
  for (const field of PINNED_FIELDS) {
    const value = tool[field];
    if (value !== undefined) whole[field] = value;
    fields[field] = hashOf(value);
  }
  return { sha256: hashOf(whole), fields };
}

export function comparePin(pin: ToolPin | undefined, tool: PinnableTool): PinMismatch | undefined {
  if (!pin) return { kind: "unpinned", changedFields: [] };
  const now = pinTool(tool);
  if (now.sha256 === pin.sha256) return undefined;
  const changedFields = PINNED_FIELDS.filter((field) => now.fields[field] !== pin.fields[field]);
  return { kind: "changed", changedFields };
}

const HEX64 = { type: "string", pattern: "^[0-9a-f]{64}$" } as const;
const LOCK_SCHEMA = {
  type: "object",
  required: ["version", "servers"],
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    servers: {
      type: "object",
      additionalProperties: {
        type: "object",
        additionalProperties: {
          type: "object",
          required: ["sha256", "fields"],
          additionalProperties: false,
          properties: {
            sha256: HEX64,
            fields: {
              type: "object",
              required: [...PINNED_FIELDS],
              additionalProperties: false,
              properties: Object.fromEntries(PINNED_FIELDS.map((f) => [f, HEX64])),
            },
          },
        },
      },
    },
  },
};
// Compiled on first use (reading a lock file), not at import.
let compiledLock: ValidateFunction<ToolLock> | undefined;
function validateLockFile(value: unknown): value is ToolLock {
  compiledLock ??= new Ajv({ allErrors: true }).compile<ToolLock>(LOCK_SCHEMA);
  return compiledLock(value);
}

/** Parses and validates a lock file's text; a bad file is a `PolicyConfigError` naming each bad place. */
export function parseToolLock(text: string, source: string): ToolLock {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new PolicyConfigError(
      `Tool lock file ${source} is not JSON: ${(error as Error).message}`,
      [{ path: "", message: "not JSON" }],
      source,
      error,
    );
  }
  if (!validateLockFile(parsed)) {
    const issues = (compiledLock?.errors ?? []).slice(0, 10).map((e) => ({
      path: e.instancePath,
      message: e.message ?? "invalid",
    }));
    throw new PolicyConfigError(
      `Tool lock file ${source} is not valid: ${issues[0]?.path || "/"} ${issues[0]?.message ?? ""}; run tollgate pin to write it again`,
      issues,
      source,
    );
  }
  return parsed;
}

export function readToolLock(path: string): ToolLock {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new PolicyConfigError(
      `Cannot read the tool lock file ${path}: ${(error as Error).message}; create it with tollgate pin`,
      [{ path: "", message: "unreadable" }],
      path,
      error,
    );
  }
  return parseToolLock(text, path);
}

export function writeToolLock(path: string, lock: ToolLock): void {
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
}

/** Words for the audit record and the error: what differs, and how to accept it. */
export function describeMismatch(serverName: string, toolName: string, mismatch: PinMismatch): string {
  return mismatch.kind === "unpinned"
    ? `tool ${serverName}.${toolName} is not in the tool lock file; review it and run tollgate pin to accept it`
    : `tool ${serverName}.${toolName} changed since it was pinned (${mismatch.changedFields.join(", ")}); review it and run tollgate pin to accept it`;
}
