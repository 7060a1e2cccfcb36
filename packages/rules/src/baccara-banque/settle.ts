/**
 * R24: what every stake and the bank come to when a coup ends, in integer minor units. The bank
 * and the accepted stakes are held from the cover on (R22.7 has already returned the rest), so a
 * settlement only hands out what is held: nothing is made, and the cagnotte is the only part
 * that leaves the table.
 */
import { err, ok, type Result } from '../result.js';
import type { Stake, StakeSpot } from './stakes.js';
import type { Tableau } from './sides.js';

/** How one tableau did against the banker: 'tableau' won, 'banker' won, or a void tie. */
export type TableauOutcome = 'tableau' | 'banker' | 'tie';
export type CoupOutcomes = Readonly<Record<Tableau, TableauOutcome>>;

/** R24.4: the cagnotte in basis points of the banker's net winnings: 0–2 %, 1.25 % by default. */
export const MAX_CAGNOTTE_BP = 200;
export const DEFAULT_CAGNOTTE_BP = 125;
/** R24.4: paid in steps of 10 minor units (10 cents of a chip), rounded down. */
export const CAGNOTTE_STEP = 10;

export function checkCagnotteBp(bp: number): Result<number> {
  return Number.isInteger(bp) && bp >= 0 && bp <= MAX_CAGNOTTE_BP
    ? ok(bp)
    : err(
        'INVALID_CAGNOTTE',
        `the cagnotte is 0 to ${MAX_CAGNOTTE_BP} basis points (0–2 %), got ${String(bp)}`,
      );
}

/** R24.4: `bp` of the banker's net winnings, rounded down to a multiple of 10 minor units. */
export function cagnotteOf(net: number, bp: number): number {
  if (net <= 0) return 0;
  return Math.floor((net * bp) / (10_000 * CAGNOTTE_STEP)) * CAGNOTTE_STEP;
}

export type StakeResult = 'win' | 'lose' | 'void';

/** R24.2: a stake on a tableau follows it; à cheval wins only if both win, loses only if both lose. */
export function stakeResult(on: StakeSpot, outcomes: CoupOutcomes): StakeResult {
  const of = (o: TableauOutcome): StakeResult =>
    o === 'tableau' ? 'win' : o === 'banker' ? 'lose' : 'void';
  if (on !== 'cheval') return of(outcomes[on]);
  if (outcomes.right === 'tableau' && outcomes.left === 'tableau') return 'win';
  if (outcomes.right === 'banker' && outcomes.left === 'banker') return 'lose';
  return 'void';
}

export interface StakePayout extends Stake {
  readonly result: StakeResult;
  /** What the staker gets back, stake included: 2×, the stake, or nothing. */
  readonly back: number;
  /** R24.3: the part of a win the bank could not pay (the stake still comes back). */
  readonly unpaid: number;
}

export interface CoupSettlement {
  readonly outcomes: CoupOutcomes;
  /** In the order they were paid (R24.3). */
  readonly payouts: readonly StakePayout[];
  /** The banker's net over both tableaux before the cagnotte (art. 62). */
  readonly bankerGross: number;
  readonly cagnotte: number;
  /** The bank after the coup: the bank held, plus the net, less the cagnotte; never negative. */
  readonly bankAfter: number;
  /** R24.3: true when the bank could not pay every winner in full. */
  readonly short: boolean;
}

/**
 * R24.1–R24.4. `stakes` are in staking order; `first` are the tableaux whose winners are paid
 * ahead of the rest (a lone natural is paid the moment it shows, R23.2). The bank pays winners,
 * in that order, out of itself and the stakes it has won, until it is empty; a winner it cannot
 * pay in full takes what is left and his stake, and those after him their stakes only.
 */
export function settleCoup(
  bank: number,
  stakes: readonly Stake[],
  outcomes: CoupOutcomes,
  cagnotteBp: number,
  first: readonly Tableau[] = [],
): CoupSettlement {
  const results = stakes.map((s) => ({ stake: s, result: stakeResult(s.on, outcomes) }));
  const won = results
    .filter((r) => r.result === 'lose')
    .reduce((sum, r) => sum + r.stake.amount, 0);
  const early = (s: Stake) => s.on !== 'cheval' && first.includes(s.on);
  const ordered = [
    ...results.filter((r) => early(r.stake)),
    ...results.filter((r) => !early(r.stake)),
  ];
  let purse = bank + won;
  let short = false;
  const payouts = ordered.map(({ stake, result }): StakePayout => {
    if (result === 'lose') return { ...stake, result, back: 0, unpaid: 0 };
    if (result === 'void') return { ...stake, result, back: stake.amount, unpaid: 0 };
    const paid = Math.min(stake.amount, purse);
    purse -= paid;
    if (paid < stake.amount) short = true;
    return { ...stake, result, back: stake.amount + paid, unpaid: stake.amount - paid };
  });
  const paidOut = payouts.reduce((sum, p) => sum + (p.result === 'win' ? p.back - p.amount : 0), 0);
  const bankerGross = won - paidOut;
  const cagnotte = cagnotteOf(bankerGross, cagnotteBp);
  return {
    outcomes,
    payouts,
    bankerGross,
    cagnotte,
    bankAfter: bank + bankerGross - cagnotte,
    short,
  };
}
