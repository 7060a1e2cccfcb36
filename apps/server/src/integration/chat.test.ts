import { CHAT_HISTORY, CHAT_RATE, type TableEvent } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBanco, type Banco } from '../banco.js';
import { loadConfig } from '../config.js';
import { createLedger, type Ledger } from '../db/ledger.js';
import { createPrisma } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import type { TableDefinition } from '../cluster/registry.js';
import { quietTable } from '../testing/quiet-table.js';
import { TestClient } from '../testing/test-banco.js';

type Guest = Awaited<ReturnType<Ledger['createGuest']>>;
type ChatEvent = Extract<TableEvent, { type: 'chat.message' }>;
const isChat = (e: TableEvent): e is ChatEvent => e.type === 'chat.message';

const XSS = '<img src=x onerror=alert(1)>';

/**
 * P11 over real sockets and Postgres: a public table (`main`) and a private room (`room-c`)
 * hosted by Hana. The server is started twice on one database, so the chat's life across a
 * restart is the real one.
 */
describe('chat over real sockets and Postgres', () => {
  let db: TestDatabase;
  let banco: Banco;
  let url: string;
  const guests = {} as Record<'hana' | 'pia' | 'wes' | 'kim', Guest>;
  const clients: TestClient[] = [];
  let hana: TestClient;
  let pia: TestClient;
  let wes: TestClient;
  let kim: TestClient;
  let tables: TableDefinition[];

  const start = async () => {
    banco = await startBanco({
      config: loadConfig({ PORT: '0', HOST: '127.0.0.1' }),
      databaseUrl: db.url,
      tables,
    });
    url = (await banco.listen()).url;
  };
  const connect = async (who: keyof typeof guests) => {
    const client = await TestClient.connectAs(url, guests[who]);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const prisma = createPrisma(db.url);
    try {
      const ledger = createLedger(prisma);
      for (const name of ['hana', 'pia', 'wes', 'kim'] as const) {
        guests[name] = await ledger.createGuest(name);
      }
    } finally {
      await prisma.$disconnect();
    }
    tables = [
      { id: 'main', name: 'Main table', isPublic: true, settings: quietTable() },
      {
        id: 'room-c',
        name: 'Room C',
        isPublic: false,
        settings: quietTable(),
        hostPlayerId: guests.hana.player.id,
      },
    ];
    await start();
    [hana, pia, wes, kim] = await Promise.all([
      connect('hana'),
      connect('pia'),
      connect('wes'),
      connect('kim'),
    ]);
    for (const c of [hana, pia, wes, kim]) {
      for (const tableId of ['main', 'room-c']) {
        expect(await c.send('table.join', { tableId })).toMatchObject({ ok: true });
      }
    }
    for (const tableId of ['main', 'room-c']) {
      expect(await hana.send('seat.take', { tableId, seat: 1 })).toMatchObject({ ok: true });
      expect(await pia.send('seat.take', { tableId, seat: 2 })).toMatchObject({ ok: true });
    }
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await banco?.close();
    await db?.drop();
  });

  it('P11.1 P11.3: a line reaches everyone at the table, markup kept as plain text', async () => {
    const heard = [hana, wes, kim].map((c) =>
      c.next((e): e is ChatEvent => isChat(e) && e.tableId === 'main'),
    );
    const ack = await pia.send('chat.send', { tableId: 'main', text: XSS });
    expect(ack).toMatchObject({ ok: true, id: 1 });
    for (const event of await Promise.all(heard)) {
      expect(event.message).toMatchObject({
        kind: 'text',
        text: XSS,
        name: 'pia',
        seat: 2,
        playerId: guests.pia.player.id,
      });
      expect(ack.ok && event.version).toBe(ack.ok && ack.version);
    }
  });

  it('P11.5: a quick reaction goes out by name', async () => {
    const heard = kim.next((e): e is ChatEvent => isChat(e) && e.tableId === 'main');
    expect(await hana.send('chat.send', { tableId: 'main', reaction: 'luck' })).toMatchObject({
      ok: true,
    });
    expect((await heard).message).toMatchObject({ kind: 'reaction', reaction: 'luck', seat: 1 });
    expect(await hana.send('chat.send', { tableId: 'main', reaction: '<script>' })).toMatchObject({
      ok: false,
      code: 'INVALID_PAYLOAD',
    });
  });

  it('P11.7: at a public table a watcher is refused; nobody can open it to watchers', async () => {
    expect(await wes.send('chat.send', { tableId: 'main', text: 'hello?' })).toMatchObject({
      ok: false,
      code: 'CHAT_NOT_ALLOWED',
    });
    expect(await hana.send('room.chat', { tableId: 'main', watchersWrite: true })).toMatchObject({
      ok: false,
      code: 'NOT_HOST',
    });
  });

  it('P11.2 P11.3: too long and empty lines are refused with their codes', async () => {
    expect(await pia.send('chat.send', { tableId: 'main', text: 'é'.repeat(201) })).toMatchObject({
      ok: false,
      code: 'CHAT_TOO_LONG',
    });
    expect(await pia.send('chat.send', { tableId: 'main', text: '\n \t' })).toMatchObject({
      ok: false,
      code: 'CHAT_EMPTY',
    });
    expect(await pia.send('chat.send', { tableId: 'main', text: 'x'.repeat(2_000) })).toMatchObject(
      { ok: false, code: 'INVALID_PAYLOAD' },
    );
  });

  it('P11.4: past the burst a player is told to wait, on every socket they have', async () => {
    const second = await connect('kim');
    expect((await second.send('table.join', { tableId: 'main' })).ok).toBe(true);
    expect((await kim.send('seat.take', { tableId: 'main', seat: 3 })).ok).toBe(true);
    const answers = [];
    for (let i = 0; i < CHAT_RATE.burst + 1; i += 1) {
      const from = i % 2 ? second : kim;
      answers.push(await from.send('chat.send', { tableId: 'main', text: `spam ${i}` }));
    }
    expect(answers.slice(0, CHAT_RATE.burst).every((a) => a.ok)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ ok: false, code: 'CHAT_RATE_LIMITED' });
    // Someone else writes as before.
    expect((await pia.send('chat.send', { tableId: 'main', text: 'calm' })).ok).toBe(true);
  });

  it('P11.6: the snapshot carries the chat; a resync replays the lines as events', async () => {
    const snapshot = await wes.send('table.snapshot', { tableId: 'main' });
    if (!snapshot.ok) throw new Error(snapshot.code);
    const chat = snapshot.snapshot.chat;
    expect(chat[0]).toMatchObject({ id: 1, text: XSS });
    expect(chat.at(-1)).toMatchObject({ text: 'calm' });
    expect(chat.map((m) => m.id)).toEqual(chat.map((_, i) => i + 1));

    const since = snapshot.snapshot.version;
    expect((await pia.send('chat.send', { tableId: 'main', text: 'after' })).ok).toBe(true);
    const resync = await wes.send('table.resync', { tableId: 'main', since });
    if (!resync.ok) throw new Error(resync.code);
    expect(resync.events?.filter(isChat).map((e) => e.message)).toMatchObject([
      { kind: 'text', text: 'after' },
    ]);
  });

  it('P11.7: the host lets watchers write, mutes and unmutes a player', async () => {
    const tableId = 'room-c';
    expect(await wes.send('chat.send', { tableId, text: 'may I?' })).toMatchObject({
      ok: false,
      code: 'CHAT_NOT_ALLOWED',
    });
    expect(await pia.send('room.chat', { tableId, watchersWrite: true })).toMatchObject({
      ok: false,
      code: 'NOT_HOST',
    });
    const opened = kim.next((e) => e.type === 'room.updated' && e.tableId === tableId);
    expect((await hana.send('room.chat', { tableId, watchersWrite: true })).ok).toBe(true);
    expect(await opened).toMatchObject({ room: { watchersWrite: true } });
    const heard = kim.next((e): e is ChatEvent => isChat(e) && e.tableId === tableId);
    expect((await wes.send('chat.send', { tableId, text: 'thanks, host' })).ok).toBe(true);
    // A watcher's name comes from their account: the table has no seat to read it from.
    expect((await heard).message).toMatchObject({ name: 'wes', seat: null, text: 'thanks, host' });

    const pid = guests.pia.player.id;
    expect((await hana.send('room.mute', { tableId, playerId: pid, muted: true })).ok).toBe(true);
    expect(await pia.send('chat.send', { tableId, text: 'hey' })).toMatchObject({
      ok: false,
      code: 'MUTED',
    });
    const snapshot = await pia.send('table.snapshot', { tableId });
    expect(snapshot.ok && snapshot.snapshot.room).toMatchObject({
      watchersWrite: true,
      muted: [pid],
    });
    expect((await hana.send('room.mute', { tableId, playerId: pid, muted: false })).ok).toBe(true);
    expect((await pia.send('chat.send', { tableId, text: 'back' })).ok).toBe(true);
    // The room's own chat holds its own lines, numbered on their own.
    const room = await kim.send('table.snapshot', { tableId });
    expect(room.ok && room.snapshot.chat.map((m) => [m.id, m.name])).toEqual([
      [1, 'wes'],
      [2, 'pia'],
    ]);
  });

  it('P11.6: only the last 50 lines are kept and shown', async () => {
    // Four writers in turn (watchers may write here now); each waits out their own allowance.
    const writers = [hana, pia, wes, kim];
    for (let i = 0; i < CHAT_HISTORY; i += 1) {
      const ack = await writers[i % writers.length]!.send('chat.send', {
        tableId: 'room-c',
        text: `n${i}`,
      });
      if (!ack.ok) {
        expect(ack.code).toBe('CHAT_RATE_LIMITED');
        await new Promise((resolve) => setTimeout(resolve, CHAT_RATE.everyMs / writers.length));
        i -= 1;
      }
    }
    const snapshot = await kim.send('table.snapshot', { tableId: 'room-c' });
    if (!snapshot.ok) throw new Error(snapshot.code);
    expect(snapshot.snapshot.chat).toHaveLength(CHAT_HISTORY);
    expect(snapshot.snapshot.chat[0]).toMatchObject({ text: 'n0' });
    expect(snapshot.snapshot.chat.at(-1)).toMatchObject({ text: `n${CHAT_HISTORY - 1}` });
  }, 120_000);

  it('P11.6 P11.7: after a restart the chat, the mute list and the permission are still there', async () => {
    const before = await kim.send('table.snapshot', { tableId: 'room-c' });
    const beforeMain = await kim.send('table.snapshot', { tableId: 'main' });
    if (!before.ok || !beforeMain.ok) throw new Error('no snapshot');
    expect(
      (
        await hana.send('room.mute', {
          tableId: 'room-c',
          playerId: guests.kim.player.id,
          muted: true,
        })
      ).ok,
    ).toBe(true);
    for (const c of clients.splice(0)) c.close();
    await banco.close();
    await start();

    const back = await connect('kim');
    expect((await back.send('table.join', { tableId: 'room-c' })).ok).toBe(true);
    const after = await back.send('table.snapshot', { tableId: 'room-c' });
    const afterMain = await back.send('table.join', { tableId: 'main' });
    if (!after.ok || !afterMain.ok) throw new Error('no snapshot after the restart');
    expect(after.snapshot.chat).toEqual(before.snapshot.chat);
    expect(afterMain.snapshot.chat).toEqual(beforeMain.snapshot.chat);
    expect(after.snapshot.room).toMatchObject({
      watchersWrite: true,
      muted: [guests.kim.player.id],
    });
    // Numbering goes on from the last line kept.
    const host = await connect('hana');
    expect((await host.send('table.join', { tableId: 'room-c' })).ok).toBe(true);
    const ack = await host.send('chat.send', { tableId: 'room-c', text: 'we are back' });
    expect(ack).toMatchObject({ ok: true, id: before.snapshot.chat.at(-1)!.id + 1 });
  }, 60_000);
});
