/**
 * R21: the bank's life over a shoe: awarded before the first coup (by auction or by the list),
 * held whole for the shoe, topped up when it runs dry, given up after at least one coup and taken
 * over by the next in the list. Pure functions of small values; each takes the seats occupied
 * now, since players come and go between coups.
 */
import { err, ok, type Result } from '../result.js';
import { BACCARA_BANQUE_SEATS, type Seat } from './sides.js';

export const BANK_AWARDS = ['auction', 'list'] as const;
export type BankAward = (typeof BANK_AWARDS)[number];

/** R21.1: what a bank may be; `max` null for an open bank with no ceiling. */
export interface BankLimits {
  readonly min: number;
  readonly max: number | null;
}

/** Keeps stakes, cagnottes and doubled banks far inside 2^53. */
export const MAX_BANK = 1e13;

export function checkBankLimits(limits: BankLimits): Result<BankLimits> {
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= MAX_BANK;
  return whole(limits.min) &&
    (limits.max === null || (whole(limits.max) && limits.min <= limits.max))
    ? ok(limits)
    : err(
        'INVALID_BANK_LIMITS',
        `bank limits are whole minor units, 1 ≤ min ≤ max ≤ ${MAX_BANK}; got ${String(limits.min)}–${String(limits.max)}`,
      );
}

/** R21.1: an amount a bank may be put up at, fresh or topped up. */
export function checkBankAmount(amount: number, limits: BankLimits): Result<number> {
  if (!Number.isSafeInteger(amount) || amount < limits.min || amount > (limits.max ?? MAX_BANK)) {
    return err(
      'BANK_OUT_OF_LIMITS',
      limits.max === null
        ? `a bank is at least ${limits.min} minor units, got ${String(amount)}`
        : `a bank is ${limits.min} to ${limits.max} minor units, got ${String(amount)}`,
    );
  }
  return ok(amount);
}

const seated = (seats: readonly Seat[], seat: Seat) =>
  seats.includes(seat) && seat >= 1 && seat <= BACCARA_BANQUE_SEATS;

// ---- R21.2: the auction ----

export interface Bid {
  readonly seat: Seat;
  readonly amount: number;
}

/** Bids in the order they came; a seat's later bid replaces its earlier one. */
export interface Auction {
  readonly bids: readonly Bid[];
}

export const openAuction = (): Auction => ({ bids: [] });

/** R21.2: a seated player bids a bank; a new bid must beat his own last one. */
export function placeBid(
  auction: Auction,
  seats: readonly Seat[],
  seat: Seat,
  amount: number,
  limits: BankLimits,
): Result<Auction> {
  if (!seated(seats, seat)) return err('NOT_A_PUNTER', `seat ${seat} is not seated on a side`);
  const checked = checkBankAmount(amount, limits);
  if (!checked.ok) return checked;
  const own = auction.bids.find((b) => b.seat === seat);
  if (own !== undefined && amount <= own.amount) {
    return err('BID_TOO_LOW', `your bid must beat your last one (${own.amount})`);
  }
  return ok({ bids: [...auction.bids.filter((b) => b.seat !== seat), { seat, amount }] });
}

/**
 * R21.2: the highest bid still seated wins; among equal bids the earliest. Null with no bid:
 * nobody holds the bank and the table asks again.
 */
export function auctionWinner(auction: Auction, seats: readonly Seat[]): Bid | null {
  let best: Bid | null = null;
  for (const bid of auction.bids) {
    if (!seated(seats, bid.seat)) continue;
    if (best === null || bid.amount > best.amount) best = bid;
  }
  return best;
}

// ---- R21.3: the list, and R21.6: taking over ----

/** A bank offered down the list: the seat may post one, or decline it and it moves on. */
export interface ListOffer {
  readonly seat: Seat;
  /** Seats that declined it since it was first offered; it is never offered to them again. */
  readonly declined: readonly Seat[];
  /** 'list' before the shoe's first coup; 'take-over' after a banker retired (R21.6). */
  readonly kind: 'list' | 'take-over';
}

/** The next occupied seat after `seat` in seat order, wrapping round the table. */
export function nextSeat(seats: readonly Seat[], seat: Seat | null): Seat | null {
  const sorted = [...seats].filter((s) => seated(seats, s)).sort((a, b) => a - b);
  if (seat === null) return sorted[0] ?? null;
  return sorted.find((s) => s > seat) ?? sorted[0] ?? null;
}

/**
 * R21.3 / R21.6: the bank offered to the first seat after `after` (the lowest seat if null) that
 * has not declined it; null when nobody is left.
 */
export function offerFrom(
  seats: readonly Seat[],
  after: Seat | null,
  declined: readonly Seat[],
  kind: ListOffer['kind'],
): ListOffer | null {
  let seat = nextSeat(seats, after);
  for (let i = 0; seat !== null && i < seats.length; i++) {
    if (!declined.includes(seat) && seat !== after) return { seat, declined, kind };
    seat = nextSeat(seats, seat);
  }
  if (after !== null && seated(seats, after) && !declined.includes(after) && kind === 'list') {
    return { seat: after, declined, kind };
  }
  return null;
}

/** R21.3 / R21.6: the offered seat declines; the bank moves on down the list, or is left. */
export function declineOffer(
  offer: ListOffer,
  seats: readonly Seat[],
  seat: Seat,
  retired: Seat | null = null,
): Result<ListOffer | null> {
  if (offer.seat !== seat) return err('NOT_YOUR_BANK', `the bank is offered to seat ${offer.seat}`);
  const declined = [...offer.declined, seat, ...(retired === null ? [] : [retired])];
  return ok(offerFrom(seats, seat, declined, offer.kind));
}

/** R21.3 / R21.6: the offered seat puts up a bank within the limits. */
export function acceptOffer(
  offer: ListOffer,
  seat: Seat,
  amount: number,
  limits: BankLimits,
): Result<Tenure> {
  if (offer.seat !== seat) return err('NOT_YOUR_BANK', `the bank is offered to seat ${offer.seat}`);
  const checked = checkBankAmount(amount, limits);
  if (!checked.ok) return checked;
  return ok(holdBank(seat, amount));
}

// ---- R21.4–R21.6: holding the bank ----

export interface Tenure {
  readonly banker: Seat;
  /** What the bank holds now. */
  readonly bank: number;
  /** What he has put up so far: the bank at the start, plus every top-up. */
  readonly putUp: number;
  /** Coups dealt under this banker (R21.4: at least one before he may retire). */
  readonly coups: number;
}

export const holdBank = (banker: Seat, amount: number): Tenure => ({
  banker,
  bank: amount,
  putUp: amount,
  coups: 0,
});

/** R21.4: after a dealt coup the bank is what the settlement left in it. */
export function afterCoup(tenure: Tenure, bankAfter: number): Tenure {
  return { ...tenure, bank: bankAfter, coups: tenure.coups + 1 };
}

/** R21.5: a bank below the room's minimum cannot be dealt until it is topped up. */
export const isDry = (tenure: Tenure, limits: BankLimits): boolean => tenure.bank < limits.min;

/** R21.5: a dry bank topped up to `to`, at least the room's minimum and within its maximum. */
export function topUp(tenure: Tenure, seat: Seat, to: number, limits: BankLimits): Result<Tenure> {
  if (seat !== tenure.banker) return err('NOT_YOUR_BANK', `the bank is seat ${tenure.banker}'s`);
  if (!isDry(tenure, limits)) {
    return err('BANK_NOT_DRY', `only a bank below the minimum (${limits.min}) is topped up`);
  }
  const checked = checkBankAmount(to, limits);
  if (!checked.ok) return checked;
  return ok({ ...tenure, bank: to, putUp: tenure.putUp + (to - tenure.bank) });
}

export interface Retired {
  readonly seat: Seat;
  /** R21.6: what he retires with: the bank as it stands, declared to the table. */
  readonly leavesWith: number;
  /** His result over the tenure: what he leaves with less what he put up. */
  readonly net: number;
}

/** R21.4 / R21.5: whether the banker may give the bank up now (between coups). */
export const mayRetire = (tenure: Tenure, limits: BankLimits): boolean =>
  tenure.coups >= 1 || isDry(tenure, limits);

/** R21.6: between coups, after at least one, or at once when the bank is dry. */
export function retire(tenure: Tenure, seat: Seat, limits: BankLimits): Result<Retired> {
  if (seat !== tenure.banker) return err('NOT_YOUR_BANK', `the bank is seat ${tenure.banker}'s`);
  if (!mayRetire(tenure, limits)) {
    return err('MUST_PLAY_ONE_COUP', 'a banker plays at least one coup before he retires (R21.4)');
  }
  return ok({ seat, leavesWith: tenure.bank, net: tenure.bank - tenure.putUp });
}
