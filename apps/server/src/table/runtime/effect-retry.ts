import type { TableInput } from '../core/inputs.js';
import type { Effect } from '../core/state.js';

/** The ledger effects a table retries; each is idempotent by its key (T9.8). */
const RETRIED_EFFECTS: ReadonlySet<Effect['type']> = new Set([
  'new-shoe',
  'open-round',
  'settle',
  'record-shuffle',
  'end-shoe',
  'record-seat',
  'void-round',
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

export interface EffectRetryDeps {
  tableId: string;
  policy: RetryPolicy;
  clock: () => number;
  execute(effect: Effect): Promise<TableInput | undefined>;
  /** What keeps failing, by effect type: the table is degraded while any is here (/health). */
  failing: Map<string, string>;
  /** Runs a retry in the table's queue, and the reducer on its answer. */
  later(job: () => Promise<TableInput | undefined>): void;
  /** T9.7: a stopping table retries nothing more; its shutdown redoes what must be. */
  stopping(): boolean;
  log?: { error(obj: unknown, msg?: string): void };
}

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * T9.8: a database effect that fails is tried again later, in the table's queue, waiting
 * twice as long each time, up to a limit; the table waits in its phase meanwhile. Every one
 * of them is idempotent by a key (shoe number, round seq, bet ids, seat event version), so a
 * retry can never move a chip or write a row twice. When the last try fails the table is
 * degraded (/health), says so in the log, and the reducer voids what the effect left stuck.
 */
export class EffectRetry {
  constructor(private readonly deps: EffectRetryDeps) {}

  async run(effect: Effect, attempt = 1): Promise<TableInput | undefined> {
    const { deps } = this;
    try {
      const answer = await deps.execute(effect);
      deps.failing.delete(effect.type);
      return answer;
    } catch (error) {
      if (!RETRIED_EFFECTS.has(effect.type)) throw error;
      const { policy } = deps;
      const context = { err: error, table: deps.tableId, effect: effect.type, attempt };
      if (attempt >= policy.attempts) {
        deps.failing.set(
          effect.type,
          `${effect.type} failed ${attempt} times; last: ${messageOf(error)}`,
        );
        deps.log?.error(context, 'database effect failed for good: giving up');
        return { type: 'effect-failed', now: deps.clock(), effect: effect.type };
      }
      deps.failing.set(effect.type, `${effect.type} failing (try ${attempt}): ${messageOf(error)}`);
      deps.log?.error(context, 'database effect failed: retrying');
      const delay = Math.min(policy.maxMs, policy.firstMs * 2 ** (attempt - 1));
      setTimeout(() => {
        if (deps.stopping()) return;
        deps.later(() => this.run(effect, attempt + 1));
      }, delay).unref();
      return undefined;
    }
  }
}
