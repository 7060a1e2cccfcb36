import { unwrap } from './testing/unwrap.js';
import { describe, expect, it } from 'vitest';
import type { CardCode } from './cards.js';
import type { CutCardRule } from './shoe-config.js';
import {
  burnShoe,
  cardsLeft,
  ranksLeft,
  ranksUnseen,
  createShoe,
  dealRound,
  drawCard,
  endRound,
  roundStatus,
  startRound,
  type ShoeState,
} from './shoe.js';

/** Shown ace, so exactly one card is burned (R10.3): rounds start at index 2. */
const BURN: CardCode[] = ['AS', 'QS'];
/** Player 9 natural against Banker 0: four cards (R4.2). */
const FOUR: CardCode[] = ['9H', 'KH', 'KD', 'KC'];
/** All tens: Player 0 draws (R5.1), Banker 0 draws (R7.2): six cards. */
const SIX: CardCode[] = ['KH', 'KC', 'KD', 'KS', 'KH', 'KD'];
const tens = (count: number): CardCode[] => new Array<CardCode>(count).fill('KS');

function burned(cards: CardCode[], rule: Partial<CutCardRule>): ShoeState {
  return unwrap(burnShoe(unwrap(createShoe(cards, rule)))).state;
}

/** Deals until the shoe says it is finished, never more than `limit` rounds. */
function dealAll(state: ShoeState, limit = 100): { state: ShoeState; rounds: number } {
  let rounds = 0;
  while (roundStatus(state) !== 'finished' && rounds < limit) {
    state = unwrap(dealRound(state)).state;
    rounds++;
  }
  return { state, rounds };
}

// Rounds start at 2 (four cards), 6 (four cards), 10 (six cards) and 16.
const firstThree = [...BURN, ...FOUR, ...FOUR, ...SIX];

describe('R10.3 burn', () => {
  it('R10.3 shows the first card and discards its burn value unseen', () => {
    const cards: CardCode[] = ['7D', ...tens(7), '2C', ...tens(30)];
    const burn = unwrap(burnShoe(unwrap(createShoe(cards, { cut: 11 }))));
    expect(burn.shown).toBe('7D');
    expect(burn.burned).toEqual(tens(7));
    expect(burn.state.next).toBe(8);
    expect(burn.state.burn).toEqual({ shown: '7D', burned: 7 });
  });

  it('R10.3 a ten-valued card burns ten; a shoe is burned only once', () => {
    const burn = unwrap(burnShoe(unwrap(createShoe(['QD', ...tens(40)], { cut: 11 }))));
    expect(burn.burned).toHaveLength(10);
    expect(burnShoe(burn.state)).toMatchObject({ ok: false, error: { code: 'ALREADY_BURNED' } });
  });

  it('R10.3 no round starts before the burn', () => {
    const fresh = unwrap(createShoe(firstThree.concat(tens(20)), { cut: 11 }));
    expect(roundStatus(fresh)).toBe('burn-needed');
    expect(startRound(fresh)).toMatchObject({ ok: false, error: { code: 'BURN_NEEDED' } });
  });
});

describe('R10.5 R10.6 cut card out in the middle of a round', () => {
  // N = 23, cut 11: the cut card is in front of index 12, the third card of round 3.
  const cards = [...firstThree, ...tens(7)];

  it('R10.5 plus-one: that round finishes and one more is played', () => {
    const { state, rounds } = dealAll(burned(cards, { cut: 11, lastHand: 'plus-one' }));
    expect(rounds).toBe(4);
    expect(state.cutCard).toEqual({ round: 3, when: 'during-round' });
  });

  it('R10.6 finish-current: that round is the last', () => {
    const { state, rounds } = dealAll(burned(cards, { cut: 11, lastHand: 'finish-current' }));
    expect(rounds).toBe(3);
    expect(state.cutCard).toEqual({ round: 3, when: 'during-round' });
  });

  it('R10.5 the card that passes the cut card is flagged as it is drawn', () => {
    let state = burned(cards, { cut: 11 });
    state = unwrap(dealRound(state)).state;
    state = unwrap(dealRound(state)).state;
    state = unwrap(startRound(state)).state;
    const flags = [1, 2, 3, 4, 5, 6].map(() => {
      const drawn = unwrap(drawCard(state));
      state = drawn.state;
      return drawn.cutCardOut;
    });
    expect(flags).toEqual([false, false, true, false, false, false]);
    state = unwrap(endRound(state)).state;
    expect(roundStatus(state)).toBe('last-round');
  });

  it('R10.5 R10.6 a round whose last card is N − cut brings the cut card out mid-round', () => {
    // N = 26, cut 11: the cut card is in front of index 15, the sixth card of round 3.
    const cards = [...firstThree, ...tens(10)];
    const plusOne = dealAll(burned(cards, { cut: 11, lastHand: 'plus-one' }));
    expect(plusOne.state.cutCard).toEqual({ round: 3, when: 'during-round' });
    expect(plusOne.rounds).toBe(4);
    expect(dealAll(burned(cards, { cut: 11, lastHand: 'finish-current' })).rounds).toBe(3);
  });
});

describe('R10.5 R10.6 cut card out before a round’s first card', () => {
  // N = 27, cut 11: the cut card is in front of index 16, where round 4 would start.
  const cards = [...firstThree, ...tens(11)];

  it('R10.5 plus-one: the round it comes out in front of is the last', () => {
    let state = burned(cards, { cut: 11, lastHand: 'plus-one' });
    for (let round = 1; round <= 3; round++) state = unwrap(dealRound(state)).state;
    expect(roundStatus(state)).toBe('last-round');
    const started = unwrap(startRound(state));
    expect(started).toMatchObject({ round: 4, cutCardOut: true, lastRound: true });
    expect(dealAll(state).rounds).toBe(1);
    expect(started.state.cutCard).toEqual({ round: 4, when: 'before-round' });
  });

  it('R10.6 finish-current: that round is not dealt', () => {
    const { state, rounds } = dealAll(burned(cards, { cut: 11, lastHand: 'finish-current' }));
    expect(rounds).toBe(3);
    expect(roundStatus(state)).toBe('finished');
    expect(dealRound(state)).toMatchObject({ ok: false, error: { code: 'SHOE_FINISHED' } });
  });
});

describe('R10.7 the shoe never overdraws', () => {
  // Only tens: every round takes six cards, starting at 2, 8, 14, 20, 26.
  it('R10.7 plus-one with the smallest cut can use the very last card', () => {
    // N = 32, cut 11: the cut card is in front of index 21, the second card of round 4.
    const { state, rounds } = dealAll(burned(['AS', ...tens(31)], { cut: 11 }));
    expect(rounds).toBe(5);
    expect(cardsLeft(state)).toBe(0);
  });

  it('R10.7 finish-current with the smallest cut can use the very last card', () => {
    // N = 26, cut 5: the cut card is in front of index 21, the second card of round 4.
    const rule = { cut: 5, lastHand: 'finish-current' } as const;
    const { state, rounds } = dealAll(burned(['AS', ...tens(25)], rule));
    expect(rounds).toBe(4);
    expect(cardsLeft(state)).toBe(0);
  });

  it('R10.7 a cut that could run the shoe dry is refused', () => {
    const code = (cards: CardCode[], rule: Partial<CutCardRule>) => {
      const result = createShoe(cards, rule);
      return result.ok ? 'ok' : result.error.code;
    };
    expect(code(tens(32), { cut: 10, lastHand: 'plus-one' })).toBe('INVALID_CUT');
    expect(code(tens(26), { cut: 4, lastHand: 'finish-current' })).toBe('INVALID_CUT');
    expect(code(tens(32), { cut: 17 })).toBe('INVALID_CUT');
    expect(code(tens(21), { cut: 11 })).toBe('INVALID_CUT');
    expect(code(tens(32), { cut: 16 })).toBe('ok');
  });
});

describe('R3.2 R10 dealing step by step', () => {
  const cards = [...firstThree, ...tens(7)];

  it('R3.2 a round takes exactly the cards the tableau asks for', () => {
    let current = unwrap(startRound(burned(cards, { cut: 11 }))).state;
    for (const expected of FOUR) {
      const drawn = unwrap(drawCard(current));
      expect(drawn.card).toBe(expected);
      current = drawn.state;
    }
    expect(drawCard(current)).toMatchObject({ ok: false, error: { code: 'ROUND_COMPLETE' } });
    const ended = unwrap(endRound(current));
    expect(ended.round.outcome).toBe('player');
    expect(ended.state).toMatchObject({ roundsDealt: 1, roundStart: null, next: 6 });
    const secondRound = unwrap(startRound(ended.state)).state;
    expect(startRound(secondRound)).toMatchObject({
      ok: false,
      error: { code: 'ROUND_IN_PROGRESS' },
    });
  });

  it('R3.2 a round cannot end early and no card is drawn outside a round', () => {
    const between = burned(cards, { cut: 11 });
    expect(drawCard(between)).toMatchObject({ ok: false, error: { code: 'NO_ROUND_IN_PROGRESS' } });
    expect(endRound(between)).toMatchObject({ ok: false, error: { code: 'NO_ROUND_IN_PROGRESS' } });
    const started = unwrap(startRound(between)).state;
    const threeCards = unwrap(drawCard(unwrap(drawCard(unwrap(drawCard(started)).state)).state));
    expect(endRound(threeCards.state)).toMatchObject({
      ok: false,
      error: { code: 'ROUND_INCOMPLETE' },
    });
  });

  it('R10.8 every step leaves the state it was given untouched', () => {
    const before = burned(cards, { cut: 11 });
    const copy = structuredClone(before);
    dealRound(before);
    unwrap(drawCard(unwrap(startRound(before)).state));
    expect(before).toEqual(copy);
  });

  it('R1.1 a list with something that is not a card is refused', () => {
    const withJoker = [...cards.slice(0, 5), 'JK' as CardCode, ...cards.slice(6)];
    expect(createShoe(withJoker, { cut: 11 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_CARD' },
    });
  });
});

describe('R13.3 what is left in the shoe', () => {
  it('R13.3: counts the ranks still in the shoe, burn and dealt rounds taken out', () => {
    const cards: CardCode[] = [
      'AS',
      '10H',
      '9H',
      'KD',
      '9C',
      'QS',
      ...Array<CardCode>(40).fill('2D'),
    ];
    const shoe = unwrap(createShoe(cards, { cut: 11 }));
    const full = ranksLeft(shoe);
    expect(full).toEqual([1, 40, 0, 0, 0, 0, 0, 0, 2, 1, 0, 1, 1]);
    const burned = unwrap(burnShoe(shoe)).state;
    expect(ranksLeft(burned)).toEqual([0, 40, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 1]);
    const dealt = unwrap(dealRound(burned)).state;
    expect(ranksLeft(dealt)).toEqual([0, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ranksLeft(dealt).reduce((a, b) => a + b, 0)).toBe(cardsLeft(dealt));
  });
});

describe('R13.5 odds count every card nobody has seen', () => {
  it('R13.5: adds the face-down burned cards back, never the shown burn card or dealt cards', () => {
    // 'KS' shown burns 10 face down: nine 3s and one 4 that nobody sees.
    const cards: CardCode[] = [
      'KS',
      ...Array<CardCode>(9).fill('3H'),
      '4C',
      '9H',
      '2D',
      'KD',
      '7C',
      ...Array<CardCode>(40).fill('5S'),
    ];
    const shoe = unwrap(createShoe(cards, { cut: 11 }));
    const burned = unwrap(burnShoe(shoe)).state;
    expect(burned.burn).toEqual({ shown: 'KS', burned: 10 });
    // Ranks: A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K.
    expect(ranksLeft(burned)).toEqual([0, 1, 0, 0, 40, 0, 1, 0, 1, 0, 0, 0, 1]);
    expect(ranksUnseen(burned)).toEqual([0, 1, 9, 1, 40, 0, 1, 0, 1, 0, 0, 0, 1]);
    const dealt = unwrap(dealRound(burned)).state;
    const unseen = ranksUnseen(dealt);
    expect(unseen.reduce((a, b) => a + b, 0)).toBe(cardsLeft(dealt) + 10);
    expect(unseen[2]).toBe(9);
    // Before the burn every card is unseen.
    expect(ranksUnseen(shoe)).toEqual(ranksLeft(shoe));
  });
});
