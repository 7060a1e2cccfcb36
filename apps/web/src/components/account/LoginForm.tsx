'use client';
import { useId, useState, type FormEvent } from 'react';
import { logIn } from '../../lib/account-api';
import { ApiError } from '../../lib/api';
import { storeGuest } from '../../lib/session';
import { accountRefusal } from '../../lib/room-words';
import { nextPlace } from '../../lib/navigation';

/** A returning player, on any device: username and password, then the lobby. */
export function LoginForm({ onBack }: { onBack: () => void }) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const reply = await logIn(username.trim(), password);
      storeGuest({ token: reply.token, player: reply.player, username: reply.username });
      window.location.assign(nextPlace(window.location.search));
    } catch (e) {
      setError(accountRefusal(e instanceof ApiError ? e.code : 'INTERNAL'));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Welcome back</h1>
      <p>Log in to get your chips back.</p>
      <label htmlFor={`${id}-user`}>Username</label>
      <input
        id={`${id}-user`}
        autoComplete="username"
        value={username}
        autoFocus
        onChange={(e) => setUsername(e.target.value)}
      />
      <label htmlFor={`${id}-pass`}>Password</label>
      <input
        id={`${id}-pass`}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error ? (
        <p className="refusal" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="primary big" disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
      <button type="button" className="link" onClick={onBack}>
        New here? Play as a guest
      </button>
    </form>
  );
}
