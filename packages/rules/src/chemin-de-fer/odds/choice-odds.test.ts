import { describe, expect, it } from 'vitest';
import { cardValue, type CardCode } from '../../cards.js';
import { bancoCoup, step } from '../../testing/chemin-de-fer.js';
import { forEachSequence } from '../../testing/sequences.js';
import type { CoupState } from '../coup.js';
import type { DrawOption } from '../draw-table.js';
import { bankerChoiceOdds, puntoChoiceOdds, type ChoiceOdds } from './choice-odds.js';
import { pendingChoiceOdds } from './pending-odds.js';

const valuesOf = (cards: readonly CardCode[]) => {
  const values = new Array<number>(10).fill(0);
  for (const card of cards) values[cardValue(card)]! += 1;
  return values;
};

const unwrapOdds = (r: ReturnType<typeof puntoChoiceOdds>): ChoiceOdds => {
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
};

/** Settles a coup by answering every pending choice: `mine` for the chooser under test, the rule otherwise. */
function playOut(
  state: CoupState,
  phase: 'punto-choice' | 'banker-choice',
  mine: DrawOption,
): CoupState {
  let s = state;
  while (s.phase === 'punto-choice' || s.phase === 'banker-choice') {
    s =
      s.phase === phase
        ? step(s, { type: 'choose', seat: phase === 'punto-choice' ? 2 : 1, option: mine })
        : step(s, { type: 'by-rule' });
  }
  return s;
}

// Eleven cards the chooser has not seen, values mixed so every branch of the table is reached.
const UNSEEN: CardCode[] = ['KS', 'AS', '2H', '3D', '4C', '5S', '6H', '7D', '8C', '9S', 'QH'];

describe('R18.1 exact odds of each option at a choice', () => {
  it('R18.1 the punto on 5: every ordered deal of his unseen cards, played by the coup machine', () => {
    const punto: CardCode[] = ['2C', '3C'];
    const counts = { draw: { win: 0, lose: 0, tie: 0 }, stand: { win: 0, lose: 0, tie: 0 } };
    for (const option of ['draw', 'stand'] as const) {
      forEachSequence(UNSEEN, 4, ([b1, b2, c3, c4]) => {
        const state = bancoCoup([punto[0]!, b1!, punto[1]!, b2!, c3!, c4!]);
        // A banker natural is turned at once (R14.4): the punto never chooses then.
        if (state.phase !== 'punto-choice') return;
        const over = playOut(state, 'punto-choice', option);
        if (over.phase !== 'settled') throw new Error('not settled');
        const outcome = over.settlement.outcome;
        counts[option][outcome === 'player' ? 'win' : outcome === 'banker' ? 'lose' : 'tie'] += 1;
      });
    }
    const odds = unwrapOdds(puntoChoiceOdds(valuesOf(UNSEEN)));
    expect(odds.draw).toEqual(counts.draw);
    expect(odds.stand).toEqual(counts.stand);
    expect(odds.denominator).toBe(counts.draw.win + counts.draw.lose + counts.draw.tie);
  });

  it('R18.1 the banker on 3 against a 9: every ordered deal of his unseen cards, played by the coup machine', () => {
    const banker: CardCode[] = ['AD', '2D'];
    const counts = { draw: { win: 0, lose: 0, tie: 0 }, stand: { win: 0, lose: 0, tie: 0 } };
    for (const option of ['draw', 'stand'] as const) {
      forEachSequence(
        UNSEEN.filter((c) => c !== '9S'),
        3,
        ([x1, x2, z]) => {
          const state = bancoCoup([x1!, banker[0]!, x2!, banker[1]!, '9S', z!]);
          const over = playOut(state, 'banker-choice', option);
          if (over.phase !== 'settled' || over.punto.length !== 3 || over.punto[2] !== '9S') return;
          if (
            !over.story.some(
              (s) => s.kind !== 'covered' && 'cell' in s && s.cell === 'banker-3-vs-9',
            )
          )
            return;
          const outcome = over.settlement.outcome;
          counts[option][outcome === 'banker' ? 'win' : outcome === 'player' ? 'lose' : 'tie'] += 1;
        },
      );
    }
    const odds = unwrapOdds(bankerChoiceOdds(valuesOf(UNSEEN.filter((c) => c !== '9S')), 3, 9));
    expect(odds.draw).toEqual(counts.draw);
    expect(odds.stand).toEqual(counts.stand);
  });

  it('R18.1 a full six-deck shoe: the counts share one denominator and favour drawing on 5', () => {
    // The punto holds 2 and 3: all else of six decks is unseen to him.
    const unseen = [96, 24, 23, 23, 24, 24, 24, 24, 24, 24];
    const odds = unwrapOdds(puntoChoiceOdds(unseen));
    for (const option of [odds.draw, odds.stand]) {
      expect(option.win + option.lose + option.tie).toBe(odds.denominator);
    }
    expect(odds.draw.win - odds.draw.lose).toBeGreaterThan(odds.stand.win - odds.stand.lose);
  });

  it('R18.1 R13.4 bad counts and totals are refused with a code', () => {
    const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);
    expect(code(puntoChoiceOdds([1, 2, 3]))).toBe('SHOE_COUNTS_LENGTH');
    expect(code(puntoChoiceOdds([1, 1, 1, 1, 1, 1, 1, 1, 1, -1]))).toBe('SHOE_COUNT_INVALID');
    expect(code(puntoChoiceOdds([1, 1, 1, 0, 0, 0, 0, 0, 0, 0]))).toBe('SHOE_TOO_SMALL');
    expect(code(puntoChoiceOdds(new Array(10).fill(42)))).toBe('SHOE_TOO_LARGE');
    expect(code(bankerChoiceOdds(new Array(10).fill(4), 8, 9))).toBe('INVALID_TOTAL');
    expect(code(bankerChoiceOdds(new Array(10).fill(4), 3, 10))).toBe('INVALID_TOTAL');
  });
});

describe('R18.1 R13.5 the odds of the choice a coup is waiting on', () => {
  it('R18.1 R13.5 the punto counts the shoe, the burned card and the banker’s two cards as unseen', () => {
    const waiting = bancoCoup(['2H', '4C', '3H', 'KD']);
    expect(waiting.phase).toBe('punto-choice');
    // stackedShoe: AS shown, QS burned face down, the coup, then kings: 16 KH after the coup.
    const unseen = new Array<number>(10).fill(0);
    unseen[0] = 1 + 1 + 12; // QS burned, KD the banker's, the twelve kings left
    unseen[4] = 1; // 4C the banker's
    const got = pendingChoiceOdds(waiting);
    expect(got).toEqual(puntoChoiceOdds(unseen, 5));
  });

  it('R18.1 the banker counts the punto’s two face-down cards as unseen, not his third', () => {
    const waiting = bancoCoup(['AH', 'AC', '2H', '2C', '9S', '5D']);
    expect(waiting.phase).toBe('banker-choice');
    const unseen = new Array<number>(10).fill(0);
    unseen[0] = 1 + 10; // QS burned, ten kings
    unseen[5] = 1; // 5D still in the shoe
    unseen[1] = 1; // AH the punto's
    unseen[2] = 1; // 2H the punto's
    expect(pendingChoiceOdds(waiting)).toEqual(bankerChoiceOdds(unseen, 3, 9));
    const over = step(waiting, { type: 'by-rule' });
    const refused = pendingChoiceOdds(over);
    expect(refused.ok ? 'ok' : refused.error.code).toBe('NO_CHOICE_PENDING');
  });
});
