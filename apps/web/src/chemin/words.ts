/**
 * A Chemin de Fer table in words: the offer of the bank, each call, each step of a coup and its
 * settlement, as a person at the table would say them. Pure, so the screen and its tests share
 * one wording.
 */
import type { CheminCards, CheminDeFerView, CoupView } from '@banco/protocol';
import { chips } from '../lib/format';

export type CoupStepView = CoupView['story'][number];
type Call = CoupView['calls'][number]['call'];
type Cell = NonNullable<CheminCards['cell']>;
export type NameOf = (seat: number) => string;

const HAND: Record<'punto' | 'banker', string> = { punto: 'The punto', banker: 'The banker' };

/** "Banco!", "Avec la table", "A stake of 20", "No call". */
export function callWords(call: Call): string {
  switch (call.kind) {
    case 'banco':
      return 'Banco! (the whole bank)';
    case 'avec-la-table':
      return 'Avec la table (half the bank)';
    case 'stake':
      return `a stake of ${chips(call.amount)}`;
    case 'none':
      return 'no call';
  }
}

export const CELL_WORDS: Record<Cell, string> = {
  'punto-5': 'on 5',
  'banker-3-vs-9': 'on 3 against a third card of 9',
  'banker-5-vs-4': 'on 5 against a third card of 4',
};

/** The bank as it stands before the coup: whose it is to post, ride, or nobody's. */
export function offerWords(view: CheminDeFerView, name: NameOf, you: number | null): string {
  const { offer } = view;
  switch (offer.kind) {
    case 'vacant':
      return 'Nobody holds the bank. It goes round again when someone sits down.';
    case 'ride':
      return offer.seat === you
        ? `You won: your bank of ${chips(offer.amount)} rides whole, or you may pass it.`
        : `${name(offer.seat)} won: the bank of ${chips(offer.amount)} rides, unless it passes.`;
    case 'fresh': {
      const declined =
        offer.declined.length > 0 ? ` (${offer.declined.map(name).join(', ')} declined it)` : '';
      return offer.seat === you
        ? `The bank is offered to you${declined}: put one up or decline it.`
        : `The bank is offered to ${name(offer.seat)}${declined}.`;
    }
  }
}

function stepWords(step: CoupStepView, name: NameOf, coup: CoupView): string | null {
  switch (step.kind) {
    case 'covered': {
      const { cover } = step;
      const who = cover.covers.map((c) => `${name(c.seat)} ${chips(c.amount)}`).join(', ');
      const how =
        cover.kind === 'banco'
          ? `Banco! ${who} covers the whole bank.`
          : cover.kind === 'avec-la-table'
            ? `Avec la table: ${who}.`
            : `Covered by ${who}.`;
      const back =
        cover.uncovered > 0 ? ` ${chips(cover.uncovered)} uncovered goes back to the banker.` : '';
      const punto =
        cover.puntoSeat === null ? '' : ` ${name(cover.puntoSeat)} plays the punto hand.`;
      return `${how}${back}${punto}`;
    }
    case 'dealt':
      return 'Two cards each, face down.';
    case 'natural':
      return `${HAND[step.hand]} turns over a natural ${step.total}.`;
    case 'draw':
    case 'stand': {
      const verb = step.kind === 'draw' ? 'draws' : 'stands';
      const on = step.total === null ? '' : ` on ${step.total}`;
      const against =
        step.puntoThird === undefined ? '' : ` against a third card of ${step.puntoThird}`;
      const how =
        step.by === 'choice'
          ? ' by choice'
          : step.by === 'rule'
            ? ' by the rule (time ran out)'
            : '';
      const card = step.card ? `: ${step.card}` : '';
      return `${HAND[step.hand]} ${verb}${on}${against}${how}${card}.`;
    }
    case 'result': {
      const settlement = coup.settlement;
      const head =
        step.outcome === 'tie'
          ? `A tie, ${step.punto} to ${step.banker}: every stake goes back and the bank stays.`
          : step.outcome === 'banker'
            ? `The banker wins, ${step.banker} to ${step.punto}.`
            : `The punto wins, ${step.punto} to ${step.banker}.`;
      const cagnotte =
        settlement && settlement.cagnotte > 0
          ? ` The house takes its cagnotte: ${chips(settlement.cagnotte)}.`
          : '';
      return `${head}${cagnotte}`;
    }
  }
}

/** The coup from the bank's post to its end, one sentence a line. */
export function coupStory(coup: CoupView, name: NameOf): string[] {
  const lines = [`Coup ${coup.coup}: ${name(coup.banker)} puts up a bank of ${chips(coup.bank)}.`];
  for (const c of coup.calls) lines.push(`${name(c.seat)}: ${callWords(c.call)}.`);
  for (const step of coup.story) {
    const line = stepWords(step, name, coup);
    if (line) lines.push(line);
  }
  if (coup.notDealt) {
    lines.push(
      coup.notDealt === 'uncovered'
        ? 'Nobody covered the bank: it goes back to the banker, no card dealt.'
        : 'The coup was called off before a card: every chip goes back.',
    );
  }
  return lines;
}

export interface OptionOdds {
  win: number;
  lose: number;
  tie: number;
  denominator: number;
}

/** A share of the denominator as the instruments print a chance: four decimals. */
export const share = (count: number, denominator: number): string =>
  `${((count / denominator) * 100).toFixed(4)} %`;

/** "Win 41.2345 % · lose … · tie …" from the chooser's side. */
export function oddsWords({ win, lose, tie, denominator }: OptionOdds): string {
  return `win ${share(win, denominator)} · lose ${share(lose, denominator)} · tie ${share(tie, denominator)}`;
}
