/** R9.10: a pair pays this many to one. */
export const PAIR_PAYS = 11;
/** R9.12: Super 6 pays this many to one. */
export const SUPER6_PAYS = 12;
/** R9.11: the Dragon Bonus paytable for a non-natural win, indexed by the winning margin. */
export const DRAGON_MARGIN_PAYS: Readonly<Record<number, number>> = {
  9: 30,
  8: 10,
  7: 6,
  6: 4,
  5: 2,
  4: 1,
};
/** Bets are whole chips: a stake is a multiple of this many minor units (T3.4). */
export const CHIP_UNIT = 100;

export type StakeProblem = 'FRACTIONAL_CHIPS' | 'UNDER_MIN' | 'OVER_MAX';

/** The first table limit a stake on one spot breaks, in the order the server checks (T3.4). */
export function stakeProblem(
  amount: number,
  limit: { readonly min: number; readonly max: number },
): StakeProblem | null {
  if (amount % CHIP_UNIT !== 0) return 'FRACTIONAL_CHIPS';
  if (amount < limit.min) return 'UNDER_MIN';
  if (amount > limit.max) return 'OVER_MAX';
  return null;
}
