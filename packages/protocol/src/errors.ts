import { z } from 'zod';
import { CHEMIN_DE_FER_ERROR_CODES } from './chemin-de-fer.js';
import { EVENING_ERROR_CODES } from './evening.js';

/**
 * Stable error codes (P3 in docs/protocol.md). Clients and bots branch on these, so a code is
 * never renamed or reused for another meaning; messages are for people and may change.
 */
export const ERROR_CODES = [
  // Transport and envelope
  'PROTOCOL_MISMATCH',
  'UNAUTHORIZED',
  'ORIGIN_REFUSED',
  'INVALID_PAYLOAD',
  /** P3.3: a free text with a lone surrogate, NUL or another control character. */
  'INVALID_TEXT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  /** P1.6: the player, or the address, already has as many sockets open as allowed. */
  'TOO_MANY_CONNECTIONS',
  'UNKNOWN_COMMAND',
  'INTERNAL',
  // Tables and seats
  'UNKNOWN_TABLE',
  'NOT_AT_TABLE',
  'SEAT_OUT_OF_RANGE',
  'SEAT_TAKEN',
  'ALREADY_SEATED',
  'NOT_SEATED',
  'NOT_YOUR_SEAT',
  // Rounds
  'WRONG_PHASE',
  'STALE_ROUND',
  'NOT_SHOE_HOLDER',
  'NOT_OFFERED',
  'NOT_TURNER',
  'ALREADY_CONTRIBUTED',
  'SEEDING_FULL',
  // Bets
  'SPOT_DISABLED',
  'UNDER_MIN',
  'OVER_MAX',
  'FRACTIONAL_CHIPS',
  'INSUFFICIENT_BALANCE',
  'ALREADY_CONFIRMED',
  'DUPLICATE_CONFIRM_ID',
  // Server life
  'TABLE_CLOSING',
  // Accounts and sessions (P10)
  /** 401, the same for an unknown username and a wrong password. */
  'INVALID_CREDENTIALS',
  'USERNAME_TAKEN',
  'ALREADY_CLAIMED',
  'WEAK_PASSWORD',
  /** The session was logged out, revoked or ran out: log in again (or play as a new guest). */
  'SESSION_EXPIRED',
  // Rooms (P8)
  'INVALID_SETTING',
  'INVITE_EXPIRED',
  'TOO_MANY_ROOMS',
  // Host controls (P9)
  /** A host command from anyone but the room's host, or at a table without a host. */
  'NOT_HOST',
  /** The room is locked: nobody new joins as a player or sits. */
  'ROOM_LOCKED',
  /** The host removed this player; they cannot come back while the room is open. */
  'KICKED',
  /** The room is closing or closed. */
  'ROOM_CLOSED',
  // Chat (P11)
  /** Nothing left to send once the text is normalised (P11.3). */
  'CHAT_EMPTY',
  /** Over CHAT_MAX_CHARS characters (P11.2). */
  'CHAT_TOO_LONG',
  /** Over the player's chat allowance (P11.4); the ack says when to try again. */
  'CHAT_RATE_LIMITED',
  /** A watcher at a table where only seated players write (P11.7). */
  'CHAT_NOT_ALLOWED',
  /** The host muted this player (P11.7). */
  'MUTED',
  // The host's evening (P9.7–P9.12)
  ...EVENING_ERROR_CODES,
  // Chemin de Fer (C3)
  ...CHEMIN_DE_FER_ERROR_CODES,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export const errorCodeSchema = z.enum(ERROR_CODES);
