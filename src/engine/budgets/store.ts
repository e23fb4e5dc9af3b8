/** Where `window` budgets live across threads and replicas (Redis in production; see redis-store.ts). */

/** One charge against a window: atomic check-and-add of `amount`, refused when the total would pass `max`. */
export interface WindowCharge {
  budgetId: string;
  /** The run-context value the window is kept per (a user, a tenant). */
  key: string;
  amount: number;
  max: number;
  seconds: number;
  kind: "fixed" | "sliding";
  /** Unique per charge (a sliding window's member; the refund names it). */
  chargeId: string;
  /** Decide only: the answer a charge would get, nothing written (a preview). */
  dryRun?: boolean;
}

export interface WindowResult {
  allowed: boolean;
  /** The window's total after this charge (before it, when refused). Internal: never shown to the model. */
  used: number;
  /** Seconds until the window has room again (fixed: its end; sliding: when the oldest charge leaves it). */
  resetsInSeconds: number;
  /** Present when a charge was made: what `refund` takes. */
  token?: string;
}

export interface BudgetStore {
  charge(charge: WindowCharge): Promise<WindowResult>;
  refund(token: string): Promise<void>;
  close?(): Promise<void>;
}
