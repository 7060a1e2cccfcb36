import type { ShoeView, TableSettings } from '@banco/protocol';
import { fullShoeRanks, oddsSummary } from '@banco/rules';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OddsPanel from './OddsPanel';
import { unseenBeforeFirstRound } from './unseen';

const SETTINGS = {
  decks: 8,
  rules: { commission: 'standard', tiePays: 8, sideBets: ['playerPair', 'dragonBanker'] },
} as unknown as TableSettings;

const text = (id: string) => screen.getByTestId(id).textContent;
const value = (id: string) => Number(screen.getByTestId(id).getAttribute('data-value'));

describe('the shoe, exactly (R13)', () => {
  it('R13.1 R13.2: a fresh 8-deck shoe shows the reference chances and edges', () => {
    render(<OddsPanel unseen={fullShoeRanks(8)} settings={SETTINGS} round={1} />);
    expect(text('odds-p-banker')).toBe('45.8597 %');
    expect(text('odds-p-player')).toBe('44.6247 %');
    expect(text('odds-p-tie')).toBe('9.5156 %');
    expect(text('odds-edge-banker')).toBe('1.0579 %');
    expect(text('odds-edge-player')).toBe('1.2351 %');
    expect(text('odds-edge-tie')).toBe('14.3596 %');
    expect(text('odds-edge-bankerExcludingTies')).toBe('1.1692 %');
    expect(text('odds-edge-playerExcludingTies')).toBe('1.3650 %');
    expect(text('odds-cards')).toBe('416');
  });

  it('R13.4 P1.10: a run-down shoe shows what `banco odds --remaining` counts, for the side bets offered', () => {
    // Rank counts A … K: the 8s and 9s are nearly gone, the Kings all there.
    const unseen = [20, 22, 25, 18, 30, 21, 19, 17, 3, 2, 14, 11, 32];
    render(<OddsPanel unseen={unseen} settings={SETTINGS} round={null} />);
    const cli = oddsSummary(unseen);
    if (!cli.ok) throw new Error(cli.error.message);
    const { probabilities: p, edges } = cli.value;
    expect(value('odds-p-player')).toBe(p.player);
    expect(value('odds-p-banker')).toBe(p.banker);
    expect(value('odds-p-tie')).toBe(p.tie);
    expect(value('odds-p-playerPair')).toBe(p.playerPair);
    expect(value('odds-edge-banker')).toBeCloseTo(edges.banker, 15);
    expect(value('odds-edge-tie')).toBeCloseTo(edges.tie8, 15);
    expect(value('odds-edge-playerPair')).toBeCloseTo(edges.playerPair, 15);
    expect(value('odds-edge-dragonBanker')).toBeCloseTo(edges.dragonBanker, 15);
    // Only the side bets this table takes.
    expect(screen.queryByTestId('odds-edge-bankerPair')).toBeNull();
    expect(screen.queryByTestId('odds-edge-super6')).toBeNull();
    expect(text('odds-cards')).toBe(String(unseen.reduce((a, b) => a + b, 0)));
  });

  it('charts the cards left by value, also listed in words, with one sentence on what it means', () => {
    const unseen = [20, 22, 25, 18, 30, 21, 19, 17, 3, 2, 14, 11, 32];
    render(<OddsPanel unseen={unseen} settings={SETTINGS} round={null} />);
    const items = [...screen.getByTestId('cards-left-list').querySelectorAll('li')];
    expect(items).toHaveLength(10);
    // Value 0: the 10s, Jacks, Queens and Kings together.
    expect(items[0]!.textContent).toMatch(/^Value 0 \(10 J Q K\): 59 left/);
    expect(items[9]!.textContent).toMatch(/^Value 9: 3 left/);
    expect(screen.getByText(/What it is not: a forecast/)).toBeTruthy();
  });

  it('a bet the cards left favour says so in words, not by colour alone', () => {
    // Nothing but 5s and 9s: a heavy tie shoe, where Tie at 8 to 1 turns in the bettor's favour.
    const unseen = [0, 0, 0, 0, 40, 0, 0, 0, 40, 0, 0, 0, 0];
    render(<OddsPanel unseen={unseen} settings={SETTINGS} round={7} />);
    expect(value('odds-edge-tie')).toBeLessThan(0);
    expect(text('odds-edge-tie')).toMatch(/favours you/);
    // …and says why, where the reader looks: an edge for the bettor is the cards left, not luck.
    expect(screen.getByTestId('odds-swing').textContent).toMatch(/late in a shoe only a few cards/);
  });

  it('a fresh shoe says nothing of a swing: no bet favours the bettor', () => {
    render(<OddsPanel unseen={fullShoeRanks(8)} settings={SETTINGS} round={1} />);
    expect(screen.queryByTestId('odds-swing')).toBeNull();
  });

  it('says when there are no odds yet', () => {
    render(<OddsPanel unseen={null} settings={SETTINGS} round={null} />);
    expect(screen.getByTestId('odds-empty')).toBeTruthy();
  });

  it('R13.5: before a shoe’s first result, every card but the burn card shown is unseen', () => {
    const shoe = { decks: 8, roundsDealt: 0, burnShown: '7H' } as ShoeView;
    const unseen = unseenBeforeFirstRound(shoe)!;
    expect(unseen.reduce((a, b) => a + b, 0)).toBe(415);
    expect(unseen[6]).toBe(31);
    expect(unseenBeforeFirstRound({ ...shoe, roundsDealt: 1 })).toBeNull();
    expect(unseenBeforeFirstRound({ ...shoe, burnShown: null })).toBeNull();
  });
});
