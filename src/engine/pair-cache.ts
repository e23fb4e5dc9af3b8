/**
 * A map keyed by two strings, one map inside another so a lookup builds no key string. Once it holds `limit`
 * values it is emptied before the next one is added: the keys may come from user code (a connector-type
 * resolver), so their number has no bound of its own.
 */
export class PairCache<V> {
  readonly limit: number;
  readonly #maps = new Map<string, Map<string, V>>();
  #size = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** How many values it holds. */
  get size(): number {
    return this.#size;
  }

  get(first: string, second: string): V | undefined {
    return this.#maps.get(first)?.get(second);
  }

  set(first: string, second: string, value: V): void {
    let inner = this.#maps.get(first);
    if (inner?.has(second)) {
      inner.set(second, value);
      return;
    }
    if (this.#size >= this.limit) {
      this.#maps.clear();
      this.#size = 0;
      inner = undefined;
    }
    if (inner === undefined) {
      inner = new Map();
      this.#maps.set(first, inner);
    }
    inner.set(second, value);
    this.#size++;
  }
}
