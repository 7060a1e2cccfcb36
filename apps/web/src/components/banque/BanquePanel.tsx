'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { chips } from '../../lib/format';
import type {
  BancoOn,
  BankerValues,
  BanqueCoup,
  BanqueModel,
  StakeOn,
  Tableau,
} from '../../banque/model';
import {
  BANCO_WORDS,
  cagnotteWords,
  coupStory,
  expectedChips,
  optionWords,
  stageWords,
  TABLEAU_WORDS,
  type NameOf,
} from '../../banque/words';
import { Countdown } from '../Countdown';

export interface BanqueActions {
  bid(amount: number): void;
  /** The bank offered to this seat (down the list, or to take over): put one up, or decline. */
  post(how: 'list' | 'take-over', amount: number): void;
  decline(): void;
  stake(on: StakeOn, amount: number): void;
  banco(on: BancoOn): void;
  /** Half the bank on one's own tableau, with a punter of the other side. */
  bancoShared(): void;
  noStake(): void;
  holderChoose(option: 'draw' | 'stand'): void;
  bankerChoose(option: 'draw' | 'stand'): void;
  topUp(to: number): void;
  retire(): void;
}

export interface BanquePanelProps {
  model: BanqueModel;
  you: number | null;
  /** The side this player sits on, if a punter. */
  yourSide: Tableau | null;
  balance: number | null;
  /** Only on the banker's own page, for the coup in play. */
  values: BankerValues | null;
  /** A holder asked to call: his own two cards' total, from his own private cards. */
  holderTotal: number | null;
  clockOffset: number;
  name: NameOf;
  actions: BanqueActions;
}

const minorOf = (text: string): number => Math.round(Number(text) * 100);

/** Where a stake rides, as the watcher's button says it. */
const ON_WORDS: Record<StakeOn, string> = {
  right: 'on the right tableau',
  left: 'on the left tableau',
  cheval: 'à cheval (both tableaux)',
};

/** Below the felt: what this player may do now, the coup's story, and the house's facts. */
export function BanquePanel(props: BanquePanelProps) {
  const { model } = props;
  const act = useRef<HTMLDivElement>(null);
  const turn = yourTurn(props);
  // The call to act can fall below a phone's fold: brought into view once, when it starts.
  useEffect(() => {
    if (turn) act.current?.scrollIntoView?.({ block: 'nearest' });
  }, [turn]);
  return (
    <section className="bets banque-panel" aria-label="Your play">
      <div className="banque__act" data-testid="banque-act" ref={act}>
        <p role="status" data-testid="banque-stage">
          {stageWords(model, props.name, props.you)}
        </p>
        <Act {...props} />
      </div>
      {model.coup ? <Story coup={model.coup} name={props.name} /> : null}
      {model.previous ? (
        <Story coup={model.previous} name={props.name} title="The coup before" />
      ) : null}
      <p className="banque__house" data-testid="cagnotte-rate">
        {cagnotteWords(model.house.cagnottePercent)}
        {model.coup && model.coup.cagnotte > 0 ? ` This coup: ${chips(model.coup.cagnotte)}.` : ''}
      </p>
    </section>
  );
}

/** A key that changes each time the table waits on this player. */
function yourTurn({ model, you }: BanquePanelProps): string | null {
  const s = model.stage;
  const coup = model.coup?.coup ?? 0;
  switch (s.kind) {
    case 'staking':
      return s.mayCall ? `stake ${coup}` : null;
    case 'holder-choice':
      return s.seat === you ? `hold ${coup}` : null;
    case 'banker-choice':
    case 'bank-dry':
      return model.banker === you ? `${s.kind} ${coup}` : null;
    case 'offer':
      return s.seat === you ? `${s.how} ${s.seat}` : null;
    default:
      return null;
  }
}

function Story({ coup, name, title }: { coup: BanqueCoup; name: NameOf; title?: string }) {
  return (
    <section className="banque__story" aria-label={title ?? 'This coup'}>
      <h3>{title ? `${title}: coup ${coup.coup}` : `Coup ${coup.coup}`}</h3>
      <ol data-testid={title ? 'previous-story' : 'coup-story'}>
        {coupStory(coup, name).map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </section>
  );
}

function Clock({ at, label, offset }: { at: number | null; label: string; offset: number }) {
  return at === null ? null : (
    <Countdown deadline={at} clockOffset={offset} label={label} testId="banque-clock" />
  );
}

function Act(props: BanquePanelProps) {
  const { model, you, clockOffset } = props;
  const s = model.stage;
  const banker = you !== null && you === model.banker;
  switch (s.kind) {
    case 'auction':
      return (
        <>
          {you === null ? null : (
            <AmountForm
              id="banque-bid"
              label="Your bid for the bank"
              submit="Bid"
              testId="bid"
              initial={s.min}
              min={s.min}
              max={s.max}
              onSubmit={props.actions.bid}
            />
          )}
          <ul className="banque__bids" data-testid="bids">
            {s.bids.map((b) => (
              <li key={`${b.seat}-${b.amount}`}>
                {props.name(b.seat)} bids <strong>{chips(b.amount)}</strong>
              </li>
            ))}
          </ul>
          <Clock at={s.closesAt} offset={clockOffset} label="The auction closes" />
        </>
      );
    case 'offer': {
      const clock = (
        <Clock
          at={s.closesAt}
          offset={clockOffset}
          label={s.how === 'list' ? 'Then it passes down the list' : 'Then it is offered on'}
        />
      );
      if (s.seat !== you) return clock;
      return (
        <>
          <AmountForm
            id="banque-post"
            label="Your bank"
            submit={s.how === 'list' ? 'Hold the bank' : 'Take over the bank'}
            testId="post-bank"
            initial={s.min}
            min={s.min}
            max={s.max}
            onSubmit={(amount) => props.actions.post(s.how, amount)}
          />
          <button type="button" data-testid="decline-bank" onClick={props.actions.decline}>
            {s.how === 'list' ? 'Pass it down the list' : 'No, thanks'}
          </button>
          {clock}
        </>
      );
    }
    case 'staking':
      return (
        <>
          {s.mayCall && !banker ? <Staking {...props} /> : null}
          <Clock at={s.closesAt} offset={clockOffset} label="Stakes close" />
        </>
      );
    case 'holder-choice':
      return (
        <>
          {s.seat === you ? <HolderCall {...props} tableau={s.tableau} /> : null}
          <Clock at={s.deadline} offset={clockOffset} label="Then the rule decides" />
        </>
      );
    case 'banker-choice':
      return (
        <>
          {banker ? <Decision {...props} /> : null}
          <Clock at={s.deadline} offset={clockOffset} label="Then the room’s rule decides" />
        </>
      );
    case 'bank-dry':
      return banker ? (
        <>
          <AmountForm
            id="banque-top-up"
            label="Top the bank up to"
            submit="Top up"
            testId="top-up"
            initial={s.min}
            min={s.min}
            max={s.max}
            onSubmit={props.actions.topUp}
          />
          <div className="banque__buttons">
            <button
              type="button"
              className="big"
              data-testid="retire"
              onClick={props.actions.retire}
            >
              Retire with {chips(model.bank?.now ?? 0)}
            </button>
          </div>
          <Clock at={s.deadline} offset={clockOffset} label="Then you retire" />
        </>
      ) : (
        <Clock at={s.deadline} offset={clockOffset} label="Then the banker retires" />
      );
    case 'between':
      return banker && s.mayRetire && model.bank ? (
        <div className="banque__buttons">
          <button type="button" className="big" data-testid="retire" onClick={props.actions.retire}>
            Retire with {chips(model.bank.now)}
          </button>
        </div>
      ) : null;
    case 'playing':
    case 'no-bank':
      return null;
  }
}
/**
 * R23.3: every holder is asked, so that a wait never tells the table a tableau holds 5; on any
 * other total the punto rule decides, and the holder only says "carry on".
 */
function HolderCall({ holderTotal, actions, tableau }: BanquePanelProps & { tableau: Tableau }) {
  if (holderTotal !== null && holderTotal !== 5) {
    const draws = holderTotal <= 4;
    return (
      <>
        <p className="field__hint">
          You have {holderTotal}: the rule {draws ? 'draws' : 'stands'} for {TABLEAU_WORDS[tableau]}
          . Everyone waits the same for each holder, so nobody learns who holds 5.
        </p>
        <div className="banque__buttons">
          <button
            type="button"
            className="primary big"
            data-testid="holder-carry-on"
            onClick={() => actions.holderChoose(draws ? 'draw' : 'stand')}
          >
            {draws ? `Draw on ${holderTotal}` : `Stand on ${holderTotal}`}
          </button>
        </div>
      </>
    );
  }
  return (
    <div className="banque__buttons">
      <button
        type="button"
        className="primary big"
        data-testid="holder-draw"
        onClick={() => actions.holderChoose('draw')}
      >
        Draw a card <span className="banque__sub">on 5, for {TABLEAU_WORDS[tableau]}</span>
      </button>
      <button
        type="button"
        className="big"
        data-testid="holder-stand"
        onClick={() => actions.holderChoose('stand')}
      >
        Stand on 5
      </button>
    </div>
  );
}

/** The punter's call: a Banco on either tableau or across both, or a stake of his own. */
function Staking({ model, yourSide, balance, actions, you }: BanquePanelProps) {
  const bank = model.bank?.now ?? 0;
  const staked = (model.coup?.stakes ?? []).reduce((sum, s) => sum + s.amount, 0);
  const open = Math.max(0, bank - staked);
  const [amount, setAmount] = useState('');
  const [on, setOn] = useState<StakeOn>(yourSide ?? 'right');
  const minor = minorOf(amount);
  const ok = Number.isInteger(minor) && minor > 0 && (balance === null || minor <= balance);
  const short = balance !== null && balance < bank;
  const choices: StakeOn[] =
    yourSide === 'left' ? ['left', 'right', 'cheval'] : ['right', 'left', 'cheval'];
  const bancos: BancoOn[] =
    yourSide === 'left' ? ['left', 'right', 'halves'] : ['right', 'left', 'halves'];
  return (
    <>
      {you === null ? null : (
        <p data-testid="your-call">{chips(open)} of the bank is still open.</p>
      )}
      {you !== null ? (
        <div className="banque__buttons">
          {bancos.map((c) => (
            <button
              key={c}
              type="button"
              className={c === (yourSide ?? 'right') ? 'primary big' : 'big'}
              data-testid={`banco-${c}`}
              disabled={short}
              onClick={() => actions.banco(c)}
            >
              Banco!{' '}
              <span className="banque__sub">
                all {chips(bank)} {BANCO_WORDS[c]}
              </span>
            </button>
          ))}
          <button
            type="button"
            className="big"
            data-testid="banco-shared"
            disabled={balance !== null && balance < Math.ceil(bank / 2)}
            onClick={actions.bancoShared}
          >
            Share a Banco{' '}
            <span className="banque__sub">
              half, {chips(Math.ceil(bank / 2))}, with a punter of the other side
            </span>
          </button>
        </div>
      ) : null}
      <form
        className="banque__stake"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (ok) actions.stake(on, minor);
        }}
      >
        <fieldset className="banque__on">
          <legend>Stake on</legend>
          {choices.map((c) => (
            <label key={c}>
              <input type="radio" name="banque-on" checked={on === c} onChange={() => setOn(c)} />
              {c === 'cheval'
                ? 'À cheval (both)'
                : c === 'right'
                  ? 'Right tableau'
                  : 'Left tableau'}
            </label>
          ))}
        </fieldset>
        <label htmlFor="banque-stake">Chips</label>
        <input
          id="banque-stake"
          type="number"
          inputMode="numeric"
          min={1}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        {you === null ? (
          // R22.6: a watcher's one call is a plain stake on what the seated left open.
          <button type="submit" className="primary" data-testid="watcher-cover" disabled={!ok}>
            Cover {ok ? `${chips(minor)} ` : ''}
            {ON_WORDS[on]} as a watcher
          </button>
        ) : (
          <>
            <button type="submit" data-testid="stake" disabled={!ok}>
              Stake {ok ? chips(minor) : ''}
            </button>
            <button type="button" data-testid="no-stake" onClick={actions.noStake}>
              No stake
            </button>
          </>
        )}
      </form>
      <p className="field__hint">
        À cheval wins only if both tableaux win, loses only if both lose, and otherwise stands.
      </p>
    </>
  );
}

/** The banker's own decision: the exact value of each option, per tableau and in all. */
function Decision({ values, actions }: BanquePanelProps) {
  if (!values) return <p>Working out the value of each option…</p>;
  const options = ['draw', 'stand'] as const;
  return (
    <div className="banque__decision" data-testid="banker-decision">
      <table className="banque__values" data-testid="banker-values">
        <caption>
          Your expected chips for each option, from the cards left in the shoe and the stakes on
          each tableau, taking a holder on 5 to draw as the rule says (a holder who stood on 5 is
          not counted)
        </caption>
        <thead>
          <tr>
            <th scope="col">If you</th>
            <th scope="col">right tableau</th>
            <th scope="col">left tableau</th>
            <th scope="col">à cheval</th>
            <th scope="col">in all</th>
          </tr>
        </thead>
        <tbody>
          {options.map((o) => (
            <tr key={o} data-testid={`value-${o}`} aria-label={optionWords(o, values[o])}>
              <th scope="row">{o}</th>
              <td>{expectedChips(values[o].right)}</td>
              <td>{expectedChips(values[o].left)}</td>
              <td>{expectedChips(values[o].cheval)}</td>
              <td>
                <strong>{expectedChips(values[o].total)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field__hint">
        If time runs out, the room {values.rule === 'draw' ? 'draws' : 'stands'} for you.
      </p>
      <div className="banque__buttons">
        {options.map((o) => (
          <button
            key={o}
            type="button"
            className={o === values.rule ? 'primary big' : 'big'}
            data-testid={`banker-${o}`}
            onClick={() => actions.bankerChoose(o)}
          >
            {o === 'draw' ? 'Draw' : 'Stand'}{' '}
            <span className="banque__sub">{expectedChips(values[o].total)} expected</span>
          </button>
        ))}
      </div>
    </div>
  );
}

function AmountForm(p: {
  id: string;
  label: string;
  submit: string;
  testId: string;
  initial: number;
  min: number;
  max: number | null;
  onSubmit: (minor: number) => void;
}) {
  const [text, setText] = useState(String(p.initial / 100));
  const minor = minorOf(text);
  const ok = Number.isInteger(minor) && minor >= p.min && (p.max === null || minor <= p.max);
  return (
    <form
      className="banque__stake"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) p.onSubmit(minor);
      }}
    >
      <label htmlFor={p.id}>{p.label}</label>
      <input
        id={p.id}
        type="number"
        inputMode="numeric"
        min={p.min / 100}
        max={p.max === null ? undefined : p.max / 100}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="primary" data-testid={p.testId} disabled={!ok}>
        {p.submit}
      </button>
      <span className="field__hint">
        {p.max === null ? `At least ${chips(p.min)}.` : `From ${chips(p.min)} to ${chips(p.max)}.`}
      </span>
    </form>
  );
}
