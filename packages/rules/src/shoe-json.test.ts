import { unwrap } from './testing/unwrap.js';
import { describe, expect, it } from 'vitest';
import { createFairShoe } from './fair-shoe.js';
import type { RoundResult } from './round.js';
import { shoeFromJSON, shoeToJSON } from './shoe-json.js';
import {
  burnShoe,
  dealRound,
  drawCard,
  endRound,
  roundStatus,
  startRound,
  type ShoeState,
} from './shoe.js';

const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'json', shoeNumber: 3 };
const fresh = unwrap(createFairShoe({ ...seeds, decks: 2, cut: 20 }));

/** Through the text form a database column would hold. */
const storedAndLoaded = (state: ShoeState) =>
  shoeFromJSON(JSON.parse(JSON.stringify(shoeToJSON(state))));

function dealRounds(state: ShoeState, count: number): ShoeState {
  for (let i = 0; i < count; i++) state = unwrap(dealRound(state)).state;
  return state;
}

function remainingRounds(state: ShoeState): RoundResult[] {
  const rounds: RoundResult[] = [];
  while (roundStatus(state) !== 'finished') {
    const dealt = unwrap(dealRound(state));
    rounds.push(dealt.round);
    state = dealt.state;
  }
  return rounds;
}

const afterBurn = unwrap(burnShoe(fresh)).state;

describe('R10.8 stored shoes resume exactly', () => {
  it('R10.8 between rounds: the state and every later round are unchanged', () => {
    const midShoe = dealRounds(afterBurn, 7);
    const resumed = unwrap(storedAndLoaded(midShoe));
    expect(resumed).toEqual(midShoe);
    expect(remainingRounds(resumed)).toEqual(remainingRounds(midShoe));
  });

  it('R10.8 in the middle of a round: the rest of it comes out the same', () => {
    let state = unwrap(startRound(dealRounds(afterBurn, 4))).state;
    state = unwrap(drawCard(unwrap(drawCard(state)).state)).state;
    const resumed = unwrap(storedAndLoaded(state));
    expect(resumed).toEqual(state);
    const finish = (from: ShoeState) => {
      let current = from;
      for (let i = 0; i < 2; i++) current = unwrap(drawCard(current)).state;
      while (!endRound(current).ok) current = unwrap(drawCard(current)).state;
      return unwrap(endRound(current)).round;
    };
    expect(finish(resumed)).toEqual(finish(state));
  });

  it('R10.8 R10.5 before the burn, after the cut card and at the end', () => {
    let state = afterBurn;
    while (state.cutCard === null) state = unwrap(dealRound(state)).state;
    const finished = dealRounds(state, remainingRounds(state).length);
    expect(roundStatus(finished)).toBe('finished');
    for (const stored of [fresh, state, finished]) {
      expect(storedAndLoaded(stored)).toEqual({ ok: true, value: stored });
    }
  });
});

describe('R10.8 stored shoes are checked before use', () => {
  const midShoe = dealRounds(afterBurn, 5);
  const codeOf = (json: unknown) => {
    const result = shoeFromJSON(json);
    return result.ok ? 'ok' : result.error.code;
  };
  const edited = (changes: Record<string, unknown>) => ({ ...shoeToJSON(midShoe), ...changes });

  it('R10.8 progress that the cards do not reproduce is refused', () => {
    expect(codeOf(edited({}))).toBe('ok');
    expect(codeOf(edited({ next: midShoe.next + 1 }))).toBe('INVALID_SHOE_STATE');
    expect(codeOf(edited({ roundsDealt: midShoe.roundsDealt + 1 }))).toBe('INVALID_SHOE_STATE');
    expect(codeOf(edited({ roundStart: midShoe.next }))).toBe('ok');
    expect(codeOf(edited({ roundStart: midShoe.next - 1 }))).toBe('INVALID_SHOE_STATE');
    expect(codeOf(edited({ burn: null }))).toBe('INVALID_SHOE_STATE');
    expect(codeOf(edited({ cutCard: { round: 2, when: 'during-round' } }))).toBe(
      'INVALID_SHOE_STATE',
    );
    expect(codeOf(edited({ roundsDealt: 1e9 }))).toBe('INVALID_SHOE_STATE');
  });

  it('R10.8 a wrong shape, format, card or setting is refused', () => {
    expect(codeOf(null)).toBe('INVALID_SHOE_STATE');
    expect(codeOf([midShoe])).toBe('INVALID_SHOE_STATE');
    expect(codeOf(edited({ format: 'banco-shoe/0' }))).toBe('INVALID_SHOE_STATE');
    expect(codeOf(edited({ cut: undefined }))).toBe('INVALID_SHOE_STATE');
    expect(codeOf(edited({ cut: 3 }))).toBe('INVALID_CUT');
    expect(codeOf(edited({ lastHand: 'never' }))).toBe('INVALID_LAST_HAND');
    expect(codeOf(edited({ cards: ['ZZ', ...midShoe.cards.slice(1)] }))).toBe('INVALID_CARD');
  });
});
