/**
 * A Baccara Banque table in words: the auction, each stake, each step of a coup and its
 * settlement, as a person at the table would say them. Pure, so the screen and its tests share
 * one wording.
 */
import { cardShort, cardSpoken, chips } from '../lib/format';
import type {
  BancoOn,
  BanqueCoup,
  BanqueModel,
  BanqueStake,
  BanqueStep,
  Hand,
  OptionValue,
  StakeOn,
  Tableau,
} from './model';

export type NameOf = (seat: number) => string;

export const TABLEAU_WORDS: Record<Tableau, string> = {
  right: 'the right tableau',
  left: 'the left tableau',
};
export const TABLEAU_TITLE: Record<Tableau, string> = {
  right: 'Right tableau',
  left: 'Left tableau',
};
const HAND: Record<Hand, string> = {
  right: 'The right tableau',
  left: 'The left tableau',
  banker: 'The banker',
};

export const BANCO_WORDS: Record<BancoOn, string> = {
  right: 'on the right tableau',
  left: 'on the left tableau',
  halves: 'half on each tableau',
};

export const ON_WORDS: Record<StakeOn, string> = {
  right: 'on the right tableau',
  left: 'on the left tableau',
  cheval: 'à cheval (across both tableaux)',
};

export const cardWords = (code: string): string => `the ${cardSpoken(code)} (${cardShort(code)})`;

const who = (s: { seat: number | null; watcher?: string }, name: NameOf) =>
  s.seat === null ? `${s.watcher ?? 'A watcher'} (watching)` : name(s.seat);

/** "Ana: Banco! 400 on the right tableau". */
export function stakeWords(stake: BanqueStake, name: NameOf): string {
  const call = stake.banco ? `Banco! ${chips(stake.amount)}` : `${chips(stake.amount)}`;
  return `${who(stake, name)}: ${call} ${ON_WORDS[stake.on]}`;
}

/** An expected number of chips, signed, to the hundredth of a chip: "+3.47", "−0.12". */
export function expectedChips(minor: number): string {
  const rounded = Math.round(minor);
  if (rounded === 0) return '±0.00';
  const abs = Math.abs(rounded);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return `${rounded > 0 ? '+' : '−'}${text}`;
}

/** "Drawing: +3.47 against the right, −1.20 against the left, +2.27 in all." */
export function optionWords(option: 'draw' | 'stand', v: OptionValue): string {
  const verb = option === 'draw' ? 'Drawing' : 'Standing';
  const cheval = v.cheval === 0 ? '' : `, ${expectedChips(v.cheval)} on the stakes à cheval`;
  return `${verb}: ${expectedChips(v.right)} against the right, ${expectedChips(v.left)} against the left${cheval}, ${expectedChips(v.total)} in all`;
}

function stepWords(step: BanqueStep, name: NameOf): string {
  switch (step.kind) {
    case 'bank':
      return step.how === 'take-over'
        ? `${name(step.seat)} takes the bank over with ${chips(step.amount)}.`
        : step.how === 'auction'
          ? `${name(step.seat)} wins the bank at auction with ${chips(step.amount)}.`
          : `${name(step.seat)} holds the bank by the list, with ${chips(step.amount)}.`;
    case 'stake':
      return `${stakeWords(step.stake, name)}.`;
    case 'returned':
      return `${chips(step.amount)} of ${who(step, name)}’s stake is more than the bank: it goes back.`;
    case 'dealt':
      return 'Two cards each to the right tableau, the left tableau and the banker, face down.';
    case 'natural':
      return step.paid
        ? `${HAND[step.hand]} turns over a natural ${step.total}: it is paid now, and the other tableau plays on.`
        : `${HAND[step.hand]} turns over a natural ${step.total}.`;
    case 'draw':
    case 'stand': {
      const verb = step.kind === 'draw' ? 'draws' : 'stands';
      const on = step.total === null ? '' : ` on ${step.total}`;
      // R23.3: only a 5 is the holder's to choose; on other totals his call is the rule's.
      const free = step.hand === 'banker' || step.total === null || step.total === 5;
      const how =
        step.by === 'choice' && free
          ? ' by choice'
          : step.by === 'timeout'
            ? ' by the room’s rule (time ran out)'
            : '';
      const card = step.card ? `: ${cardWords(step.card)}` : '';
      return `${HAND[step.hand]} ${verb}${on}${how}${card}.`;
    }
    case 'result': {
      const t = TABLEAU_WORDS[step.tableau];
      if (step.outcome === 'tie')
        return `A tie on ${t}, ${step.tableauTotal} to ${step.bankerTotal}: its stakes go back.`;
      return step.outcome === 'tableau'
        ? `${capital(t)} wins, ${step.tableauTotal} to ${step.bankerTotal}.`
        : `The banker beats ${t}, ${step.bankerTotal} to ${step.tableauTotal}.`;
    }
    case 'cagnotte':
      return `The house takes its cagnotte: ${chips(step.amount)}.`;
    case 'unpaid':
      return `The bank ran out: ${who(step, name)} is not paid the last ${chips(step.amount)} of winnings (the stake comes back).`;
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The coup from its first stake to its end, one sentence a line. */
export function coupStory(coup: BanqueCoup, name: NameOf): string[] {
  return [`Coup ${coup.coup}.`, ...coup.story.map((step) => stepWords(step, name))];
}

/** What the table is waiting for, as a line everyone may read: never a card nor a total. */
export function stageWords(model: BanqueModel, name: NameOf, you: number | null): string {
  const { stage } = model;
  const banker = model.banker === null ? 'the banker' : name(model.banker);
  switch (stage.kind) {
    case 'auction': {
      const top = stage.bids.reduce<{ seat: number; amount: number } | null>(
        (best, b) => (best === null || b.amount > best.amount ? b : best),
        null,
      );
      return top === null
        ? 'The bank is up for auction: the highest bid holds it for the whole shoe.'
        : `The bank is up for auction. Highest bid: ${chips(top.amount)} by ${top.seat === you ? 'you' : name(top.seat)}.`;
    }
    case 'offer':
      if (stage.how === 'take-over') {
        return stage.seat === you
          ? 'The banker retired: you may take the bank over for the rest of the shoe, with a bank of your own.'
          : `The banker retired: ${name(stage.seat)} is offered the bank for the rest of the shoe.`;
      }
      return stage.seat === you
        ? 'The list gives you the bank for this shoe: say how much you put up, or pass it on.'
        : `The list gives the bank to ${name(stage.seat)}, who is setting its amount.`;
    case 'staking':
      if (stage.watcher) {
        if (!stage.watcher.turn) {
          return 'Stakes are open to the seated players. Watchers may cover what they leave once every one of them has called.';
        }
        return stage.mayCall
          ? `Watchers’ turn: ${chips(stage.watcher.open.right)} is still open on the right tableau and ${chips(stage.watcher.open.left)} on the left. You may cover part of it.`
          : 'Watchers’ turn: waiting for the others’ calls.';
      }
      return stage.mayCall
        ? 'Stakes are open: cover the bank on a tableau, across both, or call Banco.'
        : model.banker === you
          ? 'Your bank is open: the punters are staking.'
          : 'Stakes are open: waiting for the others’ calls.';
    case 'holder-choice':
      return stage.seat === you
        ? `You hold ${TABLEAU_WORDS[stage.tableau]}: draw or stand?`
        : `${name(stage.seat)}, holding ${TABLEAU_WORDS[stage.tableau]}, is choosing whether to draw…`;
    case 'banker-choice':
      return model.banker === you
        ? 'Your decision: draw or stand, with the value of each below.'
        : 'The banker is deciding whether to draw…';
    case 'playing':
      return 'The cards are out.';
    case 'bank-dry':
      return model.banker === you
        ? `Your bank has run dry: top it up (at least ${chips(stage.min)}) or retire.`
        : `The bank has run dry: ${banker} may top it up or retire.`;
    case 'between':
      return model.banker === you
        ? stage.mayRetire
          ? 'The next coup opens with the stakes. You may retire now, with what the bank holds.'
          : 'You play at least one coup before you may retire.'
        : 'The next coup opens in a moment.';
    case 'no-bank':
      return stage.why === 'shoe-over'
        ? 'The stop card is out: the shoe is over.'
        : stage.why === 'no-bid'
          ? 'Nobody bid for the bank: it goes up again with the next shoe.'
          : 'Everyone declined the bank: it goes up again with the next shoe.';
  }
}

/** The bank's life over the shoe: "Bank 1,240 · started 1,000 · +240 over 4 coups". */
export function bankRunWords(bank: NonNullable<BanqueModel['bank']>): string {
  const net = bank.now - bank.start;
  const sign = net > 0 ? '+' : net < 0 ? '−' : '±';
  return `Started the shoe with ${chips(bank.start)}: ${sign}${chips(Math.abs(net))} over ${bank.coups} ${bank.coups === 1 ? 'coup' : 'coups'}; cagnotte so far ${chips(bank.cagnotte)}.`;
}

/** R: what the house takes, said where the players sit. */
export const cagnotteWords = (percent: number): string =>
  percent === 0
    ? 'This room takes no cagnotte.'
    : `The house takes a cagnotte of ${percent} % of the banker’s winnings each coup, on the net of the two tableaux.`;
