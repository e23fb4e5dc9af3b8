/**
 * Reads Go test tables without running Go (build-s15.ts, build-s22-tune.ts): string literals, names bound to them,
 * `+`, `strings.Repeat` and, when asked, `fmt.Sprintf` with `%s`/`%v`/`%q`/`%d`/`%%` verbs. Any other expression is
 * undefined, and the row holding it is dropped by the caller.
 */

const GO_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\", "'": "'" };

/** Reads one Go string literal at `i`; returns its value and the index after it, or undefined. */
export function readLiteral(src: string, i: number): { value: string; end: number } | undefined {
  if (src[i] === "`") {
    const close = src.indexOf("`", i + 1);
    return close < 0 ? undefined : { value: src.slice(i + 1, close), end: close + 1 };
  }
  if (src[i] !== '"') return undefined;
  let value = "";
  for (let j = i + 1; j < src.length; j++) {
    const ch = src[j] as string;
    if (ch === '"') return { value, end: j + 1 };
    if (ch === "\n") return undefined;
    if (ch !== "\\") {
      value += ch;
      continue;
    }
    const next = src[j + 1] as string;
    if (next === "x" || next === "u") {
      const width = next === "x" ? 2 : 4;
      value += String.fromCharCode(Number.parseInt(src.slice(j + 2, j + 2 + width), 16));
      j += 1 + width;
    } else if (GO_ESCAPES[next] !== undefined) {
      value += GO_ESCAPES[next];
      j++;
    } else return undefined;
  }
  return undefined;
}

export interface GoExprOptions {
  /** Whether `fmt.Sprintf(format, args...)` evaluates (build-s15.ts drops rows built with it; its part predates this). */
  sprintf?: boolean;
}

type Read = { value: string; end: number } | undefined;

/** `strings.Repeat("c", 3)` at `j` (`prefix` already matched). */
function readRepeat(src: string, j: number): Read {
  const unit = readLiteral(src, j);
  const count = unit && /^\s*,\s*(\d+)\s*\)/.exec(src.slice(unit.end));
  if (!unit || !count) return undefined;
  return { value: unit.value.repeat(Number(count[1])), end: unit.end + count[0].length };
}

/** `fmt.Sprintf("f", a, b)` at `j` (`fmt.Sprintf(` already matched): the verbs above only, one argument each. */
function readSprintf(src: string, j: number, names: ReadonlyMap<string, string>, opts: GoExprOptions): Read {
  const format = readLiteral(src, j);
  if (format === undefined) return undefined;
  const args: string[] = [];
  let k = format.end;
  for (;;) {
    while (/\s/.test(src[k] ?? "")) k++;
    if (src[k] === ")") break;
    if (src[k] !== ",") return undefined;
    k++;
    while (/\s/.test(src[k] ?? "")) k++;
    if (src[k] === ")") break; // a trailing comma
    const arg = evalGoExpr(src, k, names, opts);
    if (arg === undefined) return undefined;
    args.push(arg.value);
    k = arg.end;
  }
  let next = 0;
  let failed = false;
  const value = format.value.replace(/%([%svqd])/g, (_, verb: string) => {
    if (verb === "%") return "%";
    const arg = args[next++];
    if (arg === undefined) failed = true;
    return verb === "q" ? JSON.stringify(arg ?? "") : (arg ?? "");
  });
  if (failed || next !== args.length || /%[^%svqd]/.test(format.value.replace(/%%/g, ""))) return undefined;
  return { value, end: k + 1 };
}

/** One term at `j`: a literal, `strings.Repeat`, `fmt.Sprintf` (when asked) or a known name. */
function readTerm(src: string, j: number, names: ReadonlyMap<string, string>, opts: GoExprOptions): Read {
  const lit = readLiteral(src, j);
  if (lit !== undefined) return lit;
  const repeat = /^strings\.Repeat\(\s*/.exec(src.slice(j, j + 40));
  if (repeat !== null) return readRepeat(src, j + repeat[0].length);
  const sprintf = opts.sprintf === true ? /^fmt\.Sprintf\(\s*/.exec(src.slice(j, j + 40)) : null;
  if (sprintf !== null) return readSprintf(src, j + sprintf[0].length, names, opts);
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(j, j + 200));
  if (name === null) return undefined;
  const known = names.get(name[0]);
  if (known === undefined) return undefined;
  const end = j + name[0].length;
  if (/^[.([]/.test(src[end] ?? "")) return undefined; // a call, a field or a slice
  return { value: known, end };
}

/**
 * Evaluates `a + "b" + strings.Repeat("c", 3)` from `i` up to the first top-level `,` or closing bracket; undefined
 * when any term is something else.
 */
export function evalGoExpr(
  src: string,
  i: number,
  names: ReadonlyMap<string, string>,
  opts: GoExprOptions = {},
): Read {
  let value = "";
  let j = i;
  for (;;) {
    while (/\s/.test(src[j] ?? "")) j++;
    const term = readTerm(src, j, names, opts);
    if (term === undefined) return undefined;
    value += term.value;
    j = term.end;
    while (/[ \t]/.test(src[j] ?? "")) j++;
    if (src[j] === "+") {
      j++;
      continue;
    }
    return /^\s*[,)}\n]/.test(src.slice(j, j + 200)) ? { value, end: j } : undefined;
  }
}

/**
 * File-level `name = expr` and `name string = expr` (in `const`/`var` blocks or alone) that evaluate; with
 * `shortDeclarations`, also `name := expr` anywhere in the file.
 */
export function fileNames(
  src: string,
  opts: GoExprOptions & { shortDeclarations?: boolean } = {},
): Map<string, string> {
  const names = new Map<string, string>();
  const decl =
    opts.shortDeclarations === true
      ? /^\s*(?:(?:const|var)\s+)?([A-Za-z_][A-Za-z0-9_]*)(?:\s+string)?\s*:?=\s*/gm
      : /^\s*(?:(?:const|var)\s+)?([A-Za-z_][A-Za-z0-9_]*)(?:\s+string)?\s*=\s*/gm;
  // Two passes: a constant may be built from one declared after it.
  for (let pass = 0; pass < 2; pass++) {
    for (const m of src.matchAll(decl)) {
      const name = m[1] as string;
      if (names.has(name)) continue;
      const v = evalGoExpr(src, (m.index ?? 0) + m[0].length, names, opts);
      if (v !== undefined) names.set(name, v.value);
    }
  }
  return names;
}

/** Test functions with their bodies: `func TestX(t *testing.T) {` up to the next top-level `func`. */
export function testFunctions(src: string): { name: string; body: string }[] {
  const heads = [...src.matchAll(/^func (Test[A-Za-z0-9_]*)\(/gm)];
  return heads.map((h, k) => ({
    name: h[1] as string,
    body: src.slice(h.index ?? 0, heads[k + 1]?.index ?? src.length),
  }));
}
