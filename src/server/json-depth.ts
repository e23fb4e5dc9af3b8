/**
 * Where a parsed JSON value first nests deeper than `limit` levels (the value itself is level 0), as a JSON
 * Pointer below `base`; `undefined` when it does not. Iterative: a value too deep for the recursive code that
 * reads it later (`JSON.stringify`, ajv's compiler) must not overflow the stack here either. Stops at the first
 * place found, so its cost is bounded by the value's size.
 */
export function pathDeeperThan(value: unknown, limit: number, base = ""): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const stack: { value: object; depth: number; path: string }[] = [{ value, depth: 0, path: base }];
  while (stack.length > 0) {
    const { value: current, depth, path } = stack.pop()!;
    if (depth >= limit) return path;
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((child, i) => [String(i), child])
      : Object.entries(current).map(([key, child]) => [escapePointer(key), child]);
    for (const [step, child] of entries) {
      if (typeof child === "object" && child !== null)
        stack.push({ value: child, depth: depth + 1, path: `${path}/${step}` });
    }
  }
  return undefined;
}

function escapePointer(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}
