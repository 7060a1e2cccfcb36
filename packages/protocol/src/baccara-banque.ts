/**
 * B1–B3 in docs/protocol.md: Baccara Banque rooms. The game itself is the rules package's
 * (`baccaraBanque`, R20–R24); this is what a client may send about it and what it may be told.
 * Its commands and error codes are spread into COMMANDS and ERROR_CODES (one source of truth for
 * the socket maps); another game's table refuses the commands WRONG_PHASE (B2).
 */
import { baccaraBanque } from '@banco/rules';
import { z } from 'zod';
import { CHOICE_WINDOW_SECONDS } from './chemin-de-fer.js';
import { minorUnitsSchema, roundSeqSchema, tableIdSchema } from './primitives.js';
import { chips } from './room-limits.js';

/** B1.3: how long the auction of the bank stays open, in the form's unit. */
export const BIDDING_WINDOW_SECONDS = { min: 10, max: 120, default: 30 } as const;

/** B1.2 */
export const baccaraBanqueSettingsSchema = z
  .strictObject({
    /** R20.1: 3 decks for a limited bank, 6 for an open bank. */
    decks: z.union([z.literal(3), z.literal(6)]).default(6),
    /** R21.2 / R21.3: the bank goes to the highest bid, or down the list in seat order. */
    award: z.enum(baccaraBanque.BANK_AWARDS).default('auction'),
    /** R21.1: a limited bank has a maximum; an open bank's `max` is null. */
    bank: z.strictObject({ min: chips, max: chips.nullable() }),
    /** R24.4: basis points of the banker's net winnings: 0–200 (2 %), default 125 (1.25 %). */
    cagnotteBp: z
      .number()
      .int()
      .min(0)
      .max(baccaraBanque.MAX_CAGNOTTE_BP)
      .default(baccaraBanque.DEFAULT_CAGNOTTE_BP),
    /** R23.6: a window for each choice (a holder on 5, the banker), or every choice by the rule. */
    choices: z
      .discriminatedUnion('mode', [
        z.strictObject({
          mode: z.literal('window'),
          seconds: z.number().int().min(CHOICE_WINDOW_SECONDS.min).max(CHOICE_WINDOW_SECONDS.max),
        }),
        z.strictObject({ mode: z.literal('by-rule') }),
      ])
      .default({ mode: 'window', seconds: CHOICE_WINDOW_SECONDS.default }),
    /** B1.3: the auction's window. */
    biddingSeconds: z
      .number()
      .int()
      .min(BIDDING_WINDOW_SECONDS.min)
      .max(BIDDING_WINDOW_SECONDS.max)
      .default(BIDDING_WINDOW_SECONDS.default),
    /** R22.6: whether players without a seat may stake what the seated left uncovered. */
    watchersMayCover: z.boolean().default(false),
  })
  .superRefine((settings, ctx) => {
    const { min, max } = settings.bank;
    if (max !== null && max < min) {
      ctx.addIssue({
        code: 'custom',
        path: ['bank', 'max'],
        message: 'the maximum bank is below the minimum',
      });
    }
    if (settings.decks === 3 && max === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['bank', 'max'],
        message: 'a limited bank (3 decks) needs a maximum (R21.1)',
      });
    }
  });
export type BaccaraBanqueSettings = z.infer<typeof baccaraBanqueSettingsSchema>;

/** The rules package's coup settings a room's settings stand for. */
export function banqueCoupRulesOf(settings: BaccaraBanqueSettings): baccaraBanque.CoupRules {
  return {
    cagnotteBp: settings.cagnotteBp,
    choices: settings.choices.mode === 'by-rule' ? 'by-rule' : 'free',
    watchersMayStake: settings.watchersMayCover,
  };
}

/** R21.1: the limits a room's settings give a bank. */
export function banqueBankLimitsOf(settings: BaccaraBanqueSettings): baccaraBanque.BankLimits {
  return { min: settings.bank.min, max: settings.bank.max };
}

const atTable = { tableId: tableIdSchema };
const atCoup = { ...atTable, coup: roundSeqSchema };
const amount = minorUnitsSchema.positive();
export const tableauSchema = z.enum(baccaraBanque.TABLEAUX);
export const banqueDrawOptionSchema = z.enum(baccaraBanque.DRAW_OPTIONS);

/** B2.1: a seated player's bid for the bank while the auction is open. */
export const banqueBidCommand = z.strictObject({ ...atTable, amount });
/** B2.2: the seat the bank is offered to (down the list, or to take it over) puts one up. */
export const banquePostCommand = z.strictObject({ ...atTable, amount });
/** B2.3: the seat the bank is offered to refuses it. */
export const banqueDeclineCommand = z.strictObject({ ...atTable });
/** B2.4: a punter's one call on the coup. */
export const stakeCallSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('stake'), on: z.enum(baccaraBanque.STAKE_SPOTS), amount }),
  z.strictObject({ kind: z.literal('banco'), on: z.enum(baccaraBanque.BANCO_SPOTS) }),
  z.strictObject({ kind: z.literal('banco-shared') }),
  z.strictObject({ kind: z.literal('none') }),
]);
export type StakeCall = z.infer<typeof stakeCallSchema>;
export const banqueStakeCommand = z.strictObject({ ...atCoup, call: stakeCallSchema });
/** B2.5: a tableau's holder's choice on 5. */
export const banquePuntoChoiceCommand = z.strictObject({
  ...atCoup,
  tableau: tableauSchema,
  option: banqueDrawOptionSchema,
});
/** B2.6: the banker's free choice once both tableaux have played. */
export const banqueBankerChoiceCommand = z.strictObject({
  ...atCoup,
  option: banqueDrawOptionSchema,
});
/** B2.7: the banker gives the bank up between coups, declaring what he leaves with. */
export const banqueRetireCommand = z.strictObject({ ...atTable });
/** B2.8: the seat offered a retired banker's bank takes it over with a bank of his own. */
export const banqueTakeOverCommand = z.strictObject({ ...atTable, amount });
/** B2.9: a dry bank topped up to `to`, at least the room's minimum. */
export const banqueTopUpCommand = z.strictObject({ ...atTable, to: amount });

export const BACCARA_BANQUE_COMMANDS = {
  'banque.bid': banqueBidCommand,
  'banque.bank.post': banquePostCommand,
  'banque.bank.decline': banqueDeclineCommand,
  'banque.stake': banqueStakeCommand,
  'banque.punto.choose': banquePuntoChoiceCommand,
  'banque.banker.choose': banqueBankerChoiceCommand,
  'banque.bank.retire': banqueRetireCommand,
  'banque.bank.take-over': banqueTakeOverCommand,
  'banque.bank.top-up': banqueTopUpCommand,
} as const;
export type BaccaraBanqueCommandName = keyof typeof BACCARA_BANQUE_COMMANDS;

/**
 * B3.1: the refusals new with Baccara Banque. It also uses shared ones (P3: INVALID_PAYLOAD,
 * NOT_SEATED, STALE_ROUND, INSUFFICIENT_BALANCE, NOT_OFFERED, WRONG_PHASE …) and Chemin de Fer's
 * of the same meaning (C3: NOT_YOUR_BANK, BANK_OUT_OF_LIMITS, NO_PUNTERS, SHOE_FINISHED,
 * NOT_A_PUNTER, INVALID_STAKE, COUP_DEALT, NO_CHOICE_PENDING, NOT_YOUR_CHOICE). Each is the code
 * the rules package returns, so a server passes it on as it is.
 */
export const BACCARA_BANQUE_ERROR_CODES = [
  /** R21.2: a bid no higher than the bidder's last. */
  'BID_TOO_LOW',
  /** R21.4: a banker retiring before his first coup. */
  'MUST_PLAY_ONE_COUP',
  /** R21.5: a top-up of a bank that is not dry. */
  'BANK_NOT_DRY',
  /** R21.5: a coup cannot open on an empty bank. */
  'BANK_EMPTY',
  /** R22.3: the stakes of this coup are closed. */
  'STAKES_CLOSED',
  'BANKER_CANNOT_STAKE',
  'ALREADY_STAKED',
  /** R22.4, R22.6: a watcher calling banco. */
  'BANCO_SEATED_ONLY',
  /** R22.6, B2.4: a watcher's stake before every seated punter has called. */
  'WATCHERS_AFTER_SEATED',
  'INVALID_SPOT',
] as const;
export const baccaraBanqueErrorCodeSchema = z.enum(BACCARA_BANQUE_ERROR_CODES);
export type BaccaraBanqueErrorCode = z.infer<typeof baccaraBanqueErrorCodeSchema>;
