import { escapePointerToken } from "../../errors.js";

export type JsonProblem =
  | { kind: "depth"; path: string; limit: number }
  | { kind: "array"; path: string; limit: number; length: number }
  | { kind: "cycle"; path: string }
  | { kind: "type"; path: string; found: string };

export interface InspectLimits {
  maxDepth: number;
  /** Arrays longer than this are reported; `Infinity` to skip. */
  maxArrayItems: number;
}

function typeName(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "number") return Number.isNaN(value) ? "NaN" : "non-finite number";
  if (typeof value === "object" && value !== null)
    return value.constructor?.name ?? "object with null prototype";
  return typeof value;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Checks that a value is plain JSON within depth and array limits, iteratively (a 10,000-deep value must not
 * overflow the stack). Returns the first problem with its JSON Pointer, or undefined.
 */
export function inspectJson(root: unknown, limits: InspectLimits): JsonProblem | undefined {
  // Explicit DFS: `keys[i]` is the token leading to `frames[i]`, so a pointer is only built on failure.
  const frames: { value: unknown; entries: [string, unknown][] | null; next: number }[] = [];
  const keys: string[] = [];
  const ancestors = new Set<object>();
  const pointer = (extra?: string) =>
    [...keys.slice(1), ...(extra === undefined ? [] : [extra])]
      .map((k) => `/${escapePointerToken(k)}`)
      .join("");

  const push = (value: unknown, key: string): JsonProblem | undefined => {
    if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
    if (typeof value === "number") {
      return Number.isFinite(value)
        ? undefined
        : { kind: "type", path: pointer(key), found: typeName(value) };
    }
    if (typeof value !== "object") return { kind: "type", path: pointer(key), found: typeName(value) };
    const isArray = Array.isArray(value);
    if (!isArray && !isPlainObject(value))
      return { kind: "type", path: pointer(key), found: typeName(value) };
    if (ancestors.has(value)) return { kind: "cycle", path: pointer(key) };
    if (frames.length >= limits.maxDepth)
      return { kind: "depth", path: pointer(key), limit: limits.maxDepth };
    if (isArray && value.length > limits.maxArrayItems) {
      return { kind: "array", path: pointer(key), limit: limits.maxArrayItems, length: value.length };
    }
    ancestors.add(value);
    keys.push(key);
    frames.push({ value, entries: isArray ? null : Object.entries(value), next: 0 });
    return undefined;
  };

  const first = push(root, "");
  if (first) return { ...first, path: "" };
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const arr = frame.entries === null ? (frame.value as unknown[]) : null;
    const size = arr ? arr.length : frame.entries!.length;
    if (frame.next >= size) {
      frames.pop();
      keys.pop();
      ancestors.delete(frame.value as object);
      continue;
    }
    const i = frame.next++;
    const entry = arr ? undefined : frame.entries![i]!;
    // An undefined property is simply absent in JSON (LangChain passes optional fields that way); an undefined
    // array item is not JSON (it would become null).
    if (entry && entry[1] === undefined) continue;
    const problem = arr ? push(arr[i], String(i)) : push(entry![1], entry![0]);
    if (problem) return problem;
  }
  return undefined;
}

export function describeProblem(problem: JsonProblem): string {
  switch (problem.kind) {
    case "depth":
      return `nesting deeper than ${problem.limit} levels`;
    case "array":
      return `array of ${problem.length} items exceeds the limit of ${problem.limit}`;
    case "cycle":
      return "circular reference (not serialisable as JSON)";
    case "type":
      return `${problem.found} is not a JSON value`;
  }
}
