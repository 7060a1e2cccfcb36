import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EveningSend } from '../../evening/send';
import { eveningOf, line } from '../../testing/evening';
import { PlayerEvening, type PlayerEveningProps } from './PlayerEvening';

const NOW = Date.UTC(2026, 11, 4, 20, 14);

function player(props: Partial<PlayerEveningProps> = {}) {
  const send = vi.fn<EveningSend>(async () => ({ ok: true }));
  render(
    <PlayerEvening
      evening={eveningOf()}
      playerId="cy"
      seat={null}
      freeSeats={[2, 5]}
      youHost={false}
      clockOffset={0}
      send={send}
      {...props}
    />,
  );
  return send;
}

describe('PlayerEvening (P9.7–P9.11)', () => {
  it('P9.7 asks to sit, naming a seat and the invite it came by', async () => {
    const send = player({ invite: 'K7QX2MPA' });
    expect(screen.getByText('The host approves each player here.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Seat'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask to sit' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith('seat.request', { seat: 5, invite: 'K7QX2MPA' });
  });

  it('P9.7 says the request is waiting, then the host’s no with its reason', () => {
    player({ evening: eveningOf({ you: { request: { at: NOW, seat: 5 } } }) });
    expect(screen.getByTestId('standing').textContent).toMatch(
      /You asked for seat 5 at \d\d:\d\d\. Waiting for the host to answer…/,
    );
    expect(screen.getByRole('button', { name: 'Withdraw my request' })).toBeTruthy();
  });

  it('P9.7 a decline is said in the host’s own words', () => {
    player({
      evening: eveningOf({ you: { declined: { reason: 'Table’s full tonight', at: NOW } } }),
    });
    expect(screen.getByTestId('standing').textContent).toBe(
      'The host said no: “Table’s full tonight”',
    );
  });

  it('P9.8 a full open table offers the waitlist', async () => {
    const open = eveningOf({ settings: { seating: 'open', chips: 'wallet' } });
    const send = player({ freeSeats: [], evening: open });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('waitlist.join', {}));
  });

  it('P9.8 at a full host-approves table the player still asks: a yes puts them in line', () => {
    player({ freeSeats: [] });
    expect(screen.getByText(/Every seat is taken: if the host says yes/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask to sit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });

  it('P9.8 a room that keeps no waitlist offers no line to join, in either seating', () => {
    const open = eveningOf({ settings: { seating: 'open', chips: 'wallet', waitlistMax: 0 } });
    player({ freeSeats: [], evening: open });
    expect(
      screen.getByText(/this room keeps no waitlist: you can sit when a seat frees up/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });

  it('P9.8 shows the position in line', () => {
    player({ freeSeats: [], evening: eveningOf({ you: { waitlistPosition: 2 } }) });
    expect(screen.getByTestId('standing').textContent).toBe('You are 2nd in line for a seat.');
  });

  it('P9.8 a seat offered comes with its countdown and a button to take it', async () => {
    const until = Date.now() + 45_000;
    const send = player({ evening: eveningOf({ you: { offer: { seat: 4, until } } }) });
    expect(screen.getByTestId('seat-offer-countdown').getAttribute('data-seconds')).toMatch(
      /^4[45]$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Take seat 4' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('waitlist.accept', {}));
  });

  it('P9.10 sits out and comes back', async () => {
    const send = player({ seat: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Sit out from the next round' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('seat.sit-out', { out: true }));
  });

  it('P9.10 sitting out says until when the seat is kept, and “I’m back” returns', async () => {
    const send = player({
      seat: 3,
      evening: eveningOf({ sittingOut: [{ seat: 3, freedAt: NOW }] }),
    });
    expect(screen.getByTestId('sitting-out').textContent).toMatch(/Your seat is kept until/);
    fireEvent.click(screen.getByRole('button', { name: 'I’m back' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('seat.sit-out', { out: false }));
  });

  it('P9.11 shows the room stack, and asks for a top-up back to the starting stack', async () => {
    const send = player({
      seat: 3,
      evening: eveningOf({ leaderboard: [line('cy', 'Cy', 0)] }),
    });
    expect(screen.getByTestId('room-stack').textContent).toBe('0');
    expect((screen.getByLabelText('Top-up, chips') as HTMLInputElement).value).toBe('5000');
    fireEvent.click(screen.getByRole('button', { name: 'Ask the host for a top-up' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('chips.top-up', { amount: 500_000 }));
  });

  it('P9.11 a top-up waiting, and a refusal shown in words', async () => {
    const send = vi.fn<EveningSend>(async () => ({
      ok: false,
      code: 'TOP_UP_ABOVE_RULE',
      message: 'above',
    }));
    player({
      seat: 3,
      send,
      evening: eveningOf({ leaderboard: [line('cy', 'Cy', 100)] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask the host for a top-up' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That top-up is more than this room’s rules allow.',
    );
  });
});
