export interface ConfirmKey {
  round: number;
  bets: string;
  id: string;
}

/**
 * The confirm id for sending `bets` in `round`: the previous one when the same bets go again in
 * the same round (a retry after a lost answer is then never a second bet, T3.7), else a new one.
 */
export function nextConfirmId(
  previous: ConfirmKey | null,
  round: number,
  bets: readonly { spot: string; amount: number }[],
  random: () => number = Math.random,
  now: () => number = Date.now,
): ConfirmKey {
  const key = JSON.stringify(bets);
  if (previous && previous.round === round && previous.bets === key) return previous;
  const id = `c${round}-${now().toString(36)}${random().toString(36).slice(2, 8)}`;
  return { round, bets: key, id };
}
