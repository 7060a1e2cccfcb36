import type { Step } from '../step.js';
import { eveningOf, setEvening } from './evening-state.js';
import { keepStacks } from './seats.js';
import { leaderboard } from './view.js';

type Reason = 'rounds' | 'shoes' | 'time' | 'host' | 'idle';

/**
 * T11.16: the room is closing for good: every stack is kept as the night's last word (T11.15),
 * and the podium is told before `room.closed`.
 */
export function closeEvening(step: Step): void {
  const evening = eveningOf(step.state);
  if (!evening) return;
  keepStacks(step);
  const reason: Reason =
    evening.ended?.reason ?? (step.state.room?.closing === 'idle' ? 'idle' : 'host');
  const podium = leaderboard(step.state, eveningOf(step.state)!).slice(0, 3);
  setEvening(step, {
    ended: { reason, podium },
    offer: null,
    requests: [],
    waitlist: [],
    topUps: [],
  });
  step.emit({ type: 'evening.ended', reason, podium });
}
