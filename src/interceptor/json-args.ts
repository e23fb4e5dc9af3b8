/**
 * True for a plain object whose values are all JSON primitives (or undefined, which JSON leaves out): the usual
 * tool arguments. `inspectJson` finds no problem in such a value under any limits, so its walk can be skipped.
 */
export function isFlatJsonObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const v: unknown = (value as Record<string, unknown>)[keys[i]!];
    if (typeof v === "string" || typeof v === "boolean" || v === null || v === undefined) continue;
    if (typeof v !== "number" || !Number.isFinite(v)) return false;
  }
  return true;
}
