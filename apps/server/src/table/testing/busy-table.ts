import type { PhaseKind } from '../core/state.js';
import { ReducerHarness } from './reducer-harness.js';

// A full main table part way through a fair shoe: what a save carries on a busy night. Kept
// free of vitest so the size script (bench/stored-size.ts) can drive it too.

const BETS = [
  { spot: 'banker', amount: 2_000 },
  { spot: 'tie', amount: 1_000 },
] as const;

/** Fires the table's timers until it reaches `kind` (every window runs out untouched). */
function fireTo(t: ReducerHarness, kind: PhaseKind): void {
  for (let i = 0; t.state.phase.kind !== kind; i++) {
    if (i >= 50) throw new Error(`the table never reached ${kind} (${t.state.phase.kind})`);
    t.fire();
  }
}

/** Every seated player but the last `abstain` confirms the same bets in the round open now. */
export function everyoneBets(t: ReducerHarness, abstain = 0): void {
  const seats = t.state.seats.slice(0, t.state.seats.length - abstain);
  for (const s of seats) {
    const reply = t.command(s.player.id, 'bets.confirm', {
      round: t.round,
      seat: s.seat,
      confirmId: `confirm-${s.player.id}-${t.round}`,
      bets: [...BETS],
    });
    if (!reply.ok) throw new Error(`${s.player.id} could not bet: ${JSON.stringify(reply)}`);
  }
}

/**
 * 8 decks, every one of the 14 seats taken, `rounds` rounds played with everyone betting, and the
 * next round open for bets. The shoe is fair, from the harness's seeds.
 */
export function busyTable(rounds: number): ReducerHarness {
  const t = new ReducerHarness({ decks: 8, seats: 14 });
  for (let seat = 1; seat <= 14; seat++) t.sit(`player-${seat}`, seat);
  for (let i = 0; i < rounds; i++) {
    fireTo(t, 'betting');
    everyoneBets(t);
    fireTo(t, 'result');
    t.fire();
  }
  fireTo(t, 'betting');
  return t;
}

/** Bets closed, cards dealt and being turned: the round carries the shoe after it. */
export function busyTableTurning(rounds: number): ReducerHarness {
  const t = busyTable(rounds);
  everyoneBets(t);
  fireTo(t, 'turning');
  return t;
}
