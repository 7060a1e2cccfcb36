'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { podiumOf } from '../evening/podium';
import { storedGuest, type StoredGuest } from '../lib/session';
import { goneReason } from '../store/derive';
import { permissionsOf, type Permissions } from '../table/permissions';
import { useTableController, type TableController } from '../table/use-table-controller';
import { gameOf } from './table/games';
import { TableShell } from './table/TableShell';

// Only a room a player was shut out of needs this: it loads on demand.
const RoomGone = lazy(() => import('./rooms/RoomGone').then((m) => ({ default: m.RoomGone })));

/** The table page: reads `?id=` (and `&sit=1`) once mounted, since the page is exported static. */
export function TablePage() {
  const [where, setWhere] = useState<{ id: string; sit: boolean; guest: StoredGuest } | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const guest = storedGuest();
    if (!guest) {
      // A friend's first visit by a room link: name first, then straight back to the room.
      const id = query.get('id');
      window.location.replace(id ? `/?next=${encodeURIComponent(`/table/?id=${id}`)}` : '/');
      return;
    }
    setWhere({ id: query.get('id') ?? 'main', sit: query.get('sit') === '1', guest });
  }, []);
  if (!where) return <main className="table-page table-page--loading">Opening the table…</main>;
  return <TableScreen tableId={where.id} autoSit={where.sit} guest={where.guest} />;
}

/** The table until it has said what it plays, and while that game's screen loads. */
function BareTable({ table, perms }: { table: TableController; perms: Permissions }) {
  const { state } = table;
  return (
    <TableShell
      state={state}
      perms={perms}
      title={state.name || 'Table'}
      round="No round yet"
      notice={table.notice}
      felt={
        <section className="felt-wrap" aria-label="Table">
          <div className="felt" />
        </section>
      }
      panel={null}
    />
  );
}

/** The page picks the game the table plays, and its screen fills the shell. */
function TableScreen({
  tableId,
  autoSit,
  guest,
}: {
  tableId: string;
  autoSit: boolean;
  guest: StoredGuest;
}) {
  const table = useTableController(tableId, autoSit, guest);
  const { state } = table;
  const perms = permissionsOf(state);
  const gone = goneReason(state);

  if (gone) {
    return (
      <Suspense
        fallback={<main className="table-page table-page--loading">Leaving the table…</main>}
      >
        <RoomGone
          reason={gone}
          night={
            state.room
              ? {
                  roomId: tableId,
                  podium: state.evening?.podium ? podiumOf(state.evening.podium) : null,
                }
              : null
          }
        />
      </Suspense>
    );
  }
  if (!state.settings) return <BareTable table={table} perms={perms} />;
  const { Screen } = gameOf(state.settings);
  return (
    <Suspense fallback={<BareTable table={table} perms={perms} />}>
      <Screen table={table} tableId={tableId} guest={guest} perms={perms} />
    </Suspense>
  );
}
