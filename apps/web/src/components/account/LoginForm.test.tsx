import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedGuest, storeGuest } from '../../lib/session';
import { LoginForm } from './LoginForm';

afterEach(() => {
  vi.unstubAllGlobals();
  storeGuest(null);
});

function login(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  const assign = vi.fn();
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('location', { origin: window.location.origin, search: '', assign });
  render(<LoginForm onBack={vi.fn()} />);
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann_k' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return { fetch, assign };
}

describe('LoginForm', () => {
  it('logs in, remembers the session and goes to the lobby', async () => {
    const { assign } = login(200, {
      token: 'tok-2',
      player: { id: 'p1', name: 'Ann' },
      username: 'ann_k',
      kind: 'login',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      balance: 100_000,
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/lobby/'));
    expect(storedGuest()).toEqual({
      token: 'tok-2',
      player: { id: 'p1', name: 'Ann' },
      username: 'ann_k',
    });
  });

  it('one message for a wrong name or a wrong password', async () => {
    login(401, { code: 'INVALID_CREDENTIALS', message: 'no' });
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
    expect(storedGuest()).toBeNull();
  });
});
