import type { CheminDeFerView, CoupView, SeatView } from '@banco/protocol';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyTable, type TableState } from '../../store/table-state';
import { mainTableSettings } from '../../testing/table-settings';
import { permissionsOf } from '../../table/permissions';
import type { TableController } from '../../table/use-table-controller';
import CheminScreen from './CheminScreen';

const seat = (n: number, name: string): SeatView => ({
  seat: n,
  player: { id: name.toLowerCase(), name },
  balance: 100_000,
  betting: 'open',
  awayUntil: null,
});

function screenOf(view: CheminDeFerView) {
  const state: TableState = {
    ...emptyTable('t'),
    connection: 'live',
    name: 'Chemin',
    settings: {
      ...mainTableSettings,
      seats: 4,
      cheminDeFer: {
        decks: 6,
        cagnottePercent: 5,
        bank: { min: 1_000, max: 100_000 },
        choices: { mode: 'window', seconds: 20 },
      },
    },
    seats: [seat(1, 'Ana'), seat(2, 'Ben'), seat(3, 'Cleo')],
    you: { playerId: 'cleo', seat: 3 },
    chemin: view,
  };
  const table = {
    state,
    notice: null,
    act: vi.fn(),
    send: vi.fn(),
    hostSend: vi.fn(),
  } as unknown as TableController;
  render(
    <CheminScreen
      table={table}
      tableId="t"
      guest={{ token: 'tok', playerId: 'cleo', name: 'Cleo' } as never}
      perms={permissionsOf(state)}
    />,
  );
}

const lastCoup = { coup: 4, banker: 1, phase: 'settled' } as CoupView;

describe('the Chemin de Fer screen between coups', () => {
  it('the BANK tag stays off a seat only offered the bank; that seat is marked offered', () => {
    screenOf({
      offer: { kind: 'fresh', seat: 2, declined: [] },
      offerUntil: 9_000,
      coup: null,
      last: { ...lastCoup, story: [], cards: { punto: [], banker: [] }, calls: [] } as never,
      bancoSuivi: null,
      nextCoup: 5,
    });
    const ben = screen.getByTestId('seat-2');
    expect(ben.getAttribute('aria-label')).not.toMatch(/holds the bank/);
    expect(ben.textContent).toMatch(/offered/);
    expect(document.querySelectorAll('[data-holder="true"]')).toHaveLength(0);
    // The top bar names the coup the felt and the story show.
    expect(screen.getByTestId('round-number').textContent).toBe('Chemin de Fer · coup 4 over');
    expect(screen.getByTestId('cagnotte-rate').textContent).toMatch(/5 %/);
  });

  it('a riding bank is held by its banker', () => {
    screenOf({
      offer: { kind: 'ride', seat: 1, amount: 19_000 },
      offerUntil: 9_000,
      coup: null,
      last: null,
      bancoSuivi: null,
      nextCoup: 5,
    });
    const holder = document.querySelectorAll('[data-holder="true"]');
    expect(holder).toHaveLength(1);
    expect(holder[0]!.getAttribute('aria-label')).toMatch(/^Seat 1: Ana, holds the bank/);
  });
});
