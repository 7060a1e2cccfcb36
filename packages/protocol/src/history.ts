import { z } from 'zod';
import { roomKindSchema } from './chemin-de-fer.js';
import { outcomeSchema } from './primitives.js';

/**
 * Replies of the history and fairness routes (GET /api/tables/:tableId/rounds and
 * GET /api/shoes/:shoeId): the server answers in these shapes and the table page reads them.
 */
/** As stored: the card codes of R1 (`9H`, `KS`). */
const card = z.string();

export const roundRecordSchema = z
  .object({
    id: z.string(),
    seq: z.number().int().positive().describe("The table's round counter"),
    shoeId: z.string(),
    shoeNumber: z.number().int().positive(),
    number: z.number().int().positive().describe('The round number inside its shoe'),
    cards: z.array(card).describe('Cards in the order they left the shoe (R3.1)'),
    outcome: outcomeSchema,
    playerTotal: z.number().int().min(0).max(9),
    bankerTotal: z.number().int().min(0).max(9),
    holderSeat: z.number().int().positive().nullable(),
    openedAt: z.iso.datetime(),
    settledAt: z.iso.datetime(),
    bets: z.array(
      z.object({
        playerId: z.string(),
        /** Null for a watcher's stake, where the game lets watchers cover (B2.4, R22.6). */
        seat: z.number().int().positive().nullable(),
        spot: z.string(),
        amount: z.number().int(),
        result: z.enum(['lose', 'push', 'win']),
        returned: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'RoundRecord' });

export const roundsReplySchema = z.object({
  tableId: z.string(),
  rounds: z.array(roundRecordSchema),
});
export type RoundRecord = z.infer<typeof roundRecordSchema>;

export const shoeVerificationSchema = z
  .object({
    verified: z.boolean(),
    commitmentMatches: z.boolean(),
    roundsReplayed: z.number().int().nonnegative(),
    mismatches: z.array(z.number().int().positive()),
    problem: z.string().optional(),
    command: z
      .string()
      .describe('Run it from a checkout of this repository to check the shoe yourself'),
  })
  .meta({ id: 'ShoeVerification' });

export const shoeReplySchema = z
  .object({
    id: z.string(),
    tableId: z.string(),
    number: z.number().int().positive(),
    commitment: z.string(),
    /** Null while the shoe waits for its players' seed contributions (R11.7). */
    clientSeed: z.string().nullable(),
    decks: z.number().int().positive(),
    cut: z.number().int().nonnegative(),
    lastHand: z.enum(['plus-one', 'finish-current']),
    /** C6.1: the game the shoe was dealt for; absent from servers older than the field. */
    game: roomKindSchema.default('punto-banco'),
    burnShown: card.nullable(),
    startedAt: z.iso.datetime(),
    endedAt: z.iso.datetime().nullable(),
    /** Null while the shoe is in play. */
    serverSeed: z.string().nullable(),
    rounds: z.array(
      z.object({
        number: z.number().int().positive(),
        cards: z.array(card),
        /** Null for a voided round. */
        outcome: outcomeSchema.nullable(),
        /** T9.6: refunded, not settled; voided before its deal it took no card. */
        voided: z.boolean(),
        /**
         * P5.1: the game's own account of the round, step by step (for a game with choices: who
         * drew, by choice or by rule), as its rules module writes it. Only once the shoe is
         * revealed; null before, and for a round that has none. Absent from older servers.
         */
        story: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
      }),
    ),
    /** Null while the shoe is in play. */
    verification: shoeVerificationSchema.nullable(),
  })
  .meta({ id: 'ShoeRecord' });

export type ShoeReply = z.infer<typeof shoeReplySchema>;
