/**
 * R17.1 / R17.2: what each player gets back when a coup ends, in integer minor units. Stakes
 * are held from the cover on (R15.5 has already returned what was not taken), so settlement
 * only hands out what is held: nothing is created, and the cagnotte is the only part that
 * leaves the table.
 */
import { err, ok, type Result } from '../result.js';
import type { Outcome } from '../round.js';
import type { Cover, Seat } from './cover.js';

/** Paid in steps of 10 minor units, i.e. 10 cents of a chip (R17.2). */
export const CAGNOTTE_STEP = 10;
export const MAX_CAGNOTTE_PERCENT = 5;

export function checkCagnottePercent(percent: number): Result<number> {
  return Number.isInteger(percent) && percent >= 0 && percent <= MAX_CAGNOTTE_PERCENT
    ? ok(percent)
    : err(
        'INVALID_CAGNOTTE',
        `the cagnotte is a whole percent from 0 to ${MAX_CAGNOTTE_PERCENT}, got ${String(percent)}`,
      );
}

/**
 * R17.2: `percent` of the banker's winnings, rounded down to a multiple of 10 minor units.
 * Down, as Punto Banco's commission is (R9.4): the house never takes more than the rate it
 * posts, and the banker, who takes the risk, keeps the odd cents.
 */
export function cagnotteOf(winnings: number, percent: number): number {
  const tenths = Math.floor((winnings * percent) / (100 * CAGNOTTE_STEP));
  return tenths * CAGNOTTE_STEP;
}

export interface Payout {
  readonly seat: Seat;
  readonly amount: number;
}

export interface CoupSettlement {
  readonly outcome: Outcome;
  /** What the banker gets back of the covered part of the bank, winnings included. */
  readonly banker: number;
  /** What each covering punter gets back, in seat order; zero when the banker won. */
  readonly punters: readonly Payout[];
  /** To the house (R17.2); zero unless the banker won. */
  readonly cagnotte: number;
  /** The banker's net result of the coup, after the cagnotte. */
  readonly bankerNet: number;
}

/** R17.1: `outcome` names the hand that won: 'player' is the punto. */
export function settleCoup(
  outcome: Outcome,
  covers: readonly Cover[],
  cagnottePercent: number,
): CoupSettlement {
  const covered = covers.reduce((sum, c) => sum + c.amount, 0);
  if (outcome === 'tie') {
    return {
      outcome,
      banker: covered,
      punters: covers.map((c) => ({ ...c })),
      cagnotte: 0,
      bankerNet: 0,
    };
  }
  if (outcome === 'player') {
    return {
      outcome,
      banker: 0,
      punters: covers.map((c) => ({ seat: c.seat, amount: 2 * c.amount })),
      cagnotte: 0,
      bankerNet: -covered,
    };
  }
  const cagnotte = cagnotteOf(covered, cagnottePercent);
  return {
    outcome,
    banker: 2 * covered - cagnotte,
    punters: covers.map((c) => ({ seat: c.seat, amount: 0 })),
    cagnotte,
    bankerNet: covered - cagnotte,
  };
}
