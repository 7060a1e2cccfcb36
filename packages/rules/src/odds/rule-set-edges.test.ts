import { describe, expect, it } from 'vitest';
import { fullShoeRanks } from './composition.js';
import { edgeSummary } from './edges.js';
import { roundCounts } from './odds.js';
import { COMMISSION_RULES, deckEdges } from './rule-set-edges.js';

const percent = (fraction: number) => fraction * 100;

const edgesOf = (decks: number) => {
  const result = deckEdges(decks);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('R13.6 the house edges a host picks a rule set by', () => {
  it('R13.6 R13.2 8 decks: the published Banker, Player and Tie figures', () => {
    const eight = edgesOf(8);
    expect(percent(eight.ruleSets.standard.banker)).toBeCloseTo(1.0579, 4);
    expect(percent(eight.ruleSets.standard.player)).toBeCloseTo(1.2351, 4);
    expect(percent(eight.ruleSets['no-commission'].banker)).toBeCloseTo(1.4581, 4);
    expect(percent(eight.tie[8])).toBeCloseTo(14.3596, 4);
    expect(percent(eight.tie[9])).toBeCloseTo(4.844, 4);
  });

  it('R13.6 R9.3 R9.8 Player is the same under every rule set; even-money Banker is its mirror', () => {
    for (let decks = 1; decks <= 8; decks++) {
      const edges = edgesOf(decks);
      for (const rule of COMMISSION_RULES) {
        expect(edges.ruleSets[rule].player).toBe(edges.ruleSets.standard.player);
      }
      // Even money: Banker nets P(Banker) − P(Player) per unit, exactly what Player loses.
      expect(edges.ruleSets['even-money'].banker).toBeCloseTo(-edges.ruleSets.standard.player, 15);
    }
  });

  it('R13.6 every deck count agrees with the full edge summary of that shoe', () => {
    for (let decks = 1; decks <= 8; decks++) {
      const counts = roundCounts(fullShoeRanks(decks));
      if (!counts.ok) throw new Error(counts.error.message);
      const summary = edgeSummary(counts.value);
      const edges = edgesOf(decks);
      expect(edges.decks).toBe(decks);
      expect(edges.ruleSets.standard.banker).toBe(summary.banker);
      expect(edges.ruleSets['no-commission'].banker).toBe(summary.bankerNoCommission);
      expect(edges.tie[8]).toBe(summary.tie8);
      expect(edges.tie[9]).toBe(summary.tie9);
      expect(edges.playerPair).toBe(summary.playerPair);
      expect(edges.dragonBanker).toBe(summary.dragonBanker);
      expect(edges.super6).toBe(summary.super6);
    }
  });

  it('R13.6 R10.1 refuses a deck count no shoe can hold', () => {
    for (const decks of [0, 9, 1.5]) {
      const result = deckEdges(decks);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('INVALID_DECKS');
    }
  });
});
