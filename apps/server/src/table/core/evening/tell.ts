import type { Step } from '../step.js';
import { eveningView } from './view.js';

/**
 * P9.9: the host and the players a change concerns each get their own evening view (the queue
 * is the host's alone), stamped with the table's version as of the change.
 */
export function tellEvening(step: Step, playerIds: readonly string[]): void {
  const host = step.state.room?.hostPlayerId;
  const told = new Set(host ? [host, ...playerIds] : playerIds);
  for (const playerId of told) {
    const evening = eveningView(step.state, playerId);
    if (!evening) return;
    step.effect({
      type: 'private',
      playerId,
      message: {
        type: 'evening.you',
        tableId: step.state.tableId,
        version: step.state.version,
        evening,
      },
    });
  }
}
