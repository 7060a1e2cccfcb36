import { TokenBucket } from './token-bucket.js';

export interface FairShareLimits {
  socketsPerPlayer: number;
  socketsPerAddress: number;
  playerRatePerSecond: number;
  playerRateBurst: number;
}

/**
 * P1.6: one player's share of the server, however many sockets they open: a cap on live
 * sockets per player and per address, and one command budget per player across all of theirs.
 */
export class FairShare {
  private readonly perPlayer = new Map<string, { sockets: number; bucket: TokenBucket }>();
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly limits: FairShareLimits) {}

  addressFull(address: string): boolean {
    return (this.perAddress.get(address) ?? 0) >= this.limits.socketsPerAddress;
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
      bucket: new TokenBucket(this.limits.playerRatePerSecond, this.limits.playerRateBurst),
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
    return this.perPlayer.get(playerId)?.bucket.take() ?? false;
  }

  /** Live sockets of one player (for tests and diagnostics). */
  socketsOf(playerId: string): number {
    return this.perPlayer.get(playerId)?.sockets ?? 0;
  }
}
