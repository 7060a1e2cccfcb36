import type { SeatView } from '@banco/protocol';
import type { TableState } from '../store/table-state';
import { chatRightOf, type ChatRight } from './chat-rights';

/**
 * What this player may do at the table now, as the server's last word allows it. The server
 * decides every command again; these only keep the page from offering what it would refuse.
 */
export interface Permissions {
  /** This player's seat, and what the table says of it; null for a watcher. */
  seat: number | null;
  mySeat: SeatView | null;
  /** The private room's host is this player. */
  youHost: boolean;
  /** Punto Banco: betting is open and this seat has not yet decided (T3). */
  canBet: boolean;
  /** Punto Banco: the table waits for this seat to deal (T2.4). */
  dealing: boolean;
  /** Punto Banco: the table waits for this seat to turn a hand's cards (T5). */
  turning: boolean;
  /** A free seat may be taken: a live watcher, and the room is not locked to them (P8). */
  maySit: boolean;
  /** P9.7: the host approves each player here, and this player is not the host: a seat is asked for. */
  asksToSit: boolean;
  /** P11.7: what the chat box offers. */
  chat: ChatRight;
}

export function permissionsOf(state: TableState): Permissions {
  const seat = state.you.seat;
  const mySeat = seat === null ? null : (state.seats.find((s) => s.seat === seat) ?? null);
  const room = state.room;
  const youHost = room !== null && room.hostPlayerId === state.you.playerId;
  const { phase } = state;
  return {
    seat,
    mySeat,
    youHost,
    canBet: phase.kind === 'betting' && mySeat !== null && mySeat.betting === 'open',
    dealing: phase.kind === 'dealing' && seat !== null && phase.dealer === seat,
    turning: phase.kind === 'turning' && seat !== null && phase.turner === seat,
    maySit: seat === null && state.connection === 'live' && !(room?.locked && !youHost),
    asksToSit: state.evening?.settings.seating === 'host-approves' && !youHost,
    chat: chatRightOf(state.you, room),
  };
}

/** The seats nobody holds, in seat order. */
export function freeSeatsOf(state: TableState): number[] {
  const count = state.settings?.seats ?? 0;
  return Array.from({ length: count }, (_, i) => i + 1).filter(
    (n) => !state.seats.some((s) => s.seat === n),
  );
}
