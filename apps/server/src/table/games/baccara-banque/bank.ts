/**
 * T16.1, T16.2, T16.10: the bank's life over a shoe on the rules package's R21: awarded once the
 * shoe is committed (by auction or down the list), held coup after coup, topped up when it runs
 * below the room's minimum, retired and taken over by the next seat.
 */
import { CHIP_UNIT, baccaraBanque, roundStatus, type Result } from '@banco/rules';
import type { TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { BankStage } from './banque-state.js';
import { banqueOf, emitBanque, refusalCode, setBanque } from './banque-view.js';
import { openCoup } from './open-coup.js';
import { biddingMs, limitsOf, playingSeats, windowMs } from './windows.js';

/** T16.1: a shoe is ready and someone is seated: the bank is awarded, or the next coup opens. */
export function startBanque(step: Step): void {
  step.update({ phase: { kind: 'banque' } });
  const table = banqueOf(step.state);
  if (table.coup) return;
  const shoeId = step.state.shoe?.id ?? null;
  // T16.2: a bank is held for one shoe; a new shoe (committed already, T7.1) awards it again.
  if (table.bankShoe !== shoeId) {
    setBanque(step, {
      bankShoe: shoeId,
      tenure: null,
      bankerId: null,
      holders: { right: null, left: null },
      bankRun: [],
      retired: [],
      cagnotte: 0,
    });
    return openAward(step);
  }
  const { award, tenure, bankerId } = banqueOf(step.state);
  switch (award.stage) {
    case 'auction':
      return step.wakeAt(award.closesAt);
    case 'offer':
    case 'dry':
      return step.wakeAt(award.until);
    case 'none':
      return openAward(step);
    case 'held': {
      // T16.10: a banker who left the table between coups has left the bank; so has one whose
      // wallet no longer holds his bank (spent at another table meanwhile).
      const banker = step.state.seats.find((s) => s.player.id === bankerId);
      if (!tenure || !banker || banker.balance < tenure.bank) return retireBank(step, null);
      return openCoup(step);
    }
  }
}

function setAward(step: Step, award: BankStage): void {
  setBanque(step, { award });
}

/** T16.2: the room's way of awarding the bank: bids open, or the next seat is offered it. */
export function openAward(step: Step): void {
  if (step.state.settings.baccaraBanque!.award === 'auction') return openAuction(step);
  const seats = playingSeats(step.state);
  const offer = baccaraBanque.offerFrom(seats, banqueOf(step.state).listAfter, [], 'list');
  if (!offer) return openAuction(step);
  offerBank(step, offer, null);
}

function openAuction(step: Step): void {
  const closesAt = step.now + biddingMs(step.state);
  setAward(step, { stage: 'auction', auction: baccaraBanque.openAuction(), bidders: {}, closesAt });
  step.wakeAt(closesAt);
  emitBanque(step, 'auction-opened', null);
}

function offerBank(step: Step, offer: baccaraBanque.ListOffer, seat: number | null): void {
  const until = step.now + windowMs(step.state);
  setAward(step, { stage: 'offer', offer, until });
  step.wakeAt(until);
  emitBanque(step, seat === null ? 'offered' : 'declined', seat);
}

/** A bank amount the player's wallet holds, in whole chips (T16.2). */
function affordable(step: Step, amount: number, balance: number): boolean {
  if (amount % CHIP_UNIT !== 0) {
    step.refuse('FRACTIONAL_CHIPS', 'a bank is whole chips');
    return false;
  }
  if (amount > balance) {
    step.refuse('INSUFFICIENT_BALANCE', 'your balance does not cover this bank');
    return false;
  }
  return true;
}

function refused<T>(step: Step, result: Result<T>): result is Extract<Result<T>, { ok: false }> {
  if (result.ok) return false;
  step.refuse(refusalCode(result.error.code), result.error.message);
  return true;
}

/** B2.1, T16.2: a bid at the auction; when every seat has bid the auction closes at once. */
export function bid(
  step: Step,
  seat: number,
  playerId: string,
  balance: number,
  amount: number,
): void {
  const { award } = banqueOf(step.state);
  if (award.stage !== 'auction')
    return step.refuse('WRONG_PHASE', 'the bank is not being auctioned');
  const seats = playingSeats(step.state);
  const placed = baccaraBanque.placeBid(award.auction, seats, seat, amount, limitsOf(step.state));
  if (refused(step, placed) || !affordable(step, amount, balance)) return;
  const bidders = { ...award.bidders, [String(seat)]: playerId };
  setAward(step, { ...award, auction: placed.value, bidders });
  emitBanque(step, 'bid', seat);
  step.succeed();
  if (seats.every((s) => placed.value.bids.some((b) => b.seat === s))) closeAuction(step);
}

/** T16.2: the highest bid still seated holds the bank; equal bids go to the earliest. */
export function closeAuction(step: Step): void {
  const { award } = banqueOf(step.state);
  if (award.stage !== 'auction') return;
  step.cancelWakeUp();
  const winner = baccaraBanque.auctionWinner(award.auction, playingSeats(step.state));
  const bidder = winner ? award.bidders[String(winner.seat)] : undefined;
  if (!winner || !bidder) {
    // Nobody bid: the table asks again, with a fresh window.
    setAward(step, { stage: 'none', why: 'no-bid' });
    return openAuction(step);
  }
  holdBank(step, baccaraBanque.holdBank(winner.seat, winner.amount), bidder, 'awarded');
}

function holdBank(
  step: Step,
  tenure: baccaraBanque.Tenure,
  playerId: string,
  what: 'awarded' | 'posted' | 'taken-over',
): void {
  const seats = playingSeats(step.state);
  setBanque(step, {
    award: { stage: 'held' },
    tenure,
    bankerId: playerId,
    listAfter: tenure.banker,
    // R22.2: a new banker's first coup: each side's cards to the punter nearest him.
    holders: baccaraBanque.firstHolders(seats, tenure.banker),
  });
  emitBanque(step, what, tenure.banker);
  openCoup(step);
}

/** B2.2, B2.8, T16.2, T16.10: the offered seat puts up a bank (down the list, or a take-over). */
export function post(
  step: Step,
  seat: number,
  playerId: string,
  balance: number,
  amount: number,
  kind: baccaraBanque.ListOffer['kind'],
): void {
  const { award } = banqueOf(step.state);
  if (award.stage !== 'offer' || award.offer.kind !== kind) {
    return step.refuse(
      'NOT_OFFERED',
      `the bank is not offered ${kind === 'list' ? 'down the list' : 'for a take-over'} now`,
    );
  }
  const accepted = baccaraBanque.acceptOffer(award.offer, seat, amount, limitsOf(step.state));
  if (refused(step, accepted) || !affordable(step, amount, balance)) return;
  step.cancelWakeUp();
  step.succeed();
  holdBank(step, accepted.value, playerId, kind === 'list' ? 'posted' : 'taken-over');
}

/** B2.3, T16.2: the offered seat lets the bank go by (or its window ran out: seat null). */
export function decline(step: Step, seat: number | null): void {
  const { award, retired } = banqueOf(step.state);
  if (award.stage !== 'offer') return step.refuse('NOT_OFFERED', 'the bank is not offered now');
  const who = seat ?? award.offer.seat;
  const retiredSeat = award.offer.kind === 'take-over' ? (retired.at(-1)?.seat ?? null) : null;
  const next = baccaraBanque.declineOffer(award.offer, playingSeats(step.state), who, retiredSeat);
  if (refused(step, next)) return;
  if (seat !== null) step.succeed();
  step.cancelWakeUp();
  if (next.value) return offerBank(step, next.value, who);
  // Everyone let it go: bids are taken instead (R21.3 leaves the bank to whoever will hold it).
  setAward(step, { stage: 'none', why: 'declined' });
  emitBanque(step, 'declined', who);
  openAuction(step);
}

/** B2.7, T16.10: the banker retires (or the table retires him: seat null); a take-over is offered. */
export function retireBank(step: Step, seat: number | null, reply = seat !== null): void {
  const table = banqueOf(step.state);
  const { tenure, bankerId } = table;
  if (!tenure || !bankerId) return;
  step.cancelWakeUp();
  const leaving = baccaraBanque.retire(
    // The table retires a banker who is gone or let a dry bank's window run out, coups or not.
    seat === null ? { ...tenure, coups: Math.max(1, tenure.coups) } : tenure,
    tenure.banker,
    limitsOf(step.state),
  );
  if (!leaving.ok) return step.refuse(refusalCode(leaving.error.code), leaving.error.message);
  if (reply) step.succeed();
  setBanque(step, {
    tenure: null,
    bankerId: null,
    award: { stage: 'none', why: 'declined' },
    retired: [...table.retired, { ...leaving.value, playerId: bankerId }],
  });
  emitBanque(step, 'retired', seat);
  if (!step.state.shoe || roundStatus(step.state.shoe.state) === 'finished') return;
  const offer = baccaraBanque.offerFrom(
    playingSeats(step.state),
    tenure.banker,
    [tenure.banker],
    'take-over',
  );
  if (!offer) return openAuction(step);
  offerBank(step, offer, null);
}

/** B2.9, T16.10: a dry bank brought back to at least the room's minimum. */
export function topUp(step: Step, seat: number, balance: number, to: number): void {
  const { tenure, award } = banqueOf(step.state);
  if (!tenure || award.stage !== 'dry') {
    return step.refuse('BANK_NOT_DRY', 'only a bank below the room’s minimum is topped up');
  }
  const topped = baccaraBanque.topUp(tenure, seat, to, limitsOf(step.state));
  if (refused(step, topped) || !affordable(step, to, balance)) return;
  step.cancelWakeUp();
  setBanque(step, { tenure: topped.value, award: { stage: 'held' } });
  step.succeed();
  emitBanque(step, 'topped-up', seat);
  openCoup(step);
}

/** What a state's bank stage waits for when the table's timer goes off. */
export function awardClock(step: Step, state: TableState): void {
  const { award } = banqueOf(state);
  if (award.stage === 'auction') return closeAuction(step);
  if (award.stage === 'offer') return decline(step, null);
  // T16.10: a dry bank left past its window: the banker retires.
  if (award.stage === 'dry') return retireBank(step, null);
}
