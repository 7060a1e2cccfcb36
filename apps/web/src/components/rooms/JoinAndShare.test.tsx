import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverAnswers } from '../../testing/server-answers';
import { JoinByCode } from './JoinByCode';
import { SharePanel } from './SharePanel';

afterEach(() => vi.unstubAllGlobals());

const ROOM = 'r_Qk3vV9xw7nE2bL0aZpT5sg';

describe('JoinByCode', () => {
  it('follows the code to its room and sits down', async () => {
    const fetch = serverAnswers({
      status: 200,
      body: { roomId: ROOM, link: `/table/?id=${ROOM}` },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { origin: window.location.origin, search: '', assign });
    render(<JoinByCode token="tok" />);
    fireEvent.change(screen.getByLabelText('Join with a code'), {
      target: { value: ' k7qx2mpa ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]![0]).toMatch(/\/api\/invites\/K7QX2MPA$/);
    const url = new URL(String(assign.mock.calls[0]![0]));
    expect(url.pathname + url.search).toBe(`/table/?id=${ROOM}&sit=1`);
  });

  it('says when a code has expired, and when no room has it', async () => {
    serverAnswers(
      { status: 410, body: { code: 'INVITE_EXPIRED', message: 'expired' } },
      { status: 404, body: { code: 'UNKNOWN_TABLE', message: 'no' } },
    );
    render(<JoinByCode token="tok" />);
    fireEvent.change(screen.getByLabelText('Join with a code'), { target: { value: 'AAAAAAAA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/stopped working/);
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/No room has that code/),
    );
  });
});

describe('SharePanel', () => {
  it('shows the whole link; the host makes a code that says how long it works', async () => {
    const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const fetch = serverAnswers({ status: 201, body: { code: 'K7QX2MPA', expiresAt } });
    render(<SharePanel roomId={ROOM} token="tok" isHost />);
    expect((screen.getByLabelText('Room link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/table/?id=${ROOM}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Make an invite code' }));
    expect((await screen.findByTestId('invite-code')).textContent).toBe('K7QX2MPA');
    expect(screen.getByText(/Works for 60 more minutes/)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toMatch(new RegExp(`/api/rooms/${ROOM}/invites$`));
    expect(JSON.parse(String(init?.body))).toEqual({ ttlMinutes: 60 });
  });

  it('a player who is not the host gets the link only', () => {
    serverAnswers();
    render(<SharePanel roomId={ROOM} token="tok" isHost={false} />);
    expect(screen.queryByRole('button', { name: 'Make an invite code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });
});
