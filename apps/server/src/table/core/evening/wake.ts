import type { TableState } from '../state.js';
import type { Step } from '../step.js';
import { eveningOf, eveningSettings } from './evening-state.js';

/**
 * The evening's one wake-up, on the table's hold timers under a key no player id can be (player
 * ids are UUIDs): the next offer to run out, sit-out to free or finish time (T11.13, T11.14,
 * T11.16). A stale one is harmless: each deadline is checked against the clock when it fires.
 */
export const EVENING_WAKE = 'evening:wake';

export function eveningWakeAt(state: TableState): number | null {
  const evening = eveningOf(state);
  if (!evening || evening.ended || state.room?.closed) return null;
  const finish = eveningSettings(state)?.finish;
  const times = [
    evening.offer?.until,
    ...evening.sittingOut.map((s) => s.freedAt),
    finish?.kind === 'time' ? finish.at : undefined,
  ].filter((t): t is number => t !== undefined);
  return times.length === 0 ? null : Math.min(...times);
}

export function armEveningWake(step: Step): void {
  const at = eveningWakeAt(step.state);
  if (at !== null) step.effect({ type: 'hold', playerId: EVENING_WAKE, at });
}
