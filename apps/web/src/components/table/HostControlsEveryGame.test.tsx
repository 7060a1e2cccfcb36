import type { BaccaraBanqueView, CheminDeFerView, SeatView, TableSnapshot } from '@banco/protocol';
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyTable, type TableState } from '../../store/table-state';
import { mainTableSettings } from '../../testing/table-settings';
import { hostedRoom } from '../../testing/room';
import { permissionsOf } from '../../table/permissions';
import type { TableController } from '../../table/use-table-controller';
import BanqueScreen from '../banque/BanqueScreen';
import CheminScreen from '../chemin/CheminScreen';
import PuntoBancoScreen from '../punto-banco/PuntoBancoScreen';
import type { GameScreenProps } from './game-screen';

const seat = (n: number, name: string): SeatView => ({
  seat: n,
  player: { id: name.toLowerCase(), name },
  balance: 100_000,
  betting: 'open',
  awayUntil: null,
});

const cheminView: CheminDeFerView = {
  offer: { kind: 'fresh', seat: 2, declined: [] },
  offerUntil: 9_000,
  coup: null,
  last: null,
  bancoSuivi: null,
  nextCoup: 1,
};

const banqueView: BaccaraBanqueView = {
  stage: { stage: 'held' },
  tenure: { banker: 1, bankerId: 'ann', bank: 1_000, putUp: 1_000, coups: 0, mayRetire: true },
  holders: { right: 2, left: null },
  coup: null,
  last: null,
  nextCoup: 1,
  bankRun: [],
  retired: [],
  cagnotte: 0,
} as BaccaraBanqueView;

/** Each game's screen, with the table state that game needs to draw itself. */
const games: {
  name: string;
  Screen: ComponentType<GameScreenProps>;
  state: Partial<TableState>;
}[] = [
  { name: 'Punto Banco', Screen: PuntoBancoScreen, state: { settings: mainTableSettings } },
  {
    name: 'Chemin de Fer',
    Screen: CheminScreen,
    state: {
      settings: {
        ...mainTableSettings,
        cheminDeFer: {
          decks: 6,
          cagnottePercent: 5,
          bank: { min: 1_000, max: 100_000 },
          choices: { mode: 'window', seconds: 20 },
        },
      },
      chemin: cheminView,
    },
  },
  {
    name: 'Baccara Banque',
    Screen: BanqueScreen,
    state: {
      settings: {
        ...mainTableSettings,
        baccaraBanque: {
          decks: 6,
          award: 'auction',
          bank: { min: 1_000, max: null },
          cagnotteBp: 125,
          choices: { mode: 'window', seconds: 20 },
          auctionSeconds: 10,
          watchersMayCover: false,
        } as never,
      },
      game: {
        snapshot: { baccaraBanque: banqueView } as unknown as TableSnapshot,
        events: {},
        private: {},
      },
    },
  },
];

function show(Screen: ComponentType<GameScreenProps>, game: Partial<TableState>, you: string) {
  const state: TableState = {
    ...emptyTable('t'),
    connection: 'live',
    name: 'Friday',
    room: hostedRoom,
    seats: [seat(1, 'Ann'), seat(2, 'Ben')],
    you: { playerId: you, seat: you === 'ann' ? 1 : 2 },
    ...game,
  };
  const table = {
    state,
    notice: null,
    lastBets: [],
    act: vi.fn(),
    send: vi.fn(),
    hostSend: vi.fn(),
    eveningSend: vi.fn(),
  } as unknown as TableController;
  render(
    <Screen
      table={table}
      tableId="t"
      guest={{ token: 'tok', playerId: you, name: you } as never}
      perms={permissionsOf(state)}
    />,
  );
}

beforeEach(() => {
  // Nothing here asks the server; the settings form and the instruments fetch on demand.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('P9 the host runs the room in every game, from the one table shell', () => {
  for (const { name, Screen, state } of games) {
    it(`${name}: the host sees the controls, closing the room among them`, async () => {
      show(Screen, state, 'ann');
      expect(await screen.findByTestId('host-controls', {}, { timeout: 5_000 })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Close the room' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Remove Ben' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Lock the room' })).toBeTruthy();
    });

    it(`${name}: a player who is not the host sees none`, async () => {
      show(Screen, state, 'ben');
      // The table drew itself (its top bar), and no controls came with it.
      expect(await screen.findByTestId('round-number')).toBeTruthy();
      expect(screen.queryByTestId('host-controls')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Close the room' })).toBeNull();
    });
  }
});
