import { describe, expect, it } from 'vitest';
import type { CardCode } from './cards.js';
import { resolveFromCards, type RoundResult } from './round.js';

function play(cards: readonly string[]): RoundResult {
  const result = resolveFromCards(cards as CardCode[]);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('R3 dealing order and round resolution', () => {
  it('R3.1 deals Player, Banker, Player, Banker, then Player third, then Banker third', () => {
    // Player 2+3 = 5 draws; Banker 4+K = 4 draws against a third card of 2.
    const round = play(['2S', '4H', '3D', 'KC', '2C', '5H']);
    expect(round.player.cards).toEqual(['2S', '3D', '2C']);
    expect(round.banker.cards).toEqual(['4H', 'KC', '5H']);
    expect(round.dealt).toEqual(['2S', '4H', '3D', 'KC', '2C', '5H']);
  });

  it('R3.2 R4.2 the lesson deal stops at four cards: Player 4+4 = 8 beats Banker 2+3 = 5', () => {
    const round = play(['4S', '2H', '4C', '3D', '9S', '9H']);
    expect(round.dealt).toHaveLength(4);
    expect(round.player.total).toBe(8);
    expect(round.banker.total).toBe(5);
    expect(round.player.natural).toBe(true);
    expect(round.banker.natural).toBe(false);
    expect(round.outcome).toBe('player');
    expect(round.trace.map((s) => s.rule)).toEqual(['R4.1', 'R4.2']);
    expect(round.trace[1]!.text).toBe('Banker 5, a natural is on the table → stands (R4.2)');
  });

  it('R7.1 R7.3 the lesson tie: Player 5 draws an 8 (total 3), Banker 3 stands against an 8', () => {
    const round = play(['2S', 'AH', '3C', '2D', '8H', '6S']);
    expect(round.player.cards).toEqual(['2S', '3C', '8H']);
    expect(round.player.total).toBe(3);
    expect(round.banker.cards).toEqual(['AH', '2D']);
    expect(round.banker.total).toBe(3);
    expect(round.outcome).toBe('tie');
    const bankerStep = round.trace[1]!;
    expect(bankerStep).toMatchObject({
      hand: 'banker',
      action: 'stand',
      total: 3,
      playerThirdValue: 8,
      rule: 'R7.3',
    });
    expect(bankerStep.text).toBe("Banker 3, Player's third card 8 → stands (R7.3)");
  });

  it('R7.4 the trace explains a Banker 4 drawing against a third card of 2', () => {
    const round = play(['2S', '4H', '3D', 'KC', '2C', '5H']);
    expect(round.trace).toHaveLength(2);
    expect(round.trace[0]).toMatchObject({
      hand: 'player',
      action: 'draw',
      total: 5,
      card: '2C',
      rule: 'R5.1',
    });
    expect(round.trace[1]!.text).toBe("Banker 4, Player's third card 2 → draws 5H (R7.4)");
    expect(round.banker.total).toBe(9);
    expect(round.outcome).toBe('banker');
  });

  it('R5.2 R6.1 Player stands on 6, Banker draws on 5 by the simple rule', () => {
    const round = play(['3S', '2H', '3D', '3C', '2S']);
    expect(round.trace.map((s) => [s.hand, s.action, s.rule])).toEqual([
      ['player', 'stand', 'R5.2'],
      ['banker', 'draw', 'R6.1'],
    ]);
    expect(round.banker.cards).toEqual(['2H', '3C', '2S']);
    expect(round.outcome).toBe('banker');
  });

  it('R6.2 Player 7 and Banker 6 both stand', () => {
    const round = play(['4S', '3H', '3D', '3C']);
    expect(round.trace.map((s) => s.rule)).toEqual(['R5.2', 'R6.2']);
    expect(round.dealt).toHaveLength(4);
    expect(round.outcome).toBe('player');
  });

  it('R8.1 the higher total wins and equal totals tie', () => {
    expect(play(['9S', '8H', 'KD', 'QC']).outcome).toBe('player');
    expect(play(['8S', '9H', 'KD', 'QC']).outcome).toBe('banker');
    expect(play(['8S', '8H', 'KD', 'QC']).outcome).toBe('tie');
  });

  it('R4.2 two naturals: the higher wins, neither draws', () => {
    const round = play(['9S', '8H', 'KD', 'QC', '5S', '5H']);
    expect(round.dealt).toHaveLength(4);
    expect(round.trace.map((s) => s.rule)).toEqual(['R4.1', 'R4.1']);
  });

  it('R8.3 a pair needs the same rank, not the same value', () => {
    const paired = play(['QS', '4H', 'QD', '4C']);
    expect(paired.player.pair).toBe(true);
    expect(paired.banker.pair).toBe(true);
    const unpaired = play(['10S', '2H', 'KD', '3C', '4S', '5D']);
    expect(unpaired.player.pair).toBe(false);
    expect(unpaired.banker.pair).toBe(false);
    // Only the first two cards count: a third card matching changes nothing.
    const third = play(['2S', '5H', '3D', 'KC', '2C', '5D']);
    expect(third.player.pair).toBe(false);
    expect(third.banker.pair).toBe(false);
  });

  it('R3.2 a short card list is refused as a value, not a crash', () => {
    const result = resolveFromCards(['2S', '4H', '3D', 'KC', '2C']);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('NOT_ENOUGH_CARDS');
  });
});
