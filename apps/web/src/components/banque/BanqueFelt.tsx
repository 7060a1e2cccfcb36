'use client';
import type { SeatView } from '@banco/protocol';
import { handTotal, type CardCode } from '@banco/rules';
import { chips, signedChips } from '../../lib/format';
import { coveredOn, TABLEAUX, type BanqueModel, type Hand, type Tableau } from '../../banque/model';
import { bankRunWords, stakeWords, TABLEAU_TITLE, type NameOf } from '../../banque/words';
import { Card } from '../Card';
import { SEAT_RESTING, SitButton, SittingOutMark } from '../SeatMarks';

export interface BanqueFeltProps {
  model: BanqueModel;
  seats: readonly SeatView[];
  you: number | null;
  /** This player's own face-down cards (a holder's or the banker's), for the coup in play. */
  own: { coup: number; hand: Hand; cards: readonly string[] } | null;
  name: NameOf;
  /** Null when the viewer cannot sit. */
  onSit: ((seat: number) => void) | null;
  /** P9.7: the host approves each player here, so a free seat's button asks to sit. */
  asks?: boolean;
  /** P9.10: seats whose players sit out, marked as the Seats mark them. */
  sittingOut?: readonly number[] | undefined;
}

function totalOf(cards: readonly (string | null)[]): number | null {
  return cards.length > 0 && cards.every((c) => c !== null) ? handTotal(cards as CardCode[]) : null;
}

/** The coup whose cards lie on the table: the one in play once dealt, else the one before. */
function onTable(model: BanqueModel) {
  const coup = model.coup;
  return coup && coup.cards.banker.length === 0 && model.previous ? model.previous : coup;
}

/** The hand's cards, this player's own face-down ones filled in. */
function cardsOf(props: BanqueFeltProps, hand: Hand): (string | null)[] {
  const coup = onTable(props.model);
  if (!coup) return [];
  const own =
    props.own && props.own.coup === coup.coup && props.own.hand === hand ? props.own : null;
  return coup.cards[hand].map((c, i) => c ?? own?.cards[i] ?? null);
}

const RESULT_WORDS = { tableau: 'wins', banker: 'loses to the bank', tie: 'ties' } as const;

/**
 * The banker's seat at the head of the table, a tableau on each side of it: who holds each,
 * what is staked on it, its cards; and the seats of each half beneath.
 */
export function BanqueFelt(props: BanqueFeltProps) {
  const { model, name } = props;
  const coup = model.coup;
  const stakes = coup?.stakes ?? [];
  const covered = coveredOn(stakes);
  const shown = onTable(model);
  const bankerCards = cardsOf(props, 'banker');
  const bankerTotal = totalOf(bankerCards);
  return (
    <div
      className="banque"
      role="group"
      aria-label="The bank and the two tableaux"
      data-testid="banque"
    >
      <div className="banque__banker" data-testid="banque-banker">
        <h3>
          {model.banker === null ? 'The bank is not yet held' : `Banker · ${name(model.banker)}`}
          {model.banker !== null && model.banker === props.you ? <em> (you)</em> : null}
        </h3>
        {model.bank ? (
          <>
            <p className="banque__bank">
              Bank{' '}
              <strong data-testid="bank-amount" data-minor={model.bank.now}>
                {chips(model.bank.now)}
              </strong>
            </p>
            <p className="banque__run" data-testid="bank-run">
              {bankRunWords(model.bank)}
            </p>
          </>
        ) : null}
        {shown && shown.cards.banker.length > 0 ? (
          <div className="hand__cards banque__cards" aria-label="The banker’s cards">
            {bankerCards.map((face, i) => (
              <Card key={i} face={face} hand="banker" third={i === 2} />
            ))}
          </div>
        ) : null}
        {shown && shown.cards.banker.length > 0 ? (
          <p className="banque__total" data-testid="total-banker">
            {bankerTotal === null ? 'face down' : `Total ${bankerTotal}`}
          </p>
        ) : null}
        {coup && model.live && stakes.length > 0 ? (
          <p className="banque__covered" data-testid="banque-covered">
            Covered{' '}
            {chips(
              Math.min(
                stakes.reduce((s, x) => s + x.amount, 0),
                coup.bank,
              ),
            )}{' '}
            of {chips(coup.bank)}
            {covered.cheval > 0 ? ` · à cheval ${chips(covered.cheval)}` : ''}
          </p>
        ) : null}
      </div>
      {TABLEAUX.map((t) => (
        <Side key={t} {...props} tableau={t} covered={covered[t]} />
      ))}
    </div>
  );
}

function Side(props: BanqueFeltProps & { tableau: Tableau; covered: number }) {
  const { model, tableau, name, seats, you } = props;
  const side = model.sides[tableau];
  const coup = model.coup;
  const shown = onTable(model);
  const cards = cardsOf(props, tableau);
  const total = totalOf(cards);
  const result = shown?.results[tableau] ?? null;
  const stakes = (coup?.stakes ?? []).filter((s) => s.on === tableau || s.on === 'cheval');
  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  return (
    <section
      className={`banque__side banque__side--${tableau}${result === 'tableau' ? ' banque__side--won' : ''}`}
      aria-label={TABLEAU_TITLE[tableau]}
      data-testid={`side-${tableau}`}
    >
      <h3>
        {TABLEAU_TITLE[tableau]}
        <span className="banque__holder" data-testid={`holder-${tableau}`}>
          {side.holder === null
            ? ' · nobody holds it'
            : ` · held by ${side.holder === you ? 'you' : name(side.holder)}`}
        </span>
      </h3>
      {cards.length > 0 ? (
        <>
          <div className="hand__cards banque__cards" data-testid={`hand-${tableau}`}>
            {cards.map((face, i) => (
              <Card key={i} face={face} hand="player" third={i === 2} />
            ))}
          </div>
          <p className="banque__total" data-testid={`total-${tableau}`}>
            {total === null ? 'face down' : `Total ${total}`}
            {result ? ` · ${RESULT_WORDS[result]}` : ''}
          </p>
        </>
      ) : null}
      <p className="banque__staked" data-testid={`staked-${tableau}`} data-minor={props.covered}>
        Staked here: <strong>{chips(props.covered)}</strong>
      </p>
      {stakes.length > 0 ? (
        <ul className="banque__stakes">
          {stakes.map((s, i) => (
            <li key={i}>{stakeWords(s, name)}</li>
          ))}
        </ul>
      ) : null}
      <ol
        className="banque__seats"
        aria-label={`Seats of the ${tableau} side, nearest the banker first`}
      >
        {side.seats.map((n) => {
          const seat = bySeat.get(n);
          if (!seat) {
            return (
              <li key={n} className="banque__seat banque__seat--empty" data-testid={`seat-${n}`}>
                <span className="seat__number">{n}</span>
                {props.onSit ? (
                  <SitButton seat={n} asks={props.asks ?? false} onSit={props.onSit} />
                ) : (
                  <span>Empty</span>
                )}
              </li>
            );
          }
          const net = shown === coup && model.live ? 0 : (shown?.nets?.[n] ?? 0);
          const out = props.sittingOut?.includes(n) ?? false;
          return (
            <li
              key={n}
              className={`banque__seat${n === you ? ' banque__seat--you' : ''}${n === side.holder ? ' banque__seat--holder' : ''}${n === model.banker ? ' banque__seat--banker' : ''}${out ? ` ${SEAT_RESTING}` : ''}`}
              data-testid={`seat-${n}`}
              data-player-id={seat.player.id}
            >
              <span className="seat__number">{n}</span>
              <span className="banque__seat-name">
                {seat.player.name}
                {n === you ? <em> (you)</em> : null}
                {n === model.banker ? ' · banker' : n === side.holder ? ' · holds the cards' : ''}
                {seat.awayUntil !== null ? ' · away' : ''}
              </span>
              {out ? <SittingOutMark seat={n} /> : null}
              <span
                className="seat__balance"
                data-testid={`seat-balance-${n}`}
                data-minor={seat.balance}
              >
                {chips(seat.balance)}
              </span>
              {net !== 0 ? (
                <span className={`seat__change seat__change--${net > 0 ? 'won' : 'lost'}`}>
                  {signedChips(net)}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
