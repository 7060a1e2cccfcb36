import { describe, expect, it } from 'vitest';
import { handTotal, RANKS, rankOf, type CardCode } from '../cards.js';
import { ranksUnseen } from '../shoe.js';
import {
  BY_RULE,
  call,
  dealtCoup,
  FREE,
  holdersCall,
  opened,
  PLAY,
  step,
} from '../testing/baccara-banque.js';
import { unwrap } from '../testing/unwrap.js';
import { exactBankerRule, type BankerRule } from './banker-choice.js';
import { bankerChoiceValues } from './banker-odds.js';
import type { BankerPosition } from './banker-position.js';
import { bankerPosition, chooser, openCoup, stepCoup, type CoupState } from './coup.js';
import { visibleCards } from './view.js';

type Settled = Extract<CoupState, { phase: 'settled' }>;
const settled = (state: CoupState): Settled => {
  expect(state.phase).toBe('settled');
  return state as Settled;
};
type Dealt = Exclude<CoupState, { phase: 'staking' | 'not-dealt' }>;
const dealt = (state: CoupState): Dealt => {
  expect(['punto-choice', 'banker-choice', 'settled']).toContain(state.phase);
  return state as Dealt;
};

describe('R20 the deal', () => {
  it('R20.4 deals right, left, banker twice, then third cards right, left, banker', () => {
    // right 2+0, left 3+0, banker 4+0: both tableaux draw (R23.3), the banker then chooses.
    const cards: CardCode[] = ['2S', '3S', '4S', '10S', '10H', '10D', '5C', '6C', '7C'];
    const state = dealt(holdersCall(dealtCoup(cards)));
    expect(state.phase).toBe('banker-choice');
    expect(state.cards.right).toEqual(['2S', '10S', '5C']);
    expect(state.cards.left).toEqual(['3S', '10H', '6C']);
    expect(state.cards.banker).toEqual(['4S', '10D']);
    const done = settled(step(state, { type: 'choose', seat: 1, option: 'draw' }));
    expect(done.cards.banker).toEqual(['4S', '10D', '7C']);
    // right 7, left 9, banker 1: both tableaux win.
    expect(done.settlement.outcomes).toEqual({ right: 'tableau', left: 'tableau' });
  });

  it('R20.3 a coup with nothing staked is not dealt, and only a coup taking stakes is called off', () => {
    const empty = step(opened(['2S', '3S', '4S']), { type: 'close-stakes' });
    expect(empty.phase).toBe('not-dealt');
    const off = step(opened(['2S']), { type: 'call-off' });
    expect(off).toMatchObject({ phase: 'not-dealt', reason: 'called-off' });
    const out = dealtCoup(['2S', '3S', '4S', '10S', '10H', '10D', '5C', '6C', '7C']);
    const refused = stepCoup(out, { type: 'call-off' }, PLAY);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('COUP_DEALT');
  });

  it('R20.5 each holder sees his tableau, the banker his own cards, a watcher nothing face down', () => {
    const state = holdersCall(dealtCoup(['2S', '3S', '4S', '10S', '10H', '10D', '5C', '6C', '7C']));
    expect(visibleCards(state, null)).toEqual({
      right: [null, null, '5C'],
      left: [null, null, '6C'],
      banker: [null, null],
    });
    expect(visibleCards(state, 2).right).toEqual(['2S', '10S', '5C']);
    expect(visibleCards(state, 2).left).toEqual([null, null, '6C']);
    expect(visibleCards(state, 7).left).toEqual(['3S', '10H', '6C']);
    expect(visibleCards(state, 1)).toEqual({
      right: [null, null, '5C'],
      left: [null, null, '6C'],
      banker: ['4S', '10D'],
    });
    const done = step(state, { type: 'choose', seat: 1, option: 'stand' });
    expect(visibleCards(done, null).banker).toEqual(['4S', '10D']);
    expect(visibleCards(done, null).right).toEqual(['2S', '10S', '5C']);
  });
});

describe('R23 naturals and drawing', () => {
  it('R23.1 a banker natural ends the coup: nobody draws', () => {
    const done = settled(dealtCoup(['2S', '3S', '9S', '10S', '10H', '10D']));
    expect(done.cards.right).toHaveLength(2);
    expect(done.cards.left).toHaveLength(2);
    expect(done.settlement.outcomes).toEqual({ right: 'banker', left: 'banker' });
    expect(done.story.some((s) => s.kind === 'natural' && s.hand === 'banker')).toBe(true);
  });

  it('R23.1 two tableau naturals end the coup too', () => {
    const done = settled(dealtCoup(['8S', '9S', '2S', '10S', '10H', '10D']));
    expect(done.cards.banker).toHaveLength(2);
    expect(done.settlement.outcomes).toEqual({ right: 'tableau', left: 'tableau' });
  });

  it('R23.2 a lone tableau natural is paid at once and turned over; the other tableau plays on', () => {
    // right 8 (natural), left 2, banker 3.
    const state = dealt(
      holdersCall(dealtCoup(['8S', '2S', '3S', '10S', '10H', '10D', '4C', '5C'])),
    );
    expect(state.phase).toBe('banker-choice');
    expect(state.progress).toEqual({ right: 'natural', left: 'drew' });
    expect(visibleCards(state, null).right).toEqual(['8S', '10S']);
    expect(state.story).toContainEqual({ kind: 'natural', hand: 'right', total: 8, paid: true });
    // R23.4: the banker knows it was paid; its stake still counts in the coup's net (R24.4).
    expect(bankerPosition(state)).toMatchObject({
      right: { state: 'natural' },
      left: { state: 'drew', third: 4 },
      stakes: { right: 400, left: 300, cheval: 0 },
    });
    // The banker draws a 5 and makes 8: he beats the left tableau (6) but the right was paid.
    const done = settled(step(state, { type: 'choose', seat: 1, option: 'draw' }));
    expect(handTotal(done.cards.banker)).toBe(8);
    expect(done.settlement.outcomes).toEqual({ right: 'tableau', left: 'banker' });
    // Paid first (R24.3): the natural's winner heads the payouts.
    expect(done.settlement.payouts[0]).toMatchObject({ seat: 2, on: 'right', result: 'win' });
  });

  it('R23.3 every holder calls; on 5 he chooses, and the rule draws when his window runs out', () => {
    // right 5, left 6, banker 2.
    const state = dealtCoup(['5S', '6S', '2S', '10S', '10H', '10D', '3C', '4C']);
    expect(state).toMatchObject({ phase: 'punto-choice', tableau: 'right' });
    expect(chooser(state)).toBe(2);
    const wrong = stepCoup(state, { type: 'choose', seat: 7, option: 'stand' }, PLAY);
    expect(wrong.ok === false && wrong.error.code).toBe('NOT_YOUR_CHOICE');
    const stood = step(state, { type: 'choose', seat: 2, option: 'stand' });
    // R20.5: the left tableau's holder calls too, though 6 stands whatever he says.
    expect(stood).toMatchObject({ phase: 'punto-choice', tableau: 'left' });
    const left = dealt(step(stood, { type: 'choose', seat: 7, option: 'draw' }));
    expect(left.phase).toBe('banker-choice');
    expect(left.cards.right).toHaveLength(2);
    expect(left.cards.left).toHaveLength(2);
    expect(left.progress).toEqual({ right: 'stood', left: 'stood' });
    const byRule = dealt(holdersCall(step(state, { type: 'by-rule' })));
    expect(byRule.cards.right).toEqual(['5S', '10S', '3C']);
    expect(byRule.story).toContainEqual(
      expect.objectContaining({ kind: 'draw', hand: 'right', by: 'rule', rule: 'R23.3' }),
    );
  });

  it('R23.3 0–4 draw and 6–7 stand whatever is called; a by-rule room draws on 5', () => {
    const state = dealt(dealtCoup(['5S', '7S', '2S', '10S', '10H', '10D', '3C', '4C'], BY_RULE));
    expect(state.phase).toBe('settled');
    expect(state.cards.right).toHaveLength(3);
    expect(state.cards.left).toHaveLength(2);
    expect(state.story).toContainEqual(
      expect.objectContaining({ kind: 'stand', hand: 'left', by: 'rule', total: 7 }),
    );
    // A holder who calls against the rule on 0–4 or 6–7 is carried out by the rule, as a
    // croupier would: right 3 draws, left 7 stands.
    const called = dealtCoup(['3S', '7S', '2S', '10S', '10H', '10D', '3C', '4C']);
    const stand = step(called, { type: 'choose', seat: 2, option: 'stand' });
    const draw = dealt(step(stand, { type: 'choose', seat: 7, option: 'draw' }));
    expect([draw.cards.right.length, draw.cards.left.length]).toEqual([3, 2]);
  });

  it('R23.4 the banker chooses freely: he may draw on 7 and stand on 0', () => {
    const cards: CardCode[] = ['6S', '7S', '7H', '10S', '10H', '10D', '2C'];
    const drew = settled(
      step(holdersCall(dealtCoup(cards)), { type: 'choose', seat: 1, option: 'draw' }),
    );
    expect(drew.cards.banker).toEqual(['7H', '10D', '2C']);
    const zero: CardCode[] = ['6S', '7S', '10C', '10S', '10H', '10D', '2C'];
    const stood = settled(
      step(holdersCall(dealtCoup(zero)), { type: 'choose', seat: 1, option: 'stand' }),
    );
    expect(stood.cards.banker).toEqual(['10C', '10D']);
    const other = stepCoup(
      holdersCall(dealtCoup(zero)),
      { type: 'choose', seat: 2, option: 'stand' },
      PLAY,
    );
    expect(other.ok === false && other.error.code).toBe('NOT_YOUR_CHOICE');
  });

  it('R23.4 the banker’s position holds what he may know and nothing else', () => {
    const state = dealt(
      holdersCall(dealtCoup(['2S', '6S', '4S', '10S', '10H', '10D', '5C', '7C'])),
    );
    expect(state.phase).toBe('banker-choice');
    const position = bankerPosition(state);
    expect(position).toMatchObject({
      bankerTotal: 4,
      right: { state: 'drew', third: 5 },
      left: { state: 'stood' },
      stakes: { right: 400, left: 300, cheval: 0 },
      puntoOnFive: 'draw',
    });
    // Unseen: the shoe and the burn, plus the four face-down tableau cards; not his own two.
    const expected = ranksUnseen(state.shoe);
    for (const card of ['2S', '10S', '6S', '10H'] as CardCode[])
      expected[RANKS.indexOf(rankOf(card))]! += 1;
    expect(position.shoe).toEqual({ kind: 'finite', unseen: expected });
  });

  it('R23.6 the rule the caller passes makes the banker’s choice when his window runs out', () => {
    const seen: BankerPosition[] = [];
    const stands: BankerRule = (p) => {
      seen.push(p);
      return 'stand';
    };
    const state = holdersCall(dealtCoup(['2S', '3S', '4S', '10S', '10H', '10D', '5C', '6C', '7C']));
    const done = settled(step(state, { type: 'by-rule' }, { bankerRule: stands }));
    expect(seen).toHaveLength(1);
    expect(done.cards.banker).toHaveLength(2);
    expect(done.story).toContainEqual(
      expect.objectContaining({ kind: 'stand', hand: 'banker', by: 'rule' }),
    );
  });

  it('R23.6 the room’s rule is the exact values’ best option (R23.5)', () => {
    const cards: CardCode[] = ['2S', '6S', '5H', '10S', '10H', '10D', '9C', '7C'];
    const waiting = dealt(holdersCall(dealtCoup(cards)));
    const values = unwrap(bankerChoiceValues(bankerPosition(waiting)));
    expect(exactBankerRule(bankerPosition(waiting))).toBe(values.best);
    const done = settled(dealtCoup(cards, BY_RULE, { bankerRule: exactBankerRule }));
    expect(done.cards.banker.length === 3 ? 'draw' : 'stand').toBe(values.best);
  });
});

describe('R22 calls on the coup', () => {
  it('R22.3 refusals change nothing', () => {
    const state = opened(['2S']);
    const cases: [ReturnType<typeof call>, string][] = [
      [call(1, { kind: 'stake', on: 'right', amount: 100 }), 'BANKER_CANNOT_STAKE'],
      [call(4, { kind: 'stake', on: 'right', amount: 100 }), 'NOT_A_PUNTER'],
      [call(2, { kind: 'stake', on: 'right', amount: 1001 }), 'INVALID_STAKE'],
      [call(null, { kind: 'banco', on: 'right' }), 'BANCO_SEATED_ONLY'],
    ];
    for (const [event, code] of cases) {
      const refused = stepCoup(state, event, PLAY);
      expect(refused.ok === false && refused.error.code).toBe(code);
    }
    const once = step(state, call(2, { kind: 'none' }));
    const twice = stepCoup(once, call(2, { kind: 'none' }), PLAY);
    expect(twice.ok === false && twice.error.code).toBe('ALREADY_STAKED');
    const closed = stepCoup(
      dealtCoup(['2S', '3S', '4S', '10S', '10H', '10D', '5C', '6C', '7C']),
      call(3, { kind: 'none' }),
      PLAY,
    );
    expect(closed.ok === false && closed.error.code).toBe('STAKES_CLOSED');
  });

  it('R22.2 a coup’s holders are seated punters: never the banker, never one who left', () => {
    const state = opened(['2S'], 1000, FREE, [1, 2, 3, 7, 8]);
    expect(state.holders).toEqual({ right: 2, left: 7 });
    const shifted = unwrap(
      openCoup({
        rules: FREE,
        shoe: state.shoe,
        banker: 2,
        bank: 1000,
        holders: { right: 2, left: 9 },
        seats: [1, 2, 3, 7, 8],
      }),
    );
    // The next along from where each sat: 3 after the new banker's 2, 7 after 9 (wrapping).
    expect(shifted.holders).toEqual({ right: 3, left: 7 });
  });

  it('R22.6 a room may refuse watchers', () => {
    const state = opened(['2S'], 1000, { ...FREE, watchersMayStake: false });
    const refused = stepCoup(state, call(null, { kind: 'stake', on: 'left', amount: 100 }), PLAY);
    expect(refused.ok === false && refused.error.code).toBe('NOT_A_PUNTER');
  });
});
