/**
 * Polyak-Ruppert averaging of SGD iterates over sparse steps (bench/scorer/train.ts, `TOLLGATE_AVERAGE=1`), without
 * touching every weight at every step. With steps `r = 1..T` counted from the start of averaging and `d_r` the change
 * of step `r`, the mean of the iterates after each step is `w_T - sum((r - 1) * d_r) / T`: each step adds
 * `(r - 1) * d_r` to `u` for the buckets it changes, and `mean` subtracts `u / T` once at the end.
 */
export class IterateAverage {
  private readonly u: Float64Array;
  private ub = 0;
  /** Steps ended since averaging started (the current step's `r - 1`). */
  private steps = 0;

  constructor(size: number) {
    this.u = new Float64Array(size);
  }

  /** The current step changed weight `at` by `delta`. */
  add(at: number, delta: number): void {
    this.u[at] = this.u[at]! + this.steps * delta;
  }

  /** The current step changed the bias by `delta`. */
  addBias(delta: number): void {
    this.ub += this.steps * delta;
  }

  /** The current step is over (every change of it was added). */
  endStep(): void {
    this.steps++;
  }

  /** The mean of the iterates after each averaged step, given the last iterate (itself when no step was averaged). */
  mean(w: Float64Array, b: number): { w: Float64Array; b: number } {
    if (this.steps === 0) return { w, b };
    const n = this.steps;
    return { w: Float64Array.from(w, (x, i) => x - this.u[i]! / n), b: b - this.ub / n };
  }
}
