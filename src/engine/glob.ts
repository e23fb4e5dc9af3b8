/**
 * Connector-type globs: `*` matches within one dot-separated segment, `**` across segments, `?` one character.
 * Hand-written because connector types are dotted names, not paths: picomatch and friends treat `/` as the
 * separator and would make `*` cross dots.
 */
const cache = new Map<string, RegExp>();

export function globToRegExp(glob: string): RegExp {
  let re = cache.get(glob);
  if (re) return re;
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") {
      if (glob[i + 1] === "*") {
        source += ".*";
        i++;
      } else {
        source += "[^.]*";
      }
    } else if (c === "?") {
      source += "[^.]";
    } else {
      source += c.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
    }
  }
  re = new RegExp(`^${source}$`);
  cache.set(glob, re);
  return re;
}

export function matchesGlob(value: string, globs: string | readonly string[]): boolean {
  if (typeof globs === "string") return globToRegExp(globs).test(value);
  for (const g of globs) if (globToRegExp(g).test(value)) return true;
  return false;
}
