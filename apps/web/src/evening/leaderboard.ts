import type { EveningView, LeaderboardLine, SeatView } from '@banco/protocol';

/**
 * The leaderboard as of now (T11.16): each seated player's stack is their seat's balance, which
 * every settlement moves, while the evening's lines move only with grants; net is the stack less
 * everything granted. Ordered as the server orders its podium: net, then stack, then id.
 */
export function liveLeaderboard(
  evening: EveningView,
  seats: readonly SeatView[],
): LeaderboardLine[] {
  const seated = new Map(seats.map((s) => [s.player.id, s]));
  return evening.leaderboard
    .map((line) => {
      const seat = seated.get(line.player.id);
      const stack = seat?.balance ?? line.stack;
      return { ...line, player: seat?.player ?? line.player, stack, net: stack - line.granted };
    })
    .sort((a, b) => b.net - a.net || b.stack - a.stack || a.player.id.localeCompare(b.player.id));
}
