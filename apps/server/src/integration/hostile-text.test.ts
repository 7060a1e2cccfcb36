import { type CreateGuestReply } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { quietTable } from '../testing/quiet-table.js';
import { call, newGuest, roomSettings } from '../testing/rooms.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

/** What once stopped a table's state from being stored (a lone surrogate), and its kin. */
const HOSTILE = ['hi \ud800', 'a\u0000b', '\udc00', 'bell\u0007'];

/**
 * P3.3 T9.12 over a real server and Postgres: hostile text in a chat line, a name and a room's
 * name is refused INVALID_TEXT, and the table goes on storing its state.
 */
describe('hostile text leaves the table state saving (P3.3, T9.12)', () => {
  let server: TestBanco;
  let prisma: PrismaClient;
  let ann: CreateGuestReply;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestBanco(
      [{ id: 'main', name: 'Main table', isPublic: true, settings: quietTable() }],
      { TRUST_PROXY: 'loopback' },
    );
    prisma = createPrisma(server.db.url);
    ann = await newGuest(server.url, 'Ann');
    client = await TestClient.connectAs(server.url, ann);
  });

  afterAll(async () => {
    client?.close();
    await prisma?.$disconnect();
    await server?.close();
  });

  it('P3.3 T9.12: a hostile chat line, name and room name are refused, and the state is stored after them', async () => {
    expect(await client.send('table.join', { tableId: 'main' })).toMatchObject({ ok: true });
    for (const text of HOSTILE) {
      expect(await client.send('chat.send', { tableId: 'main', text })).toMatchObject({
        ok: false,
        code: 'INVALID_TEXT',
      });
      const guest = await call(server.url, '/api/guests', { body: { name: `Eve ${text}` } });
      expect({ status: guest.status, body: guest.body }).toMatchObject({
        status: 400,
        body: { code: 'INVALID_TEXT' },
      });
      const room = await call(server.url, '/api/rooms', {
        token: ann.token,
        body: { name: `Den ${text}`, settings: roomSettings() },
      });
      expect({ status: room.status, body: room.body }).toMatchObject({
        status: 400,
        body: { code: 'INVALID_TEXT' },
      });
    }
    // A host's kick or mute names a player by id: no text gets in that way either.
    expect(await client.send('room.kick', { tableId: 'main', playerId: 'x\ud800' })).toMatchObject({
      ok: false,
      code: 'INVALID_PAYLOAD',
    });

    // A seat is stored at once, and the chat line with the state after it (P11.6).
    expect(await client.send('seat.take', { tableId: 'main', seat: 3 })).toMatchObject({
      ok: true,
    });
    const said = await client.send('chat.send', { tableId: 'main', text: 'still here \u{1F340}' });
    expect(said).toMatchObject({ ok: true });
    const left = await client.send('seat.leave', { tableId: 'main', seat: 3 });
    expect(left).toMatchObject({ ok: true });
    const row = await prisma.tableStateRow.findUniqueOrThrow({ where: { tableId: 'main' } });
    expect(row.version).toBeGreaterThan(left.ok ? left.version : Infinity);
    expect(JSON.stringify(row.state)).toContain('still here \u{1F340}');

    const health = await call(server.url, '/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok', tables: [] } });
    const metrics = await fetch(`${server.url}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/^banco_tables_not_saving 0$/m);
    expect(metrics).not.toMatch(/^banco_table_state_save_failures_total\{/m);
  });
});
