import { z } from 'zod';
import { errorCodeSchema } from './errors.js';

/** socket.io `auth` payload (P1.0): the guest's session token and the client's protocol. */
export const handshakeAuthSchema = z.object({
  token: z.string().min(16).max(128),
  protocolVersion: z.number().int(),
});
export type HandshakeAuth = z.infer<typeof handshakeAuthSchema>;

/** `connect_error` carries this in `err.data` when the server refuses a connection. */
export const connectRefusalSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  serverProtocolVersion: z.number().int(),
});
export type ConnectRefusal = z.infer<typeof connectRefusalSchema>;

/** Socket.io event names outside the command set. */
export const TABLE_EVENT = 'table.event';
export const TABLE_PRIVATE = 'table.private';
/** Sent to one socket when the server drops a command before it reaches a table. */
export const COMMAND_REFUSED = 'command.refused';

/**
 * P10.5: sent to a socket just before the server closes it because its session ended (logout,
 * logout everywhere, or expiry). The client should not reconnect with the same token.
 */
export const SESSION_ENDED = 'session.ended';
export const sessionEndedSchema = z.object({
  code: z.literal('SESSION_EXPIRED'),
  reason: z.enum(['logout', 'logout-all', 'expired']),
  message: z.string(),
});
export type SessionEnded = z.infer<typeof sessionEndedSchema>;
