'use client';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { accountRefusal } from '../../lib/room-words';

/**
 * A username-and-password form's state: `act` does the request; a refusal (thrown ApiError, or
 * a code from `precheck`) is shown in words and the form can be sent again.
 */
export function useCredentials(
  act: (username: string, password: string) => Promise<void>,
  precheck?: (username: string, password: string) => string | null,
) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = precheck?.(username.trim(), password);
    if (refused) {
      setError(accountRefusal(refused));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await act(username.trim(), password);
    } catch (e) {
      setError(accountRefusal(e instanceof ApiError ? e.code : 'INTERNAL'));
    }
    setBusy(false);
  };
  return { username, setUsername, password, setPassword, error, busy, submit };
}

/** The two fields and the refusal; a new password gets the rules beside it. */
export function CredentialFields({
  form,
  newPassword,
}: {
  form: ReturnType<typeof useCredentials>;
  newPassword: boolean;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-user`}>Username</label>
      <input
        id={`${id}-user`}
        autoComplete="username"
        value={form.username}
        autoFocus
        onChange={(e) => form.setUsername(e.target.value)}
        aria-describedby={newPassword ? `${id}-user-hint` : undefined}
      />
      {newPassword ? (
        <p className="field__hint" id={`${id}-user-hint`}>
          3 to 20 letters, digits or _
        </p>
      ) : null}
      <label htmlFor={`${id}-pass`}>Password</label>
      <input
        id={`${id}-pass`}
        type="password"
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        value={form.password}
        onChange={(e) => form.setPassword(e.target.value)}
        aria-describedby={newPassword ? `${id}-pass-hint` : undefined}
      />
      {newPassword ? (
        <p className="field__hint" id={`${id}-pass-hint`}>
          At least 10 characters
        </p>
      ) : null}
      {form.error ? (
        <p className="refusal" role="alert">
          {form.error}
        </p>
      ) : null}
    </>
  );
}
