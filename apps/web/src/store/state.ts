import type {
  CardsPeek,
  ChatMessage,
  CheminCards,
  CheminDeFerView,
  EventOf,
  EveningView,
  Layout,
  LiveOdds,
  PhaseView,
  RoadsView,
  RoomState,
  SeatView,
  ShoeView,
  TableSettings,
} from '@banco/protocol';
import type { Side } from '../lib/words';
import { NO_GAME_MESSAGES, type GameMessages } from './game-messages';

/** Between `betting.closed` and `dealing.started` the table has no phase of its own. */
export type Phase = PhaseView | { kind: 'closed'; round: number };

export interface RoundView {
  seq: number;
  shoeRound: number;
  bets: { seat: number; spot: string; amount: number }[];
  layout: Layout;
}

export interface Settlement {
  collected: EventOf<'settlement.collected'> | null;
  paid: EventOf<'settlement.paid'> | null;
}

export interface Notices {
  cutCard: EventOf<'shoe.cut-card'> | null;
  refill: EventOf<'balance.refilled'> | null;
  shoeEnded: EventOf<'shoe.ended'> | null;
  /** What happened to the round in play while this page was away, in words. */
  away?: string | null;
}

export type Connection = 'connecting' | 'live' | 'reconnecting' | 'refused';

/** Why this table is over for this player: the host removed them, or the room closed. */
export type Gone = 'kicked' | 'closed';

/**
 * Everything the table screen draws. It is the last snapshot with every later event applied in
 * version order; the client decides nothing here, it only records what the server said.
 */
export interface TableState {
  tableId: string;
  /** The version of the last snapshot or event applied; 0 before the first snapshot. */
  version: number;
  /** Server clock minus local clock, from the last snapshot (deadlines are server times). */
  clockOffset: number;
  name: string;
  settings: TableSettings | null;
  seats: SeatView[];
  spectators: number;
  shoe: ShoeView | null;
  holder: number | null;
  houseDeals: boolean;
  offer: { seat: number; from: number | null } | null;
  phase: Phase;
  round: RoundView | null;
  roads: RoadsView | null;
  odds: LiveOdds | null;
  you: { playerId: string; seat: number | null };
  /** A private room's host controls; null at a public table. */
  room: RoomState | null;
  gone: Gone | null;
  lastCall: boolean;
  /** Why each hand drew or stood this round, as the reveals said. */
  why: Partial<Record<Side, NonNullable<EventOf<'cards.revealed'>['why']>>>;
  settlement: Settlement;
  result: EventOf<'round.result'> | null;
  notices: Notices;
  /** The shoe's story in words, newest last. */
  story: string[];
  /** Faces only this player may see while turning (P1.5). */
  peek: CardsPeek | null;
  /** The last round called off (T9.2), until the next round's result. */
  voided: EventOf<'round.voided'> | null;
  connection: Connection;
  /** Why the server refused the connection, when it did. */
  refusal: { code: string; message: string } | null;
  /** P11.6: the table's latest chat messages, oldest first. */
  chat: ChatMessage[];
  /** C4.1: a Chemin de Fer table's bank and coup; null at a Punto Banco table. */
  chemin: CheminDeFerView | null;
  /** C5.3: this player's own face-down cards of the coup in play, with the odds of a choice. */
  cheminCards: CheminCards | null;
  /** R17.3: the seat that passed its riding bank, while the offer it passed moves round. */
  cheminPassed: number | null;
  /** A game's own snapshot part, events and private messages, for its screen to read. */
  game: GameMessages;
  /** P9.9: the host's evening as this player may see it; null at a room without one. */
  evening: EveningView | null;
  /** The table version the evening view was last replaced whole at (snapshot or `evening.you`). */
  eveningVersion: number;
}

export function emptyTable(tableId: string): TableState {
  return {
    tableId,
    version: 0,
    clockOffset: 0,
    name: '',
    settings: null,
    seats: [],
    spectators: 0,
    shoe: null,
    holder: null,
    houseDeals: false,
    offer: null,
    phase: { kind: 'waiting' },
    round: null,
    roads: null,
    odds: null,
    you: { playerId: '', seat: null },
    room: null,
    gone: null,
    lastCall: false,
    why: {},
    settlement: { collected: null, paid: null },
    result: null,
    notices: { cutCard: null, refill: null, shoeEnded: null },
    story: [],
    peek: null,
    voided: null,
    connection: 'connecting',
    refusal: null,
    chat: [],
    chemin: null,
    cheminCards: null,
    cheminPassed: null,
    game: NO_GAME_MESSAGES,
    evening: null,
    eveningVersion: 0,
  };
}
