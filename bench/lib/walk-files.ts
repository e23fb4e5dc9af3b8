/**
 * The files below a folder, depth first in name order, for the bench's sets read in place (node_modules, the Debian
 * docs, the system's Python packages): the order is part of what a set's manifest hashes, so every set walks alike.
 * Unreadable folders and files are skipped, as a set read on another machine loses documents rather than failing.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export interface WalkOptions {
  /** The deepest folder level whose files are read (the root is level 0). */
  readonly maxDepth: number;
  /** Whether a folder is entered, by its name. */
  readonly enter: (name: string) => boolean;
  /** Whether a file is kept. */
  readonly keep: (path: string, name: string, size: number) => boolean;
}

export function walkFiles(root: string, { maxDepth, enter, keep }: WalkOptions): string[] {
  const found: string[] = [];
  const visit = (dir: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      let size: number;
      let isDirectory: boolean;
      try {
        const stat = statSync(path);
        size = stat.size;
        isDirectory = stat.isDirectory();
      } catch {
        continue;
      }
      if (isDirectory) {
        if (depth < maxDepth && enter(name)) visit(path, depth + 1);
      } else if (keep(path, name, size)) found.push(path);
    }
  };
  visit(root, 0);
  return found;
}

/** Every k-th item, so a cap samples the whole list rather than its first entries. */
export function spread<T>(items: readonly T[], n: number): T[] {
  const step = Math.max(1, Math.floor(items.length / n));
  return items.filter((_, i) => i % step === 0).slice(0, n);
}
