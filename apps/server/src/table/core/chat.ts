import {
  CHAT_HISTORY,
  CHAT_RATE,
  chatText,
  type ChatMessage,
  type ChatReaction,
  type CommandPayload,
  type ErrorCode,
  type PlayerInfo,
} from '@banco/protocol';
import { refilled } from '../../token-bucket.js';
import { seatOf } from './seats.js';
import type { ChatState, TableState } from './state.js';
import type { Step } from './step.js';

const PER_SECOND = 1000 / CHAT_RATE.everyMs;

type Refusal = { code: ErrorCode; message: string };

/**
 * P11.7: whether this player may write here: seated players may, and so does a room's host;
 * watchers only in a room whose host lets them; a muted player never.
 */
export function chatRefusal(state: TableState, playerId: string): Refusal | null {
  const { room } = state;
  if (room?.muted.includes(playerId)) {
    return { code: 'MUTED', message: 'the host has muted you in this room' };
  }
  if (seatOf(state, playerId) || room?.hostPlayerId === playerId) return null;
  if (room?.watchersWrite) return null;
  return {
    code: 'CHAT_NOT_ALLOWED',
    message: room
      ? 'only seated players write here; the host may let watchers write'
      : 'only seated players write at this table; take a seat to chat',
  };
}

/**
 * Whose name a message needs from outside the state: a permitted writer without a seat (the
 * host's is in the room). The actor looks it up only then, so refusals cost nothing.
 */
export function senderToLookUp(state: TableState, playerId: string): boolean {
  return (
    chatRefusal(state, playerId) === null &&
    !seatOf(state, playerId) &&
    state.room?.hostPlayerId !== playerId
  );
}

/** P11.4: the writer's tokens now, or a refusal saying when the next one comes. */
function allowanceOf(chat: ChatState, playerId: string, now: number): number | Refusal {
  const held = chat.allowance[playerId];
  const tokens = held
    ? refilled(held.tokens, held.at, now, PER_SECOND, CHAT_RATE.burst)
    : CHAT_RATE.burst;
  if (tokens >= 1) return tokens;
  const seconds = Math.ceil(((1 - tokens) * CHAT_RATE.everyMs) / 1000);
  return {
    code: 'CHAT_RATE_LIMITED',
    message: `slow down: you may write again in ${seconds} s`,
  };
}

/** Allowances that have filled up again say nothing a missing one does not: drop them. */
function trimmedAllowance(chat: ChatState, now: number): ChatState['allowance'] {
  const kept: Record<string, { tokens: number; at: number }> = {};
  for (const [id, held] of Object.entries(chat.allowance)) {
    if (refilled(held.tokens, held.at, now, PER_SECOND, CHAT_RATE.burst) < CHAT_RATE.burst) {
      kept[id] = held;
    }
  }
  return kept;
}

/**
 * P11.1–P11.8: a chat line. It changes the chat and nothing else: no phase, timer, seat, bet
 * or balance, and it asks the actor for no effect but its broadcast.
 */
export function sendChat(
  step: Step,
  playerId: string,
  payload: CommandPayload<'chat.send'>,
  sender: PlayerInfo | undefined,
): void {
  const { state, now } = step;
  const refused = chatRefusal(state, playerId);
  if (refused) return step.refuse(refused.code, refused.message);
  const body = bodyOf(payload);
  if (!body.ok) return step.refuse(body.code, body.message);
  const tokens = allowanceOf(state.chat, playerId, now);
  if (typeof tokens !== 'number') return step.refuse(tokens.code, tokens.message);

  const seat = seatOf(state, playerId);
  const name =
    seat?.player.name ??
    (state.room?.hostPlayerId === playerId ? state.room.hostName : sender?.name);
  if (!name) return step.refuse('UNAUTHORIZED', 'unknown player');
  const message = {
    id: state.chat.lastId + 1,
    at: now,
    playerId,
    name,
    seat: seat?.seat ?? null,
    ...body.value,
  } satisfies ChatMessage;
  step.update({
    chat: {
      messages: [...state.chat.messages, message].slice(-CHAT_HISTORY),
      lastId: message.id,
      allowance: {
        ...trimmedAllowance(state.chat, now),
        [playerId]: { tokens: tokens - 1, at: now },
      },
    },
  });
  step.succeed({ id: message.id });
  step.emit({ type: 'chat.message', message });
}

/** P11.3, P11.5: what the line says: the normalised text, or the reaction by name. */
function bodyOf(payload: CommandPayload<'chat.send'>):
  | {
      ok: true;
      value: { kind: 'text'; text: string } | { kind: 'reaction'; reaction: ChatReaction };
    }
  | Extract<ReturnType<typeof chatText>, { ok: false }> {
  if (!('text' in payload)) {
    return { ok: true, value: { kind: 'reaction', reaction: payload.reaction } };
  }
  const checked = chatText(payload.text);
  return checked.ok ? { ok: true, value: { kind: 'text', text: checked.text } } : checked;
}
