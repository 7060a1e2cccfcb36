/**
 * P8.10, P8.11 in docs/protocol.md: what the group takes home: the room's ledger (JSON and CSV,
 * versioned) and the recap. Amounts are minor units (100 = 1 chip).
 */
import { z } from 'zod';
import { epochMsSchema, minorUnitsSchema, outcomeSchema, playerIdSchema } from './primitives.js';

export const LEDGER_EXPORT_FORMAT = 1;

/** GET /api/rooms/:roomId/ledger?format=json|csv (`json` when absent). */
export const ledgerExportQuery = z.strictObject({ format: z.enum(['json', 'csv']).optional() });

/** One player's one session at the room: from a sit to the leave (or to now, or the close). */
export const ledgerSessionSchema = z.object({
  playerId: playerIdSchema,
  name: z.string(),
  joined: z.iso.datetime(),
  /** Null while the player still sits. */
  left: z.iso.datetime().nullable(),
  /** The balance (wallet or room stack) at the sit. */
  started: minorUnitsSchema,
  /** Granted during the session: room grants, top-ups, adjustments (wallet refills likewise). */
  granted: minorUnitsSchema,
  wagered: minorUnitsSchema,
  /** Everything paid back: stakes returned plus winnings. */
  won: minorUnitsSchema,
  /** won − wagered. */
  net: minorUnitsSchema,
  /** started + granted + net. */
  ended: minorUnitsSchema,
});
export type LedgerSession = z.infer<typeof ledgerSessionSchema>;

export const ledgerRoundSchema = z.object({
  roundId: z.string(),
  seq: z.number().int().positive(),
  shoeId: z.string(),
  outcome: outcomeSchema,
  settledAt: z.iso.datetime(),
  /** The shoe's commitment hash (P5): the round is checked against it. */
  commitment: z.string(),
  players: z.array(
    z.object({ playerId: playerIdSchema, stake: minorUnitsSchema, net: minorUnitsSchema }),
  ),
});
export type LedgerRound = z.infer<typeof ledgerRoundSchema>;

export const ledgerExportSchema = z.object({
  format: z.literal(LEDGER_EXPORT_FORMAT),
  roomId: z.string(),
  name: z.string(),
  chips: z.enum(['wallet', 'room']),
  closed: z.boolean(),
  exportedAt: z.iso.datetime(),
  sessions: z.array(ledgerSessionSchema),
  rounds: z.array(ledgerRoundSchema),
  /** Per player, the sums of their sessions (wagered, won, net, granted). */
  totals: z.array(
    z.object({
      playerId: playerIdSchema,
      name: z.string(),
      granted: minorUnitsSchema,
      wagered: minorUnitsSchema,
      won: minorUnitsSchema,
      net: minorUnitsSchema,
    }),
  ),
});
export type LedgerExport = z.infer<typeof ledgerExportSchema>;

const recapPlayer = z.object({ playerId: playerIdSchema, name: z.string() });

/** GET /api/rooms/:roomId/recap: the night in a few figures (P8.11). */
export const recapSchema = z.object({
  roomId: z.string(),
  name: z.string(),
  chips: z.enum(['wallet', 'room']),
  closed: z.boolean(),
  from: epochMsSchema.nullable(),
  to: epochMsSchema.nullable(),
  net: z.array(recapPlayer.extend({ net: minorUnitsSchema })),
  biggestWin: recapPlayer.extend({ amount: minorUnitsSchema, roundId: z.string() }).nullable(),
  /** The most rounds in a row one player held the shoe (or the bank). */
  longestHold: recapPlayer.extend({ rounds: z.number().int().positive() }).nullable(),
  /** Who dealt (held the shoe or bank for) the most rounds in all. */
  mostDealt: recapPlayer.extend({ rounds: z.number().int().positive() }).nullable(),
  /** The largest gap between a player's highest and lowest running net of the night. */
  biggestSwing: recapPlayer.extend({ amount: minorUnitsSchema }).nullable(),
  rounds: z.array(
    z.object({
      roundId: z.string(),
      seq: z.number().int().positive(),
      shoeId: z.string(),
      outcome: outcomeSchema,
      /** The round's page. */
      link: z.string(),
    }),
  ),
  shoes: z.array(
    z.object({
      shoeId: z.string(),
      number: z.number().int().positive(),
      rounds: z.number().int().nonnegative(),
      /** The shoe's fairness check. */
      verify: z.string(),
    }),
  ),
});
export type Recap = z.infer<typeof recapSchema>;

/** The CSV's header lines (P8.10): sessions first, then a blank line, then rounds. */
export const LEDGER_CSV_SESSION_COLUMNS = [
  'format',
  'player_id',
  'name',
  'joined',
  'left',
  'started',
  'granted',
  'wagered',
  'won',
  'net',
  'ended',
] as const;
export const LEDGER_CSV_ROUND_COLUMNS = [
  'format',
  'round_id',
  'seq',
  'shoe_id',
  'outcome',
  'settled_at',
  'commitment',
  'player_id',
  'stake',
  'net',
] as const;
