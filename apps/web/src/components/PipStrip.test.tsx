import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PipStrip, type Pip } from './PipStrip';

const pips: Pip[] = [
  { hand: 1, outcome: 'banker', playerTotal: 4, bankerTotal: 7 },
  { hand: 2, outcome: 'player', playerTotal: 9, bankerTotal: 6 },
  { hand: 3, outcome: 'tie', playerTotal: 6, bankerTotal: 6 },
];

describe('PipStrip', () => {
  it('draws one pip a round, oldest first, coloured by outcome', () => {
    render(<PipStrip pips={pips} />);
    const drawn = screen.getAllByRole('img');
    expect(drawn.map((p) => p.getAttribute('data-outcome'))).toEqual(['banker', 'player', 'tie']);
    expect(drawn.map((p) => p.className)).toEqual([
      'pip pip--banker',
      'pip pip--player',
      'pip pip--tie',
    ]);
  });

  it('shows the score on hover and on keyboard focus', () => {
    render(<PipStrip pips={pips} />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    const [first, , third] = screen.getAllByRole('img');
    fireEvent.mouseEnter(first!);
    expect(screen.getByRole('tooltip').textContent).toBe('Hand 1: Banker wins 7 to 4');
    fireEvent.mouseLeave(first!);
    expect(screen.queryByRole('tooltip')).toBeNull();

    act(() => third!.focus());
    expect(third!.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tooltip').textContent).toBe('Hand 3: Tie at 6');
    expect(third!.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    fireEvent.blur(third!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps only the latest pips when limited, and says so when there are none', () => {
    const { rerender } = render(<PipStrip pips={pips} limit={2} />);
    expect(screen.getAllByRole('img').map((p) => p.getAttribute('aria-label'))).toEqual([
      'Hand 2: Player wins 9 to 6',
      'Hand 3: Tie at 6',
    ]);
    rerender(<PipStrip pips={[]} />);
    expect(screen.getByText('No results in this shoe yet')).toBeTruthy();
  });
});
