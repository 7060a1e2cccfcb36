import { describe, expect, it } from 'vitest';
import type { CardCode } from '../cards.js';
import { resolveRound, type Outcome } from '../round.js';
import {
  FAST_BANKER_DREW,
  FAST_BANKER_NATURAL,
  FAST_BANKER_WINS,
  FAST_PLAYER_DREW,
  FAST_PLAYER_NATURAL,
  FAST_PLAYER_WINS,
  FAST_TIE,
  fastBankerTotal,
  fastCardsUsed,
  fastOutcome,
  fastPlayerTotal,
  resolveFast,
} from './fast-round.js';

/** One card per value (R1.2); the reference only reads values, so any such card will do. */
const CARD_OF_VALUE: readonly CardCode[] = [
  'KS',
  'AS',
  '2H',
  '3D',
  '4C',
  '5S',
  '6H',
  '7D',
  '8C',
  '9S',
];
const FAST_OUTCOME: Record<Outcome, number> = {
  player: FAST_PLAYER_WINS,
  banker: FAST_BANKER_WINS,
  tie: FAST_TIE,
};

describe('R3 R4 R5 R6 R7 R8.1 resolveFast agrees with resolveRound', () => {
  it('on every one of the 10^6 sequences of six card values', () => {
    const values = new Uint8Array(6);
    let mismatches = 0;
    let firstMismatch = '';
    for (let sequence = 0; sequence < 1_000_000; sequence++) {
      let rest = sequence;
      for (let i = 5; i >= 0; i--) {
        values[i] = rest % 10;
        rest = Math.floor(rest / 10);
      }
      let next = 0;
      const reference = resolveRound(() => CARD_OF_VALUE[values[next++]!]!);
      const packed = resolveFast(values, 0);
      const same =
        fastOutcome(packed) === FAST_OUTCOME[reference.outcome] &&
        fastPlayerTotal(packed) === reference.player.total &&
        fastBankerTotal(packed) === reference.banker.total &&
        fastCardsUsed(packed) === reference.dealt.length &&
        Boolean(packed & FAST_PLAYER_NATURAL) === reference.player.natural &&
        Boolean(packed & FAST_BANKER_NATURAL) === reference.banker.natural &&
        Boolean(packed & FAST_PLAYER_DREW) === reference.player.cards.length > 2 &&
        Boolean(packed & FAST_BANKER_DREW) === reference.banker.cards.length > 2;
      if (!same) {
        mismatches++;
        firstMismatch ||= `values ${values.join(',')}`;
      }
    }
    expect(firstMismatch).toBe('');
    expect(mismatches).toBe(0);
  });
});

describe('R3.1 R3.2 resolveFast reads from the start index and only the cards it uses', () => {
  it('resolves a round in the middle of a buffer and uses 4 to 6 cards', () => {
    // Filler 9s around the round would change every total if the offset were wrong.
    // Player 2+3 = 5 draws a 2 (7); Banker 4+0 = 4 draws against a 2 (R7.4) a 5 (9).
    const values = Uint8Array.from([9, 9, 9, 2, 4, 3, 0, 2, 5, 9, 9]);
    const packed = resolveFast(values, 3);
    expect(fastPlayerTotal(packed)).toBe(7);
    expect(fastBankerTotal(packed)).toBe(9);
    expect(fastCardsUsed(packed)).toBe(6);
    expect(fastOutcome(packed)).toBe(FAST_BANKER_WINS);
  });

  it.each([
    ['a natural', [8, 0, 0, 0, 7, 7], 4],
    ['Player draws, Banker 6 stands against a 5 (R7.6)', [2, 6, 3, 0, 5, 7], 5],
    ['both draw', [0, 0, 0, 0, 0, 0], 6],
  ])('never reads past the cards it uses: %s', (_name, cards, used) => {
    const reads: number[] = [];
    // A proxy records which slots the resolver touches.
    const spy = new Proxy(Uint8Array.from(cards), {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.push(Number(key));
        const value: unknown = Reflect.get(target, key);
        return value;
      },
    });
    const packed = resolveFast(spy, 0);
    expect(fastCardsUsed(packed)).toBe(used);
    expect(Math.max(...reads)).toBe(used - 1);
  });
});
