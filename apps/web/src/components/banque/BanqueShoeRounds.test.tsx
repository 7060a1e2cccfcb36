import type { ShoeReply } from '@banco/protocol';
import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { fairnessLink } from '../../fairness/records';
import { shoeGameOf } from '../shoes/shoe-games';
import BanqueShoeRounds from './BanqueShoeRounds';

const record: ShoeReply = {
  id: 'shoe-1',
  tableId: 'r_banque',
  number: 1,
  commitment: 'c',
  clientSeed: 'd',
  decks: 3,
  cut: 10,
  lastHand: 'finish-current',
  game: 'baccara-banque',
  burnShown: 'AS',
  startedAt: '2026-12-07T20:00:00.000Z',
  endedAt: '2026-12-07T21:00:00.000Z',
  serverSeed: 'e',
  rounds: [
    {
      number: 1,
      cards: ['2H', '10S', 'KC', '3D', '4C', '5S', '3H', '4D'],
      outcome: 'banker',
      voided: false,
      story: [
        { kind: 'dealt', right: ['2H', '3D'], left: ['10S', '4C'], banker: ['KC', '5S'] },
        { kind: 'stand', hand: 'right', total: 5, by: 'choice', rule: 'R23.3' },
        { kind: 'draw', hand: 'left', total: 4, card: '3H', by: 'table', rule: 'R23.3' },
        { kind: 'draw', hand: 'banker', total: 5, card: '4D', by: 'choice', rule: 'R23.5' },
        { kind: 'result', outcomes: { right: 'banker', left: 'banker' }, totals: {} },
      ],
    },
    { number: 2, cards: [], outcome: null, voided: true, story: null },
  ],
  verification: null,
};

describe('/shoes and /fairness speak each game (C6.1, B6.1)', () => {
  it('R20–R24 a Baccara Banque shoe shows each tableau, the banker and who chose, not Player/Banker', () => {
    render(<BanqueShoeRounds record={record} linked={1} />);
    const row = screen.getByTestId('banque-coup-1');
    expect(within(row).getByTestId('coup-right').textContent).toMatch(/\(5\)$/);
    expect(within(row).getByTestId('coup-left').textContent).toMatch(/\(7\)$/);
    expect(within(row).getByTestId('coup-banker').textContent).toMatch(/\(9\)$/);
    expect(within(row).getByTestId('coup-play').textContent).toContain(
      "Banker drew on 5 by the banker's choice",
    );
    expect(row.getAttribute('aria-current')).toBe('location');
    expect(screen.getByTestId('linked-round').textContent).toContain('Coup 1 of shoe 1');
    expect(screen.queryByRole('columnheader', { name: 'Player' })).toBeNull();
    expect(within(screen.getByTestId('banque-coup-2')).getByTestId('coup-result').textContent).toBe(
      'Called off: every stake went back',
    );
  });

  it('C6.1 each game has its rows; a game with choices its own re-run; the link names the game', async () => {
    const { Rounds } = shoeGameOf('baccara-banque');
    render(
      <Suspense fallback={null}>
        <Rounds record={record} />
      </Suspense>,
    );
    expect(await screen.findByTestId('banque-coups')).toBeTruthy();
    expect(shoeGameOf('baccara-banque').Check).toBeDefined();
    expect(shoeGameOf('punto-banco').Check).toBeUndefined();
    expect(shoeGameOf('a game from a later server').title).toBe('Punto Banco');
    expect(fairnessLink('s 1', 'r_banque', 'baccara-banque')).toBe(
      '/fairness/?shoe=s%201&table=r_banque&game=baccara-banque',
    );
    expect(fairnessLink('s1', 't')).toBe('/fairness/?shoe=s1&table=t');
  });
});
