import { DRAGON_MARGIN_PAYS, PAIR_PAYS, SUPER6_PAYS } from './paytable.js';
import { err, ok, type Result, type RuleError } from './result.js';
import type { Outcome, RoundResult } from './round.js';
import type { RuleId } from './tableau.js';

export const MAIN_SPOTS = ['player', 'banker', 'tie'] as const;
export const SIDE_SPOTS = [
  'playerPair',
  'bankerPair',
  'dragonPlayer',
  'dragonBanker',
  'super6',
] as const;
export const SPOTS = [...MAIN_SPOTS, ...SIDE_SPOTS] as const;

export type MainSpot = (typeof MAIN_SPOTS)[number];
export type SideSpot = (typeof SIDE_SPOTS)[number];
export type Spot = (typeof SPOTS)[number];

/** How Banker wins are paid (R9.4, R9.7, R9.8). */
export type CommissionRule = 'standard' | 'no-commission' | 'even-money';

export interface RuleSet {
  readonly commission: CommissionRule;
  /** R9.5 */
  readonly tiePays: 8 | 9;
  /** R9.9: side bets this table accepts. */
  readonly sideBets: readonly SideSpot[];
}

export const STANDARD_RULES: RuleSet = { commission: 'standard', tiePays: 8, sideBets: [] };

/** The facts of a finished round that every payout depends on. */
export interface RoundFacts {
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly playerNatural: boolean;
  readonly bankerNatural: boolean;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

export type BetResult = 'lose' | 'push' | 'win';

/**
 * A payout as a fraction of the stake, so callers can do exact integer arithmetic:
 * winnings = floor(stake * numerator / denominator). Zero for a push or a loss.
 */
export interface Payout {
  readonly result: BetResult;
  readonly numerator: number;
  readonly denominator: number;
  readonly rule: RuleId;
}

const lose = (rule: RuleId): Payout => ({ result: 'lose', numerator: 0, denominator: 1, rule });
const push = (rule: RuleId): Payout => ({ result: 'push', numerator: 0, denominator: 1, rule });
const win = (numerator: number, denominator: number, rule: RuleId): Payout => ({
  result: 'win',
  numerator,
  denominator,
  rule,
});

export function outcomeOf(facts: RoundFacts): Outcome {
  if (facts.playerTotal > facts.bankerTotal) return 'player';
  if (facts.bankerTotal > facts.playerTotal) return 'banker';
  return 'tie';
}

export function factsOf(round: RoundResult): RoundFacts {
  return {
    playerTotal: round.player.total,
    bankerTotal: round.banker.total,
    playerNatural: round.player.natural,
    bankerNatural: round.banker.natural,
    playerPair: round.player.pair,
    bankerPair: round.banker.pair,
  };
}

function dragonBonus(side: 'player' | 'banker', facts: RoundFacts): Payout {
  const outcome = outcomeOf(facts);
  const ownNatural = side === 'player' ? facts.playerNatural : facts.bankerNatural;
  if (outcome === 'tie') {
    return facts.playerNatural && facts.bankerNatural ? push('R9.11') : lose('R9.11');
  }
  if (outcome !== side) return lose('R9.11');
  if (ownNatural) return win(1, 1, 'R9.11');
  const margin = Math.abs(facts.playerTotal - facts.bankerTotal);
  const pays = DRAGON_MARGIN_PAYS[margin];
  return pays === undefined ? lose('R9.11') : win(pays, 1, 'R9.11');
}

function bankerPayout(facts: RoundFacts, rules: RuleSet): Payout {
  switch (rules.commission) {
    case 'standard':
      return win(19, 20, 'R9.4');
    case 'no-commission':
      return facts.bankerTotal === 6 ? win(1, 2, 'R9.7') : win(1, 1, 'R9.7');
    case 'even-money':
      return win(1, 1, 'R9.8');
    default: {
      const unknown: never = rules.commission;
      throw new TypeError(`unknown commission rule ${String(unknown)}`);
    }
  }
}

/**
 * What one unit staked on `spot` gets for a round with these facts. The odds engine uses
 * this same function, so the house edges shown can never disagree with what the table pays.
 */
export function payoutFor(spot: Spot, facts: RoundFacts, rules: RuleSet): Payout {
  const outcome = outcomeOf(facts);
  switch (spot) {
    case 'player':
      if (outcome === 'tie') return push('R9.6');
      return outcome === 'player' ? win(1, 1, 'R9.3') : lose('R9.3');
    case 'banker':
      if (outcome === 'tie') return push('R9.6');
      return outcome === 'banker' ? bankerPayout(facts, rules) : lose('R9.4');
    case 'tie':
      return outcome === 'tie' ? win(rules.tiePays, 1, 'R9.5') : lose('R9.5');
    case 'playerPair':
      return facts.playerPair ? win(PAIR_PAYS, 1, 'R9.10') : lose('R9.10');
    case 'bankerPair':
      return facts.bankerPair ? win(PAIR_PAYS, 1, 'R9.10') : lose('R9.10');
    case 'dragonPlayer':
      return dragonBonus('player', facts);
    case 'dragonBanker':
      return dragonBonus('banker', facts);
    case 'super6':
      return outcome === 'banker' && facts.bankerTotal === 6
        ? win(SUPER6_PAYS, 1, 'R9.12')
        : lose('R9.12');
    default: {
      const unknown: never = spot;
      throw new TypeError(`unknown spot ${String(unknown)}`);
    }
  }
}

export interface Bet {
  /** Unique within one settlement; the server uses it as the ledger's idempotency key. */
  readonly id: string;
  readonly spot: Spot;
  /** Minor units (1 chip = 100). */
  readonly amount: number;
}

export interface SettledBet {
  readonly bet: Bet;
  readonly result: BetResult;
  /** Stake plus winnings for a win, the stake for a push, 0 for a loss (minor units). */
  readonly returned: number;
  /** returned − stake. */
  readonly net: number;
  readonly rule: RuleId;
}

export type SettlementErrorCode =
  'UNKNOWN_SPOT' | 'INVALID_AMOUNT' | 'SPOT_DISABLED' | 'DUPLICATE_BET_ID';

export interface SettlementError extends RuleError {
  readonly code: SettlementErrorCode;
  readonly betId: string;
}

/** Keeps stake × 30 (the largest multiple paid) far inside exact integer range. */
export const MAX_STAKE = 1_000_000_000_000;

const isSpot = (spot: string): spot is Spot => (SPOTS as readonly string[]).includes(spot);

/** R9.9, R9.13: whether a table with these rules takes this bet at all. */
export function checkBet(bet: Bet, rules: RuleSet): Result<Bet, SettlementError> {
  const refuse = (code: SettlementErrorCode, message: string) => {
    const { error } = err(code, message);
    return { ok: false as const, error: { ...error, betId: bet.id } };
  };
  if (!isSpot(bet.spot))
    return refuse('UNKNOWN_SPOT', `"${String(bet.spot)}" is not a betting spot`);
  if (!Number.isSafeInteger(bet.amount) || bet.amount <= 0 || bet.amount > MAX_STAKE) {
    return refuse(
      'INVALID_AMOUNT',
      `stake must be a positive whole number of minor units, got ${bet.amount}`,
    );
  }
  const side = (SIDE_SPOTS as readonly string[]).includes(bet.spot);
  if (side && !rules.sideBets.includes(bet.spot as SideSpot)) {
    return refuse('SPOT_DISABLED', `this table does not offer ${bet.spot}`);
  }
  if (bet.spot === 'super6' && rules.commission !== 'no-commission') {
    return refuse('SPOT_DISABLED', 'Super 6 is only offered under no-commission rules');
  }
  return ok(bet);
}

/**
 * R9.1–R9.13: settles every bet of a round. The list comes back losers first, then pushes,
 * then winners, the order in which a croupier clears the layout.
 */
export function settle(
  bets: readonly Bet[],
  facts: RoundFacts,
  rules: RuleSet,
): Result<SettledBet[], SettlementError> {
  const seen = new Set<string>();
  for (const bet of bets) {
    if (seen.has(bet.id)) {
      return {
        ok: false,
        error: {
          code: 'DUPLICATE_BET_ID',
          message: `bet id ${bet.id} appears twice`,
          betId: bet.id,
        },
      };
    }
    seen.add(bet.id);
    const checked = checkBet(bet, rules);
    if (!checked.ok) return checked;
  }
  const settled = bets.map((bet): SettledBet => {
    const payout = payoutFor(bet.spot, facts, rules);
    const winnings = Math.floor((bet.amount * payout.numerator) / payout.denominator);
    const returned = payout.result === 'lose' ? 0 : bet.amount + winnings;
    return { bet, result: payout.result, returned, net: returned - bet.amount, rule: payout.rule };
  });
  const order: Record<BetResult, number> = { lose: 0, push: 1, win: 2 };
  // Array.prototype.sort is stable, so bets keep their given order inside each group.
  return ok(settled.sort((a, b) => order[a.result] - order[b.result]));
}
