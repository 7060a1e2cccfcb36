/**
 * C4, C5 in docs/protocol.md: what a Chemin de Fer table tells the people at it. Everyone gets
 * the same public view (a watcher's: `visibleCards(state, null)` of the rules package); the two
 * players whose first two cards are face down get theirs on `table.private` (C5.3). No field
 * here ever holds a card, or a total, that the table has not turned over.
 */
import { cardValue, cheminDeFer, handTotal } from '@banco/rules';
import { z } from 'zod';
import { coverCallSchema } from './chemin-de-fer.js';
import {
  cardSchema,
  epochMsSchema,
  minorUnitsSchema,
  outcomeSchema,
  playerIdSchema,
  roundSeqSchema,
  seatSchema,
} from './primitives.js';

const amount = minorUnitsSchema.nonnegative();
const hand = z.enum(['punto', 'banker']);
const cell = z.enum(
  cheminDeFer.CHOICE_CELLS as [cheminDeFer.ChoiceCell, ...cheminDeFer.ChoiceCell[]],
);
const total = z.number().int().min(0).max(9);
/** A card dealt face down that this viewer may not see is null (C4.4). */
const shownCard = cardSchema.nullable();

/** C4.2: who may post the bank now (R15.1, R17.3); a riding bank is whole chips (R15.7). */
export const bankOfferViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fresh'), seat: seatSchema, declined: z.array(seatSchema) }),
  z.object({ kind: z.literal('ride'), seat: seatSchema, amount: amount }),
  z.object({ kind: z.literal('vacant') }),
]);
export type BankOfferView = z.infer<typeof bankOfferViewSchema>;

export const coverViewSchema = z.object({
  kind: z.enum(['banco', 'avec-la-table', 'stakes']),
  covers: z.array(z.object({ seat: seatSchema, amount: minorUnitsSchema.positive() })),
  covered: amount,
  /** R15.5: back to the banker before the first card. */
  uncovered: amount,
  puntoSeat: seatSchema.nullable(),
});

/** C4.5: one line of the coup's story, as a watcher may read it. */
export const coupStepViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('covered'), cover: coverViewSchema }),
  z.object({ kind: z.literal('dealt'), punto: z.array(shownCard), banker: z.array(shownCard) }),
  z.object({ kind: z.literal('natural'), hand, total }),
  z.object({
    kind: z.enum(['draw', 'stand']),
    hand,
    /** The hand's two-card total; null until its cards are turned over (C4.4). */
    total: total.nullable(),
    puntoThird: total.optional(),
    card: cardSchema.optional(),
    cell: cell.optional(),
    by: z.enum(['table', 'choice', 'rule']),
    rule: z.string(),
  }),
  z.object({ kind: z.literal('result'), outcome: outcomeSchema, punto: total, banker: total }),
]);
export type CoupStepView = z.infer<typeof coupStepViewSchema>;

export const coupSettlementViewSchema = z.object({
  outcome: outcomeSchema,
  /** What the banker got back of the covered part, winnings included. */
  banker: amount,
  punters: z.array(z.object({ seat: seatSchema, amount })),
  /** C4.6: to the house account. */
  cagnotte: amount,
  bankerNet: minorUnitsSchema,
});

/** C4.3: one coup, in play or just over. */
export const coupViewSchema = z.object({
  coup: roundSeqSchema,
  phase: z.enum(['covering', 'punto-choice', 'banker-choice', 'settled', 'not-dealt']),
  banker: seatSchema,
  bankerId: playerIdSchema,
  bank: minorUnitsSchema.positive(),
  bancoSuivi: seatSchema.nullable(),
  /** R15.2: in call order from the banker's right. */
  punters: z.array(seatSchema),
  calls: z.array(z.object({ seat: seatSchema, call: coverCallSchema })),
  /** While covering: when the cover closes by itself (C5.2). */
  coverClosesAt: epochMsSchema.nullable(),
  cover: coverViewSchema.nullable(),
  /**
   * C4.4: whose choice the table waits for; `deadline` null in a by-rule room (never waits). Not
   * the cell: it would give away the chooser's total (R14.5); the chooser has it on C5.3.
   */
  pending: z.object({ hand, seat: seatSchema, deadline: epochMsSchema.nullable() }).nullable(),
  cards: z.object({ punto: z.array(shownCard), banker: z.array(shownCard) }),
  story: z.array(coupStepViewSchema),
  settlement: coupSettlementViewSchema.nullable(),
  /** Why a coup ended without a card: nobody covered it, or the table called it off. */
  notDealt: z.enum(['uncovered', 'called-off']).nullable(),
  /** R14.2: the stop card is out: this is the shoe's last coup. */
  lastCoup: z.boolean(),
});
export type CoupView = z.infer<typeof coupViewSchema>;

/** C4.1: the Chemin de Fer part of a snapshot, and of every `chemin.updated` event. */
export const cheminDeFerViewSchema = z.object({
  offer: bankOfferViewSchema,
  /** C5.1: when an unanswered offer counts as declined; null with nothing on offer. */
  offerUntil: epochMsSchema.nullable(),
  /** The coup in play; null between coups. */
  coup: coupViewSchema.nullable(),
  /** The last coup that ended (settled or not dealt), as it ended. */
  last: coupViewSchema.nullable(),
  /** R17.6: who has the first claim to a banco on the next coup. */
  bancoSuivi: seatSchema.nullable(),
  /** The coup counter's next value: what `coup` a post of the bank names (C2.1). */
  nextCoup: roundSeqSchema,
});
export type CheminDeFerView = z.infer<typeof cheminDeFerViewSchema>;

/** C5.1: what happened, so a page can tell the story without diffing views. */
export const CHEMIN_UPDATES = [
  'offered',
  'declined',
  'passed',
  'posted',
  'called',
  'dealt',
  'chose',
  'settled',
  'not-dealt',
] as const;

const optionCounts = z.object({
  win: z.number().int().nonnegative(),
  lose: z.number().int().nonnegative(),
  tie: z.number().int().nonnegative(),
});
/** R18.1: the exact chances of each option, from the chooser's side, over one denominator. */
export const choiceOddsSchema = z.object({
  draw: optionCounts,
  stand: optionCounts,
  denominator: z.number().int().positive(),
});

/**
 * C5.3: a seat's own face-down cards, to that player's sockets only; with `odds` when that
 * player has a choice to make now.
 */
export const cheminCardsMessage = z.object({
  tableId: z.string(),
  type: z.literal('chemin.cards'),
  coup: roundSeqSchema,
  hand,
  cards: z.array(cardSchema),
  odds: choiceOddsSchema.nullable(),
  /**
   * The cell of the choice this player must make now, beside its odds; null otherwise. Absent
   * from a server older than the field, which told the cell in the public `pending`.
   */
  cell: cell.nullable().optional(),
});
export type CheminCards = z.infer<typeof cheminCardsMessage>;

export const cheminBalanceSchema = z.object({
  seat: seatSchema,
  playerId: playerIdSchema,
  balance: minorUnitsSchema,
});

type CoupState = cheminDeFer.CoupState;

export interface CoupViewContext {
  readonly coup: number;
  readonly bankerId: string;
  readonly coverClosesAt: number | null;
  /** When the pending choice is made by the rule; null when nothing waits for it. */
  readonly choiceDeadline: number | null;
}

/** The cell the coup waits on, and whose it is (R16.1, R16.3): for the chooser's eyes only. */
export function pendingCell(
  state: CoupState,
): { hand: 'punto' | 'banker'; seat: number; cell: cheminDeFer.ChoiceCell } | null {
  if (state.phase === 'punto-choice' && state.cover.puntoSeat !== null) {
    return { hand: 'punto', seat: state.cover.puntoSeat, cell: 'punto-5' };
  }
  if (state.phase === 'banker-choice') {
    const third = state.punto[2];
    const decision = cheminDeFer.bankerDecision(
      handTotal(state.bankerCards),
      third === undefined ? null : cardValue(third),
    );
    if (decision.kind === 'choice') {
      return { hand: 'banker', seat: state.banker, cell: decision.cell };
    }
  }
  return null;
}

/** C4.4: whose choice the table waits for, without the cell (R14.5). */
function pendingOf(state: CoupState, deadline: number | null): CoupView['pending'] {
  const pending = pendingCell(state);
  return pending && { hand: pending.hand, seat: pending.seat, deadline };
}

/**
 * C4.3, C4.4: a coup as a watcher sees it. Built from `visibleCards(state, null)`, and the story
 * keeps a face-down hand's cards and totals out until the coup is settled.
 */
export function publicCoupView(state: CoupState, context: CoupViewContext): CoupView {
  const settled = state.phase === 'settled';
  const cards = cheminDeFer.visibleCards(state, null);
  const base = {
    coup: context.coup,
    phase: state.phase,
    banker: state.banker,
    bankerId: context.bankerId,
    bank: state.bank,
    bancoSuivi: state.bancoSuivi,
    punters: [...state.punters],
    lastCoup: false,
    settlement: null,
    notDealt: null,
    pending: null,
    cover: null,
    story: [],
    cards: { punto: [...cards.punto], banker: [...cards.banker] },
  };
  if (state.phase === 'covering' || state.phase === 'not-dealt') {
    return coupViewSchema.parse({
      ...base,
      calls: state.calls.map((c) => ({ seat: c.seat, call: { ...c.call } })),
      coverClosesAt: state.phase === 'covering' ? context.coverClosesAt : null,
      notDealt: state.phase === 'not-dealt' ? state.reason : null,
    });
  }
  const story: CoupStepView[] = state.story.map((step): CoupStepView => {
    switch (step.kind) {
      case 'covered':
        return { kind: 'covered', cover: { ...step.cover, covers: [...step.cover.covers] } };
      case 'dealt':
        return {
          kind: 'dealt',
          punto: [...cards.punto.slice(0, 2)],
          banker: [...cards.banker.slice(0, 2)],
        };
      case 'natural':
        return { kind: 'natural', hand: step.hand, total: step.total };
      case 'draw':
      case 'stand':
        return {
          kind: step.kind,
          hand: step.hand,
          total: settled ? step.total : null,
          ...(step.puntoThird === undefined ? {} : { puntoThird: step.puntoThird }),
          ...(step.card === undefined ? {} : { card: step.card }),
          // R14.5: a choice's cell gives away the chooser's total: told once the hands are.
          ...(step.cell === undefined || !settled ? {} : { cell: step.cell }),
          by: step.by,
          rule: step.rule,
        };
      case 'result':
        return { kind: 'result', outcome: step.outcome, punto: step.punto, banker: step.banker };
    }
  });
  return coupViewSchema.parse({
    ...base,
    calls: [],
    coverClosesAt: null,
    cover: { ...state.cover, covers: [...state.cover.covers] },
    pending: pendingOf(state, context.choiceDeadline),
    story,
    settlement:
      state.phase === 'settled'
        ? { ...state.settlement, punters: [...state.settlement.punters] }
        : null,
    lastCoup: state.lastCoup,
  });
}
