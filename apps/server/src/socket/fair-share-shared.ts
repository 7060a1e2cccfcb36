import type { SharedCharges } from '../cluster/shared-charges.js';
import type { SharedLimits } from '../cluster/shared-limits.js';
import {
  CONNECT_BURST,
  CONNECTS_PER_SECOND,
  FairShare,
  type FairShareLimits,
} from './fair-share.js';

interface Log {
  warn(obj: object, msg: string): void;
}

export type Admission = { release: () => void } | { refused: string };

/**
 * P1.6 on one node or several: this node's own counts first (exact, and free), then, with
 * `REDIS_URL`, the cluster's, so a player's or an address's share is one across every node.
 * When Redis cannot answer, this node's limits still hold and play goes on (T13.13).
 */
/** While Redis is away every shared check fails: said once in this long, not per command. */
const WARN_EVERY_MS = 60_000;

export class SharedFairShare {
  private readonly local: FairShare;
  private warnedAt = Number.NEGATIVE_INFINITY;
  /** P13.5: the players' command budgets in the cluster, charged a turn at a time. */
  private readonly charges: SharedCharges | undefined;

  constructor(
    private readonly limits: FairShareLimits,
    private readonly shared: SharedLimits | undefined,
    private readonly log: Log,
  ) {
    this.local = new FairShare(limits);
    this.charges = shared?.charges('banco:share:commands', {
      ratePerSecond: limits.playerRatePerSecond,
      capacity: limits.playerRateBurst,
      spent: (playerId, waitMs) => this.local.hold(playerId, waitMs),
      failed: (error) => this.unavailable(error),
    });
  }

  /** Checked before the token costs a database lookup. */
  async connectRefusal(address: string): Promise<'full' | 'fast' | null> {
    if (this.local.addressFull(address)) return 'full';
    if (!this.local.connectAllowed(address)) return 'fast';
    if (!this.shared) return null;
    const taken = await this.sharedTake(`connect:${address}`, CONNECTS_PER_SECOND, CONNECT_BURST);
    return taken.allowed ? null : 'fast';
  }

  /**
   * Reserves a socket for the player at the address, here and in the cluster's counts;
   * `stillOpen` is asked once the cluster answered, so a socket gone meanwhile counts nowhere.
   */
  async admit(playerId: string, address: string, stillOpen: () => boolean): Promise<Admission> {
    const here = this.local.admit(playerId, address);
    if ('refused' in here || !this.shared) return here;
    let everywhere;
    try {
      everywhere = await this.shared.admit(playerId, address, this.limits);
    } catch (error) {
      this.unavailable(error);
      return here;
    }
    if ('refused' in everywhere) {
      here.release();
      return {
        refused:
          everywhere.refused === 'address'
            ? `at most ${this.limits.socketsPerAddress} connections from one address`
            : `at most ${this.limits.socketsPerPlayer} connections per player`,
      };
    }
    if (!stillOpen()) {
      here.release();
      everywhere.release();
      return { refused: 'the connection closed while it was counted' };
    }
    return {
      release: () => {
        here.release();
        everywhere.release();
      },
    };
  }

  /**
   * One command from the player: false once their budget is spent. The cluster's bucket is
   * charged after the command is let through, so no command waits on Redis; a budget spent on
   * other nodes stops this one within a charging turn (CHARGE_EVERY_MS) and a round trip.
   */
  take(playerId: string): boolean {
    if (!this.local.take(playerId)) return false;
    this.charges?.charge(playerId);
    return true;
  }

  private async sharedTake(
    key: string,
    ratePerSecond: number,
    capacity: number,
  ): Promise<{ allowed: true } | { allowed: false; waitMs: number }> {
    try {
      return await this.shared!.take([{ key, ratePerSecond, capacity }]);
    } catch (error) {
      this.unavailable(error);
      return { allowed: true };
    }
  }

  private unavailable(error: unknown): void {
    const now = performance.now();
    if (now - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = now;
    this.log.warn({ err: error }, 'shared limits unavailable: this node counts alone for now');
  }
}
