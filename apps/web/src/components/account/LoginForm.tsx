'use client';
import { useId } from 'react';
import { logIn } from '../../lib/account-api';
import { nextPlace } from '../../lib/navigation';
import { storeGuest } from '../../lib/session';
import { CredentialFields, useCredentials } from './Credentials';

/** A returning player, on any device: username and password, then the lobby. */
export function LoginForm({ onBack }: { onBack: () => void }) {
  const id = useId();
  const form = useCredentials(async (username, password) => {
    const reply = await logIn(username, password);
    storeGuest({ token: reply.token, player: reply.player, username: reply.username });
    window.location.assign(nextPlace(window.location.search));
  });
  return (
    <form onSubmit={(e) => void form.submit(e)} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Welcome back</h1>
      <p>Log in to get your chips back.</p>
      <CredentialFields form={form} newPassword={false} />
      <button type="submit" className="primary big" disabled={form.busy}>
        {form.busy ? 'Logging in…' : 'Log in'}
      </button>
      <button type="button" className="link" onClick={onBack}>
        New here? Play as a guest
      </button>
    </form>
  );
}
