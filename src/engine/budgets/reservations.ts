/**
 * In-process reservations of turn and thread budgets: the calls fanned out in one step all see the same messages,
 * so each one's charge is held here, synchronously, before any call runs. A reservation ends when the thread's
 * history shows the call settled (its ToolMessage is there, counted from then on), when it is refunded, or after
 * `ttlMs` (a call with no tool-call id that the history can never name).
 */
export interface Reservation {
  budgetId: string;
  amount: number;
  toolCallId: string | undefined;
  inTurn: true;
  at: number;
}

export class Reservations {
  readonly #byThread = new Map<string, Map<string, Reservation>>();
  readonly #threadOf = new Map<string, string>();

  constructor(private readonly ttlMs = 10 * 60_000) {}

  /** Drops the thread's reservations the history shows settled, and expired ones. */
  prune(thread: string, settled: ReadonlySet<string>, now: number): void {
    const held = this.#byThread.get(thread);
    if (!held) return;
    for (const [id, r] of held) {
      const done = r.toolCallId !== undefined && settled.has(r.toolCallId);
      if (done || now - r.at > this.ttlMs) this.release(id);
    }
  }

  /** The amount held for one budget of a thread, leaving out `exceptToolCallId` (a retried check of one call). */
  held(thread: string, budgetId: string, exceptToolCallId?: string): number {
    let sum = 0;
    for (const r of this.#byThread.get(thread)?.values() ?? [])
      if (r.budgetId === budgetId && (exceptToolCallId === undefined || r.toolCallId !== exceptToolCallId))
        sum += r.amount;
    return sum;
  }

  reserve(thread: string, id: string, r: Reservation): void {
    let held = this.#byThread.get(thread);
    if (!held) {
      held = new Map();
      this.#byThread.set(thread, held);
    }
    held.set(id, r);
    this.#threadOf.set(id, thread);
  }

  release(id: string): boolean {
    const thread = this.#threadOf.get(id);
    if (thread === undefined) return false;
    this.#threadOf.delete(id);
    const held = this.#byThread.get(thread);
    held?.delete(id);
    if (held?.size === 0) this.#byThread.delete(thread);
    return true;
  }

  get size(): number {
    return this.#threadOf.size;
  }
}
