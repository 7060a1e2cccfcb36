/**
 * C1–C3 in docs/protocol.md: Chemin de Fer rooms. The game itself is the rules package's
 * (`cheminDeFer`, R14–R18); this is what a client may send about it and what it may be told.
 * Its commands and error codes are spread into COMMANDS and ERROR_CODES (one source of truth for
 * the socket maps); a Punto Banco table refuses the commands WRONG_PHASE (C2).
 */
import { cheminDeFer } from '@banco/rules';
import { z } from 'zod';
import { minorUnitsSchema, roundSeqSchema, tableIdSchema } from './primitives.js';
import { chips } from './room-limits.js';

export const ROOM_KINDS = ['punto-banco', 'chemin-de-fer', 'baccara-banque'] as const;
export const roomKindSchema = z.enum(ROOM_KINDS);
export type RoomKind = z.infer<typeof roomKindSchema>;

/** C1.3: how long the one who holds a choice has to make it, in the form's unit. */
export const CHOICE_WINDOW_SECONDS = { min: 5, max: 60, default: 20 } as const;

/** C1.2 */
export const cheminDeFerSettingsSchema = z
  .strictObject({
    /** R14.1 */
    decks: z.number().int().min(1).max(8).default(cheminDeFer.CHEMIN_DE_FER_SHOE.decks),
    /** R17.2 */
    cagnottePercent: z.number().int().min(0).max(cheminDeFer.MAX_CAGNOTTE_PERCENT).default(5),
    /** R15.1: what a fresh bank may be; a riding bank is capped at the maximum (R17.3). */
    bank: z.strictObject({ min: chips, max: chips }),
    /** R16.4: a window for each choice, or every choice by the rule. */
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
export type CheminDeFerSettings = z.infer<typeof cheminDeFerSettingsSchema>;

/** The rules package's coup settings a room's settings stand for. */
export function coupRulesOf(settings: CheminDeFerSettings): cheminDeFer.CoupRules {
  return {
    cagnottePercent: settings.cagnottePercent,
    choices: settings.choices.mode === 'by-rule' ? 'by-rule' : 'free',
    limits: settings.bank,
  };
}

const atCoup = { tableId: tableIdSchema, coup: roundSeqSchema };
const drawOptionSchema = z.enum(cheminDeFer.DRAW_OPTIONS);

/** C2.1: the seat offered the bank posts it (a fresh amount, or the riding bank whole). */
export const postBankCommand = z.strictObject({ ...atCoup, amount: minorUnitsSchema.positive() });
/** C2.2: a punter's one call on the open bank. */
export const coverCallSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('banco') }),
  z.strictObject({ kind: z.literal('avec-la-table') }),
  z.strictObject({ kind: z.literal('stake'), amount: minorUnitsSchema.positive() }),
  z.strictObject({ kind: z.literal('none') }),
]);
export type CoverCall = z.infer<typeof coverCallSchema>;
export const coverCommand = z.strictObject({ ...atCoup, call: coverCallSchema });
/** C2.3: the punto hand's choice on 5; C2.4: the banker's at 3 v 9 or 5 v 4. */
export const puntoChoiceCommand = z.strictObject({ ...atCoup, option: drawOptionSchema });
export const bankerChoiceCommand = z.strictObject({ ...atCoup, option: drawOptionSchema });
/** C2.5: a banker who has just won gives the bank up before the next coup's first card. */
export const passBankCommand = z.strictObject({ tableId: tableIdSchema });
/** C2.6: the seat offered a fresh bank refuses it. */
export const declineBankCommand = z.strictObject({ tableId: tableIdSchema });

export const CHEMIN_DE_FER_COMMANDS = {
  'chemin.bank.post': postBankCommand,
  'chemin.cover': coverCommand,
  'chemin.punto.choose': puntoChoiceCommand,
  'chemin.banker.choose': bankerChoiceCommand,
  'chemin.bank.pass': passBankCommand,
  'chemin.bank.decline': declineBankCommand,
} as const;
export type CheminDeFerCommandName = keyof typeof CHEMIN_DE_FER_COMMANDS;

/**
 * C3: refusals of a Chemin de Fer command, beyond the shared codes of P3 (INVALID_PAYLOAD,
 * NOT_SEATED, STALE_ROUND, INSUFFICIENT_BALANCE, NOT_OFFERED, WRONG_PHASE …). Each is the code
 * the rules package returns, so a server passes it on as it is.
 */
export const CHEMIN_DE_FER_ERROR_CODES = [
  'NOT_YOUR_BANK',
  'BANK_OUT_OF_LIMITS',
  'BANK_RIDES_WHOLE',
  'CANNOT_PASS',
  'NO_PUNTERS',
  'SHOE_FINISHED',
  'BANKER_CANNOT_COVER',
  'NOT_A_PUNTER',
  'ALREADY_CALLED',
  'INVALID_STAKE',
  'COVER_CLOSED',
  'COUP_DEALT',
  'NO_CHOICE_PENDING',
  'NOT_YOUR_CHOICE',
] as const;
export const cheminDeFerErrorCodeSchema = z.enum(CHEMIN_DE_FER_ERROR_CODES);
export type CheminDeFerErrorCode = z.infer<typeof cheminDeFerErrorCodeSchema>;
