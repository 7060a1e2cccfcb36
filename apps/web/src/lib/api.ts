import { createGuestReply, tableSummarySchema, type TableSummary } from '@banco/protocol';
import { z } from 'zod';
import { serverOrigin } from './origin';
import type { StoredGuest } from './session';

/** A refusal or failure from the HTTP API, with its stable code when the server gave one. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** INVALID_SETTING: the refused setting's dotted path (`limits.tie.max`). */
    readonly field?: string,
  ) {
    super(message);
  }
}

const errorBody = z.object({ code: z.string(), message: z.string(), field: z.string().optional() });

export async function call<S extends z.ZodType>(
  path: string,
  schema: S,
  init?: RequestInit,
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(`${serverOrigin()}${path}`, init);
  } catch {
    throw new ApiError('OFFLINE', 'The table server cannot be reached.');
  }
  const body: unknown = response.status === 204 ? {} : await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = errorBody.safeParse(body);
    if (!refusal.success) throw new ApiError(`HTTP_${response.status}`, response.statusText);
    throw new ApiError(refusal.data.code, refusal.data.message, refusal.data.field);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ApiError('INVALID_REPLY', 'The server answered in an unexpected shape.');
  return parsed.data;
}

/** A request as the player: the session token is the bearer, as on the socket. */
export function asPlayer(token: string, method = 'GET', body?: unknown): RequestInit {
  return {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

export async function createGuest(name: string): Promise<StoredGuest & { balance: number }> {
  const reply = await call('/api/guests', createGuestReply, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return { token: reply.token, player: reply.player, balance: reply.balance };
}

export const listTables = (): Promise<TableSummary[]> =>
  call('/api/tables', z.array(tableSummarySchema));

const roundsSchema = z.object({
  tableId: z.string(),
  rounds: z.array(
    z.object({
      seq: z.number().int(),
      shoeId: z.string(),
      number: z.number().int(),
      outcome: z.enum(['player', 'banker', 'tie']),
      playerTotal: z.number().int(),
      bankerTotal: z.number().int(),
    }),
  ),
});

export interface ShoeSoFar {
  /** The table's latest round counter, or null before its first round. */
  lastRound: number | null;
  beads: {
    /** The hand's number in its shoe, from 1. */
    hand: number;
    outcome: 'player' | 'banker' | 'tie';
    playerTotal: number;
    bankerTotal: number;
  }[];
}

/** The current shoe's results so far, from the table's recent settled rounds (newest first). */
export async function shoeSoFar(tableId: string): Promise<ShoeSoFar> {
  const reply = await call(
    `/api/tables/${encodeURIComponent(tableId)}/rounds?limit=100`,
    roundsSchema,
  );
  const newest = reply.rounds[0];
  if (!newest) return { lastRound: null, beads: [] };
  const beads = reply.rounds
    .filter((r) => r.shoeId === newest.shoeId)
    .reverse()
    .map((r) => ({
      hand: r.number,
      outcome: r.outcome,
      playerTotal: r.playerTotal,
      bankerTotal: r.bankerTotal,
    }));
  return { lastRound: newest.seq, beads };
}
