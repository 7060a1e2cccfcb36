import {
  STANDARD_RULES,
  checkBet,
  payoutFor,
  type CommissionRule,
  type Payout,
  type RoundFacts,
  type RuleSet,
  type Spot,
} from '@banco/rules';
import { oddsWords } from '../learn/words';

/** A round's facts for pricing one case: no natural and no pair unless asked. */
const facts = (player: number, banker: number, more: Partial<RoundFacts> = {}): RoundFacts => ({
  playerTotal: player,
  bankerTotal: banker,
  playerNatural: false,
  bankerNatural: false,
  playerPair: false,
  bankerPair: false,
  ...more,
});

export const RULE_SET_NAMES: Record<CommissionRule, string> = {
  standard: 'Standard (5% commission)',
  'no-commission': 'No commission',
  'even-money': 'Even money',
};

const COMMISSIONS: readonly CommissionRule[] = ['standard', 'no-commission', 'even-money'];

/** "1:1", "0.95:1", "push" or "loses": what a payout says, for a table cell. */
export function payoutWords(payout: Payout): string {
  if (payout.result === 'push') return 'stake back (push)';
  if (payout.result === 'lose') return 'loses';
  return oddsWords(payout);
}

export interface MainRow {
  readonly label: string;
  readonly spot: Spot;
  readonly cells: readonly { commission: CommissionRule; words: string; rule: string }[];
}

const MAIN_CASES: readonly { label: string; spot: Spot; facts: RoundFacts }[] = [
  { label: 'Player bet, Player wins', spot: 'player', facts: facts(7, 5) },
  { label: 'Banker bet, Banker wins on 0–5 or 7–9', spot: 'banker', facts: facts(5, 7) },
  { label: 'Banker bet, Banker wins with 6', spot: 'banker', facts: facts(5, 6) },
  { label: 'Player or Banker bet, a tie', spot: 'player', facts: facts(5, 5) },
  { label: 'Tie bet, a tie', spot: 'tie', facts: facts(5, 5) },
];

/** The main bets under each rule set, every cell priced by payoutFor. */
export const MAIN_ROWS: readonly MainRow[] = MAIN_CASES.map(({ label, spot, facts: f }) => ({
  label,
  spot,
  cells: COMMISSIONS.map((commission) => {
    const payout = payoutFor(spot, f, { ...STANDARD_RULES, commission });
    return { commission, words: payoutWords(payout), rule: payout.rule };
  }),
}));

export const COMMISSION_COLUMNS = COMMISSIONS;

/** Tie at 8:1 (the default) and 9:1, a table setting. */
export const TIE_OPTIONS: readonly { tiePays: RuleSet['tiePays']; words: string }[] = (
  [8, 9] as const
).map((tiePays) => ({
  tiePays,
  words: payoutWords(payoutFor('tie', facts(5, 5), { ...STANDARD_RULES, tiePays })),
}));

export interface SideRow {
  readonly spot: Spot;
  readonly name: string;
  readonly when: string;
  readonly pays: string;
}

const pays = (spot: Spot, f: RoundFacts, rules: RuleSet = STANDARD_RULES) =>
  payoutWords(payoutFor(spot, f, rules));

const NO_COMMISSION: RuleSet = { ...STANDARD_RULES, commission: 'no-commission' };

/** Dragon Bonus for a win without a natural, by winning margin, as payoutFor prices it. */
export const DRAGON_MARGINS: readonly { margin: number; words: string }[] = [9, 8, 7, 6, 5, 4, 3]
  .map((margin) => ({ margin, words: pays('dragonPlayer', facts(margin, 0)) }))
  .filter((row, i, rows) => row.words !== 'loses' || rows[i - 1]?.words !== 'loses');

const superSixOnlyNoCommission =
  !checkBet({ id: 'x', spot: 'super6', amount: 100 }, { ...STANDARD_RULES, sideBets: ['super6'] })
    .ok &&
  checkBet({ id: 'x', spot: 'super6', amount: 100 }, { ...NO_COMMISSION, sideBets: ['super6'] }).ok;

export const SIDE_ROWS: readonly SideRow[] = [
  {
    spot: 'playerPair',
    name: 'Player Pair',
    when: 'Player’s first two cards share a rank (suits do not matter)',
    pays: pays('playerPair', facts(7, 5, { playerPair: true })),
  },
  {
    spot: 'bankerPair',
    name: 'Banker Pair',
    when: 'Banker’s first two cards share a rank',
    pays: pays('bankerPair', facts(7, 5, { bankerPair: true })),
  },
  {
    spot: 'dragonPlayer',
    name: 'Dragon Bonus (Player or Banker)',
    when: `your side wins with a natural: ${pays('dragonPlayer', facts(9, 5, { playerNatural: true }))}; a tie of two naturals: ${pays('dragonPlayer', facts(8, 8, { playerNatural: true, bankerNatural: true }))}; a win without a natural pays by the margin (below); anything else loses`,
    pays: 'by margin',
  },
  {
    spot: 'super6',
    name: 'Super 6',
    when: `Banker wins with a total of 6${superSixOnlyNoCommission ? ' (no-commission tables only)' : ''}`,
    pays: pays('super6', facts(5, 6), NO_COMMISSION),
  },
];
