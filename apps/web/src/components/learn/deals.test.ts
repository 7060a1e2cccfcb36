import { bankerDecision, cardValue, playerDecision } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import {
  BANKER_DEAL,
  FIRST_DEAL,
  MAIN_PAYOUTS,
  SECOND_DEAL,
  SETTLEMENT_EXERCISES,
  dealSequence,
} from './deals';
import { oddsWords } from './words';

describe('the lesson deals', () => {
  it('are the seed lesson’s examples, as the rules play them', () => {
    // 4, 2, 4, 3 → Player 8 (a natural), Banker 5 stays 5.
    expect(dealSequence(FIRST_DEAL).map((d) => `${d.side[0]}${cardValue(d.card)}`)).toEqual([
      'p4',
      'b2',
      'p4',
      'b3',
    ]);
    expect([FIRST_DEAL.player.total, FIRST_DEAL.banker.total]).toEqual([8, 5]);
    expect(FIRST_DEAL.player.natural).toBe(true);
    expect(FIRST_DEAL.outcome).toBe('player');
    // Player 5 draws an 8 (total 3); Banker 3 stands because that card is an 8; tie at 3.
    expect(playerDecision(5).draws).toBe(true);
    expect(dealSequence(SECOND_DEAL).at(-1)).toEqual({ side: 'player', card: '8H', position: 2 });
    expect(bankerDecision(3, 8).draws).toBe(false);
    expect([SECOND_DEAL.player.total, SECOND_DEAL.banker.total]).toEqual([3, 3]);
    expect(SECOND_DEAL.outcome).toBe('tie');
    expect(BANKER_DEAL.outcome).toBe('banker');
  });

  it('settle to the seed’s balances: 110, 90, 100, 180 and 109.50', () => {
    expect(SETTLEMENT_EXERCISES.map((e) => e.after)).toEqual([11000, 9000, 10000, 18000, 10950]);
    expect(SETTLEMENT_EXERCISES.every((e) => e.before === 9000)).toBe(true);
  });

  it('reads the main payouts as the table writes them', () => {
    expect(MAIN_PAYOUTS.map((p) => `${p.spot} ${p.payout.result} ${oddsWords(p.payout)}`)).toEqual([
      'player win 1:1',
      'banker win 0.95:1',
      'tie win 8:1',
      'player push 0:1',
    ]);
    expect(oddsWords({ numerator: 1, denominator: 2 })).toBe('1:2');
    expect(oddsWords({ numerator: 11, denominator: 1 })).toBe('11:1');
  });
});
