import type { SeatView } from '@banco/protocol';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Seats } from './Seats';

const seat = (n: number, name: string, awayUntil: number | null): SeatView => ({
  seat: n,
  player: { id: `p${n}`, name },
  balance: 100_000,
  betting: 'open',
  awayUntil,
});

function draw(seats: SeatView[], sittingOut?: number[]) {
  render(
    <Seats
      count={7}
      seats={seats}
      holder={null}
      offerTo={null}
      yourSeat={null}
      stakes={new Map()}
      changes={new Map()}
      betting={false}
      onSit={null}
      sittingOut={sittingOut}
    />,
  );
}

describe('Seats', () => {
  it('T1.5: marks a seat whose player is away, for the eye and for a screen reader', () => {
    draw([seat(1, 'Ann', Date.now() + 60_000), seat(2, 'Bob', null)]);
    const ann = screen.getByTestId('seat-1');
    const bob = screen.getByTestId('seat-2');
    expect(ann.className).toContain('seat--away');
    expect(ann.getAttribute('aria-label')).toBe('Seat 1: Ann, away');
    expect(ann.textContent).toContain('away');
    expect(bob.className).not.toContain('seat--away');
    expect(bob.getAttribute('aria-label')).toBe('Seat 2: Bob');
  });

  it('P9.10: a seat whose player sits out says so while bets are open', () => {
    draw([seat(1, 'Ann', null), seat(3, 'Cy', null)], [3]);
    const cy = screen.getByTestId('seat-3');
    expect(cy.getAttribute('aria-label')).toBe('Seat 3: Cy, sitting out');
    expect(cy.textContent).toContain('sitting out');
    expect(screen.getByTestId('seat-1').getAttribute('aria-label')).toBe('Seat 1: Ann');
  });
});
