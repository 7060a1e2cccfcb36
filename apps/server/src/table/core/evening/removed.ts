import type { Step } from '../step.js';
import { eveningOf, setEvening } from './evening-state.js';
import { dropWaiter } from './waitlist.js';

/**
 * T11.2, T11.13: a player the host removed is nobody the evening waits on: their request leaves
 * the host's queue, and their place on the waitlist (with any seat offered them) goes to the
 * next in line. Called before their seat is freed, so that seat is never offered to them.
 */
export function forgetRemovedPlayer(step: Step, playerId: string): void {
  const evening = eveningOf(step.state);
  if (!evening) return;
  if (evening.requests.some((r) => r.playerId === playerId)) {
    const requests = evening.requests.filter((r) => r.playerId !== playerId);
    setEvening(step, { requests });
    step.emit({ type: 'evening.seat-request', change: 'cancelled', requests: requests.length });
  }
  if (evening.waitlist.some((w) => w.playerId === playerId)) dropWaiter(step, playerId, 'left');
}
