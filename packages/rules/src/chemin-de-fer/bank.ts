/**
 * R15.1, R17.3–R17.6: who holds the bank between coups. A plain value the table keeps beside
 * the shoe; each function takes the seats occupied now, since players come and go between coups.
 */
import { CHIP_UNIT } from '../paytable.js';
import { err, ok, type Result } from '../result.js';
import type { Seat } from './cover.js';

/** The room's limits for a bank posted fresh (R15.1), in minor units. */
export interface BankLimits {
  readonly min: number;
  readonly max: number;
}

/** Keeps the cagnotte (a few percent of a bank) and doubled banks far inside 2^53. */
export const MAX_BANK = 1e13;

export type BankOffer =
  /** R15.1: the seat may post any bank within the limits, or decline it. */
  | { readonly kind: 'fresh'; readonly seat: Seat; readonly declined: readonly Seat[] }
  /** R17.3: after a win the whole bank rides: post exactly `amount` or pass. */
  | { readonly kind: 'ride'; readonly seat: Seat; readonly amount: number }
  /** Every seated player has declined; the table waits for someone to take it (openBank). */
  | { readonly kind: 'vacant' };

export function checkBankLimits(limits: BankLimits): Result<BankLimits> {
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= MAX_BANK;
  return whole(limits.min) && whole(limits.max) && limits.min <= limits.max
    ? ok(limits)
    : err(
        'INVALID_BANK_LIMITS',
        `bank limits are whole minor units, 1 ≤ min ≤ max ≤ ${MAX_BANK}; got ${String(limits.min)}–${String(limits.max)}`,
      );
}

/** The next occupied seat after `seat` in seat order, wrapping round the table. */
export function nextSeat(seats: readonly Seat[], seat: Seat): Seat | null {
  const sorted = [...seats].sort((a, b) => a - b);
  return sorted.find((s) => s > seat) ?? sorted[0] ?? null;
}

/** R15.2: the punters of a bank held at `banker`, in seat order from the banker's right. */
export function puntersOf(seats: readonly Seat[], banker: Seat): Seat[] {
  const sorted = [...seats].filter((s) => s !== banker).sort((a, b) => a - b);
  return [...sorted.filter((s) => s > banker), ...sorted.filter((s) => s < banker)];
}

/** R15.1: seat order starts it: the lowest seat, or the first after `after`. */
export function openBank(seats: readonly Seat[], after: Seat | null = null): BankOffer {
  const seat =
    after === null ? ([...seats].sort((a, b) => a - b)[0] ?? null) : nextSeat(seats, after);
  return seat === null ? { kind: 'vacant' } : { kind: 'fresh', seat, declined: [] };
}

/** A fresh offer to the seat after `from` that has not yet refused this bank, or vacant. */
function offerOnward(seats: readonly Seat[], from: Seat, declined: readonly Seat[]): BankOffer {
  let seat = nextSeat(seats, from);
  for (let i = 0; seat !== null && i < seats.length; i++) {
    if (!declined.includes(seat)) return { kind: 'fresh', seat, declined };
    seat = nextSeat(seats, seat);
  }
  return { kind: 'vacant' };
}

/** R15.1 / R17.4: the offered seat declines a fresh bank; it moves on. */
export function declineBank(
  offer: BankOffer,
  seats: readonly Seat[],
  seat: Seat,
): Result<BankOffer> {
  if (offer.kind !== 'fresh') {
    return err(
      'NOT_OFFERED',
      offer.kind === 'ride' ? 'a riding bank is passed, not declined' : 'no bank is on offer',
    );
  }
  if (offer.seat !== seat) return err('NOT_YOUR_BANK', `the bank is offered to seat ${offer.seat}`);
  return ok(offerOnward(seats, seat, [...offer.declined, seat]));
}

/** R17.3: after a win the banker gives the bank up ("la banque passe") before the next deal. */
export function passBank(offer: BankOffer, seats: readonly Seat[], seat: Seat): Result<BankOffer> {
  if (offer.kind !== 'ride') {
    return err('CANNOT_PASS', 'only a banker who has just won can pass the bank (R17.3)');
  }
  if (offer.seat !== seat) return err('NOT_YOUR_BANK', `the bank is held by seat ${offer.seat}`);
  return ok(offerOnward(seats, seat, [seat]));
}

/** R15.1 / R17.3: checks a bank posted against the offer. */
export function checkPost(
  offer: BankOffer,
  limits: BankLimits,
  seat: Seat,
  amount: number,
): Result<number> {
  if (offer.kind === 'vacant') return err('NOT_OFFERED', 'no bank is on offer');
  if (offer.seat !== seat) return err('NOT_YOUR_BANK', `the bank is offered to seat ${offer.seat}`);
  if (offer.kind === 'ride') {
    return amount === offer.amount
      ? ok(amount)
      : err('BANK_RIDES_WHOLE', `the bank rides whole: post ${offer.amount} or pass it (R17.3)`);
  }
  if (!Number.isSafeInteger(amount) || amount < limits.min || amount > limits.max) {
    return err(
      'BANK_OUT_OF_LIMITS',
      `a bank is ${limits.min} to ${limits.max} minor units, got ${String(amount)}`,
    );
  }
  return ok(amount);
}

/**
 * R17.3: a winning bank rides whole, its winnings after the cagnotte added, in whole chips, up
 * to the room's maximum. What is above the maximum, and the odd cents a cagnotte in tenths of a
 * chip leaves (R17.2), stay with the banker: no bank passes the maximum, and every bank can be
 * covered by stakes in whole chips (T3.4).
 */
export function ridingBank(covered: number, bankerNet: number, limits: BankLimits): number {
  const whole = Math.floor((covered + bankerNet) / CHIP_UNIT) * CHIP_UNIT;
  return Math.min(whole, limits.max);
}
