/**
 * T16.2, T16.10: the bank's life over a shoe: awarded by auction or by the list once the shoe
 * is committed, held coup after coup, topped up when it runs below the room's minimum, retired
 * and taken over by the next seat.
 */
import { CHIP_UNIT, roundStatus } from '@banco/rules';
import type { TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { BanqueAuction } from './banque-state.js';
import { banqueOf, emitBanque, setBanque } from './banque-view.js';
import { openCoup } from './coup-flow.js';
import { bankLimits, playingSeats, windowMs } from './windows.js';

/** T16.1: a shoe is ready and someone is seated: the bank is awarded, or the next coup opens. */
export function startBanque(step: Step): void {
  step.update({ phase: { kind: 'banque' } });
  const table = banqueOf(step.state);
  if (table.coup) return;
  const shoeId = step.state.shoe?.id ?? null;
  // T16.2: a bank is held for one shoe; a new shoe awards it again.
  if (table.bankShoe !== shoeId) {
    setBanque(step, { bank: null, auction: null, bankShoe: shoeId, cagnotte: 0 });
  }
  const { bank, auction } = banqueOf(step.state);
  if (auction) return step.wakeAt(auction.closesAt);
  if (!bank) return openAward(step, step.state.settings.baccaraBanque!.bankBy, null);
  if (bank.topUpUntil !== null) return step.wakeAt(bank.topUpUntil);
  // T16.10: a banker who left the table between coups has left the bank.
  if (!step.state.seats.some((s) => s.player.id === bank.playerId)) return retireBank(step, null);
  openCoup(step);
}

/** The seats after `from` in seat order, wrapping round, that have not let the bank go by. */
function nextSeat(state: TableState, from: number | null, skip: readonly number[]): number | null {
  const seats = playingSeats(state).filter((s) => !skip.includes(s));
  if (seats.length === 0) return null;
  return seats.find((s) => from === null || s > from) ?? seats[0]!;
}

/** T16.2: bids open (auction), or the bank is offered to one seat (list, takeover). */
export function openAward(
  step: Step,
  mode: BanqueAuction['mode'],
  after: number | null,
  declined: readonly number[] = [],
): void {
  const table = banqueOf(step.state);
  const seat =
    mode === 'auction' ? null : nextSeat(step.state, after ?? table.listSeat, declined);
  // Nobody left to offer it to: everyone may bid for it instead.
  if (mode !== 'auction' && seat === null) return openAward(step, 'auction', null);
  const closesAt = step.now + windowMs(step.state);
  setBanque(step, { auction: { mode, seat, closesAt, bids: [], declined } });
  step.wakeAt(closesAt);
  emitBanque(step, mode === 'auction' ? 'auction' : 'offered', seat);
}

/** T16.2: a bid (auction) or the offered seat's bank (list, takeover). */
export function bid(step: Step, seat: number, playerId: string, balance: number, amount: number): void {
  const { auction } = banqueOf(step.state);
  if (!auction) return step.refuse('NO_AUCTION', 'the bank is not being awarded now');
  if (auction.mode !== 'auction' && auction.seat !== seat) {
    return step.refuse('NOT_OFFERED', 'the bank is offered to another seat');
  }
  if (amount % CHIP_UNIT !== 0) return step.refuse('FRACTIONAL_CHIPS', 'a bank is whole chips');
  const { min, max } = bankLimits(step.state);
  if (amount < min || amount > max) {
    return step.refuse('BANK_OUT_OF_LIMITS', `a bank is from ${min} to ${max}`);
  }
  if (amount > balance) {
    return step.refuse('INSUFFICIENT_BALANCE', 'your balance does not cover this bank');
  }
  const best = Math.max(0, ...auction.bids.map((b) => b.amount));
  if (amount < best) return step.refuse('BID_TOO_LOW', `the highest bid is ${best}`);
  const bids = [...auction.bids.filter((b) => b.seat !== seat), { seat, playerId, amount }];
  setBanque(step, { auction: { ...auction, bids } });
  step.succeed();
  if (auction.mode !== 'auction') return awardBank(step);
  emitBanque(step, 'bid', seat);
}

/** T16.2: the window closed (or the offered seat took it): the highest, earliest bid holds it. */
export function awardBank(step: Step): void {
  const { auction } = banqueOf(step.state);
  if (!auction) return;
  step.cancelWakeUp();
  const best = Math.max(0, ...auction.bids.map((b) => b.amount));
  const winner = auction.bids.find((b) => b.amount === best);
  const seated = winner && step.state.seats.some((s) => s.player.id === winner.playerId);
  if (!winner || !seated) {
    // Nobody bid (or took it): offered on, or bid for again.
    const declined = auction.seat === null ? [] : [...auction.declined, auction.seat];
    return openAward(step, auction.mode === 'auction' ? 'auction' : auction.mode, auction.seat, declined);
  }
  setBanque(step, {
    auction: null,
    listSeat: winner.seat,
    bank: {
      seat: winner.seat,
      playerId: winner.playerId,
      amount: winner.amount,
      putIn: winner.amount,
      coups: 0,
      topUpUntil: null,
    },
    holders: { right: null, left: null },
  });
  emitBanque(step, 'bank-won', winner.seat);
  openCoup(step);
}

/** T16.2: the offered seat lets the bank go by: it moves to the next seat. */
export function decline(step: Step, seat: number): void {
  const { auction } = banqueOf(step.state);
  if (!auction || auction.mode === 'auction' || auction.seat !== seat) {
    return step.refuse('NOT_OFFERED', 'the bank is not offered to you');
  }
  step.succeed();
  emitBanque(step, 'declined', seat);
  openAward(step, auction.mode, seat, [...auction.declined, seat]);
}

/** T16.10: the banker leaves the bank (or the table retires it): the next seat may take over. */
export function retireBank(step: Step, seat: number | null): void {
  const { bank } = banqueOf(step.state);
  if (!bank) return;
  step.cancelWakeUp();
  setBanque(step, { bank: null });
  emitBanque(step, 'retired', seat);
  if (!step.state.shoe || roundStatus(step.state.shoe.state) === 'finished') return;
  openAward(step, 'takeover', bank.seat, [bank.seat]);
}

/** T16.10: the banker brings a bank below the room's minimum back to it. */
export function topUp(step: Step, seat: number, balance: number): void {
  const { bank } = banqueOf(step.state);
  if (!bank || bank.seat !== seat || bank.topUpUntil === null) {
    return step.refuse('NO_TOP_UP', 'your bank needs no top-up now');
  }
  const { min } = bankLimits(step.state);
  if (balance < min) return step.refuse('INSUFFICIENT_BALANCE', 'your balance does not cover it');
  step.cancelWakeUp();
  const added = min - bank.amount;
  setBanque(step, { bank: { ...bank, amount: min, putIn: bank.putIn + added, topUpUntil: null } });
  step.succeed();
  emitBanque(step, 'topped-up', seat);
  openCoup(step);
}
