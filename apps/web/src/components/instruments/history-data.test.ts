import type { RoundRecord } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { replay, sessionStats, shoeRounds, yourBetsIn } from './history-data';

const record = (over: Partial<RoundRecord>): RoundRecord => ({
  id: 'r1',
  seq: 1,
  shoeId: 's1',
  shoeNumber: 1,
  number: 1,
  cards: ['2H', 'KC', '3D', '4S', '2C', '5H'],
  outcome: 'banker',
  playerTotal: 7,
  bankerTotal: 9,
  holderSeat: 1,
  openedAt: '2026-12-01T20:00:00.000Z',
  settledAt: '2026-12-01T20:00:10.000Z',
  bets: [],
  ...over,
});

const ME = 'p-ann';
const bet = (spot: string, amount: number, result: 'win' | 'lose' | 'push', returned: number) => ({
  playerId: ME,
  seat: 1,
  spot,
  amount,
  result,
  returned,
});

describe('hand history and your session, from the table’s settled rounds', () => {
  it('replays a stored round with the rules package: hands, totals and the trace', () => {
    const round = replay(record({}))!;
    expect(round.player.cards).toEqual(['2H', '3D', '2C']);
    expect(round.banker.cards).toEqual(['KC', '4S', '5H']);
    expect([round.player.total, round.banker.total, round.outcome]).toEqual([7, 9, 'banker']);
    expect(round.trace.map((t) => t.rule)).toEqual(['R5.1', 'R7.4']);
    expect(replay(record({ cards: ['2H', 'XX'] }))).toBeNull();
  });

  it('the rounds of the shoe in play, oldest first, are the bead plate’s order', () => {
    const rounds = [
      record({ id: 'c', number: 3 }),
      record({ id: 'x', shoeId: 's0', number: 9 }),
      record({ id: 'a', number: 1 }),
      record({ id: 'b', number: 2 }),
    ];
    expect(shoeRounds(rounds, 's1').map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(shoeRounds(rounds, null)).toEqual([]);
  });

  it('counts only your bets since the session began: rounds, wagered, net, biggest win', () => {
    const other = { ...bet('player', 5_000, 'win', 10_000), playerId: 'p-bob' };
    const rounds = [
      record({
        id: 'old',
        settledAt: '2026-12-01T19:00:00.000Z',
        bets: [bet('banker', 9_900, 'win', 19_305)],
      }),
      record({ id: 'a', bets: [bet('banker', 2_500, 'win', 4_875), other] }),
      record({
        id: 'b',
        bets: [bet('tie', 1_000, 'lose', 0), bet('banker', 2_500, 'push', 2_500)],
      }),
      record({ id: 'c', bets: [other] }),
      record({ id: 'd', bets: [bet('player', 10_000, 'win', 20_000)] }),
    ];
    expect(yourBetsIn(rounds[2]!, ME)).toHaveLength(2);
    expect(sessionStats(rounds, ME, '2026-12-01T19:30:00.000Z')).toEqual({
      rounds: 3,
      wagered: 16_000,
      net: 2_375 - 1_000 + 10_000,
      biggestWin: 10_000,
      won: 2,
      lost: 1,
    });
  });
});
