import type { PlayerInfo } from '@banco/protocol';
import type { FastifyRequest } from 'fastify';
import type { GuestStore } from './stores.js';

/**
 * The player whose session token is in `Authorization: Bearer <token>` (the token the socket
 * handshake takes), or null for none, an unknown one or one past its time.
 */
export async function bearerPlayer(
  request: FastifyRequest,
  guests: Pick<GuestStore, 'playerByToken'>,
  tokenTtlMs: number,
): Promise<PlayerInfo | null> {
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(request.headers.authorization ?? '');
  if (!match) return null;
  return guests.playerByToken(match[1]!, new Date(Date.now() - tokenTtlMs));
}
