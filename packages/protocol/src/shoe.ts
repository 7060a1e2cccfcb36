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
