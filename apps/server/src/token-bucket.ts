/**
 * A token bucket: holds up to `capacity` tokens, refills `ratePerSecond` per second, and each
 * command takes one. The clock (milliseconds) is passed in so tests can drive it.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly capacity: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(ratePerSecond > 0) || !(capacity >= 1)) {
      throw new RangeError('TokenBucket needs ratePerSecond > 0 and capacity >= 1');
    }
    this.tokens = capacity;
    this.last = now();
  }

  /** Takes `cost` tokens when there are enough; false (and nothing taken) otherwise. */
  take(cost = 1): boolean {
    this.refill();
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** Tokens available now (fractional while refilling). */
  available(): number {
    this.refill();
    return this.tokens;
  }

  private refill(): void {
    const now = this.now();
    this.tokens = refilled(this.tokens, this.last, now, this.ratePerSecond, this.capacity);
    this.last = Math.max(this.last, now);
  }
}

/**
 * The tokens a bucket holds at `now`, having held `tokens` at `last`: for a bucket kept as
 * plain data (a table's chat allowances live in its reducer state).
 */
export function refilled(
  tokens: number,
  last: number,
  now: number,
  ratePerSecond: number,
  capacity: number,
): number {
  // A clock that goes backwards adds nothing (and never removes tokens).
  const elapsed = Math.max(0, now - last);
  return Math.min(capacity, tokens + (elapsed / 1000) * ratePerSecond);
}
