/** Waits between reconnection attempts: doubling from `minMs` up to `maxMs`. */
export interface Backoff {
  minMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { minMs: 300, maxMs: 10_000 };

/**
 * The wait before reconnection attempt `attempt` (0 first): the doubled step with "equal
 * jitter", between half of it and all of it, so the pages of a table that a restart dropped
 * all at once do not all knock again in the same millisecond.
 */
export function backoffDelay(
  attempt: number,
  backoff: Backoff = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const step = Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + (random() * step) / 2);
}
