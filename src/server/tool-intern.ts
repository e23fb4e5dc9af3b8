import type { ToolDescriptor } from "../shared/types.js";

/**
 * The engine caches compiled JSON Schema validators by object identity. Every request parses a fresh copy of the
 * tool's listing, so without interning each check would compile its schemas again. Equal listings (by their
 * JSON text) map to one object; the map is bounded and forgets the least recently used.
 */
export class ToolInterner {
  readonly #byText = new Map<string, ToolDescriptor>();
  readonly #capacity: number;

  constructor(capacity = 1024) {
    this.#capacity = capacity;
  }

  intern(tool: ToolDescriptor): ToolDescriptor {
    const key = JSON.stringify(tool);
    const known = this.#byText.get(key);
    if (known) {
      // Refresh recency: Map iteration order is insertion order.
      this.#byText.delete(key);
      this.#byText.set(key, known);
      return known;
    }
    if (this.#byText.size >= this.#capacity) {
      const oldest = this.#byText.keys().next().value;
      if (oldest !== undefined) this.#byText.delete(oldest);
    }
    this.#byText.set(key, tool);
    return tool;
  }
}
