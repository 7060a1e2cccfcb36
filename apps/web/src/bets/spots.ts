import { printedPayout, type Spot } from '@banco/rules';
import type { TableSettings } from '@banco/protocol';

export const SPOT_LABELS: Record<Spot, string> = {
  player: 'Player',
  banker: 'Banker',
  tie: 'Tie',
  playerPair: 'Player Pair',
  bankerPair: 'Banker Pair',
  dragonPlayer: 'Dragon Player',
  dragonBanker: 'Dragon Banker',
  super6: 'Super 6',
};

const ratio = (numerator: number, denominator: number) =>
  String(Math.round((numerator / denominator) * 100) / 100);

/** What a spot pays under the table's rules, as the rules package prints it (R9). */
export function payoutLabel(spot: Spot, rules: TableSettings['rules']): string {
  const printed = printedPayout(spot, rules);
  const pays = `${ratio(printed.numerator, printed.denominator)} to 1`;
  if (printed.kind === 'up-to') return `pays up to ${pays}`;
  if (printed.kind === 'six-pays-half') return `pays ${pays} (a 6 pays half)`;
  return `pays ${pays}`;
}

/** The spots a table offers, main ones first, in layout order. */
export function tableSpots(settings: TableSettings): Spot[] {
  const main: Spot[] = ['player', 'tie', 'banker'];
  return [...main, ...settings.rules.sideBets].filter(
    (spot) => settings.limits[spot] !== undefined,
  );
}
