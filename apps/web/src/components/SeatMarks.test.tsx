import type { SeatView } from '@banco/protocol';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BanqueModel } from '../banque/model';
import { BanqueFelt } from './banque/BanqueFelt';
import { Seats } from './Seats';

const seat = (n: number, name: string): SeatView => ({
  seat: n,
  player: { id: `p${n}`, name },
  balance: 100_000,
  betting: 'open',
  awayUntil: null,
});
const seats = [seat(1, 'Ana'), seat(2, 'Ben'), seat(4, 'Dev')];

/** A Baccara Banque table between coups: Ana banks, Ben and Dev sit on the two sides. */
const between: BanqueModel = {
  banker: 1,
  bank: { now: 40_000, start: 50_000, cagnotte: 0, coups: 1 },
  sides: {
    right: { tableau: 'right', seats: [2, 3], holder: 2 },
    left: { tableau: 'left', seats: [4, 5], holder: 4 },
  },
  stage: { kind: 'between', mayRetire: false },
  coup: null,
  live: false,
  previous: null,
  house: { cagnottePercent: 1.25, decks: 6, watchersCover: false },
};

const banque = (props: Partial<Parameters<typeof BanqueFelt>[0]> = {}) =>
  render(
    <BanqueFelt
      model={between}
      seats={seats}
      you={null}
      own={null}
      name={(n) => seats.find((s) => s.seat === n)?.player.name ?? `Seat ${n}`}
      onSit={null}
      {...props}
    />,
  );

describe('seat marks: the same words on every game’s seats', () => {
  it('P9.10 the Baccara Banque felt marks a seat that sits out, as the Seats do', () => {
    banque({ sittingOut: [4] });
    const dev = screen.getByTestId('seat-4');
    expect(screen.getByTestId('seat-sitting-out-4').textContent).toBe('sitting out');
    expect(dev.className).toContain('seat--away');
    expect(screen.queryByTestId('seat-sitting-out-2')).toBeNull();
    expect(screen.getByTestId('seat-2').className).not.toContain('seat--away');
  });

  it('P9.10 the Seats say it in the same words and with the same class', () => {
    render(
      <Seats
        count={4}
        seats={seats}
        holder={null}
        offerTo={null}
        yourSeat={null}
        stakes={new Map()}
        changes={new Map()}
        betting
        onSit={null}
        sittingOut={[4]}
      />,
    );
    const dev = screen.getByTestId('seat-4');
    expect(dev.getAttribute('aria-label')).toBe('Seat 4: Dev, sitting out');
    expect(dev.textContent).toContain('sitting out');
    expect(dev.className).toContain('seat--away');
  });

  it('P9.7 where the host approves each player, a free seat’s button asks, on both felts', () => {
    const sit = vi.fn();
    banque({ onSit: sit, asks: true });
    fireEvent.click(screen.getByRole('button', { name: 'Ask to sit: seat 3' }));
    expect(sit).toHaveBeenCalledWith(3);
    expect(screen.queryByRole('button', { name: /Sit here/ })).toBeNull();
  });
});
