'use client';
import type { CheminCards, CheminDeFerView, CoupView } from '@banco/protocol';
import { cheminDeFer, handTotal, type CardCode } from '@banco/rules';
import { useEffect, useRef, useState } from 'react';
import { chips } from '../../lib/format';
import {
  CELL_WORDS,
  burnWords,
  cagnotteWords,
  callWords,
  coupResultWords,
  coupStory,
  offerWords,
  oddsWords,
  share,
  type NameOf,
} from '../../chemin/words';
import { Card } from '../Card';
import { Countdown } from '../Countdown';

type Call = CoupView['calls'][number]['call'];
type Option = 'draw' | 'stand';

export interface CheminActions {
  post(coup: number, amount: number): void;
  decline(): void;
  pass(): void;
  cover(coup: number, call: Call): void;
  choose(hand: 'punto' | 'banker', coup: number, option: Option): void;
}

export interface CheminTableProps {
  view: CheminDeFerView;
  /** This player's own face-down cards (and a choice's odds), from `table.private`. */
  cards: CheminCards | null;
  you: number | null;
  /** This player's chips, for the largest stake he can offer. */
  balance: number | null;
  /** The room's bank limits, when the page knows them. */
  limits: { min: number; max: number } | null;
  clockOffset: number;
  name: NameOf;
  actions: CheminActions;
  /** Between shoes: the bank waits for the new shoe, so nothing may be posted or passed. */
  shuffling?: boolean;
  /** The seat that passed its riding bank, when the offer moved on from it (R17.3). */
  passed?: number | null;
  /** R17.2: the room's cagnotte, when the page knows it. */
  cagnottePercent?: number | null;
  /** R10.3: the shoe's burn card turned face up, and how many went under it. */
  burn?: { shown: string | null; burned: number } | null;
}

/** On the felt: whose bank and how much is covered, then the two hands. */
export function CheminFelt(props: CheminTableProps) {
  const { view } = props;
  const shown = view.coup ?? view.last;
  const result = shown?.phase === 'settled' ? coupResultWords(shown) : null;
  return (
    <div className="chemin" aria-label="The bank and the hands" role="group" data-testid="chemin">
      {shown && result ? (
        <div
          className={`banner banner--${shown.settlement?.outcome ?? 'tie'}`}
          data-testid="result-banner"
          data-outcome={shown.settlement?.outcome}
          data-round={shown.coup}
        >
          {result}
        </div>
      ) : null}
      <BankLine {...props} coup={view.coup} />
      {shown && shown.phase !== 'covering' && shown.phase !== 'not-dealt' ? (
        <Hands {...props} coup={shown} />
      ) : null}
    </div>
  );
}

/** Below the felt: what this player may do now, and the coup's story. */
export function CheminPanel(props: CheminTableProps) {
  const shown = props.view.coup ?? props.view.last;
  const burn = props.burn ? burnWords(props.burn.shown, props.burn.burned) : null;
  const act = useRef<HTMLDivElement>(null);
  const turn = yourTurn(props);
  // Under the felt, the table's call to this player can fall below a laptop's or a phone's fold:
  // it is brought into view once, when it starts.
  useEffect(() => {
    if (turn !== null) act.current?.scrollIntoView?.({ block: 'nearest' });
  }, [turn]);
  return (
    <section className="bets chemin-panel" aria-label="Your play">
      <div className="chemin__act" data-testid="chemin-act" ref={act}>
        <Act {...props} />
      </div>
      {shown ? <Story coup={shown} name={props.name} /> : null}
      {props.cagnottePercent != null ? (
        <p className="chemin__house" data-testid="cagnotte-rate">
          {cagnotteWords(props.cagnottePercent)}
        </p>
      ) : null}
      {burn ? (
        <p className="chemin__house" data-testid="burn-card">
          {burn}
        </p>
      ) : null}
    </section>
  );
}

const offeredBy = (call: Call, bank: number) => cheminDeFer.offered(call, bank);

/** What the table waits for this player to do now, as a key that changes with each new call. */
function yourTurn({ view, you, shuffling, cards }: CheminTableProps): string | null {
  if (you === null) return null;
  const { coup, offer } = view;
  if (!coup) {
    const offered = offer.kind !== 'vacant' && offer.seat === you && !shuffling;
    return offered ? `offer ${view.nextCoup} ${view.offerUntil}` : null;
  }
  // The odds come a moment after the choice, on the player's own channel, and push it down.
  if (coup.pending?.seat === you) {
    return `choice ${coup.coup} ${coup.pending.hand} ${cards?.coup === coup.coup && cards.odds ? 'odds' : ''}`;
  }
  const calling =
    coup.phase === 'covering' &&
    coup.punters.includes(you) &&
    !coup.calls.some((c) => c.seat === you);
  return calling ? `cover ${coup.coup}` : null;
}

function BankLine({ view, name, coup }: CheminTableProps & { coup: CoupView | null }) {
  if (!coup) {
    const rides = view.offer.kind === 'ride';
    return (
      <p className="chemin__bank" data-testid="chemin-bank">
        {rides && view.offer.kind === 'ride' ? (
          <>
            <span className="chemin__who">{name(view.offer.seat)}’s bank</span>{' '}
            <strong data-testid="bank-amount" data-minor={view.offer.amount}>
              {chips(view.offer.amount)}
            </strong>
          </>
        ) : (
          <span className="chemin__who">The bank is open</span>
        )}
      </p>
    );
  }
  const covered =
    coup.cover?.covered ?? coup.calls.reduce((sum, c) => sum + offeredBy(c.call, coup.bank), 0);
  const left = Math.max(0, coup.bank - covered);
  return (
    <div className="chemin__bank" data-testid="chemin-bank">
      <p>
        <span className="chemin__who">{name(coup.banker)}’s bank</span>{' '}
        <strong data-testid="bank-amount" data-minor={coup.bank}>
          {chips(coup.bank)}
        </strong>
      </p>
      <div
        className="chemin__covered"
        role="meter"
        aria-label="Covered"
        aria-valuemin={0}
        aria-valuemax={coup.bank}
        aria-valuenow={Math.min(covered, coup.bank)}
        aria-valuetext={`${chips(Math.min(covered, coup.bank))} of ${chips(coup.bank)} covered`}
      >
        <span style={{ width: `${Math.min(100, (covered / coup.bank) * 100)}%` }} />
      </div>
      <p className="chemin__cover-words" data-testid="covered">
        {chips(Math.min(covered, coup.bank))} of {chips(coup.bank)} covered
        {coup.phase === 'covering' && left > 0 ? ` · ${chips(left)} still open` : ''}
      </p>
      <ul className="chemin__covers">
        {(coup.cover?.covers ?? []).map((c) => (
          <li key={c.seat} data-testid={`cover-${c.seat}`}>
            {name(c.seat)} <strong>{chips(c.amount)}</strong>
            {coup.cover?.puntoSeat === c.seat ? ' · plays the punto' : ''}
          </li>
        ))}
        {coup.phase === 'covering'
          ? coup.calls.map((c) => (
              <li key={c.seat} data-testid={`call-${c.seat}`}>
                {name(c.seat)}: {callWords(c.call)}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}

/** A hand's cards, own face-down cards filled in from `table.private`. */
function handCards(
  shown: readonly (string | null)[],
  own: readonly string[] | null,
): (string | null)[] {
  return shown.map((card, i) => card ?? own?.[i] ?? null);
}

function totalOf(cards: readonly (string | null)[]): number | null {
  return cards.length > 0 && cards.every((c) => c !== null) ? handTotal(cards as CardCode[]) : null;
}

function Hands({ coup, cards, name }: CheminTableProps & { coup: CoupView }) {
  const own = (hand: 'punto' | 'banker') =>
    cards && cards.coup === coup.coup && cards.hand === hand ? cards.cards : null;
  const hands = [
    {
      hand: 'punto' as const,
      title: coup.cover?.puntoSeat != null ? `Punto · ${name(coup.cover.puntoSeat)}` : 'Punto',
      cards: handCards(coup.cards.punto, own('punto')),
    },
    {
      hand: 'banker' as const,
      title: `Banker · ${name(coup.banker)}`,
      cards: handCards(coup.cards.banker, own('banker')),
    },
  ];
  const winner = coup.settlement?.outcome;
  return (
    <div className="chemin__hands">
      {hands.map((h) => {
        const total = totalOf(h.cards);
        const won =
          (winner === 'player' && h.hand === 'punto') ||
          (winner === 'banker' && h.hand === 'banker');
        return (
          <div
            key={h.hand}
            className={`chemin__hand${won ? ' chemin__hand--won' : ''}`}
            data-testid={`hand-${h.hand}`}
          >
            <h3>{h.title}</h3>
            <div className="hand__cards chemin__cards">
              {h.cards.map((face, i) => (
                <Card
                  key={i}
                  face={face}
                  hand={h.hand === 'punto' ? 'player' : 'banker'}
                  third={i === 2}
                />
              ))}
            </div>
            <p className="chemin__total" data-testid={`total-${h.hand}`}>
              {total === null ? 'face down' : `Total ${total}`}
            </p>
          </div>
        );
      })}
    </div>
  );
}

function Act(props: CheminTableProps) {
  const { view, you, name, clockOffset } = props;
  const coup = view.coup;
  if (coup === null) return <BetweenCoups {...props} />;
  if (coup.phase === 'covering') return <Covering {...props} coup={coup} />;
  if (coup.pending) {
    const { pending } = coup;
    const mine = pending.seat === you;
    return (
      <div className="chemin__choice" data-testid="choice">
        {mine ? (
          <YourChoice {...props} coup={coup} pending={pending} />
        ) : (
          <p role="status" data-testid="choosing">
            {name(pending.seat)} ({pending.hand === 'punto' ? 'punto' : 'banker'}) is choosing
            whether to draw…
          </p>
        )}
        {pending.deadline !== null ? (
          <Countdown
            deadline={pending.deadline}
            clockOffset={clockOffset}
            label="Then the rule decides"
            testId="choice-clock"
          />
        ) : null}
      </div>
    );
  }
  return <p role="status">The cards are out.</p>;
}

function YourChoice({
  coup,
  pending,
  cards,
  actions,
}: CheminTableProps & { coup: CoupView; pending: NonNullable<CoupView['pending']> }) {
  const own = cards && cards.coup === coup.coup && cards.hand === pending.hand ? cards : null;
  const odds = own?.odds ?? null;
  const cell = own?.cell ?? null;
  const options: { option: Option; label: string }[] = [
    { option: 'draw', label: 'Draw a card' },
    { option: 'stand', label: 'Stand' },
  ];
  return (
    <>
      <p className="chemin__your-choice" data-testid="your-choice">
        Your choice: draw or stand
        {cell ? ` ${CELL_WORDS[cell]}? The rule would ${cheminDeFer.RULE_OPTION[cell]}.` : '?'}
      </p>
      {odds ? (
        <table className="chemin__odds" data-testid="choice-odds">
          <caption>Your exact chances from the cards you have not seen</caption>
          <thead>
            <tr>
              <th scope="col">If you</th>
              <th scope="col">win</th>
              <th scope="col">lose</th>
              <th scope="col">tie</th>
            </tr>
          </thead>
          <tbody>
            {options.map(({ option }) => {
              const o = odds[option];
              return (
                <tr
                  key={option}
                  data-testid={`odds-${option}`}
                  aria-label={`${option}: ${oddsWords({ ...o, denominator: odds.denominator })}`}
                >
                  <th scope="row">{option}</th>
                  <td>{share(o.win, odds.denominator)}</td>
                  <td>{share(o.lose, odds.denominator)}</td>
                  <td>{share(o.tie, odds.denominator)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <div className="chemin__buttons">
        {options.map(({ option, label }) => (
          <button
            key={option}
            type="button"
            className={option === 'draw' ? 'primary big' : 'big'}
            data-testid={`choose-${option}`}
            onClick={() => actions.choose(pending.hand, coup.coup, option)}
          >
            {label}
          </button>
        ))}
      </div>
    </>
  );
}

function Covering({
  coup,
  you,
  balance,
  name,
  actions,
  clockOffset,
}: CheminTableProps & { coup: CoupView }) {
  const [stake, setStake] = useState('');
  const called = coup.calls.some((c) => c.seat === you);
  const punter = you !== null && coup.punters.includes(you);
  const clock =
    coup.coverClosesAt !== null ? (
      <Countdown
        deadline={coup.coverClosesAt}
        clockOffset={clockOffset}
        label="The cover closes"
        testId="cover-clock"
      />
    ) : null;
  if (you === coup.banker || !punter || called) {
    const next = coup.punters.find((p) => !coup.calls.some((c) => c.seat === p));
    return (
      <>
        <p role="status" data-testid="cover-waiting">
          {you === coup.banker ? 'Your bank is open. ' : called ? 'Your call is in. ' : ''}
          {next === undefined ? 'Every punter has called.' : `Waiting for ${name(next)}’s call.`}
        </p>
        {clock}
      </>
    );
  }
  const half = cheminDeFer.avecLaTableShare(coup.bank);
  const amount = Math.round(Number(stake) * 100);
  const stakeOk = Number.isInteger(amount) && amount > 0 && amount <= coup.bank;
  const call = (c: Call) => actions.cover(coup.coup, c);
  return (
    <>
      <p className="chemin__your-call" data-testid="your-call">
        {coup.bancoSuivi === you
          ? 'You lost the last banco: you have first claim to call it again.'
          : `Cover ${name(coup.banker)}’s bank: all of it, half with the table, or a stake.`}
      </p>
      <div className="chemin__buttons">
        <button
          type="button"
          className="primary big"
          data-testid="call-banco"
          disabled={balance !== null && balance < coup.bank}
          onClick={() => call({ kind: 'banco' })}
        >
          Banco! <span className="chemin__sub">cover all {chips(coup.bank)}</span>
        </button>
        <button
          type="button"
          className="big"
          data-testid="call-avec"
          disabled={balance !== null && balance < half}
          onClick={() => call({ kind: 'avec-la-table' })}
        >
          Avec la table <span className="chemin__sub">half: {chips(half)}</span>
        </button>
      </div>
      <form
        className="chemin__stake"
        onSubmit={(e) => {
          e.preventDefault();
          if (stakeOk) call({ kind: 'stake', amount });
        }}
      >
        <label htmlFor="chemin-stake">A stake of</label>
        <input
          id="chemin-stake"
          type="number"
          inputMode="numeric"
          min={1}
          max={coup.bank / 100}
          value={stake}
          onChange={(e) => setStake(e.target.value)}
        />
        <button type="submit" data-testid="call-stake" disabled={!stakeOk}>
          Cover {stakeOk ? chips(amount) : ''}
        </button>
        <button type="button" data-testid="call-none" onClick={() => call({ kind: 'none' })}>
          No call
        </button>
      </form>
      {clock}
    </>
  );
}

function BetweenCoups(props: CheminTableProps) {
  const { view, you, limits, name, actions, clockOffset, passed = null } = props;
  const { offer } = view;
  const [amount, setAmount] = useState(() => String((limits?.min ?? 100) / 100));
  // T15.2: an unanswered riding bank is passed, as if its banker had passed it (R17.3).
  const clock =
    view.offerUntil !== null ? (
      <Countdown
        deadline={view.offerUntil}
        clockOffset={clockOffset}
        label={
          offer.kind === 'ride'
            ? 'Then the bank passes to the next seat'
            : 'Then it counts as declined'
        }
        testId="offer-clock"
      />
    ) : null;
  const shuffling = props.shuffling === true && view.offerUntil === null;
  const words = (
    <>
      {shuffling ? (
        <p role="status" data-testid="shuffling">
          The shoe is over: a new shoe is being shuffled. The bank is offered again once it is
          ready.
        </p>
      ) : null}
      <p role={shuffling ? undefined : 'status'} data-testid="offer">
        {offerWords(view, name, you, passed)}
      </p>
    </>
  );
  if (offer.kind === 'ride' && offer.seat === you) {
    return (
      <>
        {words}
        <div className="chemin__buttons">
          <button
            type="button"
            className="primary big"
            data-testid="bank-ride"
            disabled={shuffling}
            onClick={() => actions.post(view.nextCoup, offer.amount)}
          >
            Let it ride: {chips(offer.amount)}
          </button>
          <button
            type="button"
            className="big"
            data-testid="bank-pass"
            disabled={shuffling}
            onClick={actions.pass}
          >
            Pass the bank <span className="chemin__sub">la banque passe</span>
          </button>
        </div>
        {clock}
      </>
    );
  }
  if (offer.kind === 'fresh' && offer.seat === you) {
    const minor = Math.round(Number(amount) * 100);
    return (
      <>
        {words}
        <form
          className="chemin__stake"
          onSubmit={(e) => {
            e.preventDefault();
            if (minor > 0 && !shuffling) actions.post(view.nextCoup, minor);
          }}
        >
          <label htmlFor="chemin-bank">Your bank</label>
          <input
            id="chemin-bank"
            type="number"
            inputMode="numeric"
            min={limits ? limits.min / 100 : 1}
            max={limits ? limits.max / 100 : undefined}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <button
            type="submit"
            className="primary"
            data-testid="bank-post"
            disabled={shuffling || !(minor > 0)}
          >
            Put up the bank
          </button>
          <button
            type="button"
            data-testid="bank-decline"
            disabled={shuffling}
            onClick={actions.decline}
          >
            Decline the bank
          </button>
        </form>
        {limits ? (
          <p className="field__hint">
            From {chips(limits.min)} to {chips(limits.max)} chips.
          </p>
        ) : null}
        {clock}
      </>
    );
  }
  return (
    <>
      {words}
      {clock}
    </>
  );
}

function Story({ coup, name }: { coup: CoupView; name: NameOf }) {
  return (
    <section className="chemin__story" aria-label="This coup">
      <h3>Coup {coup.coup}</h3>
      <ol data-testid="coup-story">
        {coupStory(coup, name).map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </section>
  );
}
