import { describe, expect, it } from 'vitest';
import { fullShoeRanks, valueCounts } from './composition.js';
import { exactCounts, oddsSummary, probabilities, roundCounts, shoeOdds } from './odds.js';
import { TALLY_NAMES } from './states.js';

const depleted = [17, 30, 28, 26, 31, 29, 32, 25, 30, 27, 31, 24, 28];

describe('R13.1 live odds for a table', () => {
  const odds = shoeOdds(depleted);
  if (!odds.ok) throw new Error(odds.error.message);
  const { probabilities: chances, states, sequences, cards } = odds.value;

  it('R13.1 counts every ordered six-card sequence of the remaining shoe', () => {
    expect(cards).toBe(depleted.reduce((sum, count) => sum + count, 0));
    expect(sequences).toBe(
      cards * (cards - 1) * (cards - 2) * (cards - 3) * (cards - 4) * (cards - 5),
    );
  });

  it('R8.1 Player, Banker and Tie cover every round', () => {
    expect(chances.player + chances.banker + chances.tie).toBeCloseTo(1, 15);
  });

  it('R13.1 the final states are the 136 the tableau can reach and share out every sequence', () => {
    expect(states).toHaveLength(136);
    expect(states.reduce((sum, state) => sum + state.count, 0)).toBe(sequences);
    for (const state of states) {
      expect(Number.isSafeInteger(state.count)).toBe(true);
      expect(state.probability).toBe(state.count / sequences);
    }
  });

  it('R8.1 the final states add up to the Player, Banker and Tie chances', () => {
    const byOutcome = { player: 0, banker: 0, tie: 0 };
    for (const state of states) {
      const outcome =
        state.playerTotal > state.bankerTotal
          ? 'player'
          : state.bankerTotal > state.playerTotal
            ? 'banker'
            : 'tie';
      byOutcome[outcome] += state.probability;
    }
    expect(byOutcome.player).toBeCloseTo(chances.player, 14);
    expect(byOutcome.banker).toBeCloseTo(chances.banker, 14);
    expect(byOutcome.tie).toBeCloseTo(chances.tie, 14);
  });

  it('R4.1 R8.3 Player and Banker positions are dealt alike, so their pair and natural chances match', () => {
    expect(chances.playerPair).toBe(chances.bankerPair);
    expect(chances.playerNatural).toBe(chances.bankerNatural);
    const bothNatural = states
      .filter((state) => state.playerNatural && state.bankerNatural)
      .reduce((sum, state) => sum + state.count, 0);
    expect(chances.eitherNatural).toBeCloseTo(
      chances.playerNatural + chances.bankerNatural - bothNatural / sequences,
      15,
    );
  });

  it('R13.1 survives a JSON round trip unchanged', () => {
    expect(JSON.parse(JSON.stringify(odds.value))).toEqual(odds.value);
  });
});

describe('R13.2 the odds summary printed by `banco odds`', () => {
  it('R13.2 is {probabilities, edges} of plain numbers', () => {
    const summary = oddsSummary(fullShoeRanks(8));
    expect(summary.ok).toBe(true);
    if (!summary.ok) return;
    expect(Object.keys(summary.value)).toEqual(['probabilities', 'edges']);
    expect(Object.keys(summary.value.probabilities)).toEqual([...TALLY_NAMES]);
    expect(Object.keys(summary.value.edges).sort()).toEqual(
      [
        'banker',
        'bankerExcludingTies',
        'bankerNoCommission',
        'bankerNoCommissionExcludingTies',
        'bankerPair',
        'dragonBanker',
        'dragonPlayer',
        'player',
        'playerExcludingTies',
        'playerPair',
        'super6',
        'tie8',
        'tie9',
      ].sort(),
    );
    expect(JSON.parse(JSON.stringify(summary.value))).toEqual(summary.value);
  });

  it('R13.3 takes value counts as well as rank counts', () => {
    const byRanks = oddsSummary(fullShoeRanks(8));
    const byValues = oddsSummary(valueCounts(fullShoeRanks(8)));
    expect(byValues).toEqual(byRanks);
  });
});

describe('R13.4 every entry point refuses a bad shoe with the same error', () => {
  const tooSmall = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0];
  it.each([
    ['roundCounts', roundCounts],
    ['shoeOdds', shoeOdds],
    ['oddsSummary', oddsSummary],
    ['exactCounts', exactCounts],
  ] as const)('R13.4 %s', (_, entryPoint) => {
    const result = entryPoint(tooSmall);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('SHOE_TOO_SMALL');
  });
});

describe('R13.1 exact counts', () => {
  it('R13.1 exactCounts agrees with the double counts behind the probabilities', () => {
    const exact = exactCounts(depleted);
    const counts = roundCounts(depleted);
    expect(exact.ok && counts.ok).toBe(true);
    if (!exact.ok || !counts.ok) return;
    const chances = probabilities(counts.value);
    for (const name of TALLY_NAMES) {
      expect(Number(exact.value[name]) / Number(exact.value.sequences), name).toBe(chances[name]);
    }
  });
});
