import { describe, expect, it } from 'vitest';
import {
  checkBankLimits,
  checkPost,
  declineBank,
  openBank,
  passBank,
  puntersOf,
  ridingBank,
  type BankOffer,
} from './bank.js';

const seats = [1, 4, 7, 9];
const limits = { min: 100, max: 5000 };
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);
const value = <T>(r: { ok: true; value: T } | { ok: false }): T => {
  if (!r.ok) throw new Error('expected ok');
  return r.value;
};

describe('R15.1 R17 the bank between coups', () => {
  it('R15.1 seat order starts it: the lowest seat is offered a fresh bank', () => {
    expect(openBank(seats)).toEqual({ kind: 'fresh', seat: 1, declined: [] });
    expect(openBank([])).toEqual({ kind: 'vacant' });
  });

  it('R15.1 a fresh bank is posted within the room limits', () => {
    const offer = openBank(seats);
    expect(code(checkPost(offer, limits, 1, 100))).toBe('ok');
    expect(code(checkPost(offer, limits, 1, 99))).toBe('BANK_OUT_OF_LIMITS');
    expect(code(checkPost(offer, limits, 1, 5001))).toBe('BANK_OUT_OF_LIMITS');
    expect(code(checkPost(offer, limits, 1, 150.5))).toBe('BANK_OUT_OF_LIMITS');
    expect(code(checkPost(offer, limits, 4, 500))).toBe('NOT_YOUR_BANK');
    expect(code(checkBankLimits({ min: 0, max: 10 }))).toBe('INVALID_BANK_LIMITS');
    expect(code(checkBankLimits({ min: 20, max: 10 }))).toBe('INVALID_BANK_LIMITS');
  });

  it('R15.1 R17.4 a declined bank moves to the next seat; when all have declined it is vacant', () => {
    let offer: BankOffer = { kind: 'fresh', seat: 7, declined: [] };
    const order: number[] = [];
    for (const _ of seats) {
      if (offer.kind !== 'fresh') break;
      order.push(offer.seat);
      offer = value(declineBank(offer, seats, offer.seat));
    }
    expect(order).toEqual([7, 9, 1, 4]);
    expect(offer).toEqual({ kind: 'vacant' });
    expect(code(declineBank({ kind: 'fresh', seat: 7, declined: [] }, seats, 9))).toBe(
      'NOT_YOUR_BANK',
    );
  });

  it('R17.3 a riding bank is posted whole or passed, never reduced or declined', () => {
    const ride: BankOffer = { kind: 'ride', seat: 4, amount: 1950 };
    expect(code(checkPost(ride, limits, 4, 1950))).toBe('ok');
    expect(code(checkPost(ride, limits, 4, 1000))).toBe('BANK_RIDES_WHOLE');
    expect(code(declineBank(ride, seats, 4))).toBe('NOT_OFFERED');
    expect(value(passBank(ride, seats, 4))).toEqual({ kind: 'fresh', seat: 7, declined: [4] });
    expect(code(passBank(openBank(seats), seats, 1))).toBe('CANNOT_PASS');
  });

  it('R17.3 R15.7 the whole bank rides, its net winnings added, in whole chips, up to the room maximum', () => {
    expect(ridingBank(1000, 1000, limits)).toBe(2000);
    // 10 chips won less a cagnotte of 0.50: 19.50 chips ride as 19, the 0.50 stays in the wallet.
    expect(ridingBank(1000, 950, limits)).toBe(1900);
    expect(ridingBank(12_300, 11_690, { min: 100, max: 100_000 })).toBe(23_900);
    expect(ridingBank(3000, 2850, limits)).toBe(5000);
  });

  it('R15.2 the punters are everyone but the banker, from the seat after his', () => {
    expect(puntersOf(seats, 7)).toEqual([9, 1, 4]);
    expect(puntersOf(seats, 9)).toEqual([1, 4, 7]);
  });
});
