import type { AckError } from '@banco/protocol';

/** T9.7: the answer to every command but table.snapshot and table.leave while the table stops. */
export const CLOSING = {
  ok: false,
  code: 'TABLE_CLOSING',
  message: 'the server is stopping; come back soon',
} as const satisfies AckError;

/** T11.7: the answer to a command at a room that has closed. */
export const ROOM_CLOSED = {
  ok: false,
  code: 'ROOM_CLOSED',
  message: 'this room is closed',
} as const satisfies AckError;

/** A command the reducer gave no reply to: never expected, never left unanswered. */
export const NO_ANSWER = {
  ok: false,
  code: 'INTERNAL',
  message: 'the table gave no answer',
} as const satisfies AckError;
