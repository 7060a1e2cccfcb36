'use client';
import type { EveningView, SeatView } from '@banco/protocol';
import { liveLeaderboard } from '../../evening/leaderboard';
import { useId, useState } from 'react';
import type { EveningSend } from '../../evening/send';
import { standingWords, topUpWords } from '../../evening/words';
import { chips } from '../../lib/format';
import { refusalWords } from '../../lib/words';
import { Countdown } from '../Countdown';

export interface PlayerEveningProps {
  evening: EveningView;
  playerId: string;
  /** This player's seat, null for a watcher. */
  seat: number | null;
  /** The table's seats: a seated stack is the seat's balance, moved by every settlement. */
  seats?: readonly SeatView[];
  freeSeats: readonly number[];
  youHost: boolean;
  clockOffset: number;
  /** The invite code this player came by, sent with the request (auto-approve). */
  invite?: string | undefined;
  send: EveningSend;
}

const clock = (at: number) =>
  new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * What the evening asks of one player, each step in words: ask to sit (naming a seat or not),
 * the waitlist and a seat offered, sitting out and coming back, the room stack and a top-up.
 */
export function PlayerEvening(props: PlayerEveningProps) {
  const { evening, seat, send } = props;
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [wanted, setWanted] = useState<string>('any');
  const { you, settings } = evening;
  const room = settings.chips === 'room';
  const mine =
    liveLeaderboard(evening, props.seats ?? []).find((l) => l.player.id === props.playerId) ?? null;
  const starting = settings.roomChips?.startingStack ?? 0;
  const [topUp, setTopUp] = useState<number | null>(null);

  const run: EveningSend = async (name, payload) => {
    const answer = await send(name, payload);
    setRefusal(answer.ok ? null : refusalWords(answer.code));
    return answer;
  };
  const approves = settings.seating === 'host-approves' && !props.youHost;
  // P9.8: a room may keep no waitlist (0): a full table then has no line to join.
  const waitlist = settings.waitlistMax > 0;
  const standing = standingWords(you);
  const sittingOut = seat === null ? null : evening.sittingOut.find((s) => s.seat === seat);

  let seatPart = null;
  if (seat === null) {
    if (you.offer) {
      seatPart = (
        <>
          <Countdown
            deadline={you.offer.until}
            clockOffset={props.clockOffset}
            label={`Seat ${you.offer.seat} is held for you`}
            testId="seat-offer-countdown"
          />
          <div className="evening__row">
            <button
              type="button"
              className="primary"
              onClick={() => void run('waitlist.accept', {})}
            >
              Take seat {you.offer.seat}
            </button>
            <button type="button" onClick={() => void run('waitlist.leave', {})}>
              Let it go
            </button>
          </div>
        </>
      );
    } else if (you.request) {
      seatPart = (
        <button type="button" onClick={() => void run('seat.request.cancel', {})}>
          Withdraw my request
        </button>
      );
    } else if (you.waitlistPosition !== null) {
      seatPart = (
        <button type="button" onClick={() => void run('waitlist.leave', {})}>
          Leave the waitlist
        </button>
      );
    } else if (props.freeSeats.length === 0 && !approves && !waitlist) {
      seatPart = (
        <p className="evening__hint">
          Every seat is taken, and this room keeps no waitlist: you can sit when a seat frees up.
        </p>
      );
    } else if (props.freeSeats.length === 0 && !approves) {
      seatPart = (
        <>
          <p className="evening__hint">Every seat is taken.</p>
          <button
            type="button"
            className="primary"
            data-testid="waitlist-join"
            onClick={() => void run('waitlist.join', {})}
          >
            Join the waitlist
          </button>
        </>
      );
    } else if (approves) {
      seatPart = (
        <form
          className="evening__row"
          onSubmit={(e) => {
            e.preventDefault();
            void run('seat.request', {
              ...(wanted === 'any' ? {} : { seat: Number(wanted) }),
              ...(props.invite ? { invite: props.invite } : {}),
            });
          }}
        >
          {props.freeSeats.length === 0 ? (
            <p className="evening__hint">
              {waitlist
                ? 'Every seat is taken: if the host says yes, you wait in line for the next one.'
                : 'Every seat is taken, and this room keeps no waitlist: the host can seat you once one frees up.'}
            </p>
          ) : (
            <>
              <label htmlFor={`${id}-seat`}>Seat</label>
              <select id={`${id}-seat`} value={wanted} onChange={(e) => setWanted(e.target.value)}>
                <option value="any">Any free seat</option>
                {props.freeSeats.map((n) => (
                  <option key={n} value={n}>
                    Seat {n}
                  </option>
                ))}
              </select>
            </>
          )}
          <button type="submit" className="primary" data-testid="ask-to-sit">
            Ask to sit
          </button>
        </form>
      );
    }
  }

  // Seated, the stack is the seat's balance, whether or not the leaderboard has a line yet.
  const seated = seat === null ? undefined : props.seats?.find((s) => s.seat === seat);
  const stack = seated?.balance ?? mine?.stack ?? null;
  const suggested = topUp ?? Math.max(100, starting - (stack ?? 0));
  const perNight = settings.roomChips?.topUps.perNight ?? null;

  return (
    <section className="panel evening" aria-labelledby={`${id}-title`} data-testid="player-evening">
      <h2 className="panel__title" id={`${id}-title`}>
        {seat === null ? 'Your seat' : 'Tonight'}
      </h2>
      {seat === null && approves && !standing ? (
        <p className="evening__hint">The host approves each player here.</p>
      ) : null}
      {standing ? (
        <p className="evening__status" role="status" data-testid="standing">
          {standing}
        </p>
      ) : null}
      {seatPart}

      {seat !== null ? (
        sittingOut ? (
          <>
            <p className="evening__status" data-testid="sitting-out">
              You are sitting out: no bets, no shoe. Your seat is kept until{' '}
              {clock(sittingOut.freedAt)}.
            </p>
            <button
              type="button"
              className="primary"
              onClick={() => void run('seat.sit-out', { out: false })}
            >
              I’m back
            </button>
          </>
        ) : (
          <button
            type="button"
            data-testid="sit-out"
            onClick={() => void run('seat.sit-out', { out: true })}
          >
            Sit out from the next round
          </button>
        )
      ) : null}

      {room && (seat !== null || mine) ? (
        <div className="evening__chips">
          <p>
            Your room stack:{' '}
            <span
              className="evening__stack"
              data-testid="room-stack"
              data-minor={stack ?? undefined}
            >
              {stack === null ? '—' : chips(stack)}
            </span>
          </p>
          {topUpWords(you) ? (
            <p className="evening__status" role="status" data-testid="top-up-status">
              {topUpWords(you)}
            </p>
          ) : null}
          {you.topUp === null && perNight !== 0 ? (
            <form
              className="evening__row"
              onSubmit={(e) => {
                e.preventDefault();
                void run('chips.top-up', { amount: suggested });
              }}
            >
              <label htmlFor={`${id}-top-up`}>Top-up, chips</label>
              <input
                id={`${id}-top-up`}
                type="number"
                inputMode="numeric"
                min={1}
                value={String(suggested / 100)}
                onChange={(e) => setTopUp(Math.round(Number(e.target.value)) * 100)}
              />
              <button type="submit" data-testid="ask-top-up">
                Ask the host for a top-up
              </button>
            </form>
          ) : null}
          {perNight !== null ? (
            <p className="evening__hint">
              Top-ups tonight: {you.topUpsTaken} of {perNight}.
            </p>
          ) : null}
        </div>
      ) : null}

      {refusal ? (
        <p className="refusal" role="alert">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}
