'use client';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { openPractice } from '../../lib/rooms-api';
import { refusalWords, isRefusalCode } from '../../lib/words';

/** T12.1: one click to a private table for one, seated; the same table again next time. */
export function PractiseAlone({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const { room } = await openPractice(token);
      window.location.assign(`/table/?id=${encodeURIComponent(room.id)}&sit=1`);
    } catch (e) {
      setBusy(false);
      const code = e instanceof ApiError ? e.code : 'OFFLINE';
      setError(isRefusalCode(code) ? refusalWords(code) : 'The practice table could not open.');
    }
  };
  return (
    <>
      <button type="button" onClick={() => void open()} disabled={busy}>
        {busy ? 'Opening…' : 'Practise alone'}
      </button>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
