import type { TableSettings } from '@banco/protocol';
import {
  fullShoeRanks,
  houseEdges,
  probabilities,
  roundCounts,
  valueCounts,
  type HouseEdges,
  type OddsProbabilities,
  type RuleSet,
  type Spot,
} from '@banco/rules';

/** One shoe's figures under one table's rules, all from @banco/rules' exact counts (R13). */
export interface ShoeFigures {
  cards: number;
  probabilities: OddsProbabilities;
  edges: HouseEdges;
}

export function figuresOf(counts: readonly number[], rules: RuleSet): ShoeFigures | null {
  const counted = roundCounts(counts);
  if (!counted.ok) return null;
  return {
    cards: counts.reduce((sum, n) => sum + n, 0),
    probabilities: probabilities(counted.value),
    edges: houseEdges(counted.value, rules),
  };
}

const fullShoes = new Map<string, ShoeFigures | null>();

/** A fresh shoe of the table's decks: the same for every round, so counted once. */
export function fullShoeFigures(decks: number, rules: RuleSet): ShoeFigures | null {
  const key = `${decks}:${rules.commission}:${rules.tiePays}`;
  if (!fullShoes.has(key)) fullShoes.set(key, figuresOf(fullShoeRanks(decks), rules));
  return fullShoes.get(key) ?? null;
}

/** Cards left of each value 0 … 9 (10, J, Q and K all count 0). */
export const valuesOf = (ranks: readonly number[]): number[] => valueCounts(ranks);

export interface FigureRow {
  spot: Spot;
  label: string;
  /** Which probability this bet wins on, when one number says it (Dragon Bonus pays a scale). */
  chance: keyof OddsProbabilities | null;
}

const ROWS: Record<Spot, FigureRow> = {
  player: { spot: 'player', label: 'Player', chance: 'player' },
  banker: { spot: 'banker', label: 'Banker', chance: 'banker' },
  tie: { spot: 'tie', label: 'Tie', chance: 'tie' },
  playerPair: { spot: 'playerPair', label: 'Player Pair', chance: 'playerPair' },
  bankerPair: { spot: 'bankerPair', label: 'Banker Pair', chance: 'bankerPair' },
  dragonPlayer: { spot: 'dragonPlayer', label: 'Dragon Player', chance: null },
  dragonBanker: { spot: 'dragonBanker', label: 'Dragon Banker', chance: null },
  super6: { spot: 'super6', label: 'Super 6', chance: 'super6' },
};

/** The bets this table takes, main bets first, in the rules package's spot order. */
export function rowsFor(settings: TableSettings): FigureRow[] {
  return (['player', 'banker', 'tie', ...settings.rules.sideBets] as Spot[]).map((s) => ROWS[s]);
}

/** "45.8597 %": four decimals, as `banco odds` prints them. */
export const percent = (fraction: number): string => `${(fraction * 100).toFixed(4)} %`;
