import type { SharedLimits } from '../cluster/shared-limits.js';
import { TokenBucket } from '../token-bucket.js';

export interface LoginLimits {
  /** Attempts at one username, from anywhere, per window. */
  perUsername: number;
  /** Attempts from one client address, at any username, per window. */
  perAddress: number;
  windowMs: number;
}

export type Attempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Past this many keys, buckets that have refilled are forgotten. */
const MAX_KEYS = 10_000;

/** One key's buckets: a burst of `capacity` attempts, then one every window / capacity. */
class Buckets {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly ratePerSecond: number;

  constructor(
    private readonly capacity: number,
    windowMs: number,
    private readonly now: () => number,
  ) {
    this.ratePerSecond = capacity / (windowMs / 1000);
  }

  /** Seconds until the key may try again; 0 when it may now. */
  waitFor(key: string): number {
    const available = this.buckets.get(key)?.available() ?? this.capacity;
    return available >= 1 ? 0 : Math.ceil((1 - available) / this.ratePerSecond);
  }

  take(key: string): void {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= MAX_KEYS) this.forgetRefilled();
      bucket = new TokenBucket(this.ratePerSecond, this.capacity, this.now);
      this.buckets.set(key, bucket);
    }
    bucket.take();
  }

  private forgetRefilled(): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.available() >= this.capacity) this.buckets.delete(key);
    }
  }
}

/**
 * P10.4: login attempts limited per username and per client address. Every attempt counts,
 * right or wrong, for a username that exists or not, so the limit itself tells nothing. Kept
 * in this process's memory on one node; in Redis, once for every node, on several (P1.6).
 */
export class LoginThrottle {
  private readonly usernames: Buckets;
  private readonly addresses: Buckets;

  constructor(
    private readonly limits: LoginLimits,
    private readonly shared?: SharedLimits,
    now: () => number = () => performance.now(),
  ) {
    this.usernames = new Buckets(limits.perUsername, limits.windowMs, now);
    this.addresses = new Buckets(limits.perAddress, limits.windowMs, now);
  }

  /** Counts one attempt when both limits allow it; otherwise counts nothing and says how long to wait. */
  async attempt(username: string, address: string): Promise<Attempt> {
    const shared = this.shared && (await this.sharedAttempt(username, address));
    if (shared) return shared;
    const wait = Math.max(this.usernames.waitFor(username), this.addresses.waitFor(address));
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    this.usernames.take(username);
    this.addresses.take(address);
    return { allowed: true };
  }

  /** The cluster's count, or null when Redis cannot answer (this node's count stands in). */
  private async sharedAttempt(username: string, address: string): Promise<Attempt | null> {
    const perSecond = (capacity: number) => capacity / (this.limits.windowMs / 1000);
    const { perUsername, perAddress } = this.limits;
    try {
      const taken = await this.shared!.take([
        {
          key: `login-user:${username}`,
          ratePerSecond: perSecond(perUsername),
          capacity: perUsername,
        },
        {
          key: `login-address:${address}`,
          ratePerSecond: perSecond(perAddress),
          capacity: perAddress,
        },
      ]);
      return taken.allowed
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(taken.waitMs / 1000)) };
    } catch {
      return null;
    }
  }
}
