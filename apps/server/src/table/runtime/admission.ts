import type { AckError } from '@banco/protocol';

/**
 * T9.4, T11.1, T11.2, T11.7, T13.8: what a table port answers to "may this player act here from
 * a socket that has not joined?": null when they may, else why not. NOT_AT_TABLE alone means
 * "join first"; every other refusal turns the player away (closed, kicked, locked, moving).
 */
export type Admission = AckError | null;

/** T9.4: a player the table does not know yet must join before acting. */
export function joinFirst(tableId: string): AckError {
  return { ok: false, code: 'NOT_AT_TABLE', message: `join table ${tableId} first` };
}

/**
 * Whether an admission turns the player away, not merely asks them to join first: what a room
 * says of a player whose socket is already in (T11.2: kicked since, T11.7: closed since).
 */
export function turnedAway(answer: Admission): answer is AckError {
  return answer !== null && answer.code !== 'NOT_AT_TABLE';
}
