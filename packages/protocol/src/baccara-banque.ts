/**
 * B1–B3 in docs/protocol.md: Baccara Banque rooms (à deux tableaux): a room's settings, the
 * commands a client may send about the game, and the refusals. A Punto Banco or Chemin de Fer
 * table refuses the commands WRONG_PHASE. (A minimal version from the server's branch; the
 * rules helper's module replaces it when merged.)
 */
import { z } from 'zod';
import { minorUnitsSchema, roundSeqSchema, tableIdSchema } from './primitives.js';
import { chips } from './room-limits.js';
import { CHOICE_WINDOW_SECONDS } from './chemin-de-fer.js';

/** B1.2: the cagnotte in basis points of the banker's net winnings: 0–2 %, 1.25 % by default. */
export const CAGNOTTE_BASIS_POINTS = { min: 0, max: 200, default: 125 } as const;

/** B1.2 */
export const baccaraBanqueSettingsSchema = z
  .strictObject({
    /** 3 decks (limited bank) or 6 (open bank). */
    decks: z.union([z.literal(3), z.literal(6)]).default(3),
    /** Who holds the bank for a shoe: the highest bidder, or the next in seat order. */
    bankBy: z.enum(['auction', 'list']).default('auction'),
    bank: z.strictObject({ min: chips, max: chips }),
    cagnotteBasisPoints: z
      .number()
      .int()
      .min(CAGNOTTE_BASIS_POINTS.min)
      .max(CAGNOTTE_BASIS_POINTS.max)
      .default(CAGNOTTE_BASIS_POINTS.default),
    choices: z
      .discriminatedUnion('mode', [
        z.strictObject({
          mode: z.literal('window'),
          seconds: z.number().int().min(CHOICE_WINDOW_SECONDS.min).max(CHOICE_WINDOW_SECONDS.max),
        }),
        z.strictObject({ mode: z.literal('by-rule') }),
      ])
      .default({ mode: 'window', seconds: CHOICE_WINDOW_SECONDS.default }),
  })
  .superRefine((settings, ctx) => {
    if (settings.bank.max < settings.bank.min) {
      ctx.addIssue({
        code: 'custom',
        path: ['bank', 'max'],
        message: 'the maximum bank is below the minimum',
      });
    }
  });
export type BaccaraBanqueSettings = z.infer<typeof baccaraBanqueSettingsSchema>;

export const BANQUE_TABLEAUX = ['right', 'left'] as const;
export const banqueTableauSchema = z.enum(BANQUE_TABLEAUX);
export type BanqueTableau = z.infer<typeof banqueTableauSchema>;

const atCoup = { tableId: tableIdSchema, coup: roundSeqSchema };
const optionSchema = z.enum(['draw', 'stand']);

/** B2.1: a bid for the bank at the auction, or the bank taken by the list / taken over. */
export const banqueBidCommand = z.strictObject({
  tableId: tableIdSchema,
  amount: minorUnitsSchema.positive(),
});
/** B2.2: the seat offered the bank by the list (or to take it over) lets it go by. */
export const banqueDeclineCommand = z.strictObject({ tableId: tableIdSchema });
/** B2.3: a punter's one call in the staking window. */
export const banqueCallSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('stake'),
    on: z.enum(['right', 'left', 'cheval']),
    amount: minorUnitsSchema.positive(),
  }),
  z.strictObject({ kind: z.literal('banco'), on: z.enum(['right', 'left', 'split']) }),
  z.strictObject({ kind: z.literal('none') }),
]);
export type BanqueCall = z.infer<typeof banqueCallSchema>;
export const banqueStakeCommand = z.strictObject({ ...atCoup, call: banqueCallSchema });
/** B2.4: a tableau's holder on 5. */
export const banquePuntoChoiceCommand = z.strictObject({
  ...atCoup,
  tableau: banqueTableauSchema,
  option: optionSchema,
});
/** B2.5: the banker's free choice. */
export const banqueBankerChoiceCommand = z.strictObject({ ...atCoup, option: optionSchema });
/** B2.6: the banker leaves the bank between coups, after at least one. */
export const banqueRetireCommand = z.strictObject({ tableId: tableIdSchema });
/** B2.7: a bank below the room's minimum is brought back to it from the banker's wallet. */
export const banqueTopUpCommand = z.strictObject({ tableId: tableIdSchema });

export const BACCARA_BANQUE_COMMANDS = {
  'banque.bid': banqueBidCommand,
  'banque.decline': banqueDeclineCommand,
  'banque.stake': banqueStakeCommand,
  'banque.punto.choose': banquePuntoChoiceCommand,
  'banque.banker.choose': banqueBankerChoiceCommand,
  'banque.retire': banqueRetireCommand,
  'banque.topup': banqueTopUpCommand,
} as const;

/** B3: refusals of a Baccara Banque command beyond the shared codes (P3, C3). */
export const BACCARA_BANQUE_ERROR_CODES = [
  'NO_AUCTION',
  'BID_TOO_LOW',
  'BANKER_CANNOT_STAKE',
  'STAKING_CLOSED',
  'NOT_YOUR_SIDE',
  'CANNOT_RETIRE',
  'NO_TOP_UP',
] as const;
