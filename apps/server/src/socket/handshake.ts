import {
  handshakeAuthSchema,
  PROTOCOL_VERSION,
  type ConnectRefusal,
  type ErrorCode,
} from '@banco/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { ExtendedError } from 'socket.io';
import type { SessionStore } from '../http/stores.js';
import { clientAddress, type TrustFn } from '../http/client-address.js';
import type { SharedFairShare } from './fair-share-shared.js';
import type { BancoServer } from './typed-io.js';

function connectRefusal(code: ErrorCode, message: string): ExtendedError {
  const data: ConnectRefusal = { code, message, serverProtocolVersion: PROTOCOL_VERSION };
  return Object.assign(new Error(message), { data });
}

/**
 * The handshake (P1.1, P1.6, P10): the protocol version, the token, the address's and the
 * player's share of sockets, in that order, each refused with its own code. A socket let in
 * carries its player, session and an empty set of tables.
 */
export function useHandshake(
  io: BancoServer,
  deps: {
    sessions: Pick<SessionStore, 'lookup'>;
    share: SharedFairShare;
    trust: TrustFn;
    log: FastifyBaseLogger;
  },
): void {
  const { sessions, share, trust, log } = deps;
  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const version =
      typeof auth === 'object' && auth !== null
        ? (auth as { protocolVersion?: unknown }).protocolVersion
        : undefined;
    if (version !== PROTOCOL_VERSION) {
      return next(
        connectRefusal(
          'PROTOCOL_MISMATCH',
          `this server speaks protocol ${PROTOCOL_VERSION}, the client ${JSON.stringify(version ?? null)}: reload the page`,
        ),
      );
    }
    const parsed = handshakeAuthSchema.safeParse(auth);
    if (!parsed.success) {
      return next(connectRefusal('UNAUTHORIZED', 'a guest token is required (POST /api/guests)'));
    }
    // Checked before the token costs a database lookup, and again once the player is known.
    const address = clientAddress(socket.request, trust);
    const stillOpen = () => socket.conn.readyState === 'open';
    share
      .connectRefusal(address)
      .then((refused) => {
        if (refused === 'full') {
          throw connectRefusal('TOO_MANY_CONNECTIONS', 'too many connections from here');
        }
        if (refused === 'fast') {
          throw connectRefusal('RATE_LIMITED', 'reconnecting too fast: wait a second');
        }
        return sessions.lookup(parsed.data.token);
      })
      .then(async (found) => {
        if (found.status === 'unknown') {
          return next(connectRefusal('UNAUTHORIZED', 'unknown token'));
        }
        if (found.status === 'ended') {
          return next(connectRefusal('SESSION_EXPIRED', 'this session has ended: log in again'));
        }
        const { session } = found;
        // Gone while the token was looked up: nothing to count, and no close event to come.
        if (!stillOpen()) return next(connectRefusal('INTERNAL', 'closed'));
        const admitted = await share.admit(session.player.id, address, stillOpen);
        if ('refused' in admitted) {
          return next(connectRefusal('TOO_MANY_CONNECTIONS', admitted.refused));
        }
        // The engine connection closes however the socket ends, even before it connects.
        socket.conn.once('close', admitted.release);
        socket.data.player = session.player;
        socket.data.sessionId = session.id;
        socket.data.sessionExpiresAt = session.expiresAt;
        socket.data.tables = new Set();
        socket.data.strikes = 0;
        next();
      })
      .catch((error: unknown) => {
        if (error instanceof Error && 'data' in error) return next(error);
        log.error({ err: error }, 'token lookup failed');
        next(connectRefusal('INTERNAL', 'could not check the token; try again'));
      });
  });
}
