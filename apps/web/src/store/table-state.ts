import type { CardsPeek, EventOf, TableEvent, TableSnapshot } from '@banco/protocol';
import { cardsOfCoup, passedOnSnapshot, reduceChemin } from './slices/chemin';
import { gameOnSnapshot, reduceGameEvent } from './slices/game';
import { reduceEvening } from './slices/evening';
import { reduceRoom } from './slices/room';
import { reduceRound, whyOf } from './slices/round';
import { reduceSeats } from './slices/seats';
import { reduceShoe } from './slices/shoe';
import type { Phase, Settlement, TableState } from './state';

export * from './state';
export { applyCheminCards, cheminShuffling } from './slices/chemin';
export { applyGamePrivate, gameEvent, gamePrivate, type PrivateMessage } from './slices/game';
export { applyEveningYou } from './slices/evening';

const roundOf = (phase: Phase): number | null => ('round' in phase ? phase.round : null);

/**
 * Takes a snapshot: the table client (@banco/protocol) has already decided it is the one to
 * hold (P2.13). A round's end it carries (result and settlement, or its voiding) is shown as
 * the events would have shown it.
 */
export function applySnapshot(
  state: TableState,
  snap: TableSnapshot,
  localNow: number,
): TableState {
  const sameRound = state.round?.seq === snap.round?.seq;
  const ended = roundEndOf(snap);
  return {
    ...state,
    version: snap.version,
    clockOffset: snap.serverTime - localNow,
    name: snap.name,
    settings: snap.settings,
    seats: snap.seats,
    spectators: snap.spectators,
    shoe: snap.shoe,
    holder: snap.holder,
    houseDeals: snap.houseDeals,
    offer: snap.offer,
    phase: snap.phase,
    round: snap.round,
    roads: snap.roads,
    odds: snap.odds,
    you: snap.you,
    room: snap.room,
    chat: snap.chat,
    chemin: snap.cheminDeFer ?? null,
    cheminCards: cardsOfCoup(state.cheminCards, snap.cheminDeFer ?? null),
    cheminPassed: passedOnSnapshot(snap.cheminDeFer ?? null),
    game: gameOnSnapshot(state, snap),
    evening: snap.evening ?? null,
    eveningVersion: snap.version,
    why: ended.result ? whyOf(ended.result, {}) : sameRound ? state.why : {},
    settlement: ended.result ? ended.settlement : sameRound ? state.settlement : NO_SETTLEMENT,
    result: ended.result ?? (sameRound ? state.result : null),
    voided: snap.lastRound?.voided ?? state.voided,
    peek: state.peek && state.peek.round === roundOf(snap.phase) ? state.peek : null,
  };
}

const NO_SETTLEMENT: Settlement = { collected: null, paid: null };

/** The result and settlement of the round the snapshot shows, while its result is up. */
function roundEndOf(snap: TableSnapshot): {
  result: EventOf<'round.result'> | null;
  settlement: Settlement;
} {
  const last = snap.lastRound;
  const shown = snap.phase.kind === 'result' ? snap.phase.round : null;
  if (!last?.result || last.result.round !== shown)
    return { result: null, settlement: NO_SETTLEMENT };
  return {
    result: last.result,
    settlement: {
      collected: last.collected?.round === shown ? last.collected : null,
      paid: last.paid?.round === shown ? last.paid : null,
    },
  };
}

/** Applies the next event; the table client hands them on in version order (P1.2). */
export function applyEvent(state: TableState, event: TableEvent): TableState {
  if (event.tableId !== state.tableId || event.version <= state.version) return state;
  return reduce({ ...state, version: event.version }, event);
}

const STORY_LINES = 6;

/** The story with `lines` told last, keeping the newest few. */
export function withStory(state: TableState, lines: readonly string[]): TableState {
  if (lines.length === 0) return state;
  return { ...state, story: [...state.story, ...lines].slice(-STORY_LINES) };
}

export function applyPeek(state: TableState, peek: CardsPeek): TableState {
  if (peek.tableId !== state.tableId) return state;
  return { ...state, peek };
}

function reduce(state: TableState, event: TableEvent): TableState {
  switch (event.type) {
    case 'seat.taken':
    case 'seat.left':
    case 'seat.away':
    case 'seat.back':
    case 'balance.refilled':
    case 'table.watchers':
    case 'player.kicked':
      return reduceSeats(state, event);
    case 'shoe.new':
    case 'shoe.contribution':
    case 'shoe.shuffled':
    case 'shoe.burned':
    case 'shoe.holder':
    case 'shoe.offered':
    case 'shoe.refused':
    case 'shoe.cut-card':
    case 'shoe.ended':
      return reduceShoe(state, event);
    case 'betting.opened':
    case 'betting.last-call':
    case 'bets.confirmed':
    case 'bets.none':
    case 'betting.closed':
    case 'dealing.started':
    case 'cards.dealt':
    case 'turn.started':
    case 'cards.revealed':
    case 'settlement.collected':
    case 'settlement.paid':
    case 'round.result':
    case 'round.voided':
      return reduceRound(state, event);
    case 'room.updated':
    case 'room.closed':
    case 'chat.message':
    case 'table.closing':
      return reduceRoom(state, event);
    case 'chemin.updated':
      return reduceChemin(state, event);
    case 'evening.seat-request':
    case 'evening.waitlist':
    case 'evening.sit-out':
    case 'evening.stack':
    case 'evening.ended':
      return reduceEvening(state, event);
    default:
      // Every other event is a game's own: its screen reads it.
      return reduceGameEvent(state, event);
  }
}
