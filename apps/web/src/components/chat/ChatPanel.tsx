'use client';
import {
  CHAT_MAX_CHARS,
  CHAT_REACTIONS,
  chatText,
  type ChatMessage,
  type ChatReaction,
  type RoomState,
} from '@banco/protocol';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { refusalWords } from '../../lib/words';
import type { Answer } from '../../table/answer';
import { chatRightOf, closedWords, type ChatRight } from '../../table/chat-rights';
import { ReactionIcon } from './ReactionIcon';

export type ChatBody = { text: string } | { reaction: ChatReaction };

export interface ChatPanelProps {
  messages: readonly ChatMessage[];
  you: { playerId: string; seat: number | null };
  room: RoomState | null;
  /** What the box offers; worked out from `you` and `room` when not given. */
  right?: ChatRight;
  /** False while the socket is down: nothing can be sent. */
  live: boolean;
  send: (body: ChatBody) => Promise<Answer>;
  /** The host's mute (P11.7); absent for everyone else. */
  onMute?: (playerId: string, muted: boolean) => Promise<Answer>;
}

const REACTIONS = Object.entries(CHAT_REACTIONS) as [
  ChatReaction,
  (typeof CHAT_REACTIONS)[ChatReaction],
][];

/** Show a counter only once the limit is near: most lines never need it. */
const COUNTER_FROM = CHAT_MAX_CHARS - 40;

/**
 * The table's chat (P11). Every message is React text: whatever a player typed, markup
 * included, is shown as the characters it is and never parsed. New lines are announced by the
 * log's polite live region; the box and the reactions work from the keyboard.
 */
export default function ChatPanel({
  messages,
  you,
  room,
  right = chatRightOf(you, room),
  live,
  send,
  onMute,
}: ChatPanelProps) {
  const inputId = useId();
  const helpId = useId();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const length = [...draft].length;
  const checked = chatText(draft);
  // The host's mute sits on each writer's latest line only: one button per person, not per line.
  const latest = new Map(messages.map((m) => [m.playerId, m.id]));

  // Follow new lines unless the reader has scrolled up to read older ones.
  useLayoutEffect(() => {
    const el = log.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages]);
  useEffect(() => setRefusal(null), [right]);

  const deliver = async (body: ChatBody): Promise<boolean> => {
    setSending(true);
    try {
      const answer = await send(body);
      setRefusal(answer.ok ? null : refusalWords(answer.code));
      return answer.ok;
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) {
      setRefusal(refusalWords(checked.code));
      return;
    }
    if (await deliver({ text: checked.text })) setDraft('');
  };

  const canSend = live && right === 'write' && !sending;

  return (
    <section className="panel chat" aria-labelledby={`${inputId}-title`} data-testid="chat">
      <h2 className="panel__title" id={`${inputId}-title`}>
        Table chat
      </h2>
      <div
        ref={log}
        className="chat__log"
        role="log"
        aria-live="polite"
        aria-label="Chat messages"
        // Scrollable, so it takes focus: the keyboard can scroll back through it.
        tabIndex={0}
        data-testid="chat-log"
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        <ol className="chat__lines">
          {messages.length === 0 ? (
            <li className="chat__empty">No messages yet. Say hello.</li>
          ) : (
            messages.map((m) => (
              <ChatLine
                key={m.id}
                message={m}
                mine={m.playerId === you.playerId}
                host={room?.hostPlayerId === m.playerId}
                muted={room?.muted.includes(m.playerId) ?? false}
                onMute={
                  m.playerId !== you.playerId && latest.get(m.playerId) === m.id
                    ? onMute
                    : undefined
                }
              />
            ))
          )}
        </ol>
      </div>

      {right === 'write' ? (
        <>
          <div className="chat__reactions" role="group" aria-label="Quick reactions">
            {REACTIONS.map(([name, { words }]) => (
              <button
                key={name}
                type="button"
                className="chat__reaction"
                aria-label={`React: ${words}`}
                disabled={!canSend}
                data-testid={`chat-react-${name}`}
                onClick={() => void deliver({ reaction: name })}
              >
                <ReactionIcon reaction={name} /> {words}
              </button>
            ))}
          </div>
          <form className="chat__form" onSubmit={(e) => void submit(e)}>
            <label htmlFor={inputId} className="chat__label">
              Message
            </label>
            <input
              id={inputId}
              className="chat__input"
              type="text"
              autoComplete="off"
              enterKeyHint="send"
              value={draft}
              aria-describedby={helpId}
              aria-invalid={length > CHAT_MAX_CHARS || undefined}
              onChange={(e) => setDraft(e.target.value)}
              data-testid="chat-input"
            />
            <button type="submit" className="chat__send" disabled={!canSend || !checked.ok}>
              Send
            </button>
            <p id={helpId} className="chat__help">
              {length >= COUNTER_FROM
                ? `${length} of ${CHAT_MAX_CHARS} characters`
                : 'Enter sends. Be kind: everyone at the table reads this.'}
            </p>
          </form>
        </>
      ) : (
        <p className="chat__closed" data-testid="chat-closed">
          {closedWords(right, room !== null)}
        </p>
      )}
      {refusal ? (
        <p className="chat__refusal" role="alert" data-testid="chat-refusal">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}

function ChatLine({
  message,
  mine,
  host,
  muted,
  onMute,
}: {
  message: ChatMessage;
  mine: boolean;
  host: boolean;
  muted: boolean;
  onMute: ChatPanelProps['onMute'];
}) {
  const who = `${message.name}${host ? ' (host)' : ''}${message.seat === null ? ' (watching)' : ''}`;
  // 24-hour, as a chat log reads: "Ann, 14:34: Good luck" to a screen reader.
  const time = new Date(message.at).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (
    <li
      className={`chat__line${mine ? ' chat__line--mine' : ''}`}
      data-testid="chat-line"
      data-kind={message.kind}
    >
      {/* Seen as name, words, time; heard as "Ann, 14:34: words", never run together. */}
      <span className="chat__who">{who}</span>
      <span className="sr-inline">, {time}: </span>
      {message.kind === 'text' ? (
        <span className="chat__text">{message.text}</span>
      ) : (
        <span className="chat__text chat__text--reaction">
          <ReactionIcon reaction={message.reaction} />{' '}
          <span className="chat__reaction-words">{CHAT_REACTIONS[message.reaction].words}</span>
        </span>
      )}{' '}
      <time className="chat__time" dateTime={new Date(message.at).toISOString()} aria-hidden="true">
        {time}
      </time>
      {onMute && !host ? (
        <button
          type="button"
          className="small chat__mute"
          aria-label={`${muted ? 'Unmute' : 'Mute'} ${message.name}`}
          onClick={() => void onMute(message.playerId, !muted)}
        >
          {muted ? 'Unmute' : 'Mute'}
        </button>
      ) : null}
    </li>
  );
}
