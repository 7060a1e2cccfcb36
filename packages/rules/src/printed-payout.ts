import { DRAGON_MARGIN_PAYS, PAIR_PAYS, SUPER6_PAYS } from './paytable.js';
import type { RuleSet, Spot } from './settlement.js';
import type { RuleId } from './tableau.js';

const DRAGON_TOP_PAYS = Math.max(...Object.values(DRAGON_MARGIN_PAYS));

/**
 * What a spot pays as printed on a layout, as a fraction to one: `up-to` for a paytable's top
 * line (Dragon Bonus), `six-pays-half` for a no-commission Banker bet (R9.7).
 */
export interface PrintedPayout {
  readonly numerator: number;
  readonly denominator: number;
  readonly kind: 'fixed' | 'up-to' | 'six-pays-half';
  readonly rule: RuleId;
}

const fixed = (numerator: number, denominator: number, rule: RuleId): PrintedPayout => ({
  numerator,
  denominator,
  kind: 'fixed',
  rule,
});

/** The payout a layout prints for `spot` under `rules` (R9.3–R9.12). */
export function printedPayout(spot: Spot, rules: RuleSet): PrintedPayout {
  switch (spot) {
    case 'player':
      return fixed(1, 1, 'R9.3');
    case 'banker':
      if (rules.commission === 'standard') return fixed(19, 20, 'R9.4');
      if (rules.commission === 'no-commission')
        return { ...fixed(1, 1, 'R9.7'), kind: 'six-pays-half' };
      return fixed(1, 1, 'R9.8');
    case 'tie':
      return fixed(rules.tiePays, 1, 'R9.5');
    case 'playerPair':
    case 'bankerPair':
      return fixed(PAIR_PAYS, 1, 'R9.10');
    case 'dragonPlayer':
    case 'dragonBanker':
      return { ...fixed(DRAGON_TOP_PAYS, 1, 'R9.11'), kind: 'up-to' };
    case 'super6':
      return fixed(SUPER6_PAYS, 1, 'R9.12');
    default: {
      const unknown: never = spot;
      throw new TypeError(`unknown spot ${String(unknown)}`);
    }
  }
}
