import { deckEdges, oddsSummary, fullShoeRanks } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { EDGE_LINES, edgeOf, edgePercent, edgesForDecks } from './edges';

describe('the rules page’s house edges', () => {
  it('are the CLI’s summary and R13.6’s deck edges, deck count by deck count', () => {
    for (const decks of [1, 6, 8]) {
      const row = edgesForDecks(decks);
      const cli = oddsSummary(fullShoeRanks(decks));
      const r136 = deckEdges(decks);
      if (!cli.ok || !r136.ok) throw new Error('rules refused a full shoe');
      expect(row.summary).toEqual(cli.value.edges);
      expect(row.evenMoneyBanker).toBe(r136.value.ruleSets['even-money'].banker);
      expect(row.summary.bankerNoCommission).toBeCloseTo(
        r136.value.ruleSets['no-commission'].banker,
        12,
      );
      for (const line of EDGE_LINES) expect(Number.isFinite(edgeOf(row, line.key))).toBe(true);
    }
  });

  it('prints like `banco odds`, including the reference figures for 8 decks', () => {
    const row = edgesForDecks(8);
    expect(edgePercent(row.summary.banker)).toBe('1.0579 %');
    expect(edgePercent(row.summary.player)).toBe('1.2351 %');
    expect(edgePercent(row.summary.tie8)).toBe('14.3596 %');
    expect(edgePercent(row.summary.tie9)).toBe('4.8440 %');
    expect(edgePercent(row.summary.bankerNoCommission)).toBe('1.4581 %');
  });
});
