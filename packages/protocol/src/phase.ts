import { z } from 'zod';
import { epochMsSchema, roundSeqSchema, seatSchema, sideSchema } from './primitives.js';

/** Who acts: a seat, or the house (null). */
export const actorSeatSchema = seatSchema.nullable();

/** The table's phase as everyone may see it (P2 in docs/protocol.md). */
export const phaseViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('waiting') }),
  z.object({
    kind: z.literal('seeding'),
    shoeId: z.string(),
    number: z.number().int().positive(),
    commitment: z.string().regex(/^[0-9a-f]{64}$/),
    deadline: epochMsSchema,
    contributions: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('betting'),
    round: roundSeqSchema,
    /** Null for untimed betting: it closes when everyone has decided or the host says (P9.5). */
    closesAt: epochMsSchema.nullable(),
    lastBetsAt: epochMsSchema.nullable(),
  }),
  z.object({
    kind: z.literal('dealing'),
    round: roundSeqSchema,
    dealer: actorSeatSchema,
    deadline: epochMsSchema,
  }),
  z.object({
    kind: z.literal('turning'),
    round: roundSeqSchema,
    hand: sideSchema,
    stage: z.enum(['initial', 'third']),
    turner: actorSeatSchema,
    deadline: epochMsSchema,
  }),
  z.object({ kind: z.literal('settling'), round: roundSeqSchema }),
  z.object({
    kind: z.literal('result'),
    round: roundSeqSchema,
    /** P12.2: null while a self-paced table waits for `round.next`. */
    nextAt: epochMsSchema.nullable(),
  }),
]);
export type PhaseView = z.infer<typeof phaseViewSchema>;
export type PhaseKind = PhaseView['kind'];
