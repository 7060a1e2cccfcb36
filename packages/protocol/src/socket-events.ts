import { z } from 'zod';
import type { Ack, COMMANDS, CommandName } from './commands.js';
import { errorCodeSchema } from './errors.js';
import { tableEventSchema, tablePrivateMessage } from './events.js';
import {
  COMMAND_REFUSED,
  SESSION_ENDED,
  sessionEndedSchema,
  TABLE_EVENT,
  TABLE_PRIVATE,
} from './handshake.js';

/**
 * The socket.io event maps, derived from the schema records (COMMANDS, ACKS, SERVER_MESSAGES) so
 * that a command or a server message added there is typed here with no edit to this file. Both
 * ends use them: `new Server<ClientToServerEvents, ServerToClientEvents>` on the server and
 * `Socket<ServerToClientEvents, ClientToServerEvents>` in a client. The types say what a
 * well-behaved peer sends; every receipt is still parsed with its schema (P1.1).
 */

/** Sent on `command.refused` when the server drops a command before any table sees it. */
export const commandRefusedSchema = z.object({ code: errorCodeSchema, message: z.string() });
export type CommandRefused = z.infer<typeof commandRefusedSchema>;

/** Every socket.io event the server sends outside acknowledgements, with its one payload. */
export const SERVER_MESSAGES = {
  [TABLE_EVENT]: tableEventSchema,
  [TABLE_PRIVATE]: tablePrivateMessage,
  [COMMAND_REFUSED]: commandRefusedSchema,
  [SESSION_ENDED]: sessionEndedSchema,
} as const satisfies Record<string, z.ZodType>;
export type ServerMessageName = keyof typeof SERVER_MESSAGES;
export type ServerMessage<N extends ServerMessageName> = z.infer<(typeof SERVER_MESSAGES)[N]>;

/** What a client puts in a command (before the server's parsing and normalising). */
export type CommandInput<N extends CommandName> = z.input<(typeof COMMANDS)[N]>;
export type AckCallback<N extends CommandName> = (response: Ack<N>) => void;

/** Client → server: each command with its payload and the callback its ack comes back on. */
export type ClientToServerEvents = {
  [N in CommandName]: (payload: CommandInput<N>, ack: AckCallback<N>) => void;
};

/** Server → client: each message with its payload. */
export type ServerToClientEvents = {
  [N in ServerMessageName]: (message: ServerMessage<N>) => void;
};

/** Nothing travels between server processes on socket.io's own inter-server channel yet. */
export type InterServerEvents = Record<string, never>;
