'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { RoomKind, TableSummary } from '@banco/protocol';
import { roomFormKind } from '../lib/navigation';
import { currentSession } from '../lib/account-api';
import { ApiError, listTables, shoeSoFar, type ShoeSoFar } from '../lib/api';
import { chips } from '../lib/format';
import type { RoomSummary } from '../lib/rooms-api';
import { storedGuest, storeGuest, type StoredGuest } from '../lib/session';
import { AccountBox } from './account/AccountBox';
import { PipStrip } from './PipStrip';
import { PractiseAlone } from './practice/PractiseAlone';
import { JoinByCode } from './rooms/JoinByCode';
import { RoomOpened } from './rooms/RoomOpened';

// Most visitors only sit down: the settings form loads when someone opens a room.
const OpenRoom = lazy(() => import('./rooms/OpenRoom'));

interface Row {
  table: TableSummary;
  shoe: ShoeSoFar | null;
}

const REFRESH_MS = 5_000;

interface YouNow {
  balance: number;
  seats: { tableId: string; tableName: string; seat: number; away: boolean }[];
}

/** Your chips, and any seat you still hold (kept for you while you are away, T1.5). */
function YourPlace({ you }: { you: YouNow }) {
  return (
    <section className="your-place" aria-label="You" data-testid="lobby-you">
      <p>
        Your chips{' '}
        <strong data-testid="lobby-balance" data-minor={you.balance}>
          {chips(you.balance)}
        </strong>
      </p>
      {you.seats.map((held) => (
        <p key={held.tableId} data-testid={`lobby-held-${held.tableId}`}>
          {held.away
            ? `Your seat ${held.seat} at ${held.tableName} is held for you.`
            : `You sit in seat ${held.seat} at ${held.tableName}.`}{' '}
          <a className="button" href={`/table/?id=${encodeURIComponent(held.tableId)}`}>
            Back to your seat
          </a>
        </p>
      ))}
    </section>
  );
}

/** Every public table with its seats, watchers, round and the current shoe's results. */
export function LobbyScreen() {
  const [guest, setGuest] = useState<StoredGuest | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [openKind, setOpenKind] = useState<RoomKind>('punto-banco');
  const [opened, setOpened] = useState<RoomSummary | null>(null);
  const [you, setYou] = useState<YouNow | null>(null);

  useEffect(() => {
    const known = storedGuest();
    const asked = roomFormKind(window.location.search);
    if (!known) {
      // Back here with the form open once the visitor has a name.
      const back = asked
        ? `/?next=${encodeURIComponent(window.location.pathname + window.location.search)}`
        : '/';
      window.location.replace(back);
      return;
    }
    setGuest(known);
    if (asked) {
      setOpenKind(asked);
      setOpening(true);
    }
    let alive = true;
    // Who this token is now: a session ended elsewhere (logout everywhere) sends them home.
    currentSession(known.token).then(
      (session) => {
        if (alive) setYou({ balance: session.balance, seats: session.seats });
        if (!alive || session.username === (known.username ?? null)) return;
        const next = { ...known, username: session.username };
        storeGuest(next);
        setGuest(next);
      },
      (e: unknown) => {
        if (e instanceof ApiError && (e.code === 'SESSION_EXPIRED' || e.code === 'UNAUTHORIZED')) {
          storeGuest(null);
          window.location.replace('/');
        }
      },
    );
    const load = async () => {
      // Chips and seats change while the lobby is open (a seat's hold runs out, say).
      currentSession(known.token).then(
        (session) => alive && setYou({ balance: session.balance, seats: session.seats }),
        () => undefined,
      );
      try {
        const tables = await listTables();
        const shoes = await Promise.all(tables.map((t) => shoeSoFar(t.id).catch(() => null)));
        if (alive) {
          setRows(tables.map((table, i) => ({ table, shoe: shoes[i] ?? null })));
          setError(null);
        }
      } catch {
        if (alive) setError('The tables cannot be reached just now. Retrying…');
      }
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);

  return (
    <main className="lobby">
      <header className="topbar">
        <span className="topbar__brand">Banco</span>
        <h1 className="topbar__title">Tables</h1>
        {guest ? <AccountBox guest={guest} onChange={setGuest} /> : null}
      </header>
      <nav className="lobby__learn" aria-label="Learn the game">
        <a href="/learn/">New to baccarat? Take the lesson</a>
        <a href="/rules/">Rules and odds</a>
        <a href="/history/">History</a>
      </nav>
      {you ? <YourPlace you={you} /> : null}
      {guest ? (
        <section className="rooms-bar" aria-label="Private rooms">
          <button
            type="button"
            className="primary"
            aria-expanded={opening}
            onClick={() => setOpening((o) => !o)}
          >
            Open a private room
          </button>
          <JoinByCode token={guest.token} />
          <PractiseAlone token={guest.token} />
        </section>
      ) : null}
      {guest && opened ? <RoomOpened room={opened} token={guest.token} /> : null}
      {guest && opening && !opened ? (
        <Suspense fallback={<p className="lobby__loading">Opening the form…</p>}>
          <OpenRoom
            token={guest.token}
            kind={openKind}
            onOpened={(room) => {
              setOpened(room);
              setOpening(false);
            }}
            onCancel={() => setOpening(false)}
          />
        </Suspense>
      ) : null}
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {rows === null && !error ? <p className="lobby__loading">Looking for tables…</p> : null}
      {rows !== null && rows.length === 0 ? <p>No table is open right now.</p> : null}
      <ul className="lobby__list">
        {(rows ?? []).map(({ table, shoe }) => {
          const full = table.seated >= table.settings.seats;
          const main = table.settings.limits.player;
          const href = `/table/?id=${encodeURIComponent(table.id)}`;
          return (
            <li key={table.id} className="lobby__table" data-testid={`lobby-table-${table.id}`}>
              <h2>{table.name}</h2>
              {table.resuming ? (
                <p className="lobby__resuming" data-testid="lobby-resuming">
                  Resuming…
                </p>
              ) : null}
              <dl className="facts">
                <dt>Seats</dt>
                <dd data-testid="lobby-seats">
                  {table.seated} / {table.settings.seats} taken
                </dd>
                <dt>Watching</dt>
                <dd data-testid="lobby-watchers">{table.spectators}</dd>
                {/* The newest round dealt and settled: one called off (T9.2) never was, so the
                    table's own header, which names the round being bet, may be ahead of it. */}
                <dt>Last round dealt</dt>
                <dd data-testid="lobby-round">{shoe?.lastRound ?? 'none yet'}</dd>
                <dt>Game</dt>
                <dd>
                  {table.settings.decks} decks ·{' '}
                  {main ? `${chips(main.min)}–${chips(main.max)} chips` : ''} · Tie pays{' '}
                  {table.settings.rules.tiePays} to 1
                </dd>
              </dl>
              <PipStrip pips={shoe?.beads ?? []} limit={30} />
              <div className="lobby__actions">
                {full ? (
                  <span className="lobby__full">Table full</span>
                ) : (
                  <a
                    className="button primary"
                    href={`${href}&sit=1`}
                    aria-label={`Sit at ${table.name}`}
                  >
                    Sit
                  </a>
                )}
                <a className="button" href={href} aria-label={`Watch ${table.name}`}>
                  Watch
                </a>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="lobby__care" data-testid="lobby-care">
        <a href="/play-responsibly/">Play responsibly</a> · <a href="/shoes/">Past shoes</a> ·{' '}
        <a href="/fairness/">Check a shoe</a>
      </p>
      <section className="lobby__help" aria-labelledby="how-title">
        <h2 id="how-title">How a round goes</h2>
        <ol>
          <li>
            Bet on <strong>Player</strong>, <strong>Banker</strong> or a <strong>Tie</strong>: pick
            a chip, tap a spot, then <em>Confirm bets</em>. Player and Banker are just the names of
            the two hands.
          </li>
          <li>
            The player holding the shoe deals two cards to each hand. Whoever bet most on Player
            turns Player’s cards; the holder turns Banker’s.
          </li>
          <li>
            Cards count their face value, tens and pictures count nothing, and only the last digit
            of the sum matters: 9 is best. A third card follows fixed rules; the table says why.
          </li>
          <li>
            Losing bets are swept first, then winners are paid. Banker wins keep the shoe with its
            holder; a Player win moves it to the next seat.
          </li>
        </ol>
      </section>
    </main>
  );
}
