import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyTable, type TableState } from '../store/table-state';
import { mainTableSettings } from '../testing/table-settings';
import { PhaseHeader } from './PhaseHeader';
import { hostedRoom } from '../testing/room';

const room = hostedRoom;
const seat = (n: number, betting: 'open' | 'confirmed' | 'no-bet') => ({
  seat: n,
  player: { id: `p${n}`, name: `P${n}` },
  balance: 100_000,
  betting,
  awayUntil: null,
});
const name = (n: number | null) => (n === null ? 'The house' : `Seat ${n}`);

function table(overrides: Partial<TableState>): TableState {
  return { ...emptyTable('r_x'), settings: mainTableSettings, room, ...overrides };
}

describe('PhaseHeader in a private room', () => {
  it('untimed betting: no countdown, but who the round waits for', () => {
    render(
      <PhaseHeader
        state={table({
          settings: { ...mainTableSettings, untimedBetting: true },
          phase: { kind: 'betting', round: 3, closesAt: null, lastBetsAt: null },
          seats: [seat(1, 'confirmed'), seat(2, 'open'), seat(3, 'open')],
        })}
        name={name}
      />,
    );
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.getByTestId('untimed').textContent).toBe('Waiting for 2 players to decide.');
  });

  it('timed betting keeps its countdown', () => {
    render(
      <PhaseHeader
        state={table({
          phase: { kind: 'betting', round: 3, closesAt: Date.now() + 10_000, lastBetsAt: null },
        })}
        name={name}
      />,
    );
    expect(
      Number(screen.getByTestId('countdown').getAttribute('data-seconds')),
    ).toBeLessThanOrEqual(10);
    expect(screen.queryByTestId('untimed')).toBeNull();
  });

  it('a paused room counts down to no next round', () => {
    render(
      <PhaseHeader
        state={table({
          room: { ...room, paused: true },
          phase: { kind: 'result', round: 3, nextAt: Date.now() + 4_000 },
        })}
        name={name}
      />,
    );
    expect(screen.queryByTestId('next-countdown')).toBeNull();
    expect(screen.getByTestId('paused-line').textContent).toMatch(/paused/);
  });

  it('without card turning the cards turn over by themselves', () => {
    render(
      <PhaseHeader
        state={table({
          settings: { ...mainTableSettings, cardTurning: false },
          phase: {
            kind: 'turning',
            round: 3,
            hand: 'banker',
            stage: 'initial',
            turner: null,
            deadline: Date.now() + 2_000,
          },
        })}
        name={name}
      />,
    );
    expect(screen.getByTestId('phase').textContent).toBe('Banker’s cards turn over by themselves.');
    expect(screen.getByTestId('turn-countdown')).toBeTruthy();
  });

  it('gives its line to the result banner, and keeps the countdown to the next round', () => {
    const result = table({
      room: null,
      phase: { kind: 'result', round: 3, nextAt: Date.now() + 4_000 },
    });
    const { rerender } = render(<PhaseHeader state={result} name={name} />);
    expect(screen.getByTestId('phase').textContent).toBe('Round over.');
    rerender(<PhaseHeader state={result} name={name} bannerShown />);
    expect(screen.queryByTestId('phase')).toBeNull();
    expect(screen.getByTestId('next-countdown')).toBeTruthy();
  });
});
