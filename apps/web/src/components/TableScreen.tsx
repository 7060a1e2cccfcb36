'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { chips } from '../lib/format';
import { soundPreferred, storedGuest, storeSound, type StoredGuest } from '../lib/session';
import { refusalWords, type RefusalCode } from '../lib/words';
import {
  announcement,
  changesBySeat,
  goneReason,
  pipsOf,
  stakesBySeat,
  yourBets,
} from '../store/derive';
import { play, unlockSound } from '../sound/sound';
import { useTableSounds } from '../sound/use-table-sounds';
import { Announcer } from './Announcer';
import { BetPanel } from './BetPanel';
import { FeltCentre } from './FeltCentre';
import { PhaseHeader } from './PhaseHeader';
import { PipStrip } from './PipStrip';
import { Seats } from './Seats';
import { ShoeBar } from './ShoeBar';
import { ShoePanel } from './ShoePanel';
import { RoomBar } from './rooms/RoomBar';
import { openHand } from './instruments/open-hand';
import { LazyChat } from './chat/LazyChat';
import { freeSeatsOf, useTableController } from '../table/use-table-controller';

// Only private rooms need these, and only their host needs the controls: they load on demand,
// which keeps the table's first load inside its budget.
const HostControls = lazy(() => import('./rooms/HostControls'));
const RoomGone = lazy(() => import('./rooms/RoomGone').then((m) => ({ default: m.RoomGone })));
const SharePanel = lazy(() =>
  import('./rooms/SharePanel').then((m) => ({ default: m.SharePanel })),
);
// A practice table (T12) and the first-visit tips load on demand too.
const PracticeTable = lazy(() => import('./practice/PracticeTable'));
const FirstTimeTips = lazy(() => import('./tips/FirstTimeTips'));
// A Chemin de Fer room's table, only where one is played.
const CheminScreen = lazy(() => import('./chemin/CheminScreen'));
// The scoreboard, the odds, why, hand history and your session: after the table itself.
const TableInstruments = lazy(() => import('./instruments/TableInstruments'));

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
  const { state, notice, lastBets, act, hostSend } = table;
  const [sound, setSound] = useState(false);
  const [chosenChip, setChosenChip] = useState<number | null>(null);
  useEffect(() => setSound(soundPreferred()), []);
  const gone = goneReason(state);

  const seat = state.you.seat;
  const mySeat = state.seats.find((s) => s.seat === seat) ?? null;
  const settings = state.settings;
  const freeSeats = freeSeatsOf(state);

  const mine = yourBets(state);
  useTableSounds(state, sound);
  const round = state.round?.seq ?? null;

  const nameOf = (n: number | null) =>
    n === null ? 'The house' : (state.seats.find((s) => s.seat === n)?.player.name ?? `Seat ${n}`);
  const phase = state.phase;
  const canBet = phase.kind === 'betting' && mySeat !== null && mySeat.betting === 'open';
  const dealing = phase.kind === 'dealing' && seat !== null && phase.dealer === seat;
  const turning = phase.kind === 'turning' && seat !== null && phase.turner === seat;
  const decided = state.seats.filter((s) => s.betting !== 'open').length;
  const result = state.result;
  const toggleSound = () => {
    const next = !sound;
    if (next) unlockSound();
    setSound(next);
    storeSound(next);
  };
  const connectionText =
    state.connection === 'live'
      ? 'Live'
      : state.connection === 'connecting'
        ? 'Connecting…'
        : state.connection === 'reconnecting'
          ? 'Reconnecting…'
          : ((state.refusal && refusalWords(state.refusal.code as RefusalCode)) ?? 'Disconnected');
  const shoeRound = state.round?.shoeRound;
  const room = state.room;
  const youHost = room !== null && room.hostPlayerId === state.you.playerId;

  if (gone) {
    return (
      <Suspense
        fallback={<main className="table-page table-page--loading">Leaving the table…</main>}
      >
        <RoomGone reason={gone} />
      </Suspense>
    );
  }

  if (settings?.selfPaced) {
    return (
      <Suspense fallback={<main className="table-page table-page--loading">Opening…</main>}>
        <PracticeTable state={state} tableId={tableId} send={table.send} />
      </Suspense>
    );
  }

  if (state.chemin) {
    return (
      <Suspense fallback={<main className="table-page table-page--loading">Opening…</main>}>
        <CheminScreen table={table} tableId={tableId} guest={guest} />
      </Suspense>
    );
  }

  return (
    <main className="table-page" data-phase={phase.kind}>
      <header className="topbar">
        <a href="/lobby/" className="topbar__brand" aria-label="Banco: back to the lobby">
          Banco
        </a>
        <h1 className="topbar__title">{state.name || 'Table'}</h1>
        <p className="topbar__round" data-testid="round-number" data-round={round ?? undefined}>
          {round === null
            ? 'No round yet'
            : `Round ${round}${shoeRound ? ` · hand ${shoeRound} of this shoe` : ''}`}
        </p>
        <p
          className={`connection connection--${state.connection}`}
          role="status"
          data-testid="connection"
        >
          {connectionText}
        </p>
        <a href="/play-responsibly/" className="topbar__care">
          Play responsibly
        </a>
        <button type="button" className="topbar__sound" aria-pressed={sound} onClick={toggleSound}>
          Sound {sound ? 'on' : 'off'}
        </button>
        {seat !== null ? (
          <button type="button" onClick={() => void act('seat.leave', { tableId, seat })}>
            Leave seat
          </button>
        ) : null}
      </header>
      {room ? <RoomBar room={room} youHost={youHost} /> : null}
      <Suspense fallback={null}>
        <FirstTimeTips />
      </Suspense>

      {state.connection === 'reconnecting' ? (
        <p className="notice notice--error" aria-hidden="true">
          The connection dropped. Reconnecting… Your seat and confirmed bets are safe at the table.
        </p>
      ) : null}
      {notice ? (
        <p className="notice notice--error" role="alert" data-testid="action-refusal">
          {notice}
        </p>
      ) : null}
      {state.notices.away ? (
        <p className="notice" data-testid="away-notice">
          {state.notices.away}
        </p>
      ) : null}
      {state.notices.refill && state.notices.refill.playerId === state.you.playerId ? (
        <p className="notice notice--refill" data-testid="refill-notice">
          Your balance was below the table minimum, so it was topped up by{' '}
          {chips(state.notices.refill.amount)} chips (virtual, free).
        </p>
      ) : null}

      <div className="layout">
        <section className="felt-wrap" aria-label="Table">
          {/* The felt keeps this place for what the table is doing: above the oval on a desktop,
              where no seat can be, however long the line or however narrow the screen. */}
          <div className="felt__words">
            <PhaseHeader state={state} name={nameOf} bannerShown={result !== null} part="words" />
          </div>
          <div className="felt">
            <FeltCentre
              state={state}
              above={
                <PhaseHeader
                  state={state}
                  name={nameOf}
                  bannerShown={result !== null}
                  part="clock"
                />
              }
            >
              {dealing ? (
                <button
                  type="button"
                  className="primary big"
                  onClick={() => void act('shoe.deal', { tableId, round: phase.round })}
                >
                  Deal
                </button>
              ) : null}
              {turning ? (
                <div className="turn" data-testid="squeeze">
                  <p>{state.peek ? 'Squeeze: drag a corner up, or press ↑.' : 'Your cards.'}</p>
                  <button
                    type="button"
                    className="primary big"
                    onClick={() => void act('cards.reveal', { tableId, round: phase.round })}
                  >
                    Reveal
                  </button>
                </div>
              ) : null}
            </FeltCentre>
            {settings ? (
              <Seats
                count={settings.seats}
                seats={state.seats}
                holder={state.houseDeals ? null : state.holder}
                offerTo={state.offer?.seat ?? null}
                yourSeat={seat}
                betting={phase.kind === 'betting'}
                stakes={stakesBySeat(state)}
                changes={changesBySeat(state)}
                onSit={
                  seat === null && state.connection === 'live' && !(room?.locked && !youHost)
                    ? (n) => void act('seat.take', { tableId, seat: n })
                    : null
                }
              />
            ) : null}
          </div>
          <p className="felt__meta">
            <span data-testid="watchers">{state.spectators} watching</span>
            {phase.kind === 'betting' ? (
              <span data-testid="decided">
                {' '}
                · {decided} of {state.seats.length} seated players decided
              </span>
            ) : null}
            {settings && !settings.cardTurning ? (
              <span data-testid="self-turning"> · cards turn over by themselves</span>
            ) : null}
            {/* Below the fold on a laptop: say they are there, with a way down to them. */}
            <span className="felt__more">
              {' '}
              · <a href="#instruments">Scoreboard, odds and why each card: below ↓</a>
            </span>
            {state.shoe ? (
              <span className="felt__holder">
                {' '}
                ·{' '}
                {state.houseDeals || state.holder === null
                  ? 'the house deals'
                  : `shoe: ${nameOf(state.holder)}`}
              </span>
            ) : null}
          </p>
          {seat !== null ? (
            <ShoeBar
              canPass={phase.kind === 'betting' && state.holder === seat && state.offer === null}
              offered={state.offer?.seat === seat}
              onPass={() => void act('shoe.pass', { tableId })}
              onAccept={() => void act('shoe.accept', { tableId })}
              onRefuse={() => void act('shoe.refuse', { tableId })}
            />
          ) : null}
        </section>

        <aside className="side">
          {room && youHost && settings ? (
            <Suspense fallback={null}>
              <HostControls
                room={room}
                name={state.name}
                settings={settings}
                seats={state.seats}
                you={state.you.playerId}
                betting={phase.kind === 'betting'}
                send={hostSend}
              />
            </Suspense>
          ) : null}
          {room ? (
            <Suspense fallback={null}>
              <SharePanel roomId={tableId} token={guest.token} isHost={youHost} />
            </Suspense>
          ) : null}
          <ShoePanel
            shoe={state.shoe}
            holderName={state.holder === null ? null : nameOf(state.holder)}
            houseDeals={state.houseDeals}
            story={state.story}
            notices={state.notices}
          />
          <section className="panel" aria-label="Results">
            <h2 className="panel__title">This shoe</h2>
            <PipStrip pips={pipsOf(state)} onOpen={openHand} />
          </section>
          <LazyChat
            messages={state.chat}
            you={state.you}
            room={room}
            live={state.connection === 'live'}
            send={(body) => table.send('chat.send', { tableId, ...body })}
            onMute={
              youHost ? (playerId, muted) => hostSend('room.mute', { playerId, muted }) : undefined
            }
          />
        </aside>

        <div className="bets-wrap">
          {settings && mySeat ? (
            <BetPanel
              key={round ?? 0}
              settings={settings}
              open={canBet}
              available={mySeat.balance}
              committed={state.settlement.paid ? [] : mine}
              lastBets={lastBets}
              edges={state.odds?.edges ?? null}
              chances={state.odds?.probabilities ?? null}
              onConfirm={table.confirmBets}
              onNoBet={table.declareNoBet}
              onChip={sound ? () => play('chips') : undefined}
              chosenChip={chosenChip}
              onChooseChip={setChosenChip}
            />
          ) : settings ? (
            <section className="bets bets--watching" aria-label="Watching">
              {room?.locked && !youHost ? (
                <p data-testid="room-locked-watching">
                  The host has locked this room: you can watch, but nobody new can sit down.
                </p>
              ) : freeSeats.length === 0 ? (
                <p data-testid="table-full">
                  This table is full: you can watch until a seat frees up.
                </p>
              ) : (
                <p>You are watching. Pick “Sit here” on any free seat to play.</p>
              )}
            </section>
          ) : null}
        </div>
      </div>
      {state.settings ? (
        <Suspense fallback={null}>
          <TableInstruments state={state} />
        </Suspense>
      ) : null}
      <Announcer message={announcement(state)} />
    </main>
  );
}
