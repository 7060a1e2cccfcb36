import type { EveningView, LeaderboardLine } from '@banco/protocol';
import type { TableState } from '../state.js';
import { eveningOf, eveningSettings, type EveningState } from './evening-state.js';

/** T11.16: the night's standings, best first: the stack now, and what it won or lost. */
export function leaderboard(state: TableState, evening: EveningState): LeaderboardLine[] {
  const seated = new Map(state.seats.map((s) => [s.player.id, s]));
  return evening.stacks
    .map((line) => {
      const stack = seated.get(line.playerId)?.balance ?? line.stack;
      return {
        player: { id: line.playerId, name: line.name },
        stack,
        granted: line.granted,
        net: stack - line.granted,
      };
    })
    .sort((a, b) => b.net - a.net || b.stack - a.stack || a.player.id.localeCompare(b.player.id));
}

/** P9.9: the evening as one viewer may see it: the queue is the host's, a position one's own. */
export function eveningView(state: TableState, viewerId: string): EveningView | null {
  const settings = eveningSettings(state);
  const evening = eveningOf(state);
  if (!settings || !evening) return null;
  const isHost = state.room?.hostPlayerId === viewerId;
  const request = evening.requests.find((r) => r.playerId === viewerId);
  const position = evening.waitlist.findIndex((w) => w.playerId === viewerId);
  const offer = evening.offer?.playerId === viewerId ? evening.offer : null;
  const topUp = evening.topUps.find((t) => t.playerId === viewerId);
  const seatOf = new Map(state.seats.map((s) => [s.player.id, s.seat]));
  return {
    settings,
    queue: isHost
      ? evening.requests.map((r) => ({
          player: { id: r.playerId, name: r.name },
          at: r.at,
          seat: r.seat,
          account: r.account,
        }))
      : null,
    topUps: isHost
      ? evening.topUps.map((t) => ({
          player: { id: t.playerId, name: t.name },
          at: t.at,
          amount: t.amount,
        }))
      : null,
    counts: { requests: evening.requests.length, waiting: evening.waitlist.length },
    you: {
      request: request ? { at: request.at, seat: request.seat } : null,
      waitlistPosition: position < 0 ? null : position + 1,
      offer: offer ? { seat: offer.seat, until: offer.until } : null,
      topUp: topUp ? { amount: topUp.amount, at: topUp.at } : null,
      topUpsTaken: evening.topUpsTaken[viewerId] ?? 0,
      declined: evening.declined[viewerId] ?? null,
      topUpDeclined: evening.topUpDeclined[viewerId] ?? null,
    },
    sittingOut: evening.sittingOut.flatMap((s) => {
      const seat = seatOf.get(s.playerId);
      return seat === undefined ? [] : [{ seat, freedAt: s.freedAt }];
    }),
    leaderboard: leaderboard(state, evening),
    progress: {
      rounds: Math.max(0, state.roundSeq - evening.startRound),
      shoes: Math.max(0, state.lastShoeNumber - evening.startShoe),
    },
    podium: evening.ended ? [...evening.ended.podium] : null,
  };
}

/** P9.9: the snapshot's `evening`, present only at a room that has one. */
export function eveningPart(state: TableState, viewerId: string): { evening?: EveningView } {
  const evening = eveningView(state, viewerId);
  return evening ? { evening } : {};
}
