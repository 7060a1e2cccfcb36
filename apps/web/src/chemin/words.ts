/**
 * A Chemin de Fer table in words: the offer of the bank, each call, each step of a coup and its
 * settlement, as a person at the table would say them. Pure, so the screen and its tests share
 * one wording.
 */
import type { CheminCards, CheminDeFerView, CoupView } from '@banco/protocol';
import { cardShort, cardSpoken, chips } from '../lib/format';

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

/** A card as the felt shows it, and in words: "the ace of diamonds (A♦)". */
export const cardWords = (code: string): string => `the ${cardSpoken(code)} (${cardShort(code)})`;

/**
 * The bank as it stands before the coup: whose it is to post, ride, or nobody's. `passed` is
 * the seat that gave up a riding bank (R17.3), first of the seats that refused this one.
 */
export function offerWords(
  view: CheminDeFerView,
  name: NameOf,
  you: number | null,
  passed: number | null = null,
): string {
  const { offer } = view;
  switch (offer.kind) {
    case 'vacant':
      return 'Nobody holds the bank. It goes round again when someone sits down.';
    case 'ride':
      return offer.seat === you
        ? `You won: your bank of ${chips(offer.amount)} rides whole, or you may pass it.`
        : `${name(offer.seat)} won: the bank of ${chips(offer.amount)} rides, unless it passes.`;
    case 'fresh': {
      const refused = offer.declined.filter((seat) => seat !== passed);
      const said = [
        ...(passed !== null && offer.declined.includes(passed)
          ? [`${name(passed)} passed it`]
          : []),
        ...(refused.length > 0 ? [`${refused.map(name).join(', ')} declined it`] : []),
      ];
      const declined = said.length > 0 ? ` (${said.join('; ')})` : '';
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
      const card = step.card ? `: ${cardWords(step.card)}` : '';
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

/** The top bar's coup: the one the felt and the story show, and whether it is over. */
export function coupWords(view: CheminDeFerView): string {
  if (view.coup) return `coup ${view.coup.coup}`;
  if (view.last) return `coup ${view.last.coup} over`;
  return `coup ${view.nextCoup} next`;
}

/** R17.2: what the house takes, said where the players sit. */
export const cagnotteWords = (percent: number): string =>
  percent === 0
    ? 'This room takes no cagnotte.'
    : `The house takes a cagnotte of ${percent} % of what a bank wins.`;

/** R10.3, R18.1: the burn card turned face up (seen, so the odds count it out), and the rest. */
export function burnWords(shown: string | null, burned: number): string | null {
  if (shown === null) return null;
  return `This shoe's burn card, face up: ${cardWords(shown)}. The ${burned} burned under it stay unseen, and the odds count them so.`;
}

/** Who won the coup, as a banner says it. */
export function coupResultWords(coup: CoupView): string | null {
  const result = coup.story.find((s) => s.kind === 'result');
  if (!result || result.kind !== 'result') return null;
  // As short as a Punto Banco banner: it sits between the top seats.
  if (result.outcome === 'tie') return `Tie at ${result.punto}`;
  return result.outcome === 'banker'
    ? `Banker wins ${result.banker} to ${result.punto}`
    : `Punto wins ${result.punto} to ${result.banker}`;
}
