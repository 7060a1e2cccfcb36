import {
  CHAT_HISTORY,
  CHAT_MAX_CHARS,
  CHAT_RATE,
  tableEventSchema,
  tableSnapshotSchema,
} from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import type { Reply, TableCommand } from './inputs.js';
import { snapshotOf } from './snapshot.js';
import { fromStored, toStored } from './stored-state.js';
import { initialTableState } from './initial-state.js';
import { ReducerHarness } from '../testing/reducer-harness.js';
import { expectRefused, ROUNDS, scriptedShoe } from '../testing/scripted-shoes.js';
import { defaultGame } from '../testing/table-game.js';

/** Ann (seat 1) and Bob (seat 2) are seated and betting is open; Wes only watches. */
function table(room: { host?: string } = {}) {
  const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.playerWin])], room);
  t.sit('ann', 1);
  t.advance(1_000);
  t.sit('bob', 2);
  expect(t.state.phase.kind).toBe('betting');
  return t;
}

/** chat.send as the actor sends it, with a watcher's name read from the ledger. */
function say(t: ReducerHarness, who: string, body: { text: string } | { reaction: string }) {
  const command = { name: 'chat.send', payload: { tableId: 'test', ...body } } as TableCommand;
  const reply = t.dispatch({
    type: 'command',
    now: t.now,
    playerId: who,
    command,
    sender: { id: who, name: who.toUpperCase() },
  });
  return reply as Reply;
}

const messagesOf = (t: ReducerHarness) => t.ofType('chat.message').map((e) => e.message);

describe('chat lines (P11.1, P11.3, P11.5)', () => {
  it('P11.1: a seated player writes; the line goes out as a versioned table event', () => {
    const t = table();
    const before = t.state.version;
    const reply = say(t, 'ann', { text: '  good luck\nall ' });
    expect(reply).toEqual({ ok: true, id: 1, version: before + 1 });
    const event = t.last('chat.message')!;
    expect(tableEventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      version: before + 1,
      message: {
        id: 1,
        playerId: 'ann',
        name: 'ann',
        seat: 1,
        kind: 'text',
        text: 'good luck all',
      },
    });
  });

  it('P11.3: markup is kept as the text it is; the server never turns it into anything', () => {
    const t = table();
    say(t, 'bob', { text: '<img src=x onerror=alert(1)>' });
    expect(messagesOf(t)[0]).toMatchObject({ kind: 'text', text: '<img src=x onerror=alert(1)>' });
  });

  it('P11.5: a quick reaction is a kind of its own, by name', () => {
    const t = table();
    say(t, 'ann', { reaction: 'clap' });
    expect(messagesOf(t)[0]).toMatchObject({ kind: 'reaction', reaction: 'clap' });
    expect(messagesOf(t)[0]).not.toHaveProperty('text');
  });

  it('P11.8: a message changes only the chat and the version: the round goes on as before', () => {
    const t = table();
    const before = t.state;
    const effects = t.effects.length;
    say(t, 'ann', { text: 'hello' });
    const { chat: chatAfter, version: vAfter, ...after } = t.state;
    const { chat: chatBefore, version: vBefore, ...rest } = before;
    expect(after).toEqual(rest);
    expect(vAfter).toBe(vBefore + 1);
    expect(chatAfter).not.toEqual(chatBefore);
    // One broadcast, no timer, no ledger effect.
    expect(t.effects.slice(effects).map((e) => e.type)).toEqual(['broadcast']);
  });
});

describe('limits (P11.2, P11.3, P11.4)', () => {
  it('P11.2: a line over the limit is refused with CHAT_TOO_LONG and leaves no trace', () => {
    const t = table();
    expect(say(t, 'ann', { text: 'x'.repeat(CHAT_MAX_CHARS) }).ok).toBe(true);
    expectRefused(
      t,
      () => say(t, 'ann', { text: 'x'.repeat(CHAT_MAX_CHARS + 1) }),
      'CHAT_TOO_LONG',
    );
  });

  it('P11.3: a line with nothing in it is refused with CHAT_EMPTY', () => {
    const t = table();
    expectRefused(t, () => say(t, 'ann', { text: ' \n ' }), 'CHAT_EMPTY');
  });

  it('P11.4: a burst, then one line per interval, per player; others are not held back', () => {
    const t = table();
    for (let i = 0; i < CHAT_RATE.burst; i += 1) {
      expect(say(t, 'ann', { text: `line ${i}` }).ok).toBe(true);
    }
    const refused = expectRefused(
      t,
      () => say(t, 'ann', { text: 'one more' }),
      'CHAT_RATE_LIMITED',
    );
    expect(refused).toMatchObject({ message: expect.stringMatching(/2 s/) });
    // A reaction counts the same: it is a message too.
    expectRefused(t, () => say(t, 'ann', { reaction: 'fire' }), 'CHAT_RATE_LIMITED');
    expect(say(t, 'bob', { text: 'me too' }).ok).toBe(true);
    t.now += CHAT_RATE.everyMs - 1;
    expectRefused(t, () => say(t, 'ann', { text: 'now?' }), 'CHAT_RATE_LIMITED');
    t.now += 1;
    expect(say(t, 'ann', { text: 'now' }).ok).toBe(true);
    expectRefused(t, () => say(t, 'ann', { text: 'again' }), 'CHAT_RATE_LIMITED');
  });

  it('P11.4: refused lines cost nothing, and an idle writer gets the whole burst back', () => {
    const t = table();
    for (let i = 0; i < CHAT_RATE.burst; i += 1) say(t, 'ann', { text: `line ${i}` });
    t.now += CHAT_RATE.everyMs * CHAT_RATE.burst;
    for (let i = 0; i < CHAT_RATE.burst; i += 1) {
      expect(say(t, 'ann', { text: 'x'.repeat(CHAT_MAX_CHARS + 1) }).ok).toBe(false);
    }
    for (let i = 0; i < CHAT_RATE.burst; i += 1) {
      expect(say(t, 'ann', { text: `back ${i}` }).ok).toBe(true);
    }
    // A full allowance is forgotten: the state does not grow with every writer ever seen.
    t.now += CHAT_RATE.everyMs * CHAT_RATE.burst;
    say(t, 'bob', { text: 'hi' });
    expect(Object.keys(t.state.chat.allowance)).toEqual(['bob']);
  });
});

describe('who writes (P11.7)', () => {
  it('P11.7: at a public table a watcher reads but may not write', () => {
    const t = table();
    expectRefused(t, () => say(t, 'wes', { text: 'hi' }), 'CHAT_NOT_ALLOWED');
    expectRefused(t, () => say(t, 'wes', { reaction: 'clap' }), 'CHAT_NOT_ALLOWED');
    // Nobody at a public table can open the chat to watchers.
    expectRefused(t, () => t.command('ann', 'room.chat', { watchersWrite: true }), 'NOT_HOST');
  });

  it('P11.7: in a room the host may let watchers write, and take it back', () => {
    const t = table({ host: 'ann' });
    expectRefused(t, () => say(t, 'wes', { text: 'hi' }), 'CHAT_NOT_ALLOWED');
    expectRefused(t, () => t.command('bob', 'room.chat', { watchersWrite: true }), 'NOT_HOST');
    expect(t.command('ann', 'room.chat', { watchersWrite: true }).ok).toBe(true);
    expect(t.last('room.updated')!.room).toMatchObject({ watchersWrite: true });
    expect(say(t, 'wes', { text: 'hi' }).ok).toBe(true);
    expect(messagesOf(t).at(-1)).toMatchObject({ playerId: 'wes', name: 'WES', seat: null });
    t.command('ann', 'room.chat', { watchersWrite: false });
    expectRefused(t, () => say(t, 'wes', { text: 'again' }), 'CHAT_NOT_ALLOWED');
  });

  it('P11.7: the host writes seated or not', () => {
    const t = table({ host: 'ann' });
    t.command('ann', 'seat.leave', { seat: 1 });
    expect(say(t, 'ann', { text: 'still here' }).ok).toBe(true);
    expect(messagesOf(t).at(-1)).toMatchObject({ name: 'ann', seat: null });
  });

  it('P11.7: a muted player is refused with MUTED until the host unmutes them', () => {
    const t = table({ host: 'ann' });
    expectRefused(
      t,
      () => t.command('bob', 'room.mute', { playerId: 'ann', muted: true }),
      'NOT_HOST',
    );
    expect(t.command('ann', 'room.mute', { playerId: 'bob', muted: true }).ok).toBe(true);
    expect(t.last('room.updated')!.room.muted).toEqual(['bob']);
    expectRefused(t, () => say(t, 'bob', { text: 'hey' }), 'MUTED');
    // Muting twice says nothing new; the player still plays.
    const events = t.events.length;
    expect(t.command('ann', 'room.mute', { playerId: 'bob', muted: true }).ok).toBe(true);
    expect(t.events.length).toBe(events);
    expect(t.state.seats.map((s) => s.player.id)).toContain('bob');
    t.command('ann', 'room.mute', { playerId: 'bob', muted: false });
    expect(t.last('room.updated')!.room.muted).toEqual([]);
    expect(say(t, 'bob', { text: 'thanks' }).ok).toBe(true);
  });

  it('P11.7: the host cannot mute themselves', () => {
    const t = table({ host: 'ann' });
    expectRefused(
      t,
      () => t.command('ann', 'room.mute', { playerId: 'ann', muted: true }),
      'INVALID_PAYLOAD',
    );
  });
});

describe('history (P11.6)', () => {
  it('P11.6: the snapshot carries the latest messages, oldest first, at most the window', () => {
    const t = table();
    for (let i = 1; i <= CHAT_HISTORY + 7; i += 1) {
      t.now += CHAT_RATE.everyMs;
      expect(say(t, i % 2 ? 'ann' : 'bob', { text: `line ${i}` }).ok).toBe(true);
    }
    const snapshot = snapshotOf(
      t.state,
      { playerId: 'wes', spectators: 1, now: t.now },
      defaultGame,
    );
    expect(tableSnapshotSchema.parse(snapshot).chat).toHaveLength(CHAT_HISTORY);
    expect(snapshot.chat[0]).toMatchObject({ id: 8, text: 'line 8' });
    expect(snapshot.chat.at(-1)).toMatchObject({ id: CHAT_HISTORY + 7 });
  });

  it('P11.6: the messages are stored with the table and come back after a restart', () => {
    const t = table({ host: 'ann' });
    say(t, 'ann', { text: 'before the restart' });
    t.command('ann', 'room.mute', { playerId: 'bob', muted: true });
    const stored = JSON.parse(JSON.stringify(toStored(t.state, [], defaultGame))) as ReturnType<
      typeof toStored
    >;
    const fresh = initialTableState(
      {
        id: 'test',
        name: 'Test table',
        settings: t.state.settings,
        hostPlayerId: 'ann',
        hostName: 'ann',
      },
      defaultGame,
    );
    const restored = fromStored(stored, fresh, defaultGame)!.state;
    expect(restored.chat.messages).toEqual(t.state.chat.messages);
    expect(restored.chat.lastId).toBe(1);
    // Allowances are not stored: a restart is no reason to wait.
    expect(restored.chat.allowance).toEqual({});
    expect(restored.room?.muted).toEqual(['bob']);
  });

  it('P11.6: a stored chat that does not read as messages is dropped, not half-shown', () => {
    const t = table();
    const stored = toStored(t.state, [], defaultGame);
    const broken = {
      ...stored,
      state: { ...(stored.state as object), chat: { messages: [{ id: 'x' }] } },
    };
    const fresh = initialTableState(
      { id: 'test', name: 'T', settings: t.state.settings },
      defaultGame,
    );
    expect(fromStored(broken, fresh, defaultGame)!.state.chat).toEqual({
      messages: [],
      lastId: 0,
      allowance: {},
    });
  });
});
