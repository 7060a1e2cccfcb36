import type { PlayerInfo } from '@banco/protocol';
import { isUniqueViolation } from './ledger-error.js';
import type { PrismaClient } from './prisma.js';

export type ClaimResult = 'claimed' | 'username-taken' | 'already-claimed';

/** Usernames and password hashes: what lets a player come back from another device (P10). */
export class Logins {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Gives the player a username and password hash, once. The username must already be folded
   * to lower case (the SQL CHECK refuses anything else).
   */
  async claim(playerId: string, username: string, passwordHash: string): Promise<ClaimResult> {
    try {
      // `username: null` in the filter makes a second claim (even a concurrent one) match nothing.
      const { count } = await this.prisma.player.updateMany({
        where: { id: playerId, username: null },
        data: { username, passwordHash },
      });
      return count === 1 ? 'claimed' : 'already-claimed';
    } catch (error) {
      if (isUniqueViolation(error, 'players_username_key')) return 'username-taken';
      throw error;
    }
  }

  /** The player and password hash of a username, or null when no account has it. */
  async credentials(
    username: string,
  ): Promise<{ player: PlayerInfo; passwordHash: string } | null> {
    const row = await this.prisma.player.findUnique({
      where: { username },
      select: { id: true, name: true, passwordHash: true },
    });
    if (!row?.passwordHash) return null;
    return { player: { id: row.id, name: row.name }, passwordHash: row.passwordHash };
  }
}

export function createLogins(prisma: PrismaClient): Logins {
  return new Logins(prisma);
}
