import { COMMAND_REFUSED, type AckError } from '@banco/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { refusal } from './command-args.js';
import type { SharedFairShare } from './fair-share-shared.js';
import type { TokenBucket } from '../token-bucket.js';
import type { BancoSocket } from './typed-io.js';

/** P1.6: a socket that sends this many commands in a row past RATE_LIMITED is disconnected. */
export const STRIKES_BEFORE_DISCONNECT = 100;

/**
 * P1.6: a command's budget, the socket's first, then the player's across all their sockets.
 * Returns the refusal, or null when the command may go on; a socket that keeps flooding is
 * disconnected.
 */
export function commandBudget(deps: {
  config: Config;
  share: SharedFairShare;
  log: FastifyBaseLogger;
}): (socket: BancoSocket, bucket: TokenBucket) => AckError | null {
  const { config, share, log } = deps;
  const rateLimited = (perPlayer: boolean) =>
    refusal(
      'RATE_LIMITED',
      perPlayer
        ? `too many commands: at most ${config.playerRatePerSecond} a second per player`
        : `too many commands: at most ${config.socketRatePerSecond} a second`,
    );
  return (socket, bucket) => {
    const limited = !bucket.take()
      ? rateLimited(false)
      : !share.take(socket.data.player.id)
        ? rateLimited(true)
        : null;
    if (!limited) {
      socket.data.strikes = 0;
      return null;
    }
    socket.data.strikes += 1;
    if (socket.data.strikes >= STRIKES_BEFORE_DISCONNECT && socket.connected) {
      log.warn({ playerId: socket.data.player.id }, 'socket kept flooding: disconnected');
      socket.emit(COMMAND_REFUSED, {
        code: 'RATE_LIMITED',
        message: `${STRIKES_BEFORE_DISCONNECT} commands past the rate limit: disconnected`,
      });
      socket.disconnect(true);
    }
    return limited;
  };
}
