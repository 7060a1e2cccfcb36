import type { TablePrivate } from '@banco/protocol';
import { ownCardsFor } from '../games/chemin-de-fer/chemin-view.js';
import type { TableState } from './state.js';
import { peekFor } from '../games/punto-banco/turning.js';

/**
 * P1.5 and C5.4: every face the table shows `playerId` alone right now (a turner's peek, a
 * Chemin de Fer hand's two face-down cards), sent again to a page that joins or resyncs, so
 * a reload never leaves a player deciding on cards they can no longer see.
 */
export function ownFacesFor(state: TableState, playerId: string): TablePrivate[] {
  const peek = peekFor(state, playerId);
  return [...(peek ? [peek] : []), ...ownCardsFor(state, playerId)];
}
