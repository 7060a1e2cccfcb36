import { CHAT_HISTORY, chatMessageSchema, tableSettingsSchema } from '@banco/protocol';
import { z } from 'zod';
import type { StoredTableState } from '../../db/table-states.js';
import type { StoredGame, TableGame } from './game.js';
import type { ChatState, Phase, RoomControl, TableState } from './state.js';
import { EMPTY_CHAT } from './initial-state.js';
import { sameSeating } from './seats.js';
import { restoredShoe, storedShoe } from './stored-shoe.js';

/**
 * T9.1: versions handed out ahead of each save. A save stores `version + VERSION_LEASE` as the
 * floor, and the table saves again before any event goes above it, so no event a client saw
 * can ever carry a version at or above the one a restarted table counts on from.
 */
export const VERSION_LEASE = 64;

/**
 * What must survive a restart changed: the phase, who sits where, the shoe, the game's own
 * (its round, who holds what). Built as a plain string, not JSON of the whole list: the table
 * computes it after every input (through DurableKeys, which builds it only when a part moved).
 */
export function durableKey(state: TableState, game: TableGame): string {
  return keyOf(partsOf(state, game));
}

/** The parts durableKey is made of, each compared as it is. */
interface DurableParts {
  readonly phase: string;
  /** Compared by who sits where (sameSeating), not by balances. */
  seats: TableState['seats'];
  readonly shoe: string | null;
  readonly lastShoe: number;
  readonly closing: boolean;
  /** T11: the host controls, and with them the settings a room changed. */
  readonly room: TableState['room'];
  readonly game: string;
}

function partsOf(state: TableState, game: TableGame): DurableParts {
  return {
    phase: game.durablePhase?.(state) ?? state.phase.kind,
    seats: state.seats,
    shoe: state.shoe?.id ?? null,
    lastShoe: state.lastShoeNumber,
    closing: state.closing,
    room: state.room,
    game: game.durableKey(state),
  };
}

function keyOf(parts: DurableParts): string {
  return [
    parts.phase,
    seatsKey(parts.seats),
    parts.shoe,
    parts.lastShoe,
    parts.closing,
    parts.room === null ? null : JSON.stringify(parts.room),
    parts.game,
  ].join('|');
}

/**
 * One table's durableKey after each input. Most inputs (a bet, a card turned, a watcher) move
 * none of its parts, though each brings a new state, phase and seats list: the parts are
 * compared with the last key's, and the string is built again only when one has changed.
 */
export class DurableKeys {
  private last: { parts: DurableParts; key: string } | null = null;

  of(state: TableState, game: TableGame): string {
    const parts = partsOf(state, game);
    const last = this.last;
    if (
      last !== null &&
      last.parts.phase === parts.phase &&
      last.parts.shoe === parts.shoe &&
      last.parts.lastShoe === parts.lastShoe &&
      last.parts.closing === parts.closing &&
      last.parts.room === parts.room &&
      last.parts.game === parts.game &&
      sameSeating(last.parts.seats, parts.seats)
    ) {
      // The newest list, so that the next input's (often the same) is found at once.
      last.parts.seats = parts.seats;
      return last.key;
    }
    const key = keyOf(parts);
    this.last = { parts, key };
    return key;
  }
}

/** Who sits where, once per seats list: a bet moves balances, not seats, and keeps the key. */
const seatKeys = new WeakMap<TableState['seats'], string>();
function seatsKey(list: TableState['seats']): string {
  let key = seatKeys.get(list);
  if (key === undefined) {
    key = '';
    for (const s of list) key += `${s.seat}=${s.player.id};`;
    seatKeys.set(list, key);
  }
  return key;
}

/** The round in play (from its opening to its settlement), for the startup sweep (T9.5). */
export function roundInPlay(state: TableState, game: TableGame): number | null {
  const { kind } = state.phase;
  if (kind === 'waiting' || kind === 'shuffling' || kind === 'seeding') return null;
  return game.roundInPlay(state);
}

/** The shoe in play or being seeded, which the startup sweep must leave open (T9.5). */
export function shoeInPlay(state: TableState): string | null {
  const { phase } = state;
  return (phase.kind === 'seeding' ? phase.shoe.id : null) ?? state.shoe?.id ?? null;
}

/**
 * The stored JSON is the core's fields with the game's beside them (its `store`), flat, as
 * tables stored them before the games had a state of their own.
 */
export function toStored(
  state: TableState,
  watchers: readonly string[],
  game: TableGame,
): StoredTableState {
  return {
    version: state.version + VERSION_LEASE,
    roundSeq: roundInPlay(state, game),
    shoeId: shoeInPlay(state),
    // The timer belongs to the process that set it. A public table's settings come from its
    // definition; a room keeps its own, which its host may have changed (T11.3). `watchers`
    // goes in front of the spread: V8 builds an object much faster that way (stored-shoe.ts).
    state: {
      watchers,
      ...state,
      game: undefined,
      shoe: storedShoe(state.shoe),
      timer: null,
      settings: state.room ? state.settings : undefined,
      chat: storedChat(state.chat),
      ...game.store(state),
    },
  };
}

/**
 * The stored state over a fresh one for the same table, or null if it is not one (another
 * table's, or from an incompatible build: the startup sweep then refunds what it left open).
 */
export function fromStored(
  stored: StoredTableState,
  fresh: TableState,
  game: TableGame,
): { state: TableState; watchers: string[] } | null {
  const raw = stored.state as Partial<TableState> & { watchers?: unknown };
  if (
    typeof raw !== 'object' ||
    raw === null ||
    raw.tableId !== fresh.tableId ||
    typeof raw.phase?.kind !== 'string' ||
    !Array.isArray(raw.seats)
  ) {
    return null;
  }
  const { watchers, ...rest } = raw;
  // T9.10: a shoe that does not re-derive to what was saved must never deal.
  const shoe = restoredShoe(rest.shoe ?? fresh.shoe);
  if (!shoe.ok) return null;
  const own = game.restore(raw as StoredGame, (rest.phase ?? fresh.phase) as Phase, shoe.value);
  if (!own) return null;
  const room = isRoom(rest.room) ? withChatControls(rest.room) : fresh.room;
  const kept = room ? tableSettingsSchema.safeParse(rest.settings) : null;
  // The core's own fields, one by one: the game's sit beside them in the stored JSON.
  const state: TableState = {
    ...fresh,
    seats: rest.seats ?? fresh.seats,
    roundSeq: rest.roundSeq ?? fresh.roundSeq,
    nextTimerToken: rest.nextTimerToken ?? fresh.nextTimerToken,
    lastShoeNumber: rest.lastShoeNumber ?? fresh.lastShoeNumber,
    shoe: shoe.value,
    phase: own.phase,
    game: own.game,
    room,
    name: fresh.name,
    settings: kept?.success ? kept.data : fresh.settings,
    timer: null,
    closing: false,
    version: Math.max(stored.version, rest.version ?? 0),
    chat: restoredChat(rest.chat),
  };
  const joined = Array.isArray(watchers)
    ? watchers.filter((w): w is string => typeof w === 'string')
    : [];
  return { state, watchers: joined };
}

/** A stored room's host controls, as far as a restarted table needs to trust them. */
function isRoom(value: unknown): value is RoomControl {
  const room = value as Partial<RoomControl> | null | undefined;
  return (
    typeof room === 'object' &&
    room !== null &&
    typeof room.hostPlayerId === 'string' &&
    Array.isArray(room.kicked) &&
    typeof room.locked === 'boolean' &&
    typeof room.paused === 'boolean'
  );
}

/** P11.6: the messages go with the table; the allowances are this process's business. */
function storedChat(chat: ChatState): Omit<ChatState, 'allowance'> {
  return { messages: chat.messages, lastId: chat.lastId };
}

const storedChatSchema = z.object({
  messages: z.array(chatMessageSchema).max(CHAT_HISTORY),
  lastId: z.number().int().nonnegative(),
});

/** Stored messages that no longer read as messages are dropped, never shown half-read. */
function restoredChat(value: unknown): ChatState {
  const parsed = storedChatSchema.safeParse(value);
  if (!parsed.success) return EMPTY_CHAT;
  const { messages, lastId } = parsed.data;
  return { messages, lastId: Math.max(lastId, messages.at(-1)?.id ?? 0), allowance: {} };
}

/** A room stored before the chat had its controls: watchers read, nobody is muted. */
function withChatControls(room: RoomControl): RoomControl {
  const muted = Array.isArray(room.muted)
    ? room.muted.filter((id): id is string => typeof id === 'string')
    : [];
  return { ...room, watchersWrite: room.watchersWrite === true, muted };
}
