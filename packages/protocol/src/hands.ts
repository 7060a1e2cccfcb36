import { z } from 'zod';
import { cardSchema, sideSchema } from './primitives.js';

/**
 * A hand on the layout. A card dealt but not yet turned is `null`: the server never puts an
 * unrevealed face in a broadcast or a snapshot (P1.4).
 */
export const layoutHandSchema = z.array(cardSchema.nullable()).max(3);
export const layoutSchema = z.object({ player: layoutHandSchema, banker: layoutHandSchema });
export type Layout = z.infer<typeof layoutSchema>;

export const traceStepSchema = z.object({
  hand: sideSchema,
  action: z.enum(['draw', 'stand']),
  total: z.number().int().min(0).max(9),
  playerThirdValue: z.number().int().min(0).max(9).optional(),
  card: cardSchema.optional(),
  rule: z.string(),
  text: z.string(),
});

export const revealedHandSchema = z.object({
  cards: z.array(cardSchema).min(2).max(3),
  total: z.number().int().min(0).max(9),
  natural: z.boolean(),
  pair: z.boolean(),
});
