import { z } from 'zod';
import { outcomeSchema, sideSchema } from './primitives.js';

/** The shapes of @banco/rules' Roads (R12), so clients can validate what they draw. */
const cell = { col: z.number().int().nonnegative(), row: z.number().int().nonnegative() };
const colourSchema = z.enum(['red', 'blue']);

const beadSchema = z.object({
  ...cell,
  round: z.number().int().nonnegative(),
  outcome: outcomeSchema,
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
  playerTotal: z.number().int().min(0).max(9).optional(),
  bankerTotal: z.number().int().min(0).max(9).optional(),
});

const bigRoadSchema = z.object({
  rows: z.number().int().positive(),
  columns: z.array(
    z.object({
      side: sideSchema,
      entries: z.array(
        z.object({
          ...cell,
          side: sideSchema,
          round: z.number().int().nonnegative(),
          ties: z.number().int().nonnegative(),
          playerPair: z.boolean(),
          bankerPair: z.boolean(),
        }),
      ),
    }),
  ),
  pendingTies: z.number().int().nonnegative(),
  width: z.number().int().nonnegative(),
});

const derivedRoadSchema = z.object({
  name: z.enum(['bigEyeBoy', 'smallRoad', 'cockroachPig']),
  lookback: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  rows: z.number().int().positive(),
  columns: z.array(
    z.object({
      colour: colourSchema,
      marks: z.array(z.object({ ...cell, colour: colourSchema, round: z.number().int() })),
    }),
  ),
  width: z.number().int().nonnegative(),
});

const askMarksSchema = z.object({
  bigEyeBoy: colourSchema.nullable(),
  smallRoad: colourSchema.nullable(),
  cockroachPig: colourSchema.nullable(),
});

export const roadsSchema = z.object({
  beadPlate: z.object({
    rows: z.number().int().positive(),
    width: z.number().int().nonnegative(),
    beads: z.array(beadSchema),
  }),
  bigRoad: bigRoadSchema,
  bigEyeBoy: derivedRoadSchema,
  smallRoad: derivedRoadSchema,
  cockroachPig: derivedRoadSchema,
  ask: z.object({ banker: askMarksSchema, player: askMarksSchema }),
});
export type RoadsView = z.infer<typeof roadsSchema>;

const probability = z.number().min(0).max(1);

/** R13: exact odds of the next round from the cards still in the shoe. */
export const liveOddsSchema = z.object({
  cardsLeft: z.number().int().nonnegative(),
  /**
   * P1.10: how many cards of each rank (A, 2 … 10, J, Q, K) no player has seen (R13.5): the
   * counts the odds were worked out from, so a client can recount them. Counts only, no order.
   */
  unseen: z.array(z.number().int().nonnegative()).length(13),
  probabilities: z.object({
    player: probability,
    banker: probability,
    tie: probability,
    playerPair: probability,
    bankerPair: probability,
  }),
  /** House edge per spot under this table's rules, as a fraction (0.0106 = 1.06 %). */
  edges: z.record(z.string(), z.number()),
});
export type LiveOdds = z.infer<typeof liveOddsSchema>;
