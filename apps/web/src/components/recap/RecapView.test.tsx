import { recapSchema } from '@banco/protocol';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecapView } from './RecapView';

const who = (playerId: string, name: string) => ({ playerId, name });
const round = (seq: number, shoeId: string, outcome: 'player' | 'banker' | 'tie') => ({
  roundId: `r${seq}`,
  seq,
  shoeId,
  outcome,
  link: `/fairness/?shoe=${shoeId}&table=room-7#round-${seq}`,
});
/** A night as the server's recap route answers it (P8.11). */
const recap = recapSchema.parse({
  roomId: 'room-7',
  name: 'Friday',
  chips: 'room',
  closed: true,
  from: Date.UTC(2026, 11, 4, 19),
  to: Date.UTC(2026, 11, 4, 23),
  net: [
    { ...who('b', 'Bob'), net: 25_000 },
    { ...who('c', 'Cy'), net: 5_000 },
    { ...who('a', 'Ann'), net: -30_000 },
  ],
  biggestWin: { ...who('b', 'Bob'), amount: 20_000, roundId: 'r2' },
  longestHold: { ...who('c', 'Cy'), rounds: 3 },
  mostDealt: { ...who('c', 'Cy'), rounds: 4 },
  biggestSwing: { ...who('a', 'Ann'), amount: 45_000 },
  rounds: [round(1, 's1', 'banker'), round(2, 's1', 'player'), round(3, 's2', 'tie')],
  shoes: [
    { shoeId: 's2', number: 2, rounds: 1, verify: '/fairness/?shoe=s2&table=room-7' },
    { shoeId: 's1', number: 1, rounds: 2, verify: '/fairness/?shoe=s1&table=room-7' },
  ],
});

function view(onDownload = vi.fn()) {
  render(
    <RecapView recap={recap} onDownload={onDownload} downloading={null} downloadError={null} />,
  );
  return onDownload;
}

describe('RecapView', () => {
  it('puts the best net first on the podium, second and third beside it', () => {
    view();
    expect(within(screen.getByTestId('podium-1')).getByText('Bob')).toBeTruthy();
    expect(within(screen.getByTestId('podium-2')).getByText('Cy')).toBeTruthy();
    expect(within(screen.getByTestId('podium-3')).getByText('Ann')).toBeTruthy();
    expect(screen.getByTestId('recap-player-a').textContent).toBe('Ann−300');
  });

  it('names each figure’s player with its amount, the biggest win with its round', () => {
    view();
    expect(screen.getByTestId('figure-biggest-win').textContent).toBe(
      'Biggest winBob+200 in round 2',
    );
    expect(screen.getByTestId('figure-longest-hold').textContent).toMatch(/Cy3 rounds in a row/);
    expect(screen.getByTestId('figure-most-dealt').getAttribute('data-value')).toBe('4');
    expect(screen.getByTestId('figure-biggest-swing').textContent).toMatch(/Ann450 from low/);
  });

  it('lists the shoes in order, each with its fairness check and a link to every round', () => {
    view();
    const shoes = screen.getAllByTestId(/^recap-shoe-/);
    expect(shoes.map((s) => s.getAttribute('data-testid'))).toEqual([
      'recap-shoe-1',
      'recap-shoe-2',
    ]);
    const first = shoes[0]!;
    expect(
      within(first).getByRole('link', { name: 'Check shoe 1 is fair' }).getAttribute('href'),
    ).toBe('/fairness/?shoe=s1&table=room-7');
    expect(
      within(first)
        .getAllByRole('link', { name: /^Round/ })
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/fairness/?shoe=s1&table=room-7#round-1',
      '/fairness/?shoe=s1&table=room-7#round-2',
    ]);
  });

  it('a night without a round says nobody holds a figure yet', () => {
    const empty = recapSchema.parse({
      ...recap,
      biggestWin: null,
      longestHold: null,
      mostDealt: null,
      biggestSwing: null,
      rounds: [],
      shoes: [],
    });
    render(
      <RecapView recap={empty} onDownload={vi.fn()} downloading={null} downloadError={null} />,
    );
    expect(screen.getAllByText('Nobody yet')).toHaveLength(4);
    expect(screen.getByText('No round was dealt.')).toBeTruthy();
  });

  it('downloads the ledger as CSV or JSON', () => {
    const onDownload = view();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(onDownload.mock.calls).toEqual([['csv'], ['json']]);
  });
});
