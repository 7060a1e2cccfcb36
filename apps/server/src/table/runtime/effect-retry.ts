import type { Effect } from '../core/state.js';
import type { TableActorDeps } from './actor-deps.js';

/** The ledger effects a table retries; each is idempotent by its key (T9.8). */
export const RETRIED_EFFECTS: ReadonlySet<Effect['type']> = new Set([
  'new-shoe',
  'open-round',
  'settle',
  'record-shuffle',
  'end-shoe',
  'record-seat',
  'void-round',
  'room-chips',
]);

export const RETRY_DEFAULTS = { firstMs: 1_000, maxMs: 30_000, attempts: 6 } as const;

export interface RetryPolicy {
  /** The wait before the first retry (ms); each wait doubles. */
  firstMs: number;
  /** The longest wait between two tries (ms). */
  maxMs: number;
  /** Tries in all before the table gives up. */
  attempts: number;
}

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The policy a table's deps ask for, the defaults filling in what they leave out. */
export function retryPolicy(
  deps: Pick<TableActorDeps, 'retryMs' | 'retryMaxMs' | 'retryAttempts'>,
): RetryPolicy {
  return {
    firstMs: deps.retryMs ?? RETRY_DEFAULTS.firstMs,
    maxMs: deps.retryMaxMs ?? RETRY_DEFAULTS.maxMs,
    attempts: deps.retryAttempts ?? RETRY_DEFAULTS.attempts,
  };
}

/**
 * T9.8: after try `attempt` of an effect failed, the wait before the next one (twice the one
 * before, up to the policy's longest), or null when that was the last; and what /health says.
 */
export function afterFailure(
  policy: RetryPolicy,
  type: Effect['type'],
  attempt: number,
  error: unknown,
): { retryInMs: number | null; problem: string } {
  if (attempt >= policy.attempts) {
    return {
      retryInMs: null,
      problem: `${type} failed ${attempt} times; last: ${messageOf(error)}`,
    };
  }
  return {
    retryInMs: Math.min(policy.maxMs, policy.firstMs * 2 ** (attempt - 1)),
    problem: `${type} failing (try ${attempt}): ${messageOf(error)}`,
  };
}
