/**
 * The install's side of handles (src/shared/handles.ts): the handles of a thread, read from where its provenance is
 * kept (ToolMessage artifacts, the middleware's state key, the no-graph record), and the per-call object the
 * interceptor uses to put handles in a redacted result and values back in the model's arguments.
 *
 * Invariants:
 * - One table per thread in this process (by the thread's stored salt), shared by the calls of a step that run in
 *   parallel, so two results never give two values the same handle; the entries read from the thread's state are
 *   merged into it at every call, so a restarted process or another replica numbers on from the thread's handles.
 * - What a call adds is returned as entries for its ToolMessage artifact: sealed with the key, in clear only with
 *   `storeInClear`, and otherwise without the value (the value then lives in this process's table only).
 */
import type { CallHandles } from "../interceptor/types.js";
import {
  type HandleEntry,
  type HandleSealing,
  handleHash,
  handleLabel,
  openValue,
  putHandles,
  restoreHandles,
  sealValue,
} from "../shared/handles.js";

/** Bounded map: the oldest entry goes first (also the install's per-thread provenance record). */
export class Bounded<V> {
  readonly #map = new Map<string, V>();
  constructor(readonly max: number) {}
  get(key: string): V | undefined {
    return this.#map.get(key);
  }
  set(key: string, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    while (this.#map.size > this.max) this.#map.delete(this.#map.keys().next().value as string);
  }
}

/** Handles a thread may have in this process before the oldest are forgotten (their values with them). */
const MAX_HANDLES_PER_THREAD = 4096;

/** One thread's handles in this process. */
class HandleTable {
  readonly byHandle = new Map<string, HandleEntry>();
  readonly byHash = new Map<string, string>();
  /** Values known in this process (created here, or opened from a sealed entry). */
  readonly values = new Map<string, string>();
  readonly numbers = new Map<string, number>();

  merge(entries: readonly HandleEntry[]): void {
    for (const entry of entries) {
      if (this.byHandle.has(entry.handle) || this.byHandle.size >= MAX_HANDLES_PER_THREAD) continue;
      this.byHandle.set(entry.handle, entry);
      if (!this.byHash.has(entry.h)) this.byHash.set(entry.h, entry.handle);
      const match = /^\[(.+)_(\d+)\]$/.exec(entry.handle);
      if (match) this.numbers.set(match[1]!, Math.max(this.numbers.get(match[1]!) ?? 0, Number(match[2])));
    }
  }
}

export class ThreadHandles {
  readonly #sealing: HandleSealing;
  readonly #tables: Bounded<HandleTable>;

  constructor(sealing: HandleSealing = {}, maxThreads = 1000) {
    this.#sealing = sealing;
    this.#tables = new Bounded(maxThreads);
  }

  /**
   * The handles of one call of the thread with stored salt `salt` (`derivedSalt` keys the value hashes), given the
   * entries its state holds. `added` collects the entries this call creates, for its ToolMessage artifact.
   */
  forCall(
    salt: string,
    derivedSalt: string,
    stored: readonly HandleEntry[],
  ): CallHandles & { added: HandleEntry[] } {
    let table = this.#tables.get(salt);
    if (!table) {
      table = new HandleTable();
      this.#tables.set(salt, table);
    }
    table.merge(stored);
    const added: HandleEntry[] = [];
    const { key, storeInClear } = this.#sealing;
    const storedValue = (handle: string): string | undefined => {
      const known = table.values.get(handle);
      if (known !== undefined) return known;
      const entry = table.byHandle.get(handle);
      if (!entry) return undefined;
      const value =
        entry.clear ??
        (entry.sealed && key ? openValue(entry.sealed, key, salt, handle, entry.h) : undefined);
      if (value !== undefined) table.values.set(handle, value);
      return value;
    };
    const handleFor = (type: string, value: string): string => {
      const h = handleHash(type, value, derivedSalt);
      const existing = table.byHash.get(h);
      if (existing !== undefined) {
        if (!table.values.has(existing)) table.values.set(existing, value);
        return existing;
      }
      const label = handleLabel(type);
      const number = (table.numbers.get(label) ?? 0) + 1;
      const handle = `[${label}_${number}]`;
      const entry: HandleEntry = { handle, type, h };
      if (key) entry.sealed = sealValue(value, key, salt, handle, h);
      else if (storeInClear) entry.clear = value;
      table.merge([entry]);
      table.values.set(handle, value);
      added.push(entry);
      return handle;
    };
    return {
      added,
      restore: (args) => restoreHandles(args, storedValue),
      put: (raw, redacted, findings) => putHandles(raw, redacted, findings, handleFor),
    };
  }
}
