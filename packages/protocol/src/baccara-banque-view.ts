/**
 * B4, B5 in docs/protocol.md: what a Baccara Banque table tells the people at it. Everyone gets
 * the same public view; a tableau's holder and the banker get their own two cards on
 * `table.private` (B5.2), the banker with the exact value of each option when he chooses. No
 * field here holds a face-down card before the table turns it over.
 */
import { z } from 'zod';
import { banqueCallSchema, banqueTableauSchema } from './baccara-banque.js';
import {
  cardSchema,
  epochMsSchema,
  minorUnitsSchema,
  playerIdSchema,
  roundSeqSchema,
  seatSchema,
} from './primitives.js';

const amount = minorUnitsSchema.nonnegative();
const handSchema = z.enum(['right', 'left', 'banker']);
const stakeOnSchema = z.enum(['right', 'left', 'cheval']);
const resultSchema = z.enum(['win', 'lose', 'tie']);
/** A card dealt face down that nobody may see yet is null (B4.3). */
const shownCard = cardSchema.nullable();

export const banqueBankViewSchema = z.object({
  seat: seatSchema,
  playerId: playerIdSchema,
  /** What the bank holds now. */
  amount,
  /** What it started with (the bid, plus any top-up): its running total over the shoe. */
  putIn: amount,
  coups: z.number().int().nonnegative(),
  /** B2.7: the bank is below the room's minimum; the banker tops it up or retires by then. */
  topUpUntil: epochMsSchema.nullable(),
});

export const banqueAuctionViewSchema = z.object({
  /** `auction`: any seat bids; `list` and `takeover`: only `seat` may take it. */
  mode: z.enum(['auction', 'list', 'takeover']),
  seat: seatSchema.nullable(),
  closesAt: epochMsSchema,
  bids: z.array(z.object({ seat: seatSchema, amount: minorUnitsSchema.positive() })),
});

export const banqueAcceptedSchema = z.object({
  seat: seatSchema,
  on: stakeOnSchema,
  amount: minorUnitsSchema.positive(),
  banco: z.boolean(),
});

export const banqueStepSchema = z.object({
  kind: z.enum(['natural', 'draw', 'stand']),
  hand: handSchema,
  by: z.enum(['rule', 'choice', 'default']).optional(),
});

export const banqueCoupViewSchema = z.object({
  coup: roundSeqSchema,
  banker: seatSchema,
  bank: amount,
  stage: z.enum(['staking', 'dealt', 'settled', 'not-dealt']),
  stakingClosesAt: epochMsSchema,
  calls: z.array(z.object({ seat: seatSchema, call: banqueCallSchema })),
  /** What plays, once the staking closed (B4.2). */
  accepted: z.array(banqueAcceptedSchema).nullable(),
  /** Who holds each tableau's cards this coup. */
  holders: z.object({ right: seatSchema.nullable(), left: seatSchema.nullable() }),
  cards: z.object({
    right: z.array(shownCard),
    left: z.array(shownCard),
    banker: z.array(shownCard),
  }),
  pending: z
    .object({ hand: handSchema, seat: seatSchema.nullable(), deadline: epochMsSchema })
    .nullable(),
  /** A lone tableau natural, paid while the other plays on. */
  lonePaid: banqueTableauSchema.nullable(),
  story: z.array(banqueStepSchema),
  results: z.object({ right: resultSchema, left: resultSchema }).nullable(),
  settlement: z
    .object({
      returns: z.array(banqueAcceptedSchema.extend({ returned: amount })),
      /** The banker's net over both tableaux before the cagnotte. */
      net: z.number().int(),
      cagnotte: amount,
      bankAfter: amount,
    })
    .nullable(),
});
export type BanqueCoupView = z.infer<typeof banqueCoupViewSchema>;

/** B4.1 */
export const baccaraBanqueViewSchema = z.object({
  bank: banqueBankViewSchema.nullable(),
  auction: banqueAuctionViewSchema.nullable(),
  coup: banqueCoupViewSchema.nullable(),
  last: banqueCoupViewSchema.nullable(),
  nextCoup: roundSeqSchema,
  /** The cagnotte the house took this shoe. */
  cagnotte: amount,
});
export type BaccaraBanqueView = z.infer<typeof baccaraBanqueViewSchema>;

export const BANQUE_UPDATES = [
  'auction',
  'bid',
  'bank-won',
  'offered',
  'declined',
  'staking',
  'staked',
  'dealt',
  'chose',
  'settled',
  'not-dealt',
  'retired',
  'topped-up',
  'dry',
  'vacant',
] as const;

export const banqueBalanceSchema = z.object({
  seat: seatSchema,
  playerId: playerIdSchema,
  balance: minorUnitsSchema,
});

const choiceValueSchema = z.object({
  right: z.number().int(),
  left: z.number().int(),
  cheval: z.number().int(),
  total: z.number().int(),
});
/** B5.3: the banker's exact expected chips for each option, from what he knows. */
export const bankerChoiceValuesSchema = z.object({
  draw: choiceValueSchema,
  stand: choiceValueSchema,
  best: z.enum(['draw', 'stand']),
});
export type BankerChoiceValuesView = z.infer<typeof bankerChoiceValuesSchema>;

/** B5.2: a hand's own two cards to the one who holds it. */
export const banqueCardsMessage = z.object({
  tableId: z.string(),
  type: z.literal('banque.cards'),
  coup: roundSeqSchema,
  hand: handSchema,
  cards: z.array(cardSchema),
  /** B5.3: the banker's, while he chooses; null otherwise. */
  values: bankerChoiceValuesSchema.nullable(),
});
export type BanqueCards = z.infer<typeof banqueCardsMessage>;
