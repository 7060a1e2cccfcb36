/**
 * A revealed Chemin de Fer shoe's coups as /shoes shows them: the punto's and the banker's cards
 * and totals, the naturals, who drew or stood and why (the drawing table, or the punto's or the
 * banker's own choice at a cell where R16 leaves one), and the result. Read from the story the
 * server publishes with a revealed shoe (P5.1, C6.3): the flat card list alone cannot say which
 * hand took a fifth card, nor whether a draw at a choice cell was chosen.
 */
import { coupStepViewSchema, type ShoeReply } from '@banco/protocol';
import { handShown, type HandShown } from '../lib/hand-shown';
import type { CoupStepView } from './words';

type Round = ShoeReply['rounds'][number];
type Hand = 'punto' | 'banker';
type Decision = Extract<CoupStepView, { kind: 'draw' | 'stand' }>;

export interface CheminCoupRow {
  readonly number: number;
  /** Not dealt (uncovered or called off): every stake went back. */
  readonly voided: boolean;
  /** Null when the coup took no card, or the record has no story to split its cards by. */
  readonly hands: Readonly<Record<Hand, HandShown>> | null;
  /** The cards as the table recorded them: the punto's, then the banker's. */
  readonly dealt: readonly string[];
  readonly naturals: readonly { hand: Hand; total: number }[];
  /** R16: each hand that drew or stood, on what, at which cell, and who decided. */
  readonly decisions: readonly Decision[];
  readonly outcome: Round['outcome'];
  /** The final totals the story's result gives; null without one. */
  readonly totals: { punto: number; banker: number } | null;
}

/** One stored coup read through its story; a step that is not a coup step is left out. */
export function cheminCoupRow(round: Round): CheminCoupRow {
  const steps = (round.story ?? []).flatMap((s) => {
    const parsed = coupStepViewSchema.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
  const dealt = steps.find((s) => s.kind === 'dealt');
  const held =
    dealt?.punto.every((c) => c !== null) && dealt.banker.every((c) => c !== null)
      ? { punto: [...(dealt.punto as string[])], banker: [...(dealt.banker as string[])] }
      : null;
  const naturals: { hand: Hand; total: number }[] = [];
  const decisions: Decision[] = [];
  let totals: CheminCoupRow['totals'] = null;
  for (const s of steps) {
    if (s.kind === 'natural') naturals.push({ hand: s.hand, total: s.total });
    else if (s.kind === 'draw' || s.kind === 'stand') {
      decisions.push(s);
      if (s.kind === 'draw' && s.card && held) held[s.hand].push(s.card);
    } else if (s.kind === 'result') totals = { punto: s.punto, banker: s.banker };
  }
  return {
    number: round.number,
    voided: round.voided,
    hands:
      held && round.cards.length > 0
        ? { punto: handShown(held.punto), banker: handShown(held.banker) }
        : null,
    dealt: round.cards,
    naturals,
    decisions,
    outcome: round.voided ? null : round.outcome,
    totals,
  };
}

export const cheminCoupRows = (record: { rounds: readonly Round[] }): CheminCoupRow[] =>
  record.rounds.map(cheminCoupRow);

export const HAND_NAME: Record<Hand, string> = { punto: 'Punto', banker: 'Banker' };

/** Who decided: the drawing table where R16 fixes it; at a free cell the holder, or the rule. */
const WHO: Record<Decision['by'], (hand: Hand) => string> = {
  table: () => 'by the drawing table',
  choice: (hand) => `by the ${hand}'s own choice`,
  // R16.4: a free cell left to the rule (a by-rule room, or the time ran out).
  rule: () => 'by the rule, no choice made',
};

/** How the coup played, in words: naturals, then each draw or stand in turn. */
export function playWords(row: CheminCoupRow): string[] {
  const naturals = row.naturals.map((n) => `${HAND_NAME[n.hand]}: natural ${n.total}`);
  const decisions = row.decisions.map((d) => {
    const on = d.total === null ? '' : ` on ${d.total}`;
    const against = d.puntoThird === undefined ? '' : ` against a third card of ${d.puntoThird}`;
    return `${HAND_NAME[d.hand]} ${d.kind === 'draw' ? 'drew' : 'stood'}${on}${against} ${WHO[d.by](d.hand)}`;
  });
  return [...naturals, ...decisions];
}

/** R17: who won and by what totals; a coup with no card dealt handed every stake back. */
export function resultWords(row: CheminCoupRow): string {
  if (row.voided) return 'Not dealt: every stake went back';
  if (row.outcome === null) return '—';
  const t =
    row.totals ??
    (row.hands ? { punto: row.hands.punto.total, banker: row.hands.banker.total } : null);
  if (row.outcome === 'tie') return t ? `A tie at ${t.punto}: every stake went back` : 'A tie';
  const [winner, won, lost] =
    row.outcome === 'banker' ? ['Banker', t?.banker, t?.punto] : ['Punto', t?.punto, t?.banker];
  return t ? `${winner} wins, ${won} to ${lost}` : `${winner} wins`;
}
