import { validateDecks } from '../fairness.js';
import { ok, type Result } from '../result.js';
import { STANDARD_RULES, type CommissionRule } from '../settlement.js';
import { fullShoeRanks, shoeComposition } from './composition.js';
import { houseEdges } from './edges.js';
import { countRounds } from './enumerate.js';

export const COMMISSION_RULES: readonly CommissionRule[] = [
  'standard',
  'no-commission',
  'even-money',
];

/** R13.6: one deck count's edges, fractions of a unit staked (negative favours the bettor). */
export interface DeckEdges {
  readonly decks: number;
  /** Player and Banker under each rule set (R9.4, R9.7, R9.8). */
  readonly ruleSets: Readonly<Record<CommissionRule, { player: number; banker: number }>>;
  /** Tie paying 8 to 1 and 9 to 1 (R9.5). */
  readonly tie: { readonly 8: number; readonly 9: number };
  readonly playerPair: number;
  readonly bankerPair: number;
  readonly dragonPlayer: number;
  readonly dragonBanker: number;
  /** Offered under no-commission rules only (R9.9). */
  readonly super6: number;
}

/** R13.6: the house edges a host chooses between, for a full shoe of `decks` decks (1–8). */
export function deckEdges(decks: number): Result<DeckEdges> {
  const checked = validateDecks(decks);
  if (!checked.ok) return checked;
  const composition = shoeComposition(fullShoeRanks(decks));
  if (!composition.ok) return composition;
  const counts = countRounds(composition.value);
  const priced = Object.fromEntries(
    COMMISSION_RULES.map((commission) => [
      commission,
      houseEdges(counts, { ...STANDARD_RULES, commission }),
    ]),
  ) as Record<CommissionRule, ReturnType<typeof houseEdges>>;
  const ruleSets = Object.fromEntries(
    COMMISSION_RULES.map((commission) => [
      commission,
      { player: priced[commission].player, banker: priced[commission].banker },
    ]),
  ) as DeckEdges['ruleSets'];
  const standard = priced.standard;
  return ok({
    decks,
    ruleSets,
    tie: { 8: standard.tie, 9: houseEdges(counts, { ...STANDARD_RULES, tiePays: 9 }).tie },
    playerPair: standard.playerPair,
    bankerPair: standard.bankerPair,
    dragonPlayer: standard.dragonPlayer,
    dragonBanker: standard.dragonBanker,
    super6: priced['no-commission'].super6,
  });
}
