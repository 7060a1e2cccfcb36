import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverAnswers } from '../../testing/server-answers';
import { storedGuest, storeGuest, type StoredGuest } from '../../lib/session';
import { AccountBox } from './AccountBox';

const guest: StoredGuest = { token: 'tok-1', player: { id: 'p1', name: 'Ann' }, username: null };

afterEach(() => {
  vi.unstubAllGlobals();
  storeGuest(null);
});

describe('AccountBox', () => {
  it('a guest keeps their chips with a username and password', async () => {
    const fetch = serverAnswers({
      status: 200,
      body: { player: { id: 'p1', name: 'Ann' }, username: 'ann_k' },
    });
    const onChange = vi.fn();
    render(<AccountBox guest={guest} onChange={onChange} />);
    expect(screen.getByText(/guest/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my chips' }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann_k' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my account' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ ...guest, username: 'ann_k' }));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toMatch(/\/api\/account\/claim$/);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'ann_k',
      password: 'correct horse',
    });
    expect(storedGuest()?.username).toBe('ann_k');
  });

  it('says a taken username in words', async () => {
    serverAnswers({ status: 409, body: { code: 'USERNAME_TAKEN', message: 'taken' } });
    render(<AccountBox guest={guest} onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Keep my chips' }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That username is taken. Pick another.',
    );
  });

  it('a short password is refused before anything is sent', async () => {
    const fetch = serverAnswers();
    render(<AccountBox guest={guest} onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Keep my chips' }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my account' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/at least 10 characters/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an account shows its username and asks before logging out everywhere', async () => {
    const fetch = serverAnswers({ status: 200, body: { revoked: 2 } });
    const assign = vi.fn();
    vi.stubGlobal('location', { origin: window.location.origin, search: '', assign });
    storeGuest({ ...guest, username: 'ann_k' });
    render(<AccountBox guest={{ ...guest, username: 'ann_k' }} onChange={vi.fn()} />);
    expect(screen.getByTestId('username').textContent).toBe('ann_k');
    fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, log out everywhere' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(fetch.mock.calls[0]![0]).toMatch(/\/api\/session\/logout-all$/);
    expect(storedGuest()).toBeNull();
  });
});
