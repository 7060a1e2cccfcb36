import type { SeatView } from '@banco/protocol';
import type { CSSProperties } from 'react';
import { chips, signedChips } from '../lib/format';
import { SEAT_RESTING, SITTING_OUT, SitButton, seatStateWords } from './SeatMarks';

export interface SeatsProps {
  count: number;
  seats: readonly SeatView[];
  holder: number | null;
  offerTo: number | null;
  yourSeat: number | null;
  /** Each seat's confirmed stakes this round. */
  stakes: ReadonlyMap<number, number>;
  /** Each seat's change once the round settled (lost stakes, then winnings). */
  changes: ReadonlyMap<number, { lost: number; won: number }>;
  /** True while bets are open: seats show who has decided. */
  betting: boolean;
  /** Null when the viewer cannot sit (already seated, or not connected). */
  onSit: ((seat: number) => void) | null;
  /** P9.7: the host approves each player here, so a free seat's button asks to sit. */
  asks?: boolean;
  /** P9.10: seats whose players sit out: they keep the seat and play no round. */
  sittingOut?: readonly number[] | undefined;
  /** What the holder holds and what a stake is called: a Chemin de Fer banker holds the bank. */
  words?: { holds: string; stake: string };
}

const PUNTO_BANCO_WORDS = { holds: 'shoe', stake: 'bet' };

const DECIDED: Record<SeatView['betting'], string> = {
  open: 'deciding',
  confirmed: 'bet in',
  'no-bet': 'no bet',
};

/**
 * Where seats sit on the rim: round the oval clockwise from just right of the dealer (seat 1, the
 * dealer's left) to just left of them, spaced evenly by length so none crowd at the narrow ends.
 */
const ARC_FROM = -0.18; // turns, clockwise from the right-hand end of the oval
const ARC_TO = 0.68; // the dealer keeps the gap at the top
const ASPECT = 2.05; // the felt's width over its height

function arcPoints(count: number): CSSProperties[] {
  const steps = 400;
  const points: { x: number; y: number; at: number }[] = [];
  let length = 0;
  for (let i = 0; i <= steps; i++) {
    const angle = (ARC_FROM + ((ARC_TO - ARC_FROM) * i) / steps) * 2 * Math.PI;
    const x = Math.cos(angle);
    const y = Math.sin(angle);
    const previous = points[i - 1];
    if (previous) length += Math.hypot((x - previous.x) * ASPECT, y - previous.y);
    points.push({ x, y, at: length });
  }
  return Array.from({ length: count }, (_, n) => {
    const target = count === 1 ? length / 2 : (length * n) / (count - 1);
    const point = points.find((p) => p.at >= target) ?? points[points.length - 1]!;
    return {
      left: `${(50 + 50 * point.x).toFixed(2)}%`,
      top: `${(50 + 50 * point.y).toFixed(2)}%`,
    };
  });
}

export function Seats(props: SeatsProps) {
  const bySeat = new Map(props.seats.map((s) => [s.seat, s]));
  const places = arcPoints(props.count);
  const words = props.words ?? PUNTO_BANCO_WORDS;
  const marker = words.holds.charAt(0).toUpperCase() + words.holds.slice(1);
  return (
    <ol className={`seats${props.yourSeat === null ? '' : ' seats--seated'}`} aria-label="Seats">
      {Array.from({ length: props.count }, (_, i) => i + 1).map((n) => {
        const seat = bySeat.get(n);
        const style = places[n - 1];
        if (!seat) {
          return (
            <li key={n} className="seat seat--empty" style={style} data-testid={`seat-${n}`}>
              <span className="seat__number">{n}</span>
              {props.onSit ? (
                <SitButton seat={n} asks={props.asks ?? false} onSit={props.onSit} />
              ) : (
                <span className="seat__free">Empty</span>
              )}
            </li>
          );
        }
        const holder = props.holder === n;
        // T1.5: every connection of the player dropped; the seat is held for them a while.
        const away = seat.awayUntil !== null;
        const out = props.sittingOut?.includes(n) ?? false;
        const stake = props.stakes.get(n) ?? 0;
        const change = props.changes.get(n);
        return (
          <li
            key={n}
            className={`seat${props.yourSeat === n ? ' seat--you' : ''}${holder ? ' seat--holder' : ''}${away || out ? ` ${SEAT_RESTING}` : ''}`}
            style={style}
            data-testid={`seat-${n}`}
            data-holder={holder ? 'true' : undefined}
            data-player-id={seat.player.id}
            aria-label={`Seat ${n}: ${seat.player.name}${props.yourSeat === n ? ' (you)' : ''}${holder ? `, holds the ${words.holds}` : ''}${seatStateWords(away, out)}`}
          >
            <span className="seat__number">{n}</span>
            <span className="seat__name">
              {seat.player.name}
              {props.yourSeat === n ? <em> (you)</em> : null}
            </span>
            <span
              className="seat__balance"
              data-testid={`seat-balance-${n}`}
              data-minor={seat.balance}
            >
              {chips(seat.balance)}
            </span>
            {change ? (
              <span className="seat__status seat__changes">
                {change.lost > 0 ? (
                  <span className="seat__change seat__change--lost" data-testid={`seat-lost-${n}`}>
                    {signedChips(-change.lost)}
                  </span>
                ) : null}
                {change.won > 0 ? (
                  <span className="seat__change seat__change--won" data-testid={`seat-won-${n}`}>
                    {signedChips(change.won)}
                  </span>
                ) : null}
                {change.lost === 0 && change.won === 0 ? 'stake back' : null}
              </span>
            ) : (
              <span className={`seat__status seat__status--${seat.betting}`}>
                {stake > 0
                  ? `${chips(stake)} ${words.stake}`
                  : out
                    ? SITTING_OUT
                    : props.betting
                      ? DECIDED[seat.betting]
                      : ' '}
              </span>
            )}
            {holder ? (
              <span className="shoe-marker" title={`Holds the ${words.holds}`}>
                {marker}
              </span>
            ) : null}
            {props.offerTo === n ? <span className="offer-marker">offered</span> : null}
            {away ? (
              <span className="away-marker" title="Disconnected: the seat is held for a while">
                away
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
