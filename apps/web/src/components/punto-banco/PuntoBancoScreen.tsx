'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { chips } from '../../lib/format';
import { soundPreferred, storeSound } from '../../lib/session';
import { announcement, changesBySeat, pipsOf, stakesBySeat, yourBets } from '../../store/derive';
import { play, unlockSound } from '../../sound/sound';
import { useTableSounds } from '../../sound/use-table-sounds';
import { watchingWords } from '../../table/watching-words';
import { Announcer } from '../Announcer';
import { BetPanel } from '../BetPanel';
import { FeltCentre } from '../FeltCentre';
import { PhaseHeader } from '../PhaseHeader';
import { PipStrip } from '../PipStrip';
import { Seats } from '../Seats';
import { ShoeBar } from '../ShoeBar';
import { ShoePanel } from '../ShoePanel';
import { openHand } from '../instruments/open-hand';
import type { GameScreenProps } from '../table/game-screen';
import { TableShell } from '../table/TableShell';

// The first-visit tips load on demand too.
const FirstTimeTips = lazy(() => import('../tips/FirstTimeTips'));
// The scoreboard, the odds, why, hand history and your session: after the table itself.
const TableInstruments = lazy(() => import('../instruments/TableInstruments'));

/** A Punto Banco table: the bets, the shoe passed round the seats, the cards squeezed. */
export default function PuntoBancoScreen({ table, tableId, guest, perms }: GameScreenProps) {
  const { state, notice, lastBets, act, hostSend } = table;
  const [sound, setSound] = useState(false);
  const [chosenChip, setChosenChip] = useState<number | null>(null);
  useEffect(() => setSound(soundPreferred()), []);
  useTableSounds(state, sound);

  const { seat, mySeat, canBet, dealing, turning } = perms;
  const settings = state.settings;
  const watching = watchingWords(state, perms);
  const round = state.round?.seq ?? null;
  const shoeRound = state.round?.shoeRound;
  const nameOf = (n: number | null) =>
    n === null ? 'The house' : (state.seats.find((s) => s.seat === n)?.player.name ?? `Seat ${n}`);
  const phase = state.phase;
  const decided = state.seats.filter((s) => s.betting !== 'open').length;
  const result = state.result;
  const toggleSound = () => {
    const next = !sound;
    if (next) unlockSound();
    setSound(next);
    storeSound(next);
  };

  const felt = (
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
            <PhaseHeader state={state} name={nameOf} bannerShown={result !== null} part="clock" />
          }
        >
          {dealing && phase.kind === 'dealing' ? (
            <button
              type="button"
              className="primary big"
              onClick={() => void act('shoe.deal', { tableId, round: phase.round })}
            >
              Deal
            </button>
          ) : null}
          {turning && phase.kind === 'turning' ? (
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
            onSit={perms.maySit ? (n) => void table.sit(n) : null}
            asks={perms.asksToSit}
            sittingOut={state.evening?.sittingOut.map((s) => s.seat)}
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
  );

  const panel = (
    <div className="bets-wrap">
      {settings && mySeat ? (
        <BetPanel
          key={round ?? 0}
          settings={settings}
          open={canBet}
          available={mySeat.balance}
          committed={state.settlement.paid ? [] : yourBets(state)}
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
          <p data-testid={watching.testId}>{watching.text}</p>
        </section>
      ) : null}
    </div>
  );

  return (
    <TableShell
      state={state}
      perms={perms}
      data={{ 'data-phase': phase.kind }}
      title={state.name || 'Table'}
      roundSeq={round}
      round={
        round === null
          ? 'No round yet'
          : `Round ${round}${shoeRound ? ` · hand ${shoeRound} of this shoe` : ''}`
      }
      controls={
        <button type="button" className="topbar__sound" aria-pressed={sound} onClick={toggleSound}>
          Sound {sound ? 'on' : 'off'}
        </button>
      }
      onLeave={seat === null ? null : () => void act('seat.leave', { tableId, seat })}
      notice={notice}
      notices={
        <>
          <Suspense fallback={null}>
            <FirstTimeTips />
          </Suspense>
          {state.notices.refill && state.notices.refill.playerId === state.you.playerId ? (
            <p className="notice notice--refill" data-testid="refill-notice">
              Your balance was below the table minimum, so it was topped up by{' '}
              {chips(state.notices.refill.amount)} chips (virtual, free).
            </p>
          ) : null}
        </>
      }
      felt={felt}
      panel={panel}
      hostSend={hostSend}
      betsClosable={phase.kind === 'betting'}
      side={
        <>
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
        </>
      }
      share={{ tableId, token: guest.token }}
      evening={table.eveningSend}
      chat={{
        send: (body) => table.send('chat.send', { tableId, ...body }),
        mute: (playerId, muted) => hostSend('room.mute', { playerId, muted }),
      }}
      after={
        <>
          {settings ? (
            <Suspense fallback={null}>
              <TableInstruments state={state} />
            </Suspense>
          ) : null}
          <Announcer message={announcement(state)} />
        </>
      }
    />
  );
}
