import { z } from 'zod';
import { roomKindSchema } from './chemin-de-fer.js';
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
      /** C6.1: the game the shoe was dealt for; absent from servers older than the field. */
      game: roomKindSchema.default('punto-banco'),
    }),
  ),
});
export type ShoeListReply = z.infer<typeof shoeListReply>;
