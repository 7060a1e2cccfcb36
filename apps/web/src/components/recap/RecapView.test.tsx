import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ledgerSchema } from '../../evening/ledger';
import { recapOf } from '../../evening/recap';
import { RecapView } from './RecapView';

const at = '2026-12-07T20:00:00.000Z';
const line = (playerId: string, name: string, net: number, account = true) => ({
  playerId,
  name,
  account,
  joinedAt: at,
  leftAt: null,
  started: 500_000,
  granted: 0,
  wagered: Math.abs(net),
  won: Math.max(0, net),
  net,
  ended: 500_000 + net,
});
const ledger = ledgerSchema.parse({
  format: 1,
  room: { id: 'room-7', name: 'Friday', chips: 'room', closedAt: at },
  players: [line('a', 'Ann', -10_000), line('b', 'Bob', 25_000), line('c', 'Cy', 5_000, false)],
  rounds: [
    {
      roundId: 'r1',
      seq: 1,
      shoeId: 'shoe-1',
      number: 1,
      outcome: 'banker',
      commitment: 'c0ffee'.repeat(8),
      holder: 'b',
      stakes: [
        { playerId: 'b', stake: 25_000, net: 25_000 },
        { playerId: 'a', stake: 10_000, net: -10_000 },
        { playerId: 'c', stake: 5_000, net: 5_000 },
      ],
    },
  ],
});

function view(onDownload = vi.fn()) {
  render(
    <RecapView
      roomId="room-7"
      roomName="Friday"
      roomChips
      closed
      recap={recapOf(ledger)}
      onDownload={onDownload}
      downloading={null}
      downloadError={null}
    />,
  );
  return onDownload;
}

describe('RecapView', () => {
  it('puts the best net first on the podium and everyone in the table', () => {
    view();
    expect(within(screen.getByTestId('podium-1')).getByText('Bob')).toBeTruthy();
    expect(within(screen.getByTestId('podium-2')).getByText('Cy')).toBeTruthy();
    expect(within(screen.getByTestId('podium-3')).getByText('Ann')).toBeTruthy();
    expect(screen.getByTestId('recap-player-a').getAttribute('data-net')).toBe('-10000');
    expect(within(screen.getByTestId('recap-player-c')).getByText('guest')).toBeTruthy();
  });

  it('names each figure’s player and links every round and shoe to its fairness check', () => {
    view();
    expect(screen.getByTestId('figure-biggest-win').textContent).toMatch(/Bob\+250 in round 1/);
    expect(screen.getByTestId('figure-longest-hold').textContent).toMatch(/Bob1 round in a row/);
    const shoe = screen.getByTestId('recap-shoe-shoe-1');
    const check = within(shoe).getByRole('link', { name: 'Check this shoe is fair' });
    expect(check.getAttribute('href')).toBe('/fairness/?shoe=shoe-1&table=room-7');
    expect(within(shoe).getByRole('link', { name: 'Round 1: banker' }).getAttribute('href')).toBe(
      '/fairness/?shoe=shoe-1&table=room-7#round-1',
    );
  });

  it('downloads the ledger as CSV or JSON', () => {
    const onDownload = view();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(onDownload.mock.calls).toEqual([['csv'], ['json']]);
  });
});
