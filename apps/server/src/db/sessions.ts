import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PlayerInfo, SessionKind } from '@banco/protocol';
import type { Prisma, PrismaClient } from './prisma.js';

type Db = Prisma.TransactionClient | PrismaClient;

/** How long each kind of session lasts from its issue. */
export interface SessionTtls {
  guestMs: number;
  loginMs: number;
}

/** The defaults of GUEST_TOKEN_TTL_HOURS (720) and SESSION_TTL_HOURS (168). */
export const DEFAULT_SESSION_TTLS: SessionTtls = {
  guestMs: 720 * 3_600_000,
  loginMs: 168 * 3_600_000,
};

export interface IssuedSession {
  id: string;
  /** Shown once: only its sha256 is stored. */
  token: string;
  expiresAt: Date;
}

export interface LiveSession {
  id: string;
  player: PlayerInfo;
  kind: SessionKind;
  /** Null until the player claims an account. */
  username: string | null;
  expiresAt: Date;
}

/**
 * What a bearer token names: a live session, one that has ended (logged out, revoked or past
 * its expiry: SESSION_EXPIRED), or nothing at all (UNAUTHORIZED).
 */
export type SessionLookup =
  { status: 'live'; session: LiveSession } | { status: 'ended' } | { status: 'unknown' };

export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

const DB_KIND = { guest: 'GUEST', login: 'LOGIN' } as const;
const ttlOf = (ttls: SessionTtls, kind: SessionKind): number =>
  kind === 'guest' ? ttls.guestMs : ttls.loginMs;

/**
 * Writes a new session for the player (inside the caller's transaction when given one). The
 * token is 256 random bits; only its hash is kept.
 */
export async function insertSession(
  db: Db,
  playerId: string,
  kind: SessionKind,
  ttlMs: number,
  now: Date = new Date(),
): Promise<IssuedSession> {
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.session.create({
    data: {
      id,
      playerId,
      tokenHash: hashToken(token),
      kind: DB_KIND[kind],
      createdAt: now,
      expiresAt,
    },
  });
  return { id, token, expiresAt };
}

/** Sessions in Postgres: every bearer token, a guest's or a login's (P10). */
export class Sessions {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly ttls: SessionTtls = DEFAULT_SESSION_TTLS,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async lookup(token: string): Promise<SessionLookup> {
    const row = await this.prisma.session.findUnique({
      where: { tokenHash: hashToken(token) },
      select: {
        id: true,
        kind: true,
        createdAt: true,
        expiresAt: true,
        revokedAt: true,
        player: { select: { id: true, name: true, username: true } },
      },
    });
    if (!row) return { status: 'unknown' };
    const kind: SessionKind = row.kind === 'GUEST' ? 'guest' : 'login';
    // A TTL lowered since the session was issued applies to it at once.
    const expiresAt = new Date(
      Math.min(row.expiresAt.getTime(), row.createdAt.getTime() + ttlOf(this.ttls, kind)),
    );
    if (row.revokedAt !== null || expiresAt <= this.now()) return { status: 'ended' };
    const { id, name, username } = row.player;
    return {
      status: 'live',
      session: { id: row.id, player: { id, name }, kind, username, expiresAt },
    };
  }

  /** The player of a live session, or null. */
  async playerByToken(token: string): Promise<PlayerInfo | null> {
    const found = await this.lookup(token);
    return found.status === 'live' ? found.session.player : null;
  }

  /** A new login session for the player (P10.3). */
  issueLogin(playerId: string): Promise<IssuedSession> {
    return insertSession(this.prisma, playerId, 'login', this.ttls.loginMs, this.now());
  }

  /** Ends one session; 0 when it had ended already. */
  async revoke(sessionId: string): Promise<number> {
    const { count } = await this.prisma.session.updateMany({
      where: { id: sessionId, revokedAt: null },
      data: { revokedAt: this.now() },
    });
    return count;
  }

  /** Ends every session of the player (logout everywhere); how many were still open. */
  async revokeAll(playerId: string): Promise<number> {
    const { count } = await this.prisma.session.updateMany({
      where: { playerId, revokedAt: null, expiresAt: { gt: this.now() } },
      data: { revokedAt: this.now() },
    });
    return count;
  }

  /**
   * Notes that a socket connected with the session; false when the session was revoked or ran
   * out meanwhile (e.g. a logout between the handshake's lookup and now).
   */
  async touch(sessionId: string): Promise<boolean> {
    const now = this.now();
    const { count } = await this.prisma.session.updateMany({
      where: { id: sessionId, revokedAt: null, expiresAt: { gt: now } },
      data: { lastSeenAt: now },
    });
    return count === 1;
  }
}

export function createSessions(prisma: PrismaClient, ttls?: SessionTtls): Sessions {
  return new Sessions(prisma, ttls);
}
