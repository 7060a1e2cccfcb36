import { roomSettingsInputSchema, type SeatView } from '@banco/protocol';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostAnswer } from '../../rooms/host';
import { mainTableSettings } from '../../testing/table-settings';
import HostControls, { type HostControlsProps } from './HostControls';
import { eveningOf } from '../../testing/evening';
import { hostedRoom } from '../../testing/room';

const room = hostedRoom;
const seat = (n: number, id: string, name: string): SeatView => ({
  seat: n,
  player: { id, name },
  balance: 100_000,
  betting: 'open',
  awayUntil: null,
});

function controls(overrides: Partial<HostControlsProps> = {}) {
  const send = vi.fn(async (): Promise<HostAnswer> => ({ ok: true }));
  render(
    <HostControls
      room={room}
      name="Friday"
      settings={mainTableSettings}
      seats={[seat(1, 'ann', 'Ann'), seat(2, 'bob', 'Bob'), seat(3, 'cat', 'Cat')]}
      you="ann"
      betting={false}
      send={send}
      {...overrides}
    />,
  );
  return send;
}

beforeEach(() => {
  // The settings form asks for house edges; none are needed here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('HostControls', () => {
  it('lets watchers write in the chat, and shows that it does', async () => {
    const send = controls();
    const toggle = screen.getByRole('button', { name: 'Watchers may write' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(send).toHaveBeenCalledWith('room.chat', { watchersWrite: true }));
  });

  it('mutes a seated player in the chat and unmutes a muted one', async () => {
    const send = controls({ room: { ...room, muted: ['cat'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Mute Bob in the chat' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('room.mute', { playerId: 'bob', muted: true }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unmute Cat in the chat' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('room.mute', { playerId: 'cat', muted: false }),
    );
    expect(screen.getByText(/One player is muted/)).toBeTruthy();
  });

  it('P9.7 says who may sit as the room seats them: at once, or by asking the host', () => {
    controls();
    expect(screen.getByText('Open: anyone with the link or a code can sit down.')).toBeTruthy();
    cleanup();
    controls({ settings: { ...mainTableSettings, evening: eveningOf().settings } });
    expect(
      screen.getByText(
        'Open: anyone with the link or a code can ask to sit; you approve each one.',
      ),
    ).toBeTruthy();
  });

  it('locks and unlocks the room', async () => {
    const send = controls();
    fireEvent.click(screen.getByRole('button', { name: 'Lock the room' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('room.lock', { locked: true }));
  });

  it('shows the locked and paused state on its buttons', () => {
    controls({ room: { ...room, locked: true, paused: true } });
    expect(
      screen.getByRole('button', { name: 'Unlock the room' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByRole('button', { name: 'Resume play' })).toBeTruthy();
  });

  it('asks before removing a player; Escape keeps them, the confirm button removes', async () => {
    const send = controls();
    expect(screen.queryByRole('button', { name: 'Remove Ann' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob' }));
    const yes = screen.getByRole('button', { name: 'Remove Bob' });
    expect(document.activeElement).toBe(yes);
    expect(send).not.toHaveBeenCalled();
    fireEvent.keyDown(yes, { key: 'Escape' });
    expect(screen.queryByText(/cannot come back/)).toBeNull();
    // The keyboard carries on from the button that asked.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Bob' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cat' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('room.kick', { playerId: 'cat' }));
  });

  it('hands the host over and closes the room only after a confirmation', async () => {
    const send = controls();
    fireEvent.click(screen.getByRole('button', { name: 'Make host: Bob' }));
    expect(screen.getByText(/You will lose these controls/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make Bob host' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('room.host', { playerId: 'bob' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close the room' }));
    expect(send).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close the room' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('room.close', {}));
  });

  it('offers "Close bets now" only while an untimed room is betting', async () => {
    controls({ betting: true });
    expect(screen.queryByRole('button', { name: 'Close bets now' })).toBeNull();
    const send = vi.fn(async (): Promise<HostAnswer> => ({ ok: true }));
    render(
      <HostControls
        room={room}
        name="Friday"
        settings={{ ...mainTableSettings, untimedBetting: true }}
        seats={[]}
        you="ann"
        betting
        send={send}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close bets now' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('bets.close', {}));
  });

  it('says why the server refused, in words', async () => {
    controls({
      send: vi.fn(async (): Promise<HostAnswer> => ({ ok: false, code: 'NOT_HOST', message: 'x' })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pause after this round' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Only the host/);
  });

  it('changes the settings for the next shoe: sent as a room form, checked by its schema (P9.3)', async () => {
    const send = controls();
    fireEvent.click(screen.getByRole('button', { name: 'Change settings for the next shoe' }));
    fireEvent.change(await screen.findByLabelText('Decks in the shoe'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('radio', { name: /No commission/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Use from the next shoe' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const [name, payload] = send.mock.calls[0]! as unknown as [string, { settings: unknown }];
    expect(name).toBe('room.settings');
    expect(roomSettingsInputSchema.parse(payload.settings)).toEqual({
      decks: 4,
      ruleSet: 'no-commission',
      tiePays: 8,
      sideBets: [],
      limits: { min: 1_000, max: 50_000, tie: { max: 10_000 }, side: { max: expect.any(Number) } },
      seats: 14,
      bettingSeconds: 15,
      untimedBetting: false,
      cardTurning: true,
      cut: 16,
      lastHand: 'plus-one',
      seatHoldSeconds: 60,
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Use from the next shoe' })).toBeNull(),
    );
  });

  it('a setting the room schema refuses is shown beside its field, and nothing is sent', async () => {
    const send = controls();
    fireEvent.click(screen.getByRole('button', { name: 'Change settings for the next shoe' }));
    fireEvent.change(await screen.findByLabelText('Largest Tie bet'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use from the next shoe' }));
    expect((await screen.findByTestId('error-tieMax')).textContent).toMatch(/Tie maximum/);
    expect(send).not.toHaveBeenCalled();
  });
});
