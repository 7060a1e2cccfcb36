import type { Outcome } from '@banco/rules';
import {
  awaySeats,
  isPresent,
  nextOccupiedSeat,
  playsThisRound,
  seatOf,
} from '../../core/seats.js';
import type { Step } from '../../core/step.js';
import { puntoOf, setPunto } from './state.js';

/** T4.1: the first seated player takes the shoe when nobody holds it. */
export function giveShoeToFirstSeat(step: Step): void {
  const { state } = step;
  const { holder, houseDeals, offer } = puntoOf(state);
  if (holder !== null || houseDeals || offer !== null) return;
  const first = state.seats.find(playsThisRound);
  if (!first) return;
  setPunto(step, { holder: first.seat, lastHolder: first.seat });
  step.emit({ type: 'shoe.holder', seat: first.seat, houseDeals: false, reason: 'first-seat' });
}

/** T4.2, T4.3: Player's win moves the shoe on; Banker's win or a tie keeps it where it is. */
export function passShoeAfter(step: Step, outcome: Outcome): void {
  if (outcome !== 'player') return;
  const { state } = step;
  const { houseDeals, lastHolder, holder } = puntoOf(state);
  if (houseDeals) {
    // T4.4: after the house dealt to a Player win, the shoe is offered round again.
    setPunto(step, { houseDeals: false });
    offerFrom(step, lastHolder ?? 0, null);
    return;
  }
  if (holder === null) return;
  const next = nextOccupiedSeat(state, holder);
  if (next === null || next === holder) return;
  setPunto(step, { holder: next, lastHolder: next });
  step.emit({ type: 'shoe.holder', seat: next, houseDeals: false, reason: 'player-win' });
}

/** Offers the shoe to the seat after `after`, or hands it to the house if nobody is left. */
function offerFrom(step: Step, after: number, from: number | null, refused: number[] = []): void {
  const skip = from === null ? refused : [...refused, from];
  const next = nextOccupiedSeat(step.state, after, skip);
  if (next === null) {
    setPunto(step, { holder: null, houseDeals: true, offer: null });
    step.emit({ type: 'shoe.holder', seat: null, houseDeals: true, reason: 'all-refused' });
    return;
  }
  setPunto(step, { offer: { seat: next, from, refused } });
  step.emit({ type: 'shoe.offered', seat: next, from });
}

/** T4.5: the holder may pass the shoe during betting. */
export function passShoe(step: Step, playerId: string): void {
  const { state } = step;
  const seat = seatOf(state, playerId);
  if (state.phase.kind !== 'betting') {
    return step.refuse('WRONG_PHASE', 'the shoe can only be passed while bets are open');
  }
  if (!seat || puntoOf(state).holder !== seat.seat) {
    return step.refuse('NOT_SHOE_HOLDER', 'only the shoe holder can pass the shoe');
  }
  if (puntoOf(state).offer !== null) {
    return step.refuse('WRONG_PHASE', 'the shoe is already on offer');
  }
  offerFrom(step, seat.seat, seat.seat);
  step.succeed();
}

function offeredSeat(step: Step, playerId: string): number | null {
  const seat = seatOf(step.state, playerId);
  const { offer } = puntoOf(step.state);
  if (!seat || !offer || offer.seat !== seat.seat) {
    step.refuse('NOT_OFFERED', 'the shoe is not on offer to you');
    return null;
  }
  return seat.seat;
}

export function acceptShoe(step: Step, playerId: string): void {
  const seat = offeredSeat(step, playerId);
  if (seat === null) return;
  takeOffer(step, seat);
  step.succeed();
}

function takeOffer(step: Step, seat: number): void {
  setPunto(step, { holder: seat, lastHolder: seat, houseDeals: false, offer: null });
  step.emit({ type: 'shoe.holder', seat, houseDeals: false, reason: 'accepted' });
}

/** T4.6: a refusal sends the offer on; when everyone has refused, the house deals. */
export function refuseShoe(step: Step, playerId: string): void {
  const seat = offeredSeat(step, playerId);
  if (seat === null) return;
  declineOffer(step, seat);
  step.succeed();
}

function declineOffer(step: Step, seat: number): void {
  const offer = puntoOf(step.state).offer!;
  step.emit({ type: 'shoe.refused', seat });
  const refused = [...offer.refused, seat];
  // The passer keeps the shoe until someone takes it or everyone has refused it.
  offerFrom(step, seat, offer.from, refused);
}

/** T4.7: an offer nobody answered by the close of betting counts as accepted. */
export function settleOpenOffer(step: Step): void {
  const { offer } = puntoOf(step.state);
  if (offer === null) return;
  // T1.5: nobody answers for an away seat, so its open offer is refused rather than accepted.
  if (isPresent(step.state, offer.seat)) takeOffer(step, offer.seat);
  else declineOffer(step, offer.seat);
}

/** T4.8: a holder who leaves passes the shoe on; an offered seat that leaves refuses it. */
export function shoeAfterLeaving(step: Step, seat: number): void {
  if (puntoOf(step.state).offer?.seat === seat) declineOffer(step, seat);
  if (puntoOf(step.state).holder !== seat) return;
  if (puntoOf(step.state).offer !== null) {
    // The shoe is already on its way round; the open offer decides where it lands.
    setPunto(step, { holder: null });
    step.emit({ type: 'shoe.holder', seat: null, houseDeals: false, reason: 'holder-left' });
    return;
  }
  const next = nextOccupiedSeat(step.state, seat, [seat]);
  setPunto(step, { holder: next, lastHolder: next ?? puntoOf(step.state).lastHolder });
  step.emit({ type: 'shoe.holder', seat: next, houseDeals: false, reason: 'holder-left' });
}

/**
 * T1.5: when the deal comes, an away holder's shoe goes to the next present seat; with nobody
 * present the holder keeps it and the house deals.
 */
export function passFromAwayHolder(step: Step): void {
  const { state } = step;
  const { houseDeals, holder } = puntoOf(state);
  if (houseDeals || holder === null || isPresent(state, holder)) return;
  const next = nextOccupiedSeat(state, holder, awaySeats(state));
  if (next === null) return;
  setPunto(step, { holder: next, lastHolder: next });
  step.emit({ type: 'shoe.holder', seat: next, houseDeals: false, reason: 'holder-away' });
}
