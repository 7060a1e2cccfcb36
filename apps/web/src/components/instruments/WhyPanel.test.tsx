import { resolveFromCards, type CardCode } from '@banco/rules';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WhyPanel from './WhyPanel';

const traceOf = (cards: CardCode[]) => {
  const round = resolveFromCards(cards);
  if (!round.ok) throw new Error(round.error.message);
  return Object.fromEntries(round.value.trace.map((step) => [step.hand, step]));
};

const lit = (testId: string) => [
  ...screen.getByTestId(testId).querySelectorAll('td[data-lit="true"]'),
];

describe('why: the rule that decided each third card, lit on the grids', () => {
  it('R7.4: Banker 4 against a Player third card of 2 lights that one cell, and the Player row 5', () => {
    render(<WhyPanel why={traceOf(['2H', 'KC', '3D', '4S', '2C', '5H'])} round={1} />);
    const cells = lit('banker-tableau');
    expect(cells).toHaveLength(1);
    expect(cells[0]!.getAttribute('data-banker')).toBe('4');
    expect(cells[0]!.getAttribute('data-third')).toBe('2');
    expect(cells[0]!.getAttribute('data-draws')).toBe('true');
    expect(lit('player-rule').map((c) => c.getAttribute('data-player'))).toEqual(['5']);
    expect(screen.getByTestId('why-story').textContent).toMatch(
      /Banker has 4 and Player’s third card counts 2, so Banker draws\. \(R7\.4\)/,
    );
  });

  it('R6.2: when Player stands, Banker’s cell is in the “none” column', () => {
    // Player 7 stands; Banker 6 stands.
    render(<WhyPanel why={traceOf(['7H', '6C', 'KD', 'QS'])} round={2} />);
    const cells = lit('banker-tableau');
    expect(cells.map((c) => [c.getAttribute('data-banker'), c.getAttribute('data-third')])).toEqual(
      [['6', 'none']],
    );
    expect(lit('player-rule').map((c) => c.getAttribute('data-player'))).toEqual(['7']);
  });

  it('R4: a natural lights no cell; the sentence says why', () => {
    render(<WhyPanel why={traceOf(['9H', '2C', 'KD', '3S'])} round={3} />);
    expect(lit('banker-tableau')).toHaveLength(0);
    expect(lit('player-rule')).toHaveLength(0);
    expect(screen.getByTestId('why-story').textContent).toMatch(/a natural/);
  });

  it('only the Player row is lit while Banker has not decided yet', () => {
    const { player } = traceOf(['2H', 'KC', '3D', '4S', '2C', '5H']);
    render(<WhyPanel why={{ player }} round={4} />);
    expect(lit('banker-tableau')).toHaveLength(0);
    expect(lit('player-rule')).toHaveLength(1);
  });

  it('before a round says what will appear, as a live region', () => {
    render(<WhyPanel why={{}} round={null} />);
    const story = screen.getByTestId('why-story');
    expect(story.getAttribute('aria-live')).toBe('polite');
    expect(story.textContent).toMatch(/lights up here/);
  });
});
