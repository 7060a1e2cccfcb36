import type {
  CardsPeek,
  ChatMessage,
  CheminCards,
  CheminDeFerView,
  EventOf,
  Layout,
  LiveOdds,
  PhaseView,
  RoadsView,
  RoomState,
  SeatView,
  ShoeView,
  TableEvent,
  TableSettings,
  TableSnapshot,
} from '@banco/protocol';
// A constant alone, not the protocol's index: that would bring every schema into the first load.
import { CHAT_HISTORY } from '@banco/protocol/chat-limits';
import type { Side } from '../lib/words';

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
  };
}

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

/** The trace has the last word on why each hand drew or stood (a natural's reveal may not say). */
function whyOf(result: EventOf<'round.result'>, why: TableState['why']): TableState['why'] {
  const all = { ...why };
  for (const step of result.trace) all[step.hand] = step;
  return all;
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

/** Own cards belong to the coup they were dealt in; a later coup's view drops them. */
function cardsOfCoup(cards: CheminCards | null, view: CheminDeFerView | null): CheminCards | null {
  return cards !== null && view?.coup?.coup === cards.coup ? cards : null;
}

export function applyCheminCards(state: TableState, cards: CheminCards): TableState {
  if (cards.tableId !== state.tableId) return state;
  return { ...state, cheminCards: cards };
}

export function applyPeek(state: TableState, peek: CardsPeek): TableState {
  if (peek.tableId !== state.tableId) return state;
  return { ...state, peek };
}

function updateSeat(state: TableState, seat: number, change: Partial<SeatView>): SeatView[] {
  return state.seats.map((s) => (s.seat === seat ? { ...s, ...change } : s));
}

/**
 * A peek is spent once the cards it showed are face up: the first two of its hand for the
 * initial stage, the third for the third. A later peek is kept even if an earlier reveal is
 * applied after it (after a resync the two can arrive out of step).
 */
function peekUsed(peek: CardsPeek | null, event: EventOf<'cards.revealed'>): boolean {
  if (!peek) return false;
  if (peek.round !== event.round) return true;
  if (peek.hand !== event.hand) return false;
  return event.cards.length >= (peek.stage === 'initial' ? 2 : 3);
}

const cardsOn = (layout: Layout | undefined): number =>
  layout ? layout.player.length + layout.banker.length : 0;

/** A new layout; the shoe's count drops by the cards that just came out of it. */
function withLayout(state: TableState, layout: Layout): TableState {
  if (!state.round) return state;
  const out = cardsOn(layout) - cardsOn(state.round.layout);
  return {
    ...state,
    round: { ...state.round, layout },
    shoe:
      state.shoe && out > 0
        ? { ...state.shoe, cardsLeft: Math.max(0, state.shoe.cardsLeft - out) }
        : state.shoe,
  };
}

function reduce(state: TableState, event: TableEvent): TableState {
  switch (event.type) {
    case 'seat.taken': {
      const seats = [
        ...state.seats.filter((s) => s.seat !== event.seat),
        {
          seat: event.seat,
          player: event.player,
          balance: event.balance,
          betting: 'open' as const,
          awayUntil: null,
        },
      ].sort((a, b) => a.seat - b.seat);
      const mine = event.player.id === state.you.playerId;
      return { ...state, seats, you: mine ? { ...state.you, seat: event.seat } : state.you };
    }
    case 'seat.left': {
      const mine = event.playerId === state.you.playerId;
      return {
        ...state,
        seats: state.seats.filter((s) => s.seat !== event.seat),
        you: mine ? { ...state.you, seat: null } : state.you,
      };
    }
    case 'shoe.new':
      return {
        ...state,
        roads: null,
        odds: null,
        notices: { ...state.notices, cutCard: null },
        phase: {
          kind: 'seeding',
          shoeId: event.shoeId,
          number: event.number,
          commitment: event.commitment,
          deadline: event.seedingUntil,
          contributions: [],
        },
      };
    case 'shoe.contribution':
      return state.phase.kind === 'seeding'
        ? {
            ...state,
            phase: { ...state.phase, contributions: [...state.phase.contributions, event.seed] },
          }
        : state;
    case 'shoe.shuffled':
      return {
        ...state,
        shoe: event.shoe,
        notices: { ...state.notices, shoeEnded: null },
      };
    case 'shoe.burned':
      return {
        ...state,
        shoe: state.shoe
          ? {
              ...state.shoe,
              burnShown: event.shown,
              burned: event.burned,
              cardsLeft: Math.max(0, state.shoe.cardsLeft - 1 - event.burned),
            }
          : null,
      };
    case 'shoe.holder':
      return {
        ...state,
        holder: event.seat,
        houseDeals: event.houseDeals,
        offer: null,
      };
    case 'shoe.offered':
      return {
        ...state,
        offer: { seat: event.seat, from: event.from },
      };
    case 'shoe.refused':
      return state;
    case 'shoe.cut-card':
      return {
        ...state,
        shoe: state.shoe ? { ...state.shoe, cutCardOut: true } : null,
        notices: { ...state.notices, cutCard: event },
      };
    case 'shoe.ended':
      return {
        ...state,
        notices: { ...state.notices, shoeEnded: event },
      };
    case 'balance.refilled': {
      const mine = event.playerId === state.you.playerId;
      return {
        ...state,
        seats: updateSeat(state, event.seat, { balance: event.balance }),
        notices: mine ? { ...state.notices, refill: event } : state.notices,
      };
    }
    case 'betting.opened':
      return {
        ...state,
        phase: {
          kind: 'betting',
          round: event.round,
          closesAt: event.closesAt,
          lastBetsAt: event.lastBetsAt,
        },
        round: {
          seq: event.round,
          shoeRound: event.shoeRound,
          bets: [],
          layout: { player: [], banker: [] },
        },
        seats: state.seats.map((s) => ({ ...s, betting: 'open' as const })),
        lastCall: false,
        why: {},
        settlement: { collected: null, paid: null },
        result: null,
        peek: null,
      };
    case 'betting.last-call':
      return {
        ...state,
        lastCall: true,
        phase:
          state.phase.kind === 'betting'
            ? { ...state.phase, closesAt: event.closesAt }
            : state.phase,
      };
    case 'bets.confirmed':
      return {
        ...state,
        seats: updateSeat(state, event.seat, { balance: event.balance, betting: 'confirmed' }),
        round: state.round && {
          ...state.round,
          bets: [
            ...state.round.bets.filter((b) => b.seat !== event.seat),
            ...event.bets.map((b) => ({ ...b, seat: event.seat })),
          ],
        },
      };
    case 'bets.none':
      return { ...state, seats: updateSeat(state, event.seat, { betting: 'no-bet' }) };
    case 'betting.closed':
      return { ...state, phase: { kind: 'closed', round: event.round }, lastCall: false };
    case 'dealing.started':
      return {
        ...state,
        phase: {
          kind: 'dealing',
          round: event.round,
          dealer: event.dealer,
          deadline: event.deadline,
        },
      };
    case 'cards.dealt':
      return {
        ...withLayout(state, event.layout),
      };
    case 'turn.started':
      return {
        ...state,
        ...withLayout(state, event.layout),
        phase: {
          kind: 'turning',
          round: event.round,
          hand: event.hand,
          stage: event.stage,
          turner: event.turner,
          deadline: event.deadline,
        },
      };
    case 'cards.revealed':
      return {
        ...withLayout(state, event.layout),
        why: event.why ? { ...state.why, [event.why.hand]: event.why } : state.why,
        peek: peekUsed(state.peek, event) ? null : state.peek,
      };
    case 'settlement.collected':
      return {
        ...state,
        phase: { kind: 'settling', round: event.round },
        settlement: { ...state.settlement, collected: event },
        // A top-up is news for the round it was given in (T8.2).
        notices: { ...state.notices, refill: null },
      };
    case 'settlement.paid': {
      const balances = new Map(event.balances.map((b) => [b.seat, b.balance]));
      return {
        ...state,
        seats: state.seats.map((s) => {
          const balance = balances.get(s.seat);
          return balance === undefined ? s : { ...s, balance };
        }),
        settlement: { ...state.settlement, paid: event },
      };
    }
    case 'round.result': {
      return {
        ...state,
        why: whyOf(event, state.why),
        voided: null,
        phase: { kind: 'result', round: event.round, nextAt: event.nextAt },
        result: event,
        roads: event.roads,
        odds: event.odds,
        shoe:
          state.shoe && event.odds
            ? { ...state.shoe, cardsLeft: event.odds.cardsLeft, roundsDealt: event.shoeRound }
            : state.shoe,
        peek: null,
      };
    }
    case 'seat.away':
      return {
        ...state,
        seats: updateSeat(state, event.seat, { awayUntil: event.until }),
      };
    case 'seat.back':
      return {
        ...state,
        seats: updateSeat(state, event.seat, { awayUntil: null }),
      };
    case 'round.voided': {
      const refunds = new Map(event.refunds.map((r) => [r.playerId, r.balance]));
      return {
        ...state,
        seats: state.seats.map((s) => {
          const balance = refunds.get(s.player.id);
          return { ...s, betting: 'open' as const, ...(balance === undefined ? {} : { balance }) };
        }),
        phase: { kind: 'waiting' },
        round: null,
        lastCall: false,
        peek: null,
        voided: event,
      };
    }
    case 'table.closing':
      return state;
    case 'room.updated': {
      return {
        ...state,
        room: event.room,
        settings: event.settings ?? state.settings,
      };
    }
    case 'player.kicked': {
      if (event.playerId === state.you.playerId) {
        return { ...state, gone: 'kicked', you: { ...state.you, seat: null } };
      }
      return {
        ...state,
        seats: state.seats.filter((s) => s.player.id !== event.playerId),
      };
    }
    case 'table.watchers':
      return { ...state, spectators: event.spectators };
    case 'room.closed':
      return {
        ...state,
        gone: 'closed',
      };
    case 'chat.message':
      return { ...state, chat: [...state.chat, event.message].slice(-CHAT_HISTORY) };
    case 'chemin.updated': {
      const balances = new Map(event.balances.map((b) => [b.seat, b.balance]));
      return {
        ...state,
        chemin: event.view,
        cheminCards: cardsOfCoup(state.cheminCards, event.view),
        seats: state.seats.map((s) => {
          const balance = balances.get(s.seat);
          return balance === undefined ? s : { ...s, balance };
        }),
      };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
