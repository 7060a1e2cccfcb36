/** R17.3–R17.6: where the bank goes once a coup is over, and who has the first claim to it. */
import { openBank, ridingBank, type BankOffer } from './bank.js';
import type { CoupState } from './coup.js';
import type { Seat } from './cover.js';

export interface NextBank {
  readonly offer: BankOffer;
  /** R17.6: the punter with the first claim to a banco on the next coup. */
  readonly bancoSuivi: Seat | null;
}

type Over = Extract<CoupState, { phase: 'settled' | 'not-dealt' }>;

export function isOver(state: CoupState): state is Over {
  return state.phase === 'settled' || state.phase === 'not-dealt';
}

/** `seats` are the occupied seats now (a banker who has lost hands on to the next of them). */
export function nextBank(state: Over, seats: readonly Seat[]): NextBank {
  // R17.5: a coup not dealt, or tied, leaves everything as it was before it.
  const unchanged = { offer: state.offer, bancoSuivi: state.bancoSuivi };
  if (state.phase === 'not-dealt') return unchanged;
  const { settlement, cover } = state;
  switch (settlement.outcome) {
    case 'tie':
      return unchanged;
    case 'banker':
      return {
        offer: {
          kind: 'ride',
          seat: state.banker,
          amount: ridingBank(cover.covered, settlement.bankerNet, state.rules.limits),
        },
        bancoSuivi: cover.kind === 'banco' ? cover.puntoSeat : null,
      };
    case 'player':
      return { offer: openBank(seats, state.banker), bancoSuivi: null };
  }
}
