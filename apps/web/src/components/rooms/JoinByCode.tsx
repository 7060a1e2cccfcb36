'use client';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { absoluteLink, redeemInvite } from '../../lib/rooms-api';
import { inviteRefusal } from '../../lib/room-words';
import { rememberInvite } from '../../evening/invite';

/** "Join with a code": the short code a host read out leads to the room's link. */
export function JoinByCode({ token }: { token: string }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError('Type the code your host gave you.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { link, roomId } = await redeemInvite(token, code);
      // Sent again when asking to sit: an auto-approve invite seats its guest at once (P8.7).
      rememberInvite(roomId, code.replace(/[\s-]/g, '').toUpperCase());
      const url = new URL(absoluteLink(link));
      url.searchParams.set('sit', '1');
      window.location.assign(url.toString());
    } catch (e) {
      setError(inviteRefusal(e instanceof ApiError ? e.code : 'INTERNAL'));
      setBusy(false);
    }
  };
  return (
    <form className="join-code" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-code`}>Join with a code</label>
      <div className="join-code__row">
        <input
          id={`${id}-code`}
          className="join-code__input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          placeholder="e.g. K7QX2MPA"
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Looking…' : 'Join'}
        </button>
      </div>
      {error ? (
        <p className="refusal" role="alert" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
