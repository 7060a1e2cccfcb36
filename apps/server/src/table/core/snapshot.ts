import type { PhaseView, TableSnapshot } from '@banco/protocol';
import type { TableGame } from './game.js';
import type { Phase, TableState } from './state.js';
import { eveningPart } from './evening/view.js';
import { roomView } from './room-life.js';
import { roadsView, shoeView } from './views.js';

/** The phases of the shoe's life, which are the core's; null for one of the game's own. */
function shoePhaseView(phase: Phase): PhaseView | null {
  switch (phase.kind) {
    case 'waiting':
    case 'shuffling':
      return { kind: 'waiting' };
    case 'seeding':
      return {
        kind: 'seeding',
        shoeId: phase.shoe.id,
        number: phase.shoe.number,
        commitment: phase.shoe.commitment,
        deadline: phase.deadline,
        contributions: phase.contributions.map((c) => c.seed),
      };
    default:
      return null;
  }
}

/**
 * P1.3: the table as one player may see it. Built only from what has been broadcast: faces of
 * turned cards, never the round's later cards, never the server seed of a shoe in play.
 */
export function snapshotOf(
  state: TableState,
  viewer: { playerId: string; spectators: number; now: number },
  game: TableGame,
): TableSnapshot {
  const mine = state.seats.find((s) => s.player.id === viewer.playerId);
  const shoe = state.shoe;
  return {
    tableId: state.tableId,
    name: state.name,
    version: state.version,
    serverTime: viewer.now,
    settings: state.settings,
    seats: state.seats.map((s) => ({
      seat: s.seat,
      player: s.player,
      balance: s.balance,
      awayUntil: s.awayUntil ?? null,
      betting: game.seatBetting(state, s),
    })),
    spectators: viewer.spectators,
    shoe: shoe ? shoeView(shoe, state.settings.decks, game.cardsOnTable(state)) : null,
    ...game.view(state),
    phase: shoePhaseView(state.phase) ?? game.phaseView(state),
    roads: roadsView(shoe),
    you: { playerId: viewer.playerId, seat: mine?.seat ?? null },
    room: roomView(state.room),
    chat: [...state.chat.messages],
    ...eveningPart(state, viewer.playerId),
    // The actor adds how the last round ended (P1.8): it follows the broadcasts, not the state.
    lastRound: null,
  };
}
