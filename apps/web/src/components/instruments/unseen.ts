import type { ShoeView } from '@banco/protocol';
import { RANKS, fullShoeRanks, isCardCode, rankOf } from '@banco/rules';

/**
 * R13.5 before a shoe's first result: every card but the burn card turned face up is unseen.
 * (The table's live odds arrive with each result; until then the shoe itself says this much.)
 */
export function unseenBeforeFirstRound(shoe: ShoeView | null): number[] | null {
  if (!shoe || shoe.roundsDealt > 0 || !shoe.burnShown || !isCardCode(shoe.burnShown)) return null;
  const ranks = fullShoeRanks(shoe.decks);
  ranks[RANKS.indexOf(rankOf(shoe.burnShown))]! -= 1;
  return ranks;
}
