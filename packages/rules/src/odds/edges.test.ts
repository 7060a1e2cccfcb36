import { forEachSequence } from '../testing/sequences.js';
import { unwrap } from '../testing/unwrap.js';
import { describe, expect, it } from 'vitest';
import { RANKS, rankOf, type CardCode } from '../cards.js';
import { resolveFromCards } from '../round.js';
import {
  checkBet,
  factsOf,
  settle,
  SIDE_SPOTS,
  SPOTS,
  STANDARD_RULES,
  type RuleSet,
  type Spot,
} from '../settlement.js';
import { fullShoeRanks } from './composition.js';
import { edgeSummary, houseEdges } from './edges.js';
import type { RoundCounts } from './enumerate.js';
import { probabilities, roundCounts } from './odds.js';

const countsFor = (shoe: readonly number[]): RoundCounts => {
  const result = roundCounts(shoe);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

const percent = (fraction: number) => fraction * 100;

describe('R13.2 house edges of a full 8-deck shoe match the published figures', () => {
  const eightDecks = countsFor(fullShoeRanks(8));
  const summary = edgeSummary(eightDecks);

  it('R13.2 R9.3 R9.4 R9.5 Banker 1.0579 %, Player 1.2351 %, Tie 14.3596 % / 4.8440 %', () => {
    expect(percent(summary.banker)).toBeCloseTo(1.0579, 4);
    expect(percent(summary.player)).toBeCloseTo(1.2351, 4);
    expect(percent(summary.tie8)).toBeCloseTo(14.3596, 4);
    expect(percent(summary.tie9)).toBeCloseTo(4.844, 4);
  });

  it('R13.2 excluding ties: Banker 1.1692 %, Player 1.3650 %', () => {
    expect(percent(summary.bankerExcludingTies)).toBeCloseTo(1.1692, 4);
    expect(percent(summary.playerExcludingTies)).toBeCloseTo(1.365, 4);
  });

  it('R13.2 R9.7 no-commission Banker 1.4581 %', () => {
    expect(percent(summary.bankerNoCommission)).toBeCloseTo(1.4581, 4);
  });

  it('R13.1 outcome probabilities Banker 0.458597, Player 0.446247, Tie 0.095156', () => {
    const chances = probabilities(eightDecks);
    expect(chances.banker).toBeCloseTo(0.458597, 6);
    expect(chances.player).toBeCloseTo(0.446247, 6);
    expect(chances.tie).toBeCloseTo(0.095156, 6);
  });

  it('R13.2 R9.11 Dragon Bonus Player 2.652 %, Banker 9.373 %', () => {
    expect(percent(summary.dragonPlayer)).toBeCloseTo(2.652, 3);
    expect(percent(summary.dragonBanker)).toBeCloseTo(9.373, 3);
  });

  it('R13.2 R9.10 Player Pair and Banker Pair 10.36 %', () => {
    expect(percent(summary.playerPair)).toBeCloseTo(10.36, 2);
    expect(percent(summary.bankerPair)).toBe(percent(summary.playerPair));
  });
});

describe('R13.2 a 1-deck shoe', () => {
  const oneDeck = edgeSummary(countsFor(fullShoeRanks(1)));

  it('R13.2 matches the published 1-deck edges: Banker 1.01 %, Player 1.29 %, Tie 15.75 %', () => {
    expect(percent(oneDeck.banker)).toBeCloseTo(1.01, 2);
    expect(percent(oneDeck.player)).toBeCloseTo(1.29, 2);
    expect(percent(oneDeck.tie8)).toBeCloseTo(15.75, 2);
  });

  it('R13.3 R9.10 a pair from one deck is 3 in 51, so the pair bet loses 1 − 12·3/51', () => {
    expect(oneDeck.playerPair).toBeCloseTo(1 - (12 * 3) / 51, 12);
  });
});

describe('R13.2 edges follow from the probabilities and the paytable', () => {
  const shoe = [20, 31, 28, 30, 25, 32, 29, 31, 27, 30, 26, 31, 22];
  const counts = countsFor(shoe);
  const chances = probabilities(counts);

  it('R13.2 R9.6 excluding ties divides by the chance of no tie', () => {
    const edges = houseEdges(counts, STANDARD_RULES);
    expect(edges.playerExcludingTies).toBeCloseTo(edges.player / (1 - chances.tie), 15);
    expect(edges.bankerExcludingTies).toBeCloseTo(edges.banker / (1 - chances.tie), 15);
  });

  it('R13.2 R9.8 even-money Banker favours the bettor by P(Banker) − P(Player)', () => {
    const edges = houseEdges(counts, { ...STANDARD_RULES, commission: 'even-money' });
    expect(edges.banker).toBeCloseTo(chances.player - chances.banker, 15);
    expect(edges.banker).toBeLessThan(0);
  });

  it('R13.2 R9.12 Super 6 loses unless Banker wins on 6, then pays 12 to 1', () => {
    const edges = houseEdges(counts, { ...STANDARD_RULES, commission: 'no-commission' });
    expect(edges.super6).toBeCloseTo(1 - 13 * chances.super6, 15);
  });
});

describe('R13.2 a live table prices every round with the same rule set', () => {
  it('R13.2 R9.5 each shoe is priced as a fresh copy of the rules would price it, each rule set apart', () => {
    const rules: RuleSet = { ...STANDARD_RULES, tiePays: 9 };
    const shoes = [fullShoeRanks(8), [20, 31, 28, 30, 25, 32, 29, 31, 27, 30, 26, 31, 22]];
    const firstPricing = shoes.map((shoe) => houseEdges(countsFor(shoe), rules));
    for (const [i, shoe] of shoes.entries()) {
      const counts = countsFor(shoe);
      expect(houseEdges(counts, rules)).toEqual(firstPricing[i]);
      expect(houseEdges(counts, { ...rules })).toEqual(firstPricing[i]);
      expect(houseEdges(counts, STANDARD_RULES).tie).not.toBe(firstPricing[i]!.tie);
    }
    expect(firstPricing[0]).not.toEqual(firstPricing[1]);
  });
});

/**
 * Plays every ordered six-card sequence of a small shoe through resolveRound and settle, with a
 * stake that every payout divides exactly, and returns the house edge of each spot.
 */
function bruteForceEdges(cards: readonly CardCode[], rules: RuleSet): Map<Spot, number> {
  const stake = 2000;
  const bets = SPOTS.map((spot) => ({ id: spot, spot, amount: stake })).filter(
    (bet) => checkBet(bet, rules).ok,
  );
  const net = new Map<Spot, number>(bets.map((bet) => [bet.spot, 0]));
  let sequences = 0;
  forEachSequence(cards, 6, (sequence) => {
    const round = unwrap(resolveFromCards(sequence));
    for (const { bet, net: betNet } of unwrap(settle(bets, factsOf(round), rules))) {
      net.set(bet.spot, net.get(bet.spot)! + betNet);
    }
    sequences++;
  });
  return new Map([...net].map(([spot, total]) => [spot, -total / (stake * sequences)]));
}

describe('R13.2 edges equal what settle pays over every sequence of a small shoe', () => {
  const cards: CardCode[] = ['KS', 'KH', '10D', '6C', '6S', '9H', '2D', 'AS', '4C'];
  const rankCounts = RANKS.map((rank) => cards.filter((card) => rankOf(card) === rank).length);
  const counts = countsFor(rankCounts);
  const ruleSets: [string, RuleSet][] = [
    ['standard, tie 8 to 1', { commission: 'standard', tiePays: 8, sideBets: [...SIDE_SPOTS] }],
    [
      'no-commission, tie 9 to 1',
      { commission: 'no-commission', tiePays: 9, sideBets: [...SIDE_SPOTS] },
    ],
  ];

  it.each(ruleSets)('R13.2 R9.1–R9.12 %s', (_, rules) => {
    const engine = houseEdges(counts, rules);
    const played = bruteForceEdges(cards, rules);
    expect(played.size).toBeGreaterThanOrEqual(7);
    for (const [spot, edge] of played) expect(engine[spot], spot).toBeCloseTo(edge, 12);
  });
});
