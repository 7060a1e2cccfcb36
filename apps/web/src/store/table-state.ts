import type {
  CardsPeek,
  ChatMessage,
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
import { holderSentence, resultSentence, type Side } from '../lib/words';

type EventOf<T extends TableEvent['type']> = Extract<TableEvent, { type: T }>;

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
  /** Events that arrived past a gap, waiting for the snapshot that fills it. */
  pending: TableEvent[];
  needsSnapshot: boolean;
  connection: Connection;
  /** Why the server refused the connection, when it did. */
  refusal: { code: string; message: string } | null;
  /** P11.6: the table's latest chat messages, oldest first. */
  chat: ChatMessage[];
}

const STORY_LINES = 6;

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
    pending: [],
    needsSnapshot: false,
    connection: 'connecting',
    refusal: null,
    chat: [],
  };
}

const roundOf = (phase: Phase): number | null => ('round' in phase ? phase.round : null);

/**
 * Takes a snapshot unless it is older than what is already shown (P1.2): a snapshot asked for
 * after a gap can arrive after newer events. Buffered events above it are replayed on top.
 */
export function applySnapshot(
  state: TableState,
  snap: TableSnapshot,
  localNow: number,
): TableState {
  const pending = state.pending;
  if (snap.version < state.version && !state.needsSnapshot) {
    return { ...state, clockOffset: snap.serverTime - localNow };
  }
  if (snap.version < state.version) {
    // Still behind the gap we saw: keep waiting for a newer one.
    return state;
  }
  const sameRound = state.round?.seq === snap.round?.seq;
  let next: TableState = {
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
    why: sameRound ? state.why : {},
    settlement: sameRound ? state.settlement : { collected: null, paid: null },
    result: sameRound ? state.result : null,
    peek: state.peek && state.peek.round === roundOf(snap.phase) ? state.peek : null,
    pending: [],
    needsSnapshot: false,
  };
  if (next.story.length === 0 && snap.shoe) {
    const holder = snap.seats.find((s) => s.seat === snap.holder)?.player.name;
    next.story = [
      snap.houseDeals || !holder ? 'The house deals for now.' : `${holder} holds the shoe.`,
    ];
  }
  for (const event of pending.sort((a, b) => a.version - b.version)) {
    next = applyEvent(next, event);
  }
  return next;
}

/**
 * Applies the next event. An event at or below the shown version is old news and ignored; one
 * past a gap is kept aside and the state asks for a snapshot (`needsSnapshot`).
 */
export function applyEvent(state: TableState, event: TableEvent): TableState {
  if (event.tableId !== state.tableId || event.version <= state.version) return state;
  if (state.version === 0 || event.version !== state.version + 1) {
    if (state.pending.some((e) => e.version === event.version)) return state;
    return { ...state, pending: [...state.pending, event], needsSnapshot: true };
  }
  const next = reduce({ ...state, version: event.version }, event);
  // A buffered event may now be next in line.
  const following = next.pending.find((e) => e.version === next.version + 1);
  if (!following) return next;
  const rest = next.pending.filter((e) => e !== following);
  return applyEvent({ ...next, pending: rest, needsSnapshot: rest.length > 0 }, following);
}

export function applyPeek(state: TableState, peek: CardsPeek): TableState {
  if (peek.tableId !== state.tableId) return state;
  return { ...state, peek };
}

const nameAt = (state: TableState, seat: number | null): string | null =>
  seat === null ? null : (state.seats.find((s) => s.seat === seat)?.player.name ?? `Seat ${seat}`);

function tell(state: TableState, line: string): string[] {
  return [...state.story, line].slice(-STORY_LINES);
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
        story: tell(
          state,
          `Shoe ${event.number}: its fingerprint is published before any card is dealt.`,
        ),
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
        story: tell(state, `Shoe ${event.shoe.number} is shuffled: ${event.shoe.decks} decks.`),
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
        story: tell(state, `Burn card shown; ${event.burned} more burned face down.`),
      };
    case 'shoe.holder':
      return {
        ...state,
        holder: event.seat,
        houseDeals: event.houseDeals,
        offer: null,
        story: tell(state, holderSentence(event.reason, nameAt(state, event.seat))),
      };
    case 'shoe.offered':
      return {
        ...state,
        offer: { seat: event.seat, from: event.from },
        story: tell(
          state,
          event.from === null
            ? `The shoe is offered to ${nameAt(state, event.seat)}.`
            : `${nameAt(state, event.from)} passes the shoe; it is offered to ${nameAt(state, event.seat)}.`,
        ),
      };
    case 'shoe.refused':
      return { ...state, story: tell(state, `${nameAt(state, event.seat)} refuses the shoe.`) };
    case 'shoe.cut-card':
      return {
        ...state,
        shoe: state.shoe ? { ...state.shoe, cutCardOut: true } : null,
        notices: { ...state.notices, cutCard: event },
        story: tell(
          state,
          event.lastRound
            ? 'The cut card is out: this is the last round of the shoe.'
            : 'The cut card is out: one more round after this one.',
        ),
      };
    case 'shoe.ended':
      return {
        ...state,
        notices: { ...state.notices, shoeEnded: event },
        story: tell(
          state,
          `Shoe ${event.number} is finished after ${event.rounds} rounds; its seed is published.`,
        ),
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
        story: tell(
          state,
          `${nameAt(state, event.by) ?? 'The house'} deals: two cards each, face down.`,
        ),
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
      const holder = nameAt(state, state.holder);
      const keeps =
        event.outcome === 'player' || holder === null
          ? null
          : `${event.outcome === 'tie' ? 'A tie' : 'Banker won'}: ${holder} keeps the shoe.`;
      const said = resultSentence(event.outcome, event.player.total, event.banker.total);
      // The trace has the last word on why each hand drew or stood (a natural's reveal may not say).
      const why = { ...state.why };
      for (const step of event.trace) why[step.hand] = step;
      return {
        ...state,
        why,
        phase: { kind: 'result', round: event.round, nextAt: event.nextAt },
        result: event,
        roads: event.roads,
        odds: event.odds,
        shoe:
          state.shoe && event.odds
            ? { ...state.shoe, cardsLeft: event.odds.cardsLeft, roundsDealt: event.shoeRound }
            : state.shoe,
        peek: null,
        story: tell(state, keeps ? `${said}. ${keeps}` : `${said}.`),
      };
    }
    case 'seat.away':
      return {
        ...state,
        seats: updateSeat(state, event.seat, { awayUntil: event.until }),
        story: tell(
          state,
          `${nameAt(state, event.seat) ?? 'A player'} dropped out; the seat is held for them.`,
        ),
      };
    case 'seat.back':
      return {
        ...state,
        seats: updateSeat(state, event.seat, { awayUntil: null }),
        story: tell(state, `${nameAt(state, event.seat) ?? 'A player'} is back.`),
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
        story: tell(
          state,
          event.reason === 'empty'
            ? `Round ${event.round} was dropped: nobody was left at the table.`
            : `Round ${event.round} was called off (${event.reason}); every stake in it was returned.`,
        ),
      };
    }
    case 'table.closing':
      return { ...state, story: tell(state, event.message) };
    case 'room.updated': {
      const line = roomChange(state.room, event.room, state.you.playerId);
      return {
        ...state,
        room: event.room,
        settings: event.settings ?? state.settings,
        story: line ? tell(state, line) : state.story,
      };
    }
    case 'player.kicked': {
      if (event.playerId === state.you.playerId) {
        return { ...state, gone: 'kicked', you: { ...state.you, seat: null } };
      }
      const name =
        state.seats.find((s) => s.player.id === event.playerId)?.player.name ?? 'A player';
      return {
        ...state,
        seats: state.seats.filter((s) => s.player.id !== event.playerId),
        story: tell(state, `${name} was removed by the host.`),
      };
    }
    case 'room.closed':
      return {
        ...state,
        gone: 'closed',
        story: tell(
          state,
          event.reason === 'idle'
            ? 'The room closed: nobody was here.'
            : 'The host closed the room.',
        ),
      };
    case 'chat.message':
      return { ...state, chat: [...state.chat, event.message].slice(-CHAT_HISTORY) };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The story line for what the host just changed, if anything worth a line. */
function roomChange(before: RoomState | null, after: RoomState, you: string): string | null {
  if (!before) return null;
  if (before.hostPlayerId !== after.hostPlayerId) {
    return after.hostPlayerId === you
      ? 'You are the host now.'
      : `${after.hostName} is the host now.`;
  }
  if (before.locked !== after.locked) {
    return after.locked
      ? 'The host locked the room: no new players.'
      : 'The host unlocked the room.';
  }
  if (!before.closing && after.closing) return 'The host is closing the room after this round.';
  if (before.paused !== after.paused) {
    return after.paused
      ? 'The host paused the game after this round.'
      : 'The host resumed the game.';
  }
  if (!before.nextSettings && after.nextSettings) {
    return 'The host changed the rules: they start with the next shoe.';
  }
  return null;
}
