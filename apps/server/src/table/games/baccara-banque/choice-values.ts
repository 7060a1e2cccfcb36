/**
 * T16.7: the banker's exact expected chips for drawing and for standing (pure), from the cards
 * left in the shoe as he knows them: his own two cards, the face-up third cards, and the
 * tableaux's hidden cards unknown (any two of the unseen cards that agree with what each
 * tableau did: drew at 0–5, stood at 5–7, no natural), weighted by the stakes on each.
 */
import { cardValue, handTotal, type CardCode } from '@banco/rules';
import type { DealtCoup, DrawOption, Tableau } from './coup.js';
import type { Accepted } from './stakes.js';

export interface ChoiceValue {
  readonly right: number;
  readonly left: number;
  readonly cheval: number;
  readonly total: number;
}

export interface BankerChoiceValues {
  readonly draw: ChoiceValue;
  readonly stand: ChoiceValue;
  /** The option the rule takes when the window runs out: the larger expectation (draw on a tie). */
  readonly best: DrawOption;
}

const ZERO: ChoiceValue = { right: 0, left: 0, cheval: 0, total: 0 };

/** What a live tableau showed: whether it drew (and its third card's value). */
interface Shown {
  readonly tableau: Tableau;
  readonly third: number | null;
}

const sign = (tableau: number, banker: number) => (tableau > banker ? -1 : tableau < banker ? 1 : 0);

export function bankerChoiceValues(
  coup: DealtCoup,
  accepted: readonly Accepted[],
): BankerChoiceValues {
  const counts = new Array<number>(10).fill(0);
  const hidden: CardCode[] = [];
  for (const t of coup.live) hidden.push(...coup.cards[t].slice(0, 2));
  for (const card of [...coup.shoe.cards.slice(coup.shoe.next), ...hidden]) {
    counts[cardValue(card)]! += 1;
  }
  const stakeOn = (on: Accepted['on']) =>
    accepted.filter((s) => s.on === on).reduce((a, s) => a + s.amount, 0);
  const stakes = { right: stakeOn('right'), left: stakeOn('left'), cheval: stakeOn('cheval') };
  const shown: Shown[] = coup.live.map((tableau) => {
    const third = coup.cards[tableau][2];
    return { tableau, third: third ? cardValue(third) : null };
  });
  const banker = handTotal(coup.cards.banker.slice(0, 2));
  const sums = { draw: { ...ZERO }, stand: { ...ZERO } };
  let weight = 0;

  const score = (totals: Partial<Record<Tableau, number>>, bankerTotal: number) => {
    // A lone natural was paid already: the banker lost that tableau whatever he does now.
    const s = {
      right: totals.right === undefined ? -1 : sign(totals.right, bankerTotal),
      left: totals.left === undefined ? -1 : sign(totals.left, bankerTotal),
    };
    const cheval = s.right === 1 && s.left === 1 ? 1 : s.right === -1 && s.left === -1 ? -1 : 0;
    const live = (t: Tableau) => (coup.live.includes(t) ? s[t] * stakes[t] : 0);
    return { right: live('right'), left: live('left'), cheval: cheval * stakes.cheval };
  };
  const add = (into: ChoiceValue, v: Omit<ChoiceValue, 'total'>, w: number) => {
    const target = into as { right: number; left: number; cheval: number; total: number };
    target.right += v.right * w;
    target.left += v.left * w;
    target.cheval += v.cheval * w;
    target.total += (v.right + v.left + v.cheval) * w;
  };

  const walk = (i: number, totals: Partial<Record<Tableau, number>>, w: number) => {
    if (i === shown.length) {
      weight += w;
      add(sums.stand, score(totals, banker), w);
      const left = counts.reduce((a, c) => a + c, 0);
      for (let v = 0; v < 10; v++) {
        if (counts[v] === 0) continue;
        add(sums.draw, score(totals, (banker + v) % 10), (w * counts[v]!) / left);
      }
      return;
    }
    const { tableau, third } = shown[i]!;
    for (let a = 0; a < 10; a++) {
      const ca = counts[a]!;
      if (ca === 0) continue;
      counts[a] = ca - 1;
      for (let b = 0; b < 10; b++) {
        const cb = counts[b]!;
        if (cb === 0) continue;
        const two = (a + b) % 10;
        const fits = third === null ? two >= 5 && two <= 7 : two <= 5;
        if (!fits) continue;
        counts[b] = cb - 1;
        const final = third === null ? two : (two + third) % 10;
        walk(i + 1, { ...totals, [tableau]: final }, w * ca * cb);
        counts[b] = cb;
      }
      counts[a] = ca;
    }
  };
  walk(0, {}, 1);

  const mean = (v: ChoiceValue): ChoiceValue =>
    weight === 0
      ? ZERO
      : {
          right: v.right / weight,
          left: v.left / weight,
          cheval: v.cheval / weight,
          total: v.total / weight,
        };
  const draw = mean(sums.draw);
  const stand = mean(sums.stand);
  return { draw, stand, best: draw.total >= stand.total ? 'draw' : 'stand' };
}

/** The values as shown: whole minor units (an expectation, not a payment). */
export function shownValues(values: BankerChoiceValues): BankerChoiceValues {
  const round = (v: ChoiceValue): ChoiceValue => ({
    right: Math.round(v.right),
    left: Math.round(v.left),
    cheval: Math.round(v.cheval),
    total: Math.round(v.total),
  });
  return { draw: round(values.draw), stand: round(values.stand), best: values.best };
}

