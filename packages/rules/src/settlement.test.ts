import { describe, expect, it } from 'vitest';
import {
  MAX_STAKE,
  STANDARD_RULES,
  payoutFor,
  settle,
  type Bet,
  type RoundFacts,
  type RuleSet,
  type SettledBet,
  type Spot,
} from './settlement.js';

const CHIP = 100;

function facts(
  playerTotal: number,
  bankerTotal: number,
  extra: Partial<RoundFacts> = {},
): RoundFacts {
  return {
    playerTotal,
    bankerTotal,
    playerNatural: false,
    bankerNatural: false,
    playerPair: false,
    bankerPair: false,
    ...extra,
  };
}

const playerWins = facts(8, 5, { playerNatural: true });
const bankerWins = facts(3, 7);
const tie = facts(3, 3);

function settleOne(
  spot: Spot,
  amount: number,
  round: RoundFacts,
  rules: RuleSet = STANDARD_RULES,
): SettledBet {
  const result = settle([{ id: 'b1', spot, amount }], round, rules);
  if (!result.ok) throw new Error(result.error.message);
  return result.value[0]!;
}

/** The lesson's balance bookkeeping: the stake leaves the balance at confirm, settlement returns chips. */
function balanceAfter(spot: Spot, round: RoundFacts): number {
  const start = 100 * CHIP;
  const stake = 10 * CHIP;
  return start - stake + settleOne(spot, stake, round).returned;
}

describe('R9 the lesson worked examples (100 chips, 10 staked)', () => {
  it('R9.3 Player wins: 20 back, balance 110', () => {
    expect(settleOne('player', 10 * CHIP, playerWins).returned).toBe(20 * CHIP);
    expect(balanceAfter('player', playerWins)).toBe(110 * CHIP);
  });
  it('R9.3 Player loses: balance 90', () => {
    expect(balanceAfter('player', bankerWins)).toBe(90 * CHIP);
  });
  it('R9.6 a tie with a Player bet: stake back, balance 100', () => {
    expect(settleOne('player', 10 * CHIP, tie).result).toBe('push');
    expect(balanceAfter('player', tie)).toBe(100 * CHIP);
  });
  it('R9.5 10 on Tie that ties: balance 180', () => {
    expect(settleOne('tie', 10 * CHIP, tie).returned).toBe(90 * CHIP);
    expect(balanceAfter('tie', tie)).toBe(180 * CHIP);
  });
  it('R9.4 10 on Banker that wins: 19.50 back, balance 109.50', () => {
    expect(settleOne('banker', 10 * CHIP, bankerWins).returned).toBe(1950);
    expect(balanceAfter('banker', bankerWins)).toBe(10950);
  });
});

describe('R9 paytables', () => {
  it('R9.5 Tie pays 9:1 where the table says so', () => {
    expect(settleOne('tie', 1000, tie, { ...STANDARD_RULES, tiePays: 9 }).returned).toBe(10_000);
    expect(settleOne('tie', 1000, bankerWins).returned).toBe(0);
  });

  it('R9.6 Banker pushes on a tie under every rule set', () => {
    for (const commission of ['standard', 'no-commission', 'even-money'] as const) {
      expect(settleOne('banker', 1000, tie, { ...STANDARD_RULES, commission }).returned).toBe(1000);
    }
  });

  it('R9.4 commission that falls on a fraction of a minor unit is rounded down', () => {
    // 0.95 × 333 = 316.35 → 316.
    expect(settleOne('banker', 333, bankerWins).returned).toBe(333 + 316);
  });

  const noCommission: RuleSet = { commission: 'no-commission', tiePays: 8, sideBets: ['super6'] };
  it('R9.7 no-commission Banker pays 1:1, or 1:2 on a winning 6', () => {
    expect(settleOne('banker', 1000, bankerWins, noCommission).returned).toBe(2000);
    expect(settleOne('banker', 1000, facts(4, 6), noCommission).returned).toBe(1500);
    expect(settleOne('banker', 1001, facts(4, 6), noCommission).returned).toBe(1001 + 500);
  });

  it('R9.8 even-money practice Banker pays 1:1', () => {
    const evenMoney: RuleSet = { commission: 'even-money', tiePays: 8, sideBets: [] };
    expect(settleOne('banker', 5000, bankerWins, evenMoney).returned).toBe(10_000);
    expect(settleOne('banker', 5000, facts(4, 6), evenMoney).returned).toBe(10_000);
  });

  const sides: RuleSet = {
    ...STANDARD_RULES,
    sideBets: ['playerPair', 'bankerPair', 'dragonPlayer', 'dragonBanker'],
  };
  it('R9.10 pairs pay 11:1 whoever wins', () => {
    const round = facts(2, 7, { playerPair: true });
    expect(settleOne('playerPair', 1000, round, sides).returned).toBe(12_000);
    expect(settleOne('bankerPair', 1000, round, sides).returned).toBe(0);
  });

  it('R9.11 Dragon Bonus: natural win 1:1, natural tie push, margins 9..4 pay 30/10/6/4/2/1', () => {
    expect(
      settleOne('dragonPlayer', 1000, facts(9, 3, { playerNatural: true }), sides).returned,
    ).toBe(2000);
    expect(
      settleOne(
        'dragonBanker',
        1000,
        facts(8, 8, { playerNatural: true, bankerNatural: true }),
        sides,
      ).result,
    ).toBe('push');
    expect(settleOne('dragonBanker', 1000, facts(3, 3), sides).result).toBe('lose');
    const margins: [number, number, number][] = [
      [9, 0, 30],
      [8, 0, 10],
      [7, 0, 6],
      [6, 0, 4],
      [5, 0, 2],
      [4, 0, 1],
    ];
    for (const [bankerTotal, playerTotal, pays] of margins) {
      const outcome = settleOne('dragonBanker', 1000, facts(playerTotal, bankerTotal), sides);
      expect(outcome.returned).toBe(1000 + 1000 * pays);
    }
    expect(settleOne('dragonPlayer', 1000, facts(7, 4), sides).result).toBe('lose');
    expect(settleOne('dragonPlayer', 1000, facts(4, 7), sides).result).toBe('lose');
    // A two-card 9 is a natural win (1:1); a three-card 9 over 0 is a margin-9 win (30:1).
    expect(payoutFor('dragonPlayer', facts(9, 0), sides)).toMatchObject({
      result: 'win',
      numerator: 30,
    });
  });

  it('R9.12 Super 6 pays 12:1 on a Banker win with 6', () => {
    expect(settleOne('super6', 1000, facts(4, 6), noCommission).returned).toBe(13_000);
    expect(settleOne('super6', 1000, facts(6, 6), noCommission).returned).toBe(0);
    expect(settleOne('super6', 1000, facts(4, 7), noCommission).returned).toBe(0);
  });
});

describe('R8.2 R9.2 what a bet returns', () => {
  it('R8.2 the winning hand is not the winning bettor: a Banker bet loses when Player wins', () => {
    expect(settleOne('banker', 1000, playerWins)).toMatchObject({
      result: 'lose',
      returned: 0,
      net: -1000,
    });
    expect(settleOne('player', 1000, bankerWins)).toMatchObject({
      result: 'lose',
      returned: 0,
      net: -1000,
    });
  });

  it('R9.2 a win returns stake plus winnings, a push the stake, a loss nothing; net = returned − stake', () => {
    const win = settleOne('player', 2500, playerWins);
    const push = settleOne('player', 2500, tie);
    const loss = settleOne('player', 2500, bankerWins);
    expect([win.returned, push.returned, loss.returned]).toEqual([5000, 2500, 0]);
    expect([win.net, push.net, loss.net]).toEqual([2500, 0, -2500]);
    for (const settled of [win, push, loss]) expect(Number.isInteger(settled.returned)).toBe(true);
  });

  it('R9.2 every paytable returns whole minor units for odd stakes', () => {
    const rules: RuleSet = {
      commission: 'no-commission',
      tiePays: 9,
      sideBets: ['playerPair', 'bankerPair', 'dragonPlayer', 'dragonBanker', 'super6'],
    };
    const rounds = [playerWins, bankerWins, tie, facts(0, 6, { bankerPair: true }), facts(9, 0)];
    for (const round of rounds) {
      for (const spot of [
        'player',
        'banker',
        'tie',
        'playerPair',
        'bankerPair',
        'dragonPlayer',
        'dragonBanker',
        'super6',
      ] as const) {
        for (const amount of [1, 7, 333, 1001]) {
          const settled = settleOne(spot, amount, round, rules);
          expect(Number.isSafeInteger(settled.returned)).toBe(true);
          expect(settled.returned).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });
});

describe('R9.1 settlement order', () => {
  it('R9.1 losers first, then pushes, then winners, each group in given order', () => {
    const rules: RuleSet = { ...STANDARD_RULES, sideBets: ['playerPair'] };
    const bets: Bet[] = [
      { id: 'w1', spot: 'banker', amount: 1000 },
      { id: 'l1', spot: 'player', amount: 500 },
      { id: 'w2', spot: 'playerPair', amount: 100 },
      { id: 'l2', spot: 'tie', amount: 200 },
    ];
    const result = settle(bets, facts(2, 7, { playerPair: true }), rules);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.map((s) => s.bet.id)).toEqual(['l1', 'l2', 'w1', 'w2']);
      expect(result.value.map((s) => s.net)).toEqual([-500, -200, 950, 1100]);
    }
    const withPush = settle(
      [
        { id: 'p', spot: 'player', amount: 100 },
        { id: 't', spot: 'tie', amount: 100 },
        { id: 'x', spot: 'playerPair', amount: 100 },
      ],
      tie,
      rules,
    );
    if (withPush.ok) expect(withPush.value.map((s) => s.result)).toEqual(['lose', 'push', 'win']);
    expect(withPush.ok).toBe(true);
  });
});

describe('R9.13 refused bet lists', () => {
  const refused = (bets: Bet[], rules: RuleSet = STANDARD_RULES) => {
    const result = settle(bets, bankerWins, rules);
    return result.ok ? 'accepted' : result.error.code;
  };
  it('R9.13 a fractional, zero, negative, huge or non-number stake is refused', () => {
    for (const amount of [0, -100, 10.5, Number.NaN, Infinity, MAX_STAKE + 1]) {
      expect(refused([{ id: 'a', spot: 'player', amount }])).toBe('INVALID_AMOUNT');
    }
  });
  it('R9.13 an unknown spot is refused', () => {
    expect(refused([{ id: 'a', spot: 'dragon' as Spot, amount: 100 }])).toBe('UNKNOWN_SPOT');
  });
  it('R9.9 a side bet the table does not offer is refused, Super 6 only without commission', () => {
    expect(refused([{ id: 'a', spot: 'playerPair', amount: 100 }])).toBe('SPOT_DISABLED');
    expect(
      refused([{ id: 'a', spot: 'super6', amount: 100 }], {
        ...STANDARD_RULES,
        sideBets: ['super6'],
      }),
    ).toBe('SPOT_DISABLED');
  });
  it('R9.13 a repeated bet id refuses the whole list', () => {
    expect(
      refused([
        { id: 'a', spot: 'player', amount: 100 },
        { id: 'a', spot: 'banker', amount: 100 },
      ]),
    ).toBe('DUPLICATE_BET_ID');
  });
});
