import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoomSummary } from '../../lib/rooms-api';
import { mainTableSettings } from '../../testing/table-settings';
import { RoomOpened } from './RoomOpened';

const room = (settings: RoomSummary['settings']): RoomSummary => ({
  id: 'r_1',
  name: 'Friday',
  settings,
  seated: 0,
  spectators: 0,
  isPublic: false,
  hostPlayerId: 'ann',
  hostName: 'Ann',
  locked: false,
});

describe('the page of a room just opened', () => {
  it('C1 says the room plays Chemin de Fer, or Punto Banco', () => {
    const chemin = {
      ...mainTableSettings,
      cheminDeFer: {
        decks: 6,
        cagnottePercent: 5,
        bank: { min: 1_000, max: 100_000 },
        choices: { mode: 'by-rule' as const },
      },
    };
    const { unmount } = render(<RoomOpened room={room(chemin)} token="tok" />);
    expect(screen.getByTestId('room-game').textContent).toMatch(/^It plays Chemin de Fer/);
    unmount();
    render(<RoomOpened room={room(mainTableSettings)} token="tok" />);
    expect(screen.getByTestId('room-game').textContent).toMatch(/^It plays Punto Banco/);
  });
});
