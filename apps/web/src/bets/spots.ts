import type { Spot } from '@banco/rules';
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

/** What a spot pays under the table's rules (R9), as printed on a layout. */
export function payoutLabel(spot: Spot, rules: TableSettings['rules']): string {
  switch (spot) {
    case 'player':
      return 'pays 1 to 1';
    case 'banker':
      if (rules.commission === 'standard') return 'pays 0.95 to 1';
      if (rules.commission === 'no-commission') return 'pays 1 to 1 (a 6 pays half)';
      return 'pays 1 to 1';
    case 'tie':
      return `pays ${rules.tiePays} to 1`;
    case 'playerPair':
    case 'bankerPair':
      return 'pays 11 to 1';
    case 'dragonPlayer':
    case 'dragonBanker':
      return 'pays up to 30 to 1';
    case 'super6':
      return 'pays 12 to 1';
    default: {
      const unknown: never = spot;
      return unknown;
    }
  }
}

/** The spots a table offers, main ones first, in layout order. */
export function tableSpots(settings: TableSettings): Spot[] {
  const main: Spot[] = ['player', 'tie', 'banker'];
  return [...main, ...settings.rules.sideBets].filter(
    (spot) => settings.limits[spot] !== undefined,
  );
}
