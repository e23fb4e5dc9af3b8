import type { JsonObject, JsonValue, RunContext } from "../shared/types.js";

/** Deeper than any real run context; stops a self-referencing or huge object from being walked for ever. */
const MAX_DEPTH = 16;

/**
 * A frozen JSON copy of a value: plain objects, arrays, strings, finite numbers, booleans and null. Everything else
 * (functions, callbacks, class instances such as a checkpointer or a store, symbols, bigints, cycles) is left out:
 * a policy reads data about the run, never live objects, and a backend may send it over the wire.
 */
function jsonCopy(value: unknown, depth: number, path: Set<object>): JsonValue | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  // -0 becomes 0, as JSON writes it.
  if (typeof value === "number") return Number.isFinite(value) ? value + 0 : undefined;
  if (typeof value !== "object" || depth > MAX_DEPTH || path.has(value)) return undefined;
  path.add(value);
  try {
    if (Array.isArray(value)) {
      const items: JsonValue[] = [];
      for (const item of value) {
        const copied = jsonCopy(item, depth + 1, path);
        if (copied !== undefined) items.push(copied);
      }
      return Object.freeze(items) as JsonValue;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return undefined;
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      const copied = jsonCopy(item, depth + 1, path);
      // defineProperty: a `__proto__` key (JSON.parse makes those) stays a key and never becomes the prototype.
      if (copied !== undefined) {
        Object.defineProperty(out, key, {
          value: copied,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return Object.freeze(out);
  } finally {
    path.delete(value);
  }
}

function copyObject(value: unknown, skip?: (key: string) => boolean): JsonObject | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const source = skip
    ? Object.fromEntries(Object.entries(value).filter(([key]) => !skip(key)))
    : (value as Record<string, unknown>);
  const copied = jsonCopy(source, 0, new Set());
  return copied !== undefined && typeof copied === "object" && !Array.isArray(copied) && copied !== null
    ? copied
    : undefined;
}

/**
 * The run context of a LangGraph / LangChain run, from the `config` a tool receives (or `getConfig()`):
 * `configurable` without LangGraph's own `__`-prefixed entries, and the runtime `context` of `createAgent`.
 * Undefined when the run has neither.
 */
export function runContextFrom(config: unknown): RunContext | undefined {
  if (typeof config !== "object" || config === null) return undefined;
  const { configurable, context } = config as { configurable?: unknown; context?: unknown };
  const copiedConfigurable = copyObject(configurable, (key) => key.startsWith("__"));
  const copiedContext = copyObject(context);
  if (!copiedConfigurable && !copiedContext) return undefined;
  return Object.freeze({
    ...(copiedConfigurable ? { configurable: copiedConfigurable } : {}),
    ...(copiedContext ? { context: copiedContext } : {}),
  });
}
