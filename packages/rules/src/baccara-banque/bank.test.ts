import { describe, expect, it } from 'vitest';
import { unwrap } from '../testing/unwrap.js';
import {
  acceptOffer,
  afterCoup,
  auctionWinner,
  checkBankAmount,
  declineOffer,
  holdBank,
  isDry,
  mayRetire,
  offerFrom,
  openAuction,
  placeBid,
  retire,
  topUp,
  type BankLimits,
} from './bank.js';

const LIMITED: BankLimits = { min: 1000, max: 5000 };
const OPEN: BankLimits = { min: 1000, max: null };
const SEATS = [2, 3, 7, 9];
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

describe('R21 the bank over a shoe', () => {
  it('R21.1 a bank is within the limits; an open bank has no maximum', () => {
    expect(code(checkBankAmount(5000, LIMITED))).toBe('ok');
    expect(code(checkBankAmount(5001, LIMITED))).toBe('BANK_OUT_OF_LIMITS');
    expect(code(checkBankAmount(999, OPEN))).toBe('BANK_OUT_OF_LIMITS');
    expect(code(checkBankAmount(1e9, OPEN))).toBe('ok');
  });

  it('R21.2 the highest bid wins, the earliest among equals; a bid must beat the bidder’s last', () => {
    let auction = openAuction();
    auction = unwrap(placeBid(auction, SEATS, 7, 2000, LIMITED));
    auction = unwrap(placeBid(auction, SEATS, 3, 3000, LIMITED));
    auction = unwrap(placeBid(auction, SEATS, 7, 3000, LIMITED));
    expect(auctionWinner(auction, SEATS)).toEqual({ seat: 3, amount: 3000 });
    expect(code(placeBid(auction, SEATS, 3, 3000, LIMITED))).toBe('BID_TOO_LOW');
    expect(code(placeBid(auction, SEATS, 4, 3000, LIMITED))).toBe('NOT_A_PUNTER');
    expect(code(placeBid(auction, SEATS, 9, 6000, LIMITED))).toBe('BANK_OUT_OF_LIMITS');
    // A bidder who has left wins nothing.
    expect(auctionWinner(auction, [2, 7, 9])).toEqual({ seat: 7, amount: 3000 });
    expect(auctionWinner(openAuction(), SEATS)).toBeNull();
  });

  it('R21.3 by the list the bank goes in seat order after last shoe’s first banker', () => {
    const offer = offerFrom(SEATS, 3, [], 'list')!;
    expect(offer.seat).toBe(7);
    expect(code(acceptOffer(offer, 9, 2000, LIMITED))).toBe('NOT_YOUR_BANK');
    const next = unwrap(declineOffer(offer, SEATS, 7))!;
    expect(next.seat).toBe(9);
    const wrapped = unwrap(declineOffer(next, SEATS, 9))!;
    expect(wrapped.seat).toBe(2);
    const last = unwrap(declineOffer(wrapped, SEATS, 2))!;
    expect(last.seat).toBe(3);
    expect(unwrap(declineOffer(last, SEATS, 3))).toBeNull();
    expect(unwrap(acceptOffer(offer, 7, 2000, LIMITED))).toEqual(holdBank(7, 2000));
    expect(offerFrom(SEATS, null, [], 'list')!.seat).toBe(2);
  });

  it('R21.4 a banker plays one coup before he may retire; the bank is what the coups leave', () => {
    const tenure = holdBank(3, 2000);
    expect(mayRetire(tenure, LIMITED)).toBe(false);
    expect(code(retire(tenure, 3, LIMITED))).toBe('MUST_PLAY_ONE_COUP');
    expect(mayRetire(afterCoup(tenure, 2000), LIMITED)).toBe(true);
    const played = afterCoup(tenure, 2600);
    expect(played).toMatchObject({ bank: 2600, coups: 1, putUp: 2000 });
    expect(code(retire(played, 7, LIMITED))).toBe('NOT_YOUR_BANK');
  });

  it('R21.5 a dry bank is topped up to the limits, or its banker retires', () => {
    const dry = afterCoup(holdBank(3, 2000), 400);
    expect(isDry(dry, LIMITED)).toBe(true);
    expect(code(topUp(dry, 3, 900, LIMITED))).toBe('BANK_OUT_OF_LIMITS');
    const topped = unwrap(topUp(dry, 3, 1000, LIMITED));
    expect(topped).toMatchObject({ bank: 1000, putUp: 2600, coups: 1 });
    expect(code(topUp(topped, 3, 2000, LIMITED))).toBe('BANK_NOT_DRY');
    // A bank dry before its first coup may be given up at once.
    expect(code(retire({ ...holdBank(3, 2000), bank: 0 }, 3, LIMITED))).toBe('ok');
  });

  it('R21.6 a retiring banker declares what he leaves with; the next seat may take over', () => {
    const tenure = afterCoup(holdBank(3, 2000), 3500);
    expect(unwrap(retire(tenure, 3, LIMITED))).toEqual({ seat: 3, leavesWith: 3500, net: 1500 });
    const offer = offerFrom(SEATS, 3, [3], 'take-over')!;
    expect(offer).toEqual({ seat: 7, declined: [3], kind: 'take-over' });
    const onward = unwrap(declineOffer(offer, SEATS, 7))!;
    expect(onward.seat).toBe(9);
    expect(unwrap(acceptOffer(onward, 9, 1500, LIMITED))).toEqual(holdBank(9, 1500));
    // Nobody takes it: the shoe ends there.
    const left = unwrap(declineOffer(unwrap(declineOffer(onward, SEATS, 9))!, SEATS, 2));
    expect(left).toBeNull();
  });
});
