/**
 * B4, B5 in docs/protocol.md: what a Baccara Banque table tells the people at it. Everyone gets
 * the same public view (a watcher's: `visibleCards(state, null)` of the rules package); the
 * banker and each tableau's holder get their own face-down cards on `table.private` (B5.3), and
 * the banker, while he chooses, the exact values of his two options. No field here ever holds a
 * card, or a total, that the table has not turned over.
 */
import { baccaraBanque, handTotal } from '@banco/rules';
import { z } from 'zod';
import { stakeCallSchema } from './baccara-banque.js';
import {
  cardSchema,
  epochMsSchema,
  minorUnitsSchema,
  playerIdSchema,
  roundSeqSchema,
  seatSchema,
} from './primitives.js';

const amount = minorUnitsSchema.nonnegative();
const positive = minorUnitsSchema.positive();
export const banqueHandSchema = z.enum(['right', 'left', 'banker']);
const total = z.number().int().min(0).max(9);
/** A card dealt face down that this viewer may not see is null (B4.4). */
const shownCard = cardSchema.nullable();
const tableauOutcome = z.enum(['tableau', 'banker', 'tie']);
const byTableau = <S extends z.ZodType>(schema: S) => z.object({ right: schema, left: schema });

/** B4.2: how the bank stands between coups. */
export const banqueBankStageSchema = z.discriminatedUnion('stage', [
  /** R21.2: bids so far, in the order they came (a seat's later bid replaces its earlier). */
  z.object({
    stage: z.literal('auction'),
    bids: z.array(z.object({ seat: seatSchema, amount: positive })),
    closesAt: epochMsSchema.nullable(),
  }),
  /** R21.3 / R21.6: offered down the list, or for a take-over after a banker retired. */
  z.object({
    stage: z.literal('offer'),
    kind: z.enum(['list', 'take-over']),
    seat: seatSchema,
    declined: z.array(seatSchema),
    until: epochMsSchema.nullable(),
  }),
  /** A banker holds the bank (see `tenure`). */
  z.object({ stage: z.literal('held') }),
  /** R21.5: the bank is below the minimum: its banker tops it up or retires by `until`. */
  z.object({ stage: z.literal('dry'), until: epochMsSchema.nullable() }),
  /** Nobody holds it: no bid, everyone declined, or the shoe is over. */
  z.object({ stage: z.literal('none'), why: z.enum(['no-bid', 'declined', 'shoe-over']) }),
]);
export type BanqueBankStage = z.infer<typeof banqueBankStageSchema>;

/** R21.4: the bank's holder and what it holds now. */
export const banqueTenureSchema = z.object({
  banker: seatSchema,
  bankerId: playerIdSchema,
  bank: amount,
  /** What he has put up: his bank at the start plus every top-up. */
  putUp: positive,
  coups: z.number().int().nonnegative(),
  /** R21.4: he has played a coup (or the bank is dry) and may retire between coups. */
  mayRetire: z.boolean(),
});

export const banqueStakeSchema = z.object({
  player: playerIdSchema,
  seat: seatSchema.nullable(),
  on: z.enum(baccaraBanque.STAKE_SPOTS),
  amount: positive,
});

export const banqueCoverSchema = z.object({
  kind: z.enum(['banco', 'banco-shared', 'stakes']),
  /** Accepted, in staking order (R22.3). */
  stakes: z.array(banqueStakeSchema),
  /** R22.7: on each tableau, à cheval counted on both; each at most the bank. */
  onTableau: byTableau(amount),
  /** R22.7: what went back before the deal. */
  returned: z.array(
    z.object({ player: playerIdSchema, seat: seatSchema.nullable(), amount: positive }),
  ),
});

/** B4.5: one line of the coup's story, as a watcher may read it. */
export const banqueStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('covered'), cover: banqueCoverSchema }),
  z.object({
    kind: z.literal('dealt'),
    right: z.array(shownCard),
    left: z.array(shownCard),
    banker: z.array(shownCard),
  }),
  z.object({ kind: z.literal('natural'), hand: banqueHandSchema, total, paid: z.boolean() }),
  z.object({
    kind: z.enum(['draw', 'stand']),
    hand: banqueHandSchema,
    /** The hand's two-card total; null until its cards are turned over (B4.4). */
    total: total.nullable(),
    card: cardSchema.optional(),
    by: z.enum(['table', 'choice', 'rule']),
    rule: z.string(),
  }),
  z.object({
    kind: z.literal('result'),
    outcomes: byTableau(tableauOutcome),
    totals: z.object({ right: total, left: total, banker: total }),
  }),
]);
export type BanqueStep = z.infer<typeof banqueStepSchema>;

export const banqueSettlementSchema = z.object({
  outcomes: byTableau(tableauOutcome),
  /** R24.3: in the order they were paid. */
  payouts: z.array(
    banqueStakeSchema.extend({
      result: z.enum(['win', 'lose', 'void']),
      back: amount,
      unpaid: amount,
    }),
  ),
  bankerGross: minorUnitsSchema,
  /** R24.4: to the house account. */
  cagnotte: amount,
  bankAfter: amount,
  short: z.boolean(),
});

/** B4.3: one coup, in play or just over. */
export const banqueCoupViewSchema = z.object({
  coup: roundSeqSchema,
  phase: z.enum(['staking', 'punto-choice', 'banker-choice', 'settled', 'not-dealt']),
  banker: seatSchema,
  bankerId: playerIdSchema,
  bank: positive,
  holders: byTableau(seatSchema.nullable()),
  /** Seated punters when the stakes opened. */
  punters: z.array(seatSchema),
  /** While staking (and at a coup not dealt): the calls made so far, in the order they came. */
  calls: z.array(
    z.object({ player: playerIdSchema, seat: seatSchema.nullable(), call: stakeCallSchema }),
  ),
  stakesCloseAt: epochMsSchema.nullable(),
  /**
   * B2.4, R22.6: the seated have all called (or their time ran out), the bank is not covered and
   * the room lets watchers cover it: a watcher may stake now, until `stakesCloseAt`.
   */
  watchersTurn: z.boolean().default(false),
  cover: banqueCoverSchema.nullable(),
  /** B4.4: whose choice the table waits for; `deadline` null when nothing times it. */
  pending: z
    .object({
      hand: banqueHandSchema,
      seat: seatSchema.nullable(),
      deadline: epochMsSchema.nullable(),
    })
    .nullable(),
  cards: z.object({
    right: z.array(shownCard),
    left: z.array(shownCard),
    banker: z.array(shownCard),
  }),
  story: z.array(banqueStepSchema),
  settlement: banqueSettlementSchema.nullable(),
  notDealt: z.enum(['uncovered', 'called-off']).nullable(),
  /** R20.2: the stop card is out: this is the shoe's last coup. */
  lastCoup: z.boolean(),
});
export type BanqueCoupView = z.infer<typeof banqueCoupViewSchema>;

/** B4.1: the Baccara Banque part of a snapshot, and of every `banque.updated` event. */
export const baccaraBanqueViewSchema = z.object({
  stage: banqueBankStageSchema,
  tenure: banqueTenureSchema.nullable(),
  /** R22.2: who holds each side's cards for the next coup. */
  holders: byTableau(seatSchema.nullable()),
  coup: banqueCoupViewSchema.nullable(),
  last: banqueCoupViewSchema.nullable(),
  /** The coup counter's next value: what `coup` a stake names once it opens. */
  nextCoup: roundSeqSchema,
  /** B4.6: the bank after each coup of this shoe, and each banker who retired with his amount. */
  bankRun: z.array(z.object({ coup: roundSeqSchema, banker: seatSchema, bank: amount })),
  retired: z.array(
    z.object({
      seat: seatSchema,
      playerId: playerIdSchema,
      leavesWith: amount,
      net: minorUnitsSchema,
    }),
  ),
  /** R24.4: the cagnotte taken this shoe. */
  cagnotte: amount,
});
export type BaccaraBanqueView = z.infer<typeof baccaraBanqueViewSchema>;

/** B5.1: what happened, so a page can tell the story without diffing views. */
export const BANQUE_UPDATES = [
  'auction-opened',
  'bid',
  'awarded',
  'offered',
  'declined',
  'posted',
  'stakes-opened',
  'called',
  /** B2.4: the seated are done and the bank is not covered: watchers may stake (R22.6). */
  'watchers-turn',
  'dealt',
  'chose',
  'settled',
  'not-dealt',
  'dry',
  'topped-up',
  'retired',
  'taken-over',
  'shoe-over',
] as const;

export const banqueBalanceSchema = z.object({
  seat: seatSchema.nullable(),
  playerId: playerIdSchema,
  balance: minorUnitsSchema,
});

/** R29.1: an exact number: a fraction in lowest terms ("-35/12") and its decimal to 4 places. */
export const exactValueSchema = z.object({ fraction: z.string(), decimal: z.string() });
const tableauValue = z.object({
  chances: z.object({ win: exactValueSchema, lose: exactValueSchema, tie: exactValueSchema }),
  /** Expected chips the banker wins on this tableau's stake, minor units. */
  expected: exactValueSchema,
});
/** One option's figures; a tableau whose natural was paid is null. */
export const banqueOptionValueSchema = z.object({
  right: tableauValue.nullable(),
  left: tableauValue.nullable(),
  cheval: exactValueSchema,
  cagnotte: exactValueSchema,
  total: exactValueSchema,
});

/**
 * B5.3: a hand's own face-down cards, to the sockets of the player who holds it only. The
 * banker's, while he chooses, carry `window`: the exact expected chips of drawing and of standing
 * against each tableau and in total (R23.5), and what the rule would do (R23.6).
 */
export const banqueCardsMessage = z.object({
  tableId: z.string(),
  type: z.literal('banque.cards'),
  coup: roundSeqSchema,
  hand: banqueHandSchema,
  cards: z.array(cardSchema),
  /** This player must choose for this hand now. */
  choosing: z.boolean(),
  /**
   * B2.5: while a holder calls on 0–4 or 6–7, what the punto rule will do whatever he says
   * (R23.3); null on 5, his own choice, and when he is not calling.
   */
  forced: z.enum(baccaraBanque.DRAW_OPTIONS).nullable().optional(),
  window: z
    .object({
      draw: banqueOptionValueSchema,
      stand: banqueOptionValueSchema,
      /** R23.6: what the rule does if he lets the window run out: the greater total. */
      best: z.enum(baccaraBanque.DRAW_OPTIONS),
      /** Draw's total less stand's. */
      drawGain: exactValueSchema,
    })
    .nullable(),
});
export type BanqueCards = z.infer<typeof banqueCardsMessage>;

type CoupState = baccaraBanque.CoupState;

export interface BanqueCoupContext {
  readonly coup: number;
  readonly bankerId: string;
  readonly stakesCloseAt: number | null;
  /** When the pending choice is made by the rule; null when nothing waits for it. */
  readonly choiceDeadline: number | null;
  /** B2.4: the watchers' turn to stake is open (R22.6). */
  readonly watchersTurn?: boolean;
}

/** B4.4: whose choice the table waits for. */
export function banquePending(
  state: CoupState,
  deadline: number | null,
): BanqueCoupView['pending'] {
  if (state.phase === 'punto-choice') {
    return { hand: state.tableau, seat: state.holders[state.tableau], deadline };
  }
  if (state.phase === 'banker-choice') return { hand: 'banker', seat: state.banker, deadline };
  return null;
}

/**
 * B4.3, B4.4: a coup as a watcher sees it. Built from `visibleCards(state, null)`; the story keeps
 * a face-down hand's cards and totals out until they are turned over.
 */
export function publicBanqueCoupView(state: CoupState, context: BanqueCoupContext): BanqueCoupView {
  const cards = baccaraBanque.visibleCards(state, null);
  const base = {
    coup: context.coup,
    phase: state.phase,
    banker: state.banker,
    bankerId: context.bankerId,
    bank: state.bank,
    holders: { ...state.holders },
    punters: [...state.punters],
    lastCoup: false,
    settlement: null,
    notDealt: null,
    pending: null,
    cover: null,
    story: [],
    cards: { right: [...cards.right], left: [...cards.left], banker: [...cards.banker] },
  };
  if (state.phase === 'staking' || state.phase === 'not-dealt') {
    return banqueCoupViewSchema.parse({
      ...base,
      calls: state.calls.map((c) => ({ player: c.player, seat: c.seat, call: { ...c.call } })),
      stakesCloseAt: state.phase === 'staking' ? context.stakesCloseAt : null,
      watchersTurn: state.phase === 'staking' && context.watchersTurn === true,
      notDealt: state.phase === 'not-dealt' ? state.reason : null,
    });
  }
  const settled = state.phase === 'settled';
  const turned = (hand: baccaraBanque.Hand) =>
    settled || (hand !== 'banker' && state.progress[hand] === 'natural');
  const story = state.story.map((step): BanqueStep => {
    switch (step.kind) {
      case 'covered':
        return { kind: 'covered', cover: banqueCoverSchema.parse(step.cover) };
      case 'dealt':
        return {
          kind: 'dealt',
          right: cards.right.slice(0, 2),
          left: cards.left.slice(0, 2),
          banker: cards.banker.slice(0, 2),
        };
      case 'natural':
        return { ...step };
      case 'draw':
      case 'stand':
        return {
          kind: step.kind,
          hand: step.hand,
          total: turned(step.hand) ? step.total : null,
          ...(step.card === undefined ? {} : { card: step.card }),
          by: step.by,
          rule: step.rule,
        };
      case 'result':
        return { kind: 'result', outcomes: { ...step.outcomes }, totals: { ...step.totals } };
    }
  });
  return banqueCoupViewSchema.parse({
    ...base,
    calls: [],
    stakesCloseAt: null,
    watchersTurn: false,
    cover: banqueCoverSchema.parse(state.cover),
    pending: banquePending(state, context.choiceDeadline),
    story,
    settlement: settled ? banqueSettlementSchema.parse(state.settlement) : null,
    lastCoup: state.lastCoup,
  });
}

/**
 * B5.3: the private messages one seat is owed now: the banker his two cards (with his window's
 * exact values while he chooses), a tableau's holder that tableau's two cards (and whether he
 * must choose on 5). Nothing for anyone else, nor before the deal or once the coup is settled
 * (everything is face up then).
 */
export function banqueCardsFor(
  state: CoupState,
  seat: number,
  context: { readonly tableId: string; readonly coup: number },
): BanqueCards[] {
  if (state.phase === 'staking' || state.phase === 'not-dealt' || state.phase === 'settled') {
    return [];
  }
  const messages: BanqueCards[] = [];
  const base = { tableId: context.tableId, type: 'banque.cards' as const, coup: context.coup };
  if (seat === state.banker) {
    let window: BanqueCards['window'] = null;
    if (state.phase === 'banker-choice') {
      const values = baccaraBanque.bankerChoiceValues(baccaraBanque.bankerPosition(state));
      if (values.ok) {
        const { draw, stand, best, drawGain } = values.value;
        window = banqueCardsMessage.shape.window.parse({ draw, stand, best, drawGain });
      }
    }
    messages.push({
      ...base,
      hand: 'banker',
      cards: state.cards.banker.slice(0, 2),
      choosing: state.phase === 'banker-choice',
      forced: null,
      window,
    });
  }
  for (const tableau of baccaraBanque.TABLEAUX) {
    if (state.holders[tableau] !== seat || state.progress[tableau] === 'natural') continue;
    const choosing = state.phase === 'punto-choice' && state.tableau === tableau;
    const cards = state.cards[tableau].slice(0, 2);
    messages.push({
      ...base,
      hand: tableau,
      cards,
      choosing,
      forced: choosing ? baccaraBanque.tableauForced(handTotal(cards)) : null,
      window: null,
    });
  }
  return messages;
}
