import { chips } from '../lib/format';
import { resultSentence } from '../lib/words';
import type { Pip } from './pips';
import type { TableState } from './table-state';

/** Each seat's confirmed stakes this round, summed over spots. */
export function stakesBySeat(state: TableState): Map<number, number> {
  const stakes = new Map<number, number>();
  for (const bet of state.round?.bets ?? [])
    stakes.set(bet.seat, (stakes.get(bet.seat) ?? 0) + bet.amount);
  return stakes;
}

/** What each seat lost to the sweep and won in the pay-out, as settlement announced it. */
export function changesBySeat(state: TableState): Map<number, { lost: number; won: number }> {
  const changes = new Map<number, { lost: number; won: number }>();
  const entry = (seat: number) => {
    const found = changes.get(seat) ?? { lost: 0, won: 0 };
    changes.set(seat, found);
    return found;
  };
  for (const loser of state.settlement.collected?.losers ?? [])
    entry(loser.seat).lost += loser.amount;
  for (const winner of state.settlement.paid?.winners ?? [])
    entry(winner.seat).won += winner.returned - winner.stake;
  return changes;
}

/** The bead plate as pips, oldest first; a bead's `round` is its index in the shoe, from 0. */
export function pipsOf(state: TableState): Pip[] {
  const beads = state.roads?.beadPlate.beads ?? [];
  return [...beads]
    .sort((a, b) => a.round - b.round)
    .map((bead) => ({
      hand: bead.round + 1,
      outcome: bead.outcome,
      ...(bead.playerTotal === undefined ? {} : { playerTotal: bead.playerTotal }),
      ...(bead.bankerTotal === undefined ? {} : { bankerTotal: bead.bankerTotal }),
    }));
}

export function yourBets(state: TableState): { spot: string; amount: number }[] {
  const seat = state.you.seat;
  if (seat === null) return [];
  return (state.round?.bets ?? [])
    .filter((b) => b.seat === seat)
    .map(({ spot, amount }) => ({ spot, amount }));
}

/** What the live region says now: the result with your own win or loss, or your next move. */
export function announcement(state: TableState): string {
  const seat = state.you.seat;
  if (state.result) {
    const said = resultSentence(
      state.result.outcome,
      state.result.player.total,
      state.result.banker.total,
    );
    const mine = seat === null ? undefined : changesBySeat(state).get(seat);
    if (!mine) return `${said}.`;
    const net = mine.won - mine.lost;
    return `${said}. ${net > 0 ? `You win ${chips(net)}` : net < 0 ? `You lose ${chips(-net)}` : 'Your bets are returned'}. Balance ${chips(state.seats.find((s) => s.seat === seat)?.balance ?? 0)}.`;
  }
  const phase = state.phase;
  if (seat !== null && state.offer?.seat === seat)
    return 'The shoe is offered to you: accept or refuse.';
  if (phase.kind === 'dealing' && phase.dealer === seat && seat !== null)
    return 'Your turn to deal.';
  if (phase.kind === 'turning' && phase.turner === seat && seat !== null)
    return `Your turn to turn ${phase.hand === 'player' ? 'Player' : 'Banker'}’s cards.`;
  if (phase.kind === 'betting')
    return state.lastCall ? 'Last call for bets.' : `Round ${phase.round}: place your bets.`;
  if (state.notices.refill && state.notices.refill.playerId === state.you.playerId)
    return `Your balance was topped up by ${chips(state.notices.refill.amount)}.`;
  return '';
}

/** Why a player sees a closed door instead of the table. */
export type GoneReason = 'kicked' | 'closed' | 'locked' | 'unknown';

const GONE_BY_REFUSAL: Partial<Record<string, GoneReason>> = {
  KICKED: 'kicked',
  ROOM_LOCKED: 'locked',
  ROOM_CLOSED: 'closed',
  UNKNOWN_TABLE: 'unknown',
};

/** Whether this table is closed to this player, and why: then the page says so, and only that. */
export function goneReason(state: TableState): GoneReason | null {
  if (state.gone) return state.gone;
  if (state.connection !== 'refused' || !state.refusal) return null;
  return GONE_BY_REFUSAL[state.refusal.code] ?? null;
}

/** Seated players who have not yet bet or declared no bet this round. */
export const undecided = (state: TableState): number =>
  state.seats.filter((s) => s.betting === 'open').length;
