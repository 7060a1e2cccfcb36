import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveSession } from '../db/sessions.js';
import { errorReply } from './errors.js';
import type { SessionStore } from './stores.js';

/** The same bounds the socket handshake puts on a token (P1.0). */
const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/**
 * P10.1: the live session named by the request's `Authorization: Bearer <token>`. Otherwise
 * it has answered 401 itself — `UNAUTHORIZED` for a missing or unknown token, `SESSION_EXPIRED`
 * for one logged out, revoked or expired — and returns null: the route then returns the reply.
 */
export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: Pick<SessionStore, 'lookup'>,
): Promise<LiveSession | null> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined) {
    void reply
      .code(401)
      .send(errorReply('UNAUTHORIZED', 'send your session token as Authorization: Bearer <token>'));
    return null;
  }
  const found = await sessions.lookup(token);
  if (found.status === 'live') return found.session;
  void reply
    .code(401)
    .send(
      found.status === 'ended'
        ? errorReply('SESSION_EXPIRED', 'this session has ended: log in again')
        : errorReply('UNAUTHORIZED', 'unknown session token'),
    );
  return null;
}
