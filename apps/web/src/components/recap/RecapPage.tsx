'use client';
import { useEffect, useMemo, useState } from 'react';
import { ledgerPath, ledgerSchema, type Ledger } from '../../evening/ledger';
import { recapOf } from '../../evening/recap';
import { useLedgerDownload } from '../../evening/use-ledger-download';
import { ApiError, asPlayer, call } from '../../lib/api';
import { storedGuest } from '../../lib/session';
import { PageShell } from '../pages/PageShell';
import { RecapView } from './RecapView';
import './recap.css';

type Loaded =
  { kind: 'loading' } | { kind: 'missing'; words: string } | { kind: 'ledger'; ledger: Ledger };

/**
 * /recap?id=…: a room's night for the people who played it. Drawn from the room's ledger
 * export, so the figures and the file are the same chips; others get "no such room" (the
 * server answers them as for an unknown room).
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
    call(ledgerPath(id, 'json'), ledgerSchema, asPlayer(guest.token)).then(
      (ledger) => alive && setLoaded({ kind: 'ledger', ledger }),
      (e: unknown) =>
        alive &&
        setLoaded({
          kind: 'missing',
          words:
            e instanceof ApiError && e.code === 'UNKNOWN_TABLE'
              ? 'No room you played in has that id.'
              : 'The recap could not be fetched. Try again in a moment.',
        }),
    );
    return () => {
      alive = false;
    };
  }, []);

  const recap = useMemo(() => (loaded.kind === 'ledger' ? recapOf(loaded.ledger) : null), [loaded]);
  const title = loaded.kind === 'ledger' ? `${loaded.ledger.room.name}: the night` : 'The night';

  return (
    <PageShell title={title}>
      {loaded.kind === 'loading' ? <p role="status">Adding up the night…</p> : null}
      {loaded.kind === 'missing' ? (
        <p className="notice" role="alert" data-testid="recap-missing">
          {loaded.words}
        </p>
      ) : null}
      {loaded.kind === 'ledger' && recap ? (
        <RecapView
          roomId={roomId}
          roomName={loaded.ledger.room.name}
          roomChips={loaded.ledger.room.chips === 'room'}
          closed={Boolean(loaded.ledger.room.closedAt)}
          recap={recap}
          onDownload={ledgerDownload.download}
          downloading={ledgerDownload.downloading}
          downloadError={ledgerDownload.error}
        />
      ) : null}
    </PageShell>
  );
}
