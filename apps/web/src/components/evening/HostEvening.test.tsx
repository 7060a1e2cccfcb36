import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EveningSend } from '../../evening/send';
import { eveningOf, line } from '../../testing/evening';
import { HostEvening } from './HostEvening';

const AT = Date.UTC(2026, 11, 4, 20, 14);

function host() {
  const send = vi.fn<EveningSend>(async () => ({ ok: true }));
  render(
    <HostEvening
      send={send}
      evening={eveningOf({
        queue: [
          { player: { id: 'bob', name: 'Bob' }, at: AT, seat: 4, account: true },
          { player: { id: 'dee', name: 'Dee' }, at: AT, seat: null, account: false },
        ],
        topUps: [{ player: { id: 'cy', name: 'Cy' }, at: AT, amount: 500_000 }],
        leaderboard: [line('cy', 'Cy', 0)],
        counts: { requests: 2, waiting: 1 },
      })}
    />,
  );
  return send;
}

describe('HostEvening (P9.7, P9.11, P9.12)', () => {
  it('P9.7 lists each request: name, account or guest, when, which seat', () => {
    host();
    expect(screen.getByTestId('request-bob').textContent).toMatch(
      /Bob · account · asked at \d\d:\d\d · wants seat 4/,
    );
    expect(screen.getByTestId('request-dee').textContent).toMatch(/Dee · guest/);
    expect(screen.getByTestId('host-waiting').textContent).toMatch(/^1 waiting/);
  });

  it('P9.7 approves with the room stack the host chose, in minor units', async () => {
    const send = host();
    const bob = screen.getByTestId('request-bob');
    fireEvent.change(within(bob).getByLabelText('Room stack for Bob, chips'), {
      target: { value: '4000' },
    });
    fireEvent.click(within(bob).getByRole('button', { name: 'Approve Bob' }));
    await vi.waitFor(() =>
      expect(send).toHaveBeenCalledWith('room.seat.approve', {
        playerId: 'bob',
        seat: 4,
        stack: 400_000,
      }),
    );
  });

  it('P9.7 a decline needs a reason, and sends it', async () => {
    const send = host();
    const dee = screen.getByTestId('request-dee');
    fireEvent.click(within(dee).getByRole('button', { name: 'Decline…' }));
    const reason = within(dee).getByLabelText('Why not, Dee?');
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(dee).getByRole('button', { name: 'Decline Dee' }));
    expect(within(dee).getByText(/Say why in a few words/)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: 'Only the regulars tonight' } });
    fireEvent.click(within(dee).getByRole('button', { name: 'Decline Dee' }));
    await vi.waitFor(() =>
      expect(send).toHaveBeenCalledWith('room.seat.decline', {
        playerId: 'dee',
        reason: 'Only the regulars tonight',
      }),
    );
  });

  it('P9.11 approves a top-up, and adjusts a stack with a reason', async () => {
    const send = host();
    fireEvent.click(screen.getByRole('button', { name: 'Give Cy 5,000' }));
    await vi.waitFor(() =>
      expect(send).toHaveBeenCalledWith('room.top-up.approve', { playerId: 'cy' }),
    );
    fireEvent.change(screen.getByLabelText('Player'), { target: { value: 'cy' } });
    fireEvent.change(screen.getByLabelText('Chips (+ or −)'), { target: { value: '-250' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Misdeal refund back' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adjust by −250' }));
    await vi.waitFor(() =>
      expect(send).toHaveBeenCalledWith('room.chips.adjust', {
        playerId: 'cy',
        amount: -25_000,
        reason: 'Misdeal refund back',
      }),
    );
  });

  it('P9.12 ends the night after asking once more', async () => {
    const send = host();
    fireEvent.click(screen.getByRole('button', { name: 'End the night…' }));
    fireEvent.click(screen.getByRole('button', { name: 'End the night' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('room.night.end', {}));
  });
});
