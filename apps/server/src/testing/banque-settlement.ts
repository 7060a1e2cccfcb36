import type { BanqueCoupView } from '@banco/protocol';
import { handTotal, type CardCode } from '@banco/rules';

type Outcome = 'tableau' | 'banker' | 'tie';
type Spot = 'right' | 'left' | 'cheval';

export interface OwnSettlement {
  readonly outcomes: Record<'right' | 'left', Outcome>;
  /** What each player gets back, stakes included, by player id. */
  readonly back: ReadonlyMap<string, number>;
  /** What each player had at stake, by player id. */
  readonly staked: ReadonlyMap<string, number>;
  readonly gross: number;
  readonly cagnotte: number;
  readonly bankAfter: number;
}

/**
 * T16.8 recomputed by a test from a settled coup's revealed cards and accepted stakes, with no
 * code of the rules package's settlement: each tableau against the banker (a lone natural
 * against his first two cards, and paid first), a tie void, à cheval wins only if both win and
 * loses only if both lose, winners paid in staking order out of the bank and the stakes it won,
 * and the cagnotte on the banker's net, rounded down to 10 minor units.
 */
export function ownSettlement(coup: BanqueCoupView, cagnotteBp: number): OwnSettlement {
  const cards = (hand: 'right' | 'left' | 'banker') => coup.cards[hand] as CardCode[];
  if ([...cards('right'), ...cards('left'), ...cards('banker')].some((c) => c === null)) {
    throw new Error(`coup ${coup.coup} settled with a card still face down`);
  }
  const lone = coup.story.flatMap((s) =>
    s.kind === 'natural' && s.paid && s.hand !== 'banker' ? [s.hand] : [],
  );
  const banker = handTotal(cards('banker'));
  const bankerTwo = handTotal(cards('banker').slice(0, 2));
  const versus = (t: 'right' | 'left'): Outcome => {
    const mine = handTotal(cards(t));
    const his = lone.includes(t) ? bankerTwo : banker;
    return mine > his ? 'tableau' : mine < his ? 'banker' : 'tie';
  };
  const outcomes = { right: versus('right'), left: versus('left') };
  const result = (on: Spot) => {
    if (on !== 'cheval')
      return outcomes[on] === 'tableau' ? 'win' : outcomes[on] === 'banker' ? 'lose' : 'void';
    if (outcomes.right === 'tableau' && outcomes.left === 'tableau') return 'win';
    if (outcomes.right === 'banker' && outcomes.left === 'banker') return 'lose';
    return 'void';
  };
  const stakes = coup.cover?.stakes ?? [];
  const lost = stakes.filter((s) => result(s.on) === 'lose').reduce((a, s) => a + s.amount, 0);
  const first = (s: { on: Spot }) => s.on !== 'cheval' && lone.includes(s.on);
  let purse = coup.bank + lost;
  let paid = 0;
  const back = new Map<string, number>();
  const staked = new Map<string, number>();
  for (const s of [...stakes.filter(first), ...stakes.filter((s) => !first(s))]) {
    staked.set(s.player, (staked.get(s.player) ?? 0) + s.amount);
    const r = result(s.on);
    const win = r === 'win' ? Math.min(s.amount, purse) : 0;
    purse -= win;
    paid += win;
    const returned = r === 'lose' ? 0 : s.amount + win;
    back.set(s.player, (back.get(s.player) ?? 0) + returned);
  }
  const gross = lost - paid;
  const cagnotte = gross > 0 ? Math.floor((gross * cagnotteBp) / 100_000) * 10 : 0;
  return { outcomes, back, staked, gross, cagnotte, bankAfter: coup.bank + gross - cagnotte };
}
