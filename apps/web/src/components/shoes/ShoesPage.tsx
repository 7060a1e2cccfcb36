'use client';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  fairnessLink,
  fetchShoe,
  fetchShoes,
  type ShoeListing,
  type ShoeRecord,
} from '../../fairness/records';
import { ApiError, listTables } from '../../lib/api';
import { PageShell } from '../pages/PageShell';
import { linkedRoundOf, useFocusLinkedRow, type LinkedRound } from './linked-round';
import { shoeGameOf } from './shoe-games';

const NO_LINK: LinkedRound = { shoeId: null, round: null, night: null };

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /shoes?table=…: a table's past shoes, each with its rounds, roads and a verify link. A private
 * room's shoes need its exact id, as its rounds do (T10.6). `&shoe=…&round=N` (the recap's
 * round links) opens that shoe and marks, scrolls to and focuses its round N.
 */
export function ShoesPage() {
  const [tableId, setTableId] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [shoes, setShoes] = useState<ShoeListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [linked, setLinked] = useState<LinkedRound>(NO_LINK);

  const [tables, setTables] = useState<{ id: string; name: string }[]>([]);

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('table') ?? 'main';
    setLinked(linkedRoundOf(window.location.search));
    setTableId(id);
    setTyped(id);
    // The public tables, one click each; a private room is found by its id alone (T10.6).
    listTables().then(
      (list) => setTables(list.map((t) => ({ id: t.id, name: t.name }))),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    if (tableId === null) return;
    let alive = true;
    setShoes(null);
    setError(null);
    fetchShoes(tableId).then(
      (reply) => alive && setShoes(reply.shoes),
      (e: unknown) =>
        alive &&
        setError(
          e instanceof ApiError && e.code === 'UNKNOWN_TABLE'
            ? 'No table has that id.'
            : 'The shoes could not be fetched.',
        ),
    );
    return () => {
      alive = false;
    };
  }, [tableId]);

  const open = (e: FormEvent) => {
    e.preventDefault();
    const id = typed.trim();
    if (id === '') return;
    window.history.replaceState(null, '', `?table=${encodeURIComponent(id)}`);
    setLinked(NO_LINK);
    setTableId(id);
  };

  const linkedShoeMissing =
    linked.shoeId !== null && shoes !== null && !shoes.some((s) => s.id === linked.shoeId);

  return (
    <PageShell title="Past shoes">
      <form className="shoes-form" onSubmit={open}>
        <label>
          Table or room id (a private room’s is in its link)
          <input value={typed} onChange={(e) => setTyped(e.target.value)} spellCheck={false} />
        </label>
        <button type="submit">Show its shoes</button>
      </form>
      {tables.length > 0 ? (
        <ul className="shoes-tables" aria-label="Public tables">
          {tables.map((t) => (
            <li key={t.id}>
              <a
                href={`?table=${encodeURIComponent(t.id)}`}
                aria-current={t.id === tableId ? 'page' : undefined}
              >
                {t.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Every shoe is shuffled from a seed the table committed to before the first card. Once a shoe
        has ended its seed is published, and you can re-run it on the fairness page.
      </p>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {shoes === null && !error ? <p role="status">Looking for shoes…</p> : null}
      {shoes !== null && shoes.length === 0 ? <p>No shoe has been dealt here yet.</p> : null}
      {shoes !== null && linkedShoeMissing ? (
        <p className="notice" role="status" data-testid="linked-round">
          The linked shoe is not among this table’s latest shoes listed here.
        </p>
      ) : null}
      <ul className="shoes-list">
        {(shoes ?? []).map((shoe, i) => (
          <ShoeItem
            key={shoe.id}
            shoe={shoe}
            tableId={tableId!}
            startOpen={
              linkedShoeMissing ? i === 0 : shoe.id === linked.shoeId || (!linked.shoeId && i === 0)
            }
            linkedRound={shoe.id === linked.shoeId ? linked.round : null}
            linkedNight={linked.night}
          />
        ))}
      </ul>
    </PageShell>
  );
}

function ShoeItem({
  shoe,
  tableId,
  startOpen,
  linkedRound,
  linkedNight,
}: {
  shoe: ShoeListing;
  tableId: string;
  startOpen: boolean;
  linkedRound: number | null;
  linkedNight: number | null;
}) {
  const [open, setOpen] = useState(startOpen);
  const item = useRef<HTMLLIElement>(null);
  const [record, setRecord] = useState<ShoeRecord | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open || record) return;
    fetchShoe(shoe.id, tableId).then(setRecord, () => setFailed(true));
  }, [open, record, shoe.id, tableId]);
  // Each game reads its own rounds (C6.1): its rows are loaded once a shoe of it is opened.
  const { Rounds, round } = shoeGameOf(shoe.game);
  const [shown, setShown] = useState(false);
  useFocusLinkedRow(item, linkedRound, shown);
  return (
    <li className="shoes-list__item" data-testid={`shoe-${shoe.number}`} ref={item}>
      <details open={startOpen} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          Shoe {shoe.number} · {shoe.rounds} {shoe.rounds === 1 ? round : `${round}s`} · started{' '}
          {when(shoe.startedAt)}
          {shoe.endedAt ? ` · ended ${when(shoe.endedAt)}` : ' · in play'}
        </summary>
        {shoe.revealed ? (
          <p>
            <a href={fairnessLink(shoe.id, tableId, shoe.game)} data-testid="verify-link">
              Verify shoe {shoe.number}
            </a>
          </p>
        ) : (
          <p>Still in play: its seed is published when the cut card ends it.</p>
        )}
        {failed ? <p role="alert">This shoe’s rounds could not be fetched.</p> : null}
        {record ? (
          <Suspense fallback={<p>Loading rounds…</p>}>
            <Rounds record={record} linked={linkedRound} night={linkedNight} />
            <OnShown shown={() => setShown(true)} />
          </Suspense>
        ) : open && !failed ? (
          <p>Loading rounds…</p>
        ) : null}
      </details>
    </li>
  );
}

/** Tells its parent that the lazy rows beside it are on the page (Suspense shows them together). */
function OnShown({ shown }: { shown: () => void }) {
  useEffect(shown, [shown]);
  return null;
}
