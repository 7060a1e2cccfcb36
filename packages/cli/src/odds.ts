import { fullShoeRanks, oddsSummary, type EdgeSummary, type OddsProbabilities } from '@banco/rules';
import { UsageError, type CliIo } from './io.js';

export interface OddsOptions {
  decks: number;
  /** Cards left of each value 0..9 or rank A..K; replaces the full shoe of `decks` when given. */
  remaining?: number[] | undefined;
  json: boolean;
}

const PROBABILITY_LABELS: [keyof OddsProbabilities, string][] = [
  ['banker', 'Banker wins'],
  ['player', 'Player wins'],
  ['tie', 'Tie'],
  ['playerPair', 'Player pair'],
  ['bankerPair', 'Banker pair'],
  ['playerNatural', 'Player natural'],
  ['bankerNatural', 'Banker natural'],
  ['eitherNatural', 'Either natural'],
  ['super6', 'Banker wins on 6'],
];

const EDGE_LABELS: [keyof EdgeSummary, string][] = [
  ['banker', 'Banker, 5% commission (0.95:1)'],
  ['bankerExcludingTies', '  … excluding ties'],
  ['player', 'Player (1:1)'],
  ['playerExcludingTies', '  … excluding ties'],
  ['bankerNoCommission', 'Banker, no commission (6 pays 1:2)'],
  ['bankerNoCommissionExcludingTies', '  … excluding ties'],
  ['tie8', 'Tie 8:1'],
  ['tie9', 'Tie 9:1'],
  ['playerPair', 'Player Pair 11:1'],
  ['bankerPair', 'Banker Pair 11:1'],
  ['dragonPlayer', 'Dragon Bonus Player'],
  ['dragonBanker', 'Dragon Bonus Banker'],
  ['super6', 'Super 6 12:1 (no-commission tables)'],
];

const percent = (fraction: number, digits = 4) => `${(fraction * 100).toFixed(digits)} %`;

export function odds(options: OddsOptions, io: CliIo): void {
  const counts = options.remaining ?? fullShoeRanks(options.decks);
  const summary = oddsSummary(counts);
  if (!summary.ok) throw new UsageError(`${summary.error.code}: ${summary.error.message}`);
  const { probabilities, edges } = summary.value;
  if (options.json) {
    io.out(JSON.stringify({ probabilities, edges }));
    return;
  }
  const cards = counts.reduce((sum, n) => sum + n, 0);
  const shoe = options.remaining
    ? `the ${cards} cards given`
    : `${options.decks} deck(s), ${cards} cards`;
  io.out(`Exact odds for ${shoe} (every ordered six-card deal counted, R13.1)`);
  io.out('');
  io.out('Probability');
  for (const [key, label] of PROBABILITY_LABELS) {
    io.out(`  ${label.padEnd(38)}${percent(probabilities[key]).padStart(12)}`);
  }
  io.out('');
  io.out('House edge (expected loss per chip staked; negative favours the player)');
  for (const [key, label] of EDGE_LABELS)
    io.out(`  ${label.padEnd(38)}${percent(edges[key]).padStart(12)}`);
}
