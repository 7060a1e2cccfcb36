import { z } from 'zod';

/**
 * The room's ledger as GET /api/rooms/:roomId/ledger sends it (format 1). Read with a schema
 * here so a page never draws a figure from a reply of another shape; chips are minor units.
 */
const minor = z.number().int();

export const ledgerPlayerSchema = z.object({
  /** Stable across the night: an account's or a guest's player id. */
  playerId: z.string(),
  name: z.string(),
  account: z.boolean(),
  joinedAt: z.string(),
  leftAt: z.string().nullable(),
  started: minor,
  granted: minor,
  wagered: minor,
  won: minor,
  net: minor,
  ended: minor,
});
export type LedgerPlayer = z.infer<typeof ledgerPlayerSchema>;

export const ledgerRoundSchema = z.object({
  roundId: z.string(),
  /** The table's round counter. */
  seq: z.number().int(),
  shoeId: z.string(),
  /** The round's number in its shoe, from 1. */
  number: z.number().int(),
  outcome: z.string(),
  commitment: z.string(),
  /** Who held the shoe (or the bank) that round; null where the house dealt. */
  holder: z.string().nullable().optional(),
  stakes: z.array(z.object({ playerId: z.string(), stake: minor, net: minor })),
});
export type LedgerRound = z.infer<typeof ledgerRoundSchema>;

export const ledgerSchema = z.object({
  format: z.literal(1),
  room: z.object({
    id: z.string(),
    name: z.string(),
    chips: z.enum(['wallet', 'room']),
    game: z.string().optional(),
    closedAt: z.string().nullable().optional(),
  }),
  players: z.array(ledgerPlayerSchema),
  rounds: z.array(ledgerRoundSchema),
});
export type Ledger = z.infer<typeof ledgerSchema>;

export type LedgerFormat = 'json' | 'csv';

export const ledgerPath = (roomId: string, format: LedgerFormat) =>
  `/api/rooms/${encodeURIComponent(roomId)}/ledger${format === 'csv' ? '?format=csv' : ''}`;

/** The recap page of a room. */
export const recapLink = (roomId: string) => `/recap/?id=${encodeURIComponent(roomId)}`;

/** The file name a download is saved under: the room's id and the format, nothing a person typed. */
export const ledgerFileName = (roomId: string, format: LedgerFormat) =>
  `banco-ledger-${roomId.replace(/[^A-Za-z0-9_-]/g, '')}.${format}`;
