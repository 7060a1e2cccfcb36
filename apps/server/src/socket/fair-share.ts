import { TokenBucket } from '../token-bucket.js';

export interface FairShareLimits {
  socketsPerPlayer: number;
  socketsPerAddress: number;
  playerRatePerSecond: number;
  playerRateBurst: number;
}

/**
 * New connections a second from one address, with a burst that lets a household (14 friends,
 * a few tabs each) all connect at once. A connection costs a token lookup in the database, so
 * a client that reconnects in a loop is refused before it gets that far.
 */
export const CONNECTS_PER_SECOND = 5;
export const CONNECT_BURST = 60;

/**
 * P1.6: one player's share of the server, however many sockets they open: a cap on live
 * sockets per player and per address, and one command budget per player across all of theirs.
 */
export class FairShare {
  private readonly perPlayer = new Map<
    string,
    { sockets: number; bucket: TokenBucket; heldUntil: number }
  >();
  private readonly perAddress = new Map<string, number>();
  private readonly connects = new Map<string, TokenBucket>();

  constructor(
    private readonly limits: FairShareLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  addressFull(address: string): boolean {
    return (this.perAddress.get(address) ?? 0) >= this.limits.socketsPerAddress;
  }

  /** One connection attempt from the address: false while it is reconnecting too fast. */
  connectAllowed(address: string): boolean {
    let bucket = this.connects.get(address);
    if (!bucket) {
      // Forget addresses whose buckets have refilled, so the map stays small.
      if (this.connects.size > 10_000) this.forgetIdleAddresses();
      bucket = new TokenBucket(CONNECTS_PER_SECOND, CONNECT_BURST, this.now);
      this.connects.set(address, bucket);
    }
    return bucket.take();
  }

  private forgetIdleAddresses(): void {
    for (const [address, bucket] of this.connects) {
      if (bucket.available() >= CONNECT_BURST) this.connects.delete(address);
    }
  }

  /**
   * Reserves a socket for the player at the address; returns its release (call once, when the
   * connection closes), or a reason when either cap is reached.
   */
  admit(playerId: string, address: string): { release: () => void } | { refused: string } {
    if (this.addressFull(address)) {
      return { refused: `at most ${this.limits.socketsPerAddress} connections from one address` };
    }
    const player = this.perPlayer.get(playerId) ?? {
      sockets: 0,
      bucket: new TokenBucket(
        this.limits.playerRatePerSecond,
        this.limits.playerRateBurst,
        this.now,
      ),
      heldUntil: 0,
    };
    if (player.sockets >= this.limits.socketsPerPlayer) {
      return { refused: `at most ${this.limits.socketsPerPlayer} connections per player` };
    }
    player.sockets += 1;
    this.perPlayer.set(playerId, player);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        player.sockets -= 1;
        if (player.sockets === 0) this.perPlayer.delete(playerId);
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else this.perAddress.delete(address);
      },
    };
  }

  /** One command from the player: false once their shared budget is spent. */
  take(playerId: string): boolean {
    const player = this.perPlayer.get(playerId);
    if (!player || this.now() < player.heldUntil) return false;
    return player.bucket.take();
  }

  /**
   * The player's budget is spent elsewhere (their sockets on other nodes took it): nothing
   * more here for `ms`.
   */
  hold(playerId: string, ms: number): void {
    const player = this.perPlayer.get(playerId);
    if (player) player.heldUntil = Math.max(player.heldUntil, this.now() + ms);
  }

  /** Live sockets of one player (for tests and diagnostics). */
  socketsOf(playerId: string): number {
    return this.perPlayer.get(playerId)?.sockets ?? 0;
  }
}
