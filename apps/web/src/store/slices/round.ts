/** A Punto Banco round from its bets to its result, or its voiding. */
import type { CardsPeek, EventOf, Layout } from '@banco/protocol';
import type { TableState } from '../state';
import { updateSeat } from './seats';

/** The trace has the last word on why each hand drew or stood (a natural's reveal may not say). */
export function whyOf(result: EventOf<'round.result'>, why: TableState['why']): TableState['why'] {
  const all = { ...why };
  for (const step of result.trace) all[step.hand] = step;
  return all;
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

export type RoundEvent = EventOf<
  | 'betting.opened'
  | 'betting.last-call'
  | 'bets.confirmed'
  | 'bets.none'
  | 'betting.closed'
  | 'dealing.started'
  | 'cards.dealt'
  | 'turn.started'
  | 'cards.revealed'
  | 'settlement.collected'
  | 'settlement.paid'
  | 'round.result'
  | 'round.voided'
>;

export function reduceRound(state: TableState, event: RoundEvent): TableState {
  switch (event.type) {
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
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
