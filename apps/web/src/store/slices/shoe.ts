/** The shoe: seeded, shuffled, burned, held, passed, cut and ended. */
import type { EventOf } from '@banco/protocol';
import type { TableState } from '../state';

export type ShoeEvent = EventOf<
  | 'shoe.new'
  | 'shoe.contribution'
  | 'shoe.shuffled'
  | 'shoe.burned'
  | 'shoe.holder'
  | 'shoe.offered'
  | 'shoe.refused'
  | 'shoe.cut-card'
  | 'shoe.ended'
>;

export function reduceShoe(state: TableState, event: ShoeEvent): TableState {
  switch (event.type) {
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
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
