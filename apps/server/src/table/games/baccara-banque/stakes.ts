/**
 * T16.4, T16.8: the punters' stakes against the bank (pure): what is accepted in staking order
 * until the bank is covered, and what each stake, the banker and the house get back.
 */
import type { Tableau, TableauResult } from './coup.js';

/** Where a stake plays: one tableau, or across the line (à cheval). */
export type StakeOn = Tableau | 'cheval';

export type StakeCall =
  | { readonly kind: 'stake'; readonly on: StakeOn; readonly amount: number }
  /** The whole bank on one tableau, or half on each (`split`). */
  | { readonly kind: 'banco'; readonly on: Tableau | 'split' }
  | { readonly kind: 'none' };

export interface Accepted {
  readonly seat: number;
  readonly on: StakeOn;
  readonly amount: number;
  readonly banco: boolean;
}

const split = (amount: number): [number, number] => {
  const half = Math.floor(amount / 2);
  return [amount - half, half];
};

function bancoStakes(seat: number, on: Tableau | 'split', amount: number): Accepted[] {
  if (on !== 'split') return [{ seat, on, amount, banco: true }];
  const [right, left] = split(amount);
  return [
    { seat, on: 'right', amount: right, banco: true },
    { seat, on: 'left', amount: left, banco: true },
  ];
}

/**
 * T16.4: the first Banco in staking order takes the whole bank, or shares it half and half with
 * a Banco from the other side; without one, stakes are accepted in staking order until the bank
 * is covered (an à cheval stake counts once: the most the banker can lose is their sum), the
 * last in part; the rest is not taken.
 */
export function acceptStakes(
  bank: number,
  order: readonly number[],
  calls: ReadonlyMap<number, StakeCall>,
  sideOf: (seat: number) => Tableau | null,
): Accepted[] {
  const bancos = order.filter((seat) => calls.get(seat)?.kind === 'banco');
  const first = bancos[0];
  if (first !== undefined) {
    const partner = bancos.find((s) => s !== first && sideOf(s) !== sideOf(first));
    const call = calls.get(first) as Extract<StakeCall, { kind: 'banco' }>;
    if (partner === undefined) return bancoStakes(first, call.on, bank);
    const other = calls.get(partner) as Extract<StakeCall, { kind: 'banco' }>;
    const [mine, theirs] = split(bank);
    return [...bancoStakes(first, call.on, mine), ...bancoStakes(partner, other.on, theirs)];
  }
  let left = bank;
  const accepted: Accepted[] = [];
  for (const seat of order) {
    const call = calls.get(seat);
    if (!call || call.kind !== 'stake' || left === 0) continue;
    const amount = Math.min(call.amount, left);
    left -= amount;
    accepted.push({ seat, on: call.on, amount, banco: false });
  }
  return accepted;
}

export interface CoupSettlement {
  /** What each accepted stake gets back, in the order given. */
  readonly returns: readonly number[];
  /** The banker's net over both tableaux, before the cagnotte (positive: he won). */
  readonly net: number;
  readonly cagnotte: number;
  /** What the banker's held part of the bank gets back. */
  readonly bankReturn: number;
}

/** T16.8: the cagnotte on the banker's net winnings, rounded down to 10 minor units. */
export function cagnotteOf(net: number, basisPoints: number): number {
  if (net <= 0) return 0;
  return Math.floor((net * basisPoints) / 100_000) * 10;
}

const outcome = (on: StakeOn, results: Record<Tableau, TableauResult>): TableauResult => {
  if (on !== 'cheval') return results[on];
  if (results.right === 'win' && results.left === 'win') return 'win';
  if (results.right === 'lose' && results.left === 'lose') return 'lose';
  return 'tie';
};

/**
 * T16.8: each tableau against the banker; a tie is void; à cheval wins if both win, loses if
 * both lose, otherwise stands. Winners are paid in staking order from the held bank and the
 * losers' stakes until it is empty, and the rest gets its stake back.
 */
export function settleStakes(
  accepted: readonly Accepted[],
  results: Record<Tableau, TableauResult>,
  held: number,
  cagnotteBasisPoints: number,
): CoupSettlement {
  const lost = accepted
    .filter((s) => outcome(s.on, results) === 'lose')
    .reduce((a, s) => a + s.amount, 0);
  let purse = held + lost;
  let paid = 0;
  const returns = accepted.map((s) => {
    const result = outcome(s.on, results);
    if (result === 'lose') return 0;
    if (result === 'tie') return s.amount;
    const win = Math.min(s.amount, purse);
    purse -= win;
    paid += win;
    return s.amount + win;
  });
  const net = lost - paid;
  const cagnotte = cagnotteOf(net, cagnotteBasisPoints);
  return { returns, net, cagnotte, bankReturn: held + net - cagnotte };
}
