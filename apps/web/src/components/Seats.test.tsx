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

function draw(seats: SeatView[]) {
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
});
