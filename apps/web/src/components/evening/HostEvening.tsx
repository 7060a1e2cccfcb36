'use client';
import type { EveningView } from '@banco/protocol';
import { useId, useState } from 'react';
import type { EveningSend } from '../../evening/send';
import { askedAt } from '../../evening/words';
import { chips, signedChips } from '../../lib/format';
import { refusalWords } from '../../lib/words';
import { Confirm } from '../rooms/Confirm';
import { ReasonForm } from './ReasonForm';

type Saying = { kind: 'decline' | 'top-up'; playerId: string } | { kind: 'end' } | null;

/**
 * The host's side of the evening (P9.7–P9.12): the queue of players asking to sit, with when
 * they asked and whether they hold an account; the top-ups asked; a stack adjusted with a
 * reason; and the night ended by hand. Every no carries a reason the player reads.
 */
export function HostEvening({ evening, send }: { evening: EveningView; send: EveningSend }) {
  const id = useId();
  const [saying, setSaying] = useState<Saying>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const room = evening.settings.chips === 'room';
  const starting = evening.settings.roomChips?.startingStack ?? 0;
  const [stacks, setStacks] = useState<Record<string, number>>({});
  const [adjust, setAdjust] = useState({ playerId: '', chips: 0, reason: '' });

  const run: EveningSend = async (name, payload) => {
    setSaying(null);
    const answer = await send(name, payload);
    setRefusal(answer.ok ? null : refusalWords(answer.code));
    return answer;
  };
  const queue = evening.queue ?? [];
  const topUps = evening.topUps ?? [];
  const stackOf = (playerId: string) => stacks[playerId] ?? starting / 100;

  return (
    <section
      className="panel host evening"
      aria-labelledby={`${id}-title`}
      data-testid="host-evening"
    >
      <h2 className="panel__title" id={`${id}-title`}>
        Tonight, as host
      </h2>

      <h3 className="host__subtitle">Asking to sit</h3>
      {queue.length === 0 ? (
        <p className="evening__hint">Nobody is asking to sit.</p>
      ) : (
        <ul className="evening__queue" data-testid="host-queue">
          {queue.map((r) => (
            <li key={r.player.id} data-testid={`request-${r.player.id}`}>
              <p className="evening__status">
                <strong>{r.player.name}</strong> · {r.account ? 'account' : 'guest'} ·{' '}
                {askedAt(r.at)}
                {r.seat === null ? '' : ` · wants seat ${r.seat}`}
              </p>
              {saying?.kind === 'decline' && saying.playerId === r.player.id ? (
                <ReasonForm
                  label={`Why not, ${r.player.name}?`}
                  submit={`Decline ${r.player.name}`}
                  onSubmit={(reason) =>
                    void run('room.seat.decline', { playerId: r.player.id, reason })
                  }
                  onCancel={() => setSaying(null)}
                />
              ) : (
                <div className="evening__row">
                  {room ? (
                    <label>
                      Stack
                      <input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        value={String(stackOf(r.player.id))}
                        aria-label={`Room stack for ${r.player.name}, chips`}
                        onChange={(e) =>
                          setStacks((s) => ({ ...s, [r.player.id]: Number(e.target.value) }))
                        }
                      />
                    </label>
                  ) : null}
                  <button
                    type="button"
                    className="primary small"
                    onClick={() =>
                      void run('room.seat.approve', {
                        playerId: r.player.id,
                        ...(r.seat === null ? {} : { seat: r.seat }),
                        ...(room ? { stack: Math.round(stackOf(r.player.id) * 100) } : {}),
                      })
                    }
                  >
                    Approve {r.player.name}
                  </button>
                  <button
                    type="button"
                    className="small"
                    onClick={() => setSaying({ kind: 'decline', playerId: r.player.id })}
                  >
                    Decline…
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {evening.counts.waiting > 0 ? (
        <p className="evening__hint" data-testid="host-waiting">
          {evening.counts.waiting} waiting for a seat: the next seat that frees is offered to the
          first in line.
        </p>
      ) : null}

      {room ? (
        <>
          <h3 className="host__subtitle">Top-ups</h3>
          {topUps.length === 0 ? (
            <p className="evening__hint">Nobody has asked for a top-up.</p>
          ) : (
            <ul className="evening__queue" data-testid="host-top-ups">
              {topUps.map((t) => (
                <li key={t.player.id} data-testid={`top-up-${t.player.id}`}>
                  <p className="evening__status">
                    <strong>{t.player.name}</strong> asks for {chips(t.amount)} · {askedAt(t.at)}
                  </p>
                  {saying?.kind === 'top-up' && saying.playerId === t.player.id ? (
                    <ReasonForm
                      label="Why not?"
                      submit={`Decline ${t.player.name}’s top-up`}
                      onSubmit={(reason) =>
                        void run('room.top-up.decline', { playerId: t.player.id, reason })
                      }
                      onCancel={() => setSaying(null)}
                    />
                  ) : (
                    <div className="evening__row">
                      <button
                        type="button"
                        className="primary small"
                        onClick={() => void run('room.top-up.approve', { playerId: t.player.id })}
                      >
                        Give {t.player.name} {chips(t.amount)}
                      </button>
                      <button
                        type="button"
                        className="small"
                        onClick={() => setSaying({ kind: 'top-up', playerId: t.player.id })}
                      >
                        Decline…
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}

          <h3 className="host__subtitle">Adjust a stack</h3>
          <form
            className="evening__row"
            onSubmit={(e) => {
              e.preventDefault();
              if (!adjust.playerId || adjust.chips === 0 || adjust.reason.trim() === '') {
                setRefusal('Pick a player, a number of chips (minus to take) and a reason.');
                return;
              }
              void run('room.chips.adjust', {
                playerId: adjust.playerId,
                amount: Math.round(adjust.chips * 100),
                reason: adjust.reason.trim(),
              }).then((a) => a.ok && setAdjust({ playerId: '', chips: 0, reason: '' }));
            }}
          >
            <label htmlFor={`${id}-adjust-who`}>Player</label>
            <select
              id={`${id}-adjust-who`}
              value={adjust.playerId}
              onChange={(e) => setAdjust((a) => ({ ...a, playerId: e.target.value }))}
            >
              <option value="">Choose…</option>
              {evening.leaderboard.map((l) => (
                <option key={l.player.id} value={l.player.id}>
                  {l.player.name} ({chips(l.stack)})
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-adjust-chips`}>Chips (+ or −)</label>
            <input
              id={`${id}-adjust-chips`}
              type="number"
              inputMode="numeric"
              value={String(adjust.chips)}
              onChange={(e) => setAdjust((a) => ({ ...a, chips: Number(e.target.value) }))}
            />
            <label htmlFor={`${id}-adjust-reason`}>Reason</label>
            <input
              id={`${id}-adjust-reason`}
              maxLength={200}
              value={adjust.reason}
              onChange={(e) => setAdjust((a) => ({ ...a, reason: e.target.value }))}
            />
            <button type="submit" className="small">
              {adjust.chips === 0
                ? 'Adjust'
                : `Adjust by ${signedChips(Math.round(adjust.chips * 100))}`}
            </button>
          </form>
        </>
      ) : null}

      {evening.podium === null ? (
        <div className="host__end">
          {saying?.kind === 'end' ? (
            <Confirm
              question="End the night now? The round in play finishes, then the podium."
              yes="End the night"
              onYes={() => void run('room.night.end', {})}
              onNo={() => setSaying(null)}
            />
          ) : (
            <button type="button" className="danger" onClick={() => setSaying({ kind: 'end' })}>
              End the night…
            </button>
          )}
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
