'use client';
import type { CommandInput, CommandName } from '@banco/protocol';
import { useEffect, useRef, useState } from 'react';
import { fairnessLink } from '../../fairness/records';
import { chips } from '../../lib/format';
import { loadHouseEdges } from '../../lib/house-edges';
import { refusalWords } from '../../lib/words';
import { changesBySeat, pipsOf, yourBets } from '../../store/derive';
import type { TableState } from '../../store/table-state';
import { edgeWords } from '../BetPanel';
import { FeltCentre } from '../FeltCentre';
import { PipStrip } from '../PipStrip';
import type { GameScreenProps } from '../table/game-screen';
import { RefusalNotice } from '../table/RefusalNotice';
import { TableShell } from '../table/TableShell';
import { clampStake, StakeStepper } from './StakeStepper';
import { SpotPicker, type PracticeSpot } from './SpotPicker';

type Edges = { player: number; banker: number; tie: number };

/** What the table is doing, in the words of a calm table (T12: it only ever waits for you). */
function statusOf(state: TableState, canBet: boolean): string {
  const { phase } = state;
  if (state.you.seat === null) return 'Taking your seat…';
  switch (phase.kind) {
    case 'waiting':
    case 'seeding':
      return 'Shuffling a fresh shoe…';
    case 'betting':
      return canBet ? 'Pick a side and a stake, then Deal. Take your time.' : 'Dealing…';
    case 'closed':
    case 'dealing':
    case 'turning':
      return 'The cards are coming out.';
    case 'settling':
      return 'Settling your bet.';
    case 'result':
      return 'Round over. Start a new round whenever you like.';
    default: {
      const unknown: never = phase;
      return String(unknown);
    }
  }
}

/**
 * T12: the practice table, a private table for one where nothing is timed. One bet a round on
 * one spot, a stake from 10 to 500, Deal, then New round when you are ready.
 */
export default function PracticeTable({ table, tableId, perms }: GameScreenProps) {
  const { state, send } = table;
  const settings = state.settings!;
  const { seat, mySeat, canBet } = perms;
  const limit = settings.limits.player ?? { min: 1_000, max: 50_000 };
  const balance = mySeat?.balance ?? 0;
  // The table's maximum, or your chips in whole steps if you have fewer.
  const maxStake = clampStake(limit.max, limit.min, balance);
  const [spot, setSpot] = useState<PracticeSpot | null>(null);
  const [stake, setStake] = useState(limit.min);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [edges, setEdges] = useState<Edges | null>(null);
  const dealButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const { phase } = state;
  const round = state.round?.seq ?? null;
  const shownStake = clampStake(stake, limit.min, maxStake);

  useEffect(() => {
    let alive = true;
    void loadHouseEdges().then((edgesFor) => {
      const found = edgesFor?.(settings.decks, settings.rules.commission, settings.rules.tiePays);
      if (alive && found) setEdges(found);
    });
    return () => {
      alive = false;
    };
  }, [settings.decks, settings.rules.commission, settings.rules.tiePays]);

  // Keyboard play: the next thing to press has the focus once the table is waiting for it.
  useEffect(() => {
    if (phase.kind === 'result') nextButton.current?.focus();
  }, [phase.kind]);
  useEffect(() => {
    if (canBet && spot !== null) dealButton.current?.focus();
    // Only when a new round opens for bets: not on every pick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canBet, round]);
  useEffect(() => setNotice(null), [round]);

  const run = async <N extends CommandName>(name: N, payload: CommandInput<N>) => {
    setBusy(true);
    const answer = await send(name, payload);
    setBusy(false);
    setNotice(answer.ok ? null : refusalWords(answer.code));
  };
  const deal = () => {
    if (round === null || seat === null || spot === null) return;
    void run('bets.confirm', {
      tableId,
      round,
      seat,
      confirmId: `p${round}-${Date.now().toString(36)}`,
      bets: [{ spot, amount: shownStake }],
    });
  };

  const result = state.result;
  const mine = yourBets(state)[0];
  const change = seat === null ? undefined : changesBySeat(state).get(seat);
  const refill = state.notices.refill;

  return (
    <TableShell
      state={state}
      perms={perms}
      className="practice"
      data={{ 'data-phase': phase.kind, 'data-testid': 'practice-table' }}
      layoutClassName="practice__layout"
      title="Practice table"
      roundSeq={round}
      round={round === null ? 'No round yet' : `Round ${round}`}
      connection={false}
      status={
        <p className="practice__balance">
          Your chips: <strong data-testid="practice-balance">{chips(balance)}</strong>
        </p>
      }
      // Beside its own controls: a refusal says why Deal did nothing.
      notice={null}
      felt={
        <section className="felt-wrap" aria-label="Table">
          <div className="felt practice__felt">
            <FeltCentre
              state={state}
              squeeze={false}
              above={
                <p className="practice__status" data-testid="practice-status" role="status">
                  {statusOf(state, canBet)}
                </p>
              }
              after={
                result && mine ? (
                  <p className="practice__yours" data-testid="practice-yours">
                    You bet {chips(mine.amount)} on {mine.spot === 'tie' ? 'a Tie' : mine.spot}:{' '}
                    {change && change.won > 0
                      ? `won ${chips(change.won)}`
                      : change && change.lost > 0
                        ? `lost ${chips(change.lost)}`
                        : 'your stake came back'}
                    .
                  </p>
                ) : null
              }
            />
          </div>
        </section>
      }
      panel={
        <section className="practice__controls" aria-label="Your bet">
          <RefusalNotice notice={notice} />
          {state.notices.shoeEnded ? (
            <p className="notice" data-testid="practice-shoe-ended">
              The cut card ended shoe {state.notices.shoeEnded.number}, and its seed is out:{' '}
              <a href={fairnessLink(state.notices.shoeEnded.shoeId, tableId)}>check it was fair</a>.
            </p>
          ) : null}
          {refill && refill.playerId === state.you.playerId ? (
            <p className="notice notice--refill" data-testid="refill-notice">
              You were below 10 chips, so your balance was topped up by {chips(refill.amount)}{' '}
              chips. They are free and virtual, like every chip here.
            </p>
          ) : null}
          <SpotPicker
            spot={canBet ? spot : ((mine?.spot as PracticeSpot | undefined) ?? spot)}
            tiePays={settings.rules.tiePays}
            disabled={!canBet || busy}
            onPick={setSpot}
          />
          <StakeStepper
            stake={canBet ? shownStake : (mine?.amount ?? shownStake)}
            min={limit.min}
            max={maxStake}
            disabled={!canBet || busy}
            onChange={setStake}
          />
          <div className="practice__actions">
            {phase.kind === 'result' ? (
              <button
                ref={nextButton}
                type="button"
                className="primary big"
                disabled={busy}
                onClick={() => void run('round.next', { tableId })}
              >
                New round
              </button>
            ) : (
              <button
                ref={dealButton}
                type="button"
                className="primary big"
                disabled={!canBet || busy || spot === null}
                onClick={deal}
              >
                Deal
              </button>
            )}
          </div>
          {canBet && spot === null ? (
            <p className="practice__hint">Pick Player, Banker or Tie to deal.</p>
          ) : null}
          <p className="practice__hint" data-testid="practice-deal-note">
            Here Deal places your bet and deals in one press. At a live table you press Confirm
            bets, and the player holding the shoe deals.
          </p>
        </section>
      }
      side={
        <>
          <section className="panel" aria-label="Results">
            <h2 className="panel__title">This shoe</h2>
            <PipStrip pips={pipsOf(state)} />
          </section>
          <section className="panel practice__rules" aria-labelledby="practice-rules-title">
            <h2 className="panel__title" id="practice-rules-title">
              This table’s rules
            </h2>
            <p>
              Even-money Banker: a Banker win pays 1 to 1 with no commission taken, which tips the
              odds towards Banker bets. Tie pays {settings.rules.tiePays} to 1; on a tie, Player and
              Banker bets come back. {settings.decks} decks, nothing timed.
            </p>
            {edges ? (
              <>
                <ul className="practice__edges" data-testid="practice-edges">
                  <li>Banker: {edgeWords(edges.banker)}</li>
                  <li>Player: {edgeWords(edges.player)}</li>
                  <li>Tie: {edgeWords(edges.tie)}</li>
                </ul>
                {edges.banker < 0 ? (
                  <p className="practice__hint">
                    In your favour means the bet wins a little more than it loses over many rounds.
                    No casino pays Banker like this; at the main table Banker pays 0.95 to 1.
                  </p>
                ) : null}
              </>
            ) : null}
            <p className="practice__links">
              <a href={`/shoes/?table=${encodeURIComponent(tableId)}`}>Past shoes</a> ·{' '}
              <a href="/fairness/">Check a shoe is fair</a>
            </p>
          </section>
        </>
      }
    />
  );
}
