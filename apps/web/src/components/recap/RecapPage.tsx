'use client';
import { useEffect, useState } from 'react';
import { recapSchema, type Recap } from '@banco/protocol';
import { recapPath } from '../../evening/ledger';
import { useLedgerDownload } from '../../evening/use-ledger-download';
import { ApiError, asPlayer, call } from '../../lib/api';
import { storedGuest } from '../../lib/session';
import { PageShell } from '../pages/PageShell';
import { RecapView } from './RecapView';
import './recap.css';

type Loaded =
  { kind: 'loading' } | { kind: 'missing'; words: string } | { kind: 'recap'; recap: Recap };

/**
 * /recap?id=…: a room's night for the people who played it, as the server counts it (P8.11);
 * others get "no such room" (the server answers them as for an unknown room).
 */
export function RecapPage() {
  const [roomId, setRoomId] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const ledgerDownload = useLedgerDownload(token, roomId);

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('id') ?? '';
    const guest = storedGuest();
    setRoomId(id);
    setToken(guest?.token ?? null);
    if (!id) {
      setLoaded({ kind: 'missing', words: 'This address names no room.' });
      return;
    }
    if (!guest) {
      setLoaded({
        kind: 'missing',
        words: 'Open Banco and pick your name first: a recap is for the people who played.',
      });
      return;
    }
    let alive = true;
    call(recapPath(id), recapSchema, asPlayer(guest.token)).then(
      (recap) => alive && setLoaded({ kind: 'recap', recap }),
      (e: unknown) =>
        alive &&
        setLoaded({
          kind: 'missing',
          words:
            e instanceof ApiError && (e.code === 'UNKNOWN_TABLE' || e.code === 'NOT_ROOM_MEMBER')
              ? 'No room you played in has that id.'
              : 'The recap could not be fetched. Try again in a moment.',
        }),
    );
    return () => {
      alive = false;
    };
  }, []);

  const title = loaded.kind === 'recap' ? `${loaded.recap.name}: the night` : 'The night';

  return (
    <PageShell title={title}>
      {loaded.kind === 'loading' ? <p role="status">Adding up the night…</p> : null}
      {loaded.kind === 'missing' ? (
        <p className="notice" role="alert" data-testid="recap-missing">
          {loaded.words}
        </p>
      ) : null}
      {loaded.kind === 'recap' ? (
        <RecapView
          recap={loaded.recap}
          onDownload={ledgerDownload.download}
          downloading={ledgerDownload.downloading}
          downloadError={ledgerDownload.error}
        />
      ) : null}
    </PageShell>
  );
}
