/**
 * A revealed Baccara Banque shoe's coups as /shoes and /fairness show them: each tableau's and
 * the banker's cards and totals, the naturals, who drew or stood and whether by the rule or by a
 * choice, and each tableau's result (R20–R24). Read from the story the server publishes with a
 * revealed shoe (P5.1); the flat card list alone cannot say which hand drew which third card.
 */
import { z } from 'zod';
import type { ShoeRecord } from '../fairness/records';
import { handShown, type HandShown } from '../lib/hand-shown';

export type BanqueHand = 'right' | 'left' | 'banker';
export type TableauResult = 'tableau' | 'banker' | 'tie';

const hand = z.enum(['right', 'left', 'banker']);
const cards = z.array(z.string());
/** The steps of a coup's story this page reads (R24's `CoupStep`); others are passed over. */
const step = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dealt'), right: cards, left: cards, banker: cards }),
  z.object({ kind: z.literal('natural'), hand, total: z.number(), paid: z.boolean() }),
  z.object({
    kind: z.enum(['draw', 'stand']),
    hand,
    total: z.number(),
    card: z.string().optional(),
    by: z.enum(['table', 'choice', 'rule']),
  }),
  z.object({
    kind: z.literal('result'),
    outcomes: z.object({
      right: z.enum(['tableau', 'banker', 'tie']),
      left: z.enum(['tableau', 'banker', 'tie']),
    }),
  }),
]);

export interface BanqueCoupRow {
  readonly number: number;
  /** Called off (T9.6): its stakes went back. */
  readonly voided: boolean;
  /** Null when the coup took no card, or the record has no story to split its cards by. */
  readonly hands: Readonly<Record<BanqueHand, HandShown>> | null;
  /** The cards in the order they left the shoe, as the table recorded them. */
  readonly dealt: readonly string[];
  readonly naturals: readonly { hand: BanqueHand; total: number; paid: boolean }[];
  /** R23: each hand that drew or stood, on what, and who decided (the table's rule or a choice). */
  readonly decisions: readonly {
    hand: BanqueHand;
    kind: 'draw' | 'stand';
    total: number;
    by: 'table' | 'choice' | 'rule';
  }[];
  /** R24.1: each tableau against the banker; null for a coup not settled. */
  readonly outcomes: Readonly<Record<'right' | 'left', TableauResult>> | null;
}

type Round = ShoeRecord['rounds'][number];

/** One stored coup read through its story; a step this page does not know is left out. */
export function banqueCoupRow(round: Round): BanqueCoupRow {
  const steps = (round.story ?? []).flatMap((s) => {
    const parsed = step.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
  const dealt = steps.find((s) => s.kind === 'dealt');
  const held: Record<BanqueHand, string[]> | null = dealt
    ? { right: [...dealt.right], left: [...dealt.left], banker: [...dealt.banker] }
    : null;
  const decisions: BanqueCoupRow['decisions'][number][] = [];
  const naturals: BanqueCoupRow['naturals'][number][] = [];
  let outcomes: BanqueCoupRow['outcomes'] = null;
  for (const s of steps) {
    if (s.kind === 'natural') naturals.push({ hand: s.hand, total: s.total, paid: s.paid });
    else if (s.kind === 'draw' || s.kind === 'stand') {
      decisions.push({ hand: s.hand, kind: s.kind, total: s.total, by: s.by });
      if (s.kind === 'draw' && s.card && held) held[s.hand].push(s.card);
    } else if (s.kind === 'result') outcomes = s.outcomes;
  }
  return {
    number: round.number,
    voided: round.voided,
    hands:
      held && round.cards.length > 0
        ? {
            right: handShown(held.right),
            left: handShown(held.left),
            banker: handShown(held.banker),
          }
        : null,
    dealt: round.cards,
    naturals,
    decisions,
    outcomes: round.voided ? null : outcomes,
  };
}

export const banqueCoupRows = (record: ShoeRecord): BanqueCoupRow[] =>
  record.rounds.map(banqueCoupRow);

export const HAND_NAME: Record<BanqueHand, string> = {
  right: 'Right tableau',
  left: 'Left tableau',
  banker: 'Banker',
};

const WHO: Record<'table' | 'choice' | 'rule', (h: BanqueHand) => string> = {
  // R23.3: a tableau's 0–4 and 6–7 are fixed; the banker is never bound (R23.5).
  table: () => 'by the rule',
  choice: (h) => (h === 'banker' ? "by the banker's choice" : "by the holder's choice"),
  rule: () => 'by the room’s rule, no choice made in time',
};

/** How the coup played, in words: naturals, then each draw or stand in turn. */
export function playWords(row: BanqueCoupRow): string[] {
  const naturals = row.naturals.map(
    (n) =>
      `${HAND_NAME[n.hand]}: natural ${n.total}${n.paid ? ', paid at once while the other played on' : ''}`,
  );
  const decisions = row.decisions.map(
    (d) =>
      `${HAND_NAME[d.hand]} ${d.kind === 'draw' ? 'drew' : 'stood'} on ${d.total} ${WHO[d.by](d.hand)}`,
  );
  return [...naturals, ...decisions];
}

const RESULT: Record<TableauResult, string> = {
  tableau: 'the tableau wins',
  banker: 'the banker wins',
  tie: 'a tie, void',
};

/** R24.1: each tableau's result against the banker, in words. */
export function resultWords(row: BanqueCoupRow): string {
  if (row.voided) return 'Called off: every stake went back';
  if (!row.outcomes) return '—';
  return `Right: ${RESULT[row.outcomes.right]}; left: ${RESULT[row.outcomes.left]}`;
}
