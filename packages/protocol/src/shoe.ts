import { z } from 'zod';
import { cardSchema } from './primitives.js';

/** What the table shows of its shoe; the server seed only appears in shoe.ended. */
export const shoeViewSchema = z.object({
  shoeId: z.string(),
  number: z.number().int().positive(),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  clientSeed: z.string(),
  decks: z.number().int().positive(),
  cut: z.number().int().positive(),
  lastHand: z.enum(['plus-one', 'finish-current']),
  burnShown: cardSchema.nullable(),
  burned: z.number().int().nonnegative(),
  cardsLeft: z.number().int().nonnegative(),
  roundsDealt: z.number().int().nonnegative(),
  cutCardOut: z.boolean(),
});
export type ShoeView = z.infer<typeof shoeViewSchema>;

const outcomeSchema = z.enum(['player', 'banker', 'tie']);

/** GET /api/shoes/:shoeId (P5): a shoe as stored; its seed only once it has ended. */
export const shoeRecordSchema = z.object({
  id: z.string(),
  tableId: z.string(),
  number: z.number().int().positive(),
  commitment: z.string(),
  /** Null while the shoe waits for its players' seed contributions (R11.7). */
  clientSeed: z.string().nullable(),
  decks: z.number().int().positive(),
  cut: z.number().int().nonnegative(),
  lastHand: z.enum(['plus-one', 'finish-current']),
  burnShown: z.string().nullable(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  /** Null while the shoe is in play. */
  serverSeed: z.string().nullable(),
  rounds: z.array(
    z.object({
      number: z.number().int().positive(),
      cards: z.array(z.string()),
      /** Null for a voided round. */
      outcome: outcomeSchema.nullable(),
      /** T9.6: refunded, not settled; voided before its deal it took no card. */
      voided: z.boolean(),
    }),
  ),
});
export type ShoeRecordReply = z.infer<typeof shoeRecordSchema>;

/** GET /api/tables/:tableId/shoes (P12.3): a table's shoes, newest first. */
export const shoeListReply = z.object({
  tableId: z.string(),
  shoes: z.array(
    z.object({
      id: z.string(),
      number: z.number().int().positive(),
      startedAt: z.iso.datetime(),
      endedAt: z.iso.datetime().nullable(),
      /** The server seed is published: the shoe can be re-run. */
      revealed: z.boolean(),
      rounds: z.number().int().nonnegative(),
    }),
  ),
});
export type ShoeListReply = z.infer<typeof shoeListReply>;
