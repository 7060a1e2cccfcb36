import { z } from 'zod';
import { errorCodeSchema } from './errors.js';
import { tableIdSchema } from './primitives.js';

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

/**
 * P13.7: sent to a socket at one table when another node runs that table: the node's id, for a
 * client that can to reconnect naming it (`?node=`), so the proxy puts it on the owner.
 */
export const TABLE_OWNER = 'table.owner';
export const tableOwnerSchema = z.object({
  tableId: tableIdSchema,
  node: z.string().min(1).max(128),
});
export type TableOwner = z.infer<typeof tableOwnerSchema>;

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
