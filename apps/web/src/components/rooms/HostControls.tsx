'use client';
import {
  roomSettingsInputSchema,
  settingField,
  type SeatView,
  type TableSettings,
} from '@banco/protocol';
import { lazy, Suspense, useState } from 'react';
import { formOf, roomSettingsInput } from '../../rooms/room-form';
import type { HostSend, RoomView } from '../../rooms/host';
import { refusalWords } from '../../lib/words';
import { Confirm } from './Confirm';
import { useHouseEdges } from './OpenRoom';

const RoomSettingsForm = lazy(() =>
  import('./RoomSettingsForm').then((m) => ({ default: m.RoomSettingsForm })),
);

export interface HostControlsProps {
  room: RoomView;
  name: string;
  settings: TableSettings;
  seats: readonly SeatView[];
  you: string;
  /** True while bets are open (the host may close them early). */
  betting: boolean;
  send: HostSend;
}

type Asking = { kind: 'kick' | 'host'; playerId: string; name: string } | { kind: 'close' } | null;

/**
 * What only the host sees at the table. Everything is a button (keyboard first); what cannot be
 * undone (kick, handing over the host, closing) asks once more.
 */
export default function HostControls({
  room,
  name,
  settings,
  seats,
  you,
  betting,
  send,
}: HostControlsProps) {
  const [asking, setAsking] = useState<Asking>(null);
  const [editing, setEditing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const edgesFor = useHouseEdges();

  const run = async (...args: Parameters<HostSend>) => {
    setAsking(null);
    const answer = await send(...args);
    setRefusal(answer.ok ? null : refusalWords(answer.code));
    return answer;
  };
  const others = seats.filter((s) => s.player.id !== you);
  const triggerId = (what: string) => `host-${what}`;
  /** "Keep it": back to the button that asked, so the keyboard carries on from there. */
  const keep = (what: string) => {
    setAsking(null);
    requestAnimationFrame(() => document.getElementById(triggerId(what))?.focus());
  };

  return (
    <section className="panel host" aria-labelledby="host-title" data-testid="host-controls">
      <h2 className="panel__title" id="host-title">
        You are the host
      </h2>
      <div className="host__row">
        <button
          type="button"
          aria-pressed={room.locked}
          onClick={() => void run('room.lock', { locked: !room.locked })}
        >
          {room.locked ? 'Unlock the room' : 'Lock the room'}
        </button>
        <button
          type="button"
          aria-pressed={room.paused}
          disabled={room.closing}
          onClick={() => void run('room.pause', { paused: !room.paused })}
        >
          {room.paused ? 'Resume play' : 'Pause after this round'}
        </button>
        {betting && settings.untimedBetting ? (
          <button type="button" className="primary" onClick={() => void run('bets.close', {})}>
            Close bets now
          </button>
        ) : null}
      </div>
      <p className="host__hint">
        {room.locked
          ? 'Locked: nobody new can sit down. Players already here stay.'
          : settings.evening?.seating === 'host-approves'
            ? 'Open: anyone with the link or a code can ask to sit; you approve each one.'
            : 'Open: anyone with the link or a code can sit down.'}
      </p>

      <h3 className="host__subtitle">Players</h3>
      {others.length === 0 ? (
        <p className="host__hint">Nobody else is seated yet.</p>
      ) : (
        <ul className="host__players">
          {others.map((s) => (
            <li key={s.player.id} className="host__player" data-testid={`host-player-${s.seat}`}>
              {asking && asking.kind !== 'close' && asking.playerId === s.player.id ? (
                asking.kind === 'kick' ? (
                  <Confirm
                    question={`Remove ${s.player.name}? They cannot come back to this room.`}
                    yes={`Remove ${s.player.name}`}
                    onYes={() => void run('room.kick', { playerId: s.player.id })}
                    onNo={() => keep(`kick-${s.seat}`)}
                  />
                ) : (
                  <Confirm
                    question={`Make ${s.player.name} the host? You will lose these controls.`}
                    yes={`Make ${s.player.name} host`}
                    onYes={() => void run('room.host', { playerId: s.player.id })}
                    onNo={() => keep(`host-${s.seat}`)}
                  />
                )
              ) : (
                <>
                  <span className="host__name">
                    Seat {s.seat}: {s.player.name}
                  </span>
                  <button
                    type="button"
                    className="small"
                    id={triggerId(`host-${s.seat}`)}
                    // The visible words lead the name (WCAG 2.5.3), the player follows.
                    aria-label={`Make host: ${s.player.name}`}
                    onClick={() =>
                      setAsking({ kind: 'host', playerId: s.player.id, name: s.player.name })
                    }
                  >
                    Make host
                  </button>
                  <button
                    type="button"
                    className="small"
                    aria-label={`${room.muted.includes(s.player.id) ? 'Unmute' : 'Mute'} ${s.player.name} in the chat`}
                    onClick={() =>
                      void run('room.mute', {
                        playerId: s.player.id,
                        muted: !room.muted.includes(s.player.id),
                      })
                    }
                  >
                    {room.muted.includes(s.player.id) ? 'Unmute' : 'Mute'}
                  </button>
                  <button
                    type="button"
                    className="small danger"
                    id={triggerId(`kick-${s.seat}`)}
                    aria-label={`Remove ${s.player.name}`}
                    onClick={() =>
                      setAsking({ kind: 'kick', playerId: s.player.id, name: s.player.name })
                    }
                  >
                    Remove
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <h3 className="host__subtitle">Chat</h3>
      <div className="host__row">
        <button
          type="button"
          className="chat-toggle"
          aria-pressed={room.watchersWrite}
          data-testid="host-watchers-write"
          onClick={() => void run('room.chat', { watchersWrite: !room.watchersWrite })}
        >
          Watchers may write
        </button>
      </div>
      <p className="host__hint">
        {room.watchersWrite
          ? 'Everyone here may write in the chat, watchers too.'
          : 'Only seated players write in the chat; watchers read.'}
        {room.muted.length > 0
          ? ` ${room.muted.length === 1 ? 'One player is' : `${room.muted.length} players are`} muted: unmute from their seat or the chat.`
          : ''}
      </p>

      <h3 className="host__subtitle">Rules</h3>
      {room.nextSettings ? (
        <p className="host__hint" data-testid="next-settings">
          New settings are saved: they start with the next shoe.
        </p>
      ) : null}
      {editing ? (
        <Suspense fallback={<p className="host__hint">Opening the settings…</p>}>
          <RoomSettingsForm
            initial={formOf(name, room.nextSettings ?? settings)}
            mode="change"
            edgesFor={edgesFor}
            onCancel={() => setEditing(false)}
            onSubmit={async (form) => {
              // Checked with the server's own schema first, so a refusal names its field.
              const input = roomSettingsInputSchema.safeParse(roomSettingsInput(form));
              if (!input.success) {
                const issue = input.error.issues[0]!;
                return { ok: false, message: issue.message, field: settingField(issue) };
              }
              // Sent as the form's own settings (P9.3): the server keeps the table's pace.
              const answer = await send('room.settings', { settings: input.data });
              if (answer.ok) {
                setEditing(false);
                return { ok: true };
              }
              return {
                ok: false,
                message:
                  answer.code === 'INVALID_SETTING' ? answer.message : refusalWords(answer.code),
                field: answer.field,
              };
            }}
          />
        </Suspense>
      ) : (
        <button type="button" onClick={() => setEditing(true)}>
          Change settings for the next shoe
        </button>
      )}

      <div className="host__end">
        {asking?.kind === 'close' ? (
          <Confirm
            question="Close the room for everyone? Bets on the table settle first."
            yes="Close the room"
            onYes={() => void run('room.close', {})}
            onNo={() => keep('close')}
          />
        ) : (
          <button
            type="button"
            id={triggerId('close')}
            className="danger"
            disabled={room.closing}
            onClick={() => setAsking({ kind: 'close' })}
          >
            {room.closing ? 'Closing after this round…' : 'Close the room'}
          </button>
        )}
      </div>
      {refusal ? (
        <p className="refusal" role="alert">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}
