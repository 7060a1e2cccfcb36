import type { SeatView } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { eveningOf, line } from '../testing/evening';
import { liveLeaderboard } from './leaderboard';

const seat = (n: number, id: string, balance: number): SeatView => ({
  seat: n,
  player: { id, name: id },
  balance,
  betting: 'open',
  awayUntil: null,
});

describe('liveLeaderboard (T11.16)', () => {
  it('takes a seated player’s stack from the seat, which each settlement moves', () => {
    const evening = eveningOf({
      leaderboard: [line('ann', 'Ann', 500_000), line('bob', 'Bob', 500_000, 1_000_000)],
    });
    const board = liveLeaderboard(evening, [seat(1, 'ann', 520_000), seat(2, 'bob', 0)]);
    expect(board.map((l) => [l.player.id, l.stack, l.net])).toEqual([
      ['ann', 520_000, 20_000],
      ['bob', 0, -1_000_000],
    ]);
  });

  it('keeps a standing player’s line as the evening left it, and orders ties by stack', () => {
    const evening = eveningOf({
      leaderboard: [line('cy', 'Cy', 400_000, 400_000), line('dee', 'Dee', 500_000)],
    });
    const board = liveLeaderboard(evening, []);
    expect(board.map((l) => l.player.id)).toEqual(['dee', 'cy']);
  });
});
