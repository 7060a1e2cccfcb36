import { SESSION_ENDED, type SessionEnded } from '@banco/protocol';
import type { BancoServer, BancoSocket } from './typed-io.js';
import type { SessionTarget } from '../http/stores.js';

/** Every socket opened with one session, and every socket of one player. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
export const accountRoom = (playerId: string): string => `account:${playerId}`;

const MESSAGES: Record<SessionEnded['reason'], string> = {
  logout: 'you logged out',
  'logout-all': 'you logged out everywhere',
  expired: 'your session has expired: log in again',
};

export function sessionEnded(reason: SessionEnded['reason']): SessionEnded {
  return { code: 'SESSION_EXPIRED', reason, message: MESSAGES[reason] };
}

/** P10.5: tells the target's sockets why, then closes them (through the adapter: every process). */
export function endSessions(
  io: BancoServer,
  target: SessionTarget,
  reason: 'logout' | 'logout-all',
): void {
  const room = 'sessionId' in target ? sessionRoom(target.sessionId) : accountRoom(target.playerId);
  io.to(room).emit(SESSION_ENDED, sessionEnded(reason));
  io.in(room).disconnectSockets(true);
}

/** Tells one socket its session has ended, then closes it. */
export function endSocket(socket: BancoSocket, reason: SessionEnded['reason']): void {
  socket.emit(SESSION_ENDED, sessionEnded(reason));
  socket.disconnect(true);
}

/** setTimeout cannot wait longer than this (about 24.8 days); longer waits are chained. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Closes the socket when its session expires, with `session.ended` `expired`, so no socket
 * outlives its session. Cleared when the socket goes first.
 */
export function closeAtExpiry(socket: BancoSocket, expiresAt: Date): void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const wait = expiresAt.getTime() - Date.now();
    if (wait > 0) {
      timer = setTimeout(arm, Math.min(wait, MAX_TIMER_MS));
      return;
    }
    endSocket(socket, 'expired');
  };
  arm();
  socket.once('disconnect', () => clearTimeout(timer));
}
