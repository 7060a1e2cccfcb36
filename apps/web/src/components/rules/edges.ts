import {
  STANDARD_RULES,
  countRounds,
  edgeSummary,
  fullShoeRanks,
  houseEdges,
  shoeComposition,
  type EdgeSummary,
} from '@banco/rules';

export const DECK_COUNTS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8];

/** Every edge the page prints for one deck count: the CLI's summary plus even money. */
export interface DeckEdgeRow {
  readonly decks: number;
  readonly summary: EdgeSummary;
  readonly evenMoneyBanker: number;
  readonly evenMoneyBankerExcludingTies: number;
}

/** Counted once per deck count with the rules package, the same way `banco odds` counts. */
export function edgesForDecks(decks: number): DeckEdgeRow {
  const composition = shoeComposition(fullShoeRanks(decks));
  if (!composition.ok) throw new Error(composition.error.message);
  const counts = countRounds(composition.value);
  const evenMoney = houseEdges(counts, { ...STANDARD_RULES, commission: 'even-money' });
  return {
    decks,
    summary: edgeSummary(counts),
    evenMoneyBanker: evenMoney.banker,
    evenMoneyBankerExcludingTies: evenMoney.bankerExcludingTies,
  };
}

export type EdgeKey = keyof EdgeSummary | 'evenMoneyBanker' | 'evenMoneyBankerExcludingTies';

export interface EdgeLine {
  readonly key: EdgeKey;
  readonly label: string;
  /** Indented under the line before: the same bet with ties left out. */
  readonly excludingTies?: boolean;
}

export const EDGE_LINES: readonly EdgeLine[] = [
  { key: 'banker', label: 'Banker, standard (0.95:1)' },
  { key: 'bankerExcludingTies', label: 'excluding ties', excludingTies: true },
  { key: 'player', label: 'Player (1:1)' },
  { key: 'playerExcludingTies', label: 'excluding ties', excludingTies: true },
  { key: 'bankerNoCommission', label: 'Banker, no commission (6 pays 1:2)' },
  { key: 'bankerNoCommissionExcludingTies', label: 'excluding ties', excludingTies: true },
  { key: 'evenMoneyBanker', label: 'Banker, even money (1:1)' },
  { key: 'evenMoneyBankerExcludingTies', label: 'excluding ties', excludingTies: true },
  { key: 'tie8', label: 'Tie 8:1' },
  { key: 'tie9', label: 'Tie 9:1' },
  { key: 'playerPair', label: 'Player Pair' },
  { key: 'bankerPair', label: 'Banker Pair' },
  { key: 'dragonPlayer', label: 'Dragon Bonus Player' },
  { key: 'dragonBanker', label: 'Dragon Bonus Banker' },
  { key: 'super6', label: 'Super 6 (no-commission tables)' },
];

export function edgeOf(row: DeckEdgeRow, key: EdgeKey): number {
  if (key === 'evenMoneyBanker') return row.evenMoneyBanker;
  if (key === 'evenMoneyBankerExcludingTies') return row.evenMoneyBankerExcludingTies;
  return row.summary[key];
}

/** Written as `banco odds` writes it: four decimals and a spaced percent sign. */
export const edgePercent = (fraction: number) => `${(fraction * 100).toFixed(4)} %`;
