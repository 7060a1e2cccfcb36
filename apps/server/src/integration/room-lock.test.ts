import type { CreateGuestReply } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainTable } from '../banco.js';
import { newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

/**
 * A locked room over real sockets: the gateway reports a joining socket's presence before the
 * table judges its join, so this is where a lock that only looked at presence would leak.
 */
describe('a locked room keeps newcomers out over the socket (T11.1)', () => {
  let server: TestBanco;
  let host: CreateGuestReply;
  let member: CreateGuestReply;
  let stranger: CreateGuestReply;
  const clients: TestClient[] = [];
  const connect = async (guest: CreateGuestReply) => {
    const client = await TestClient.connectAs(server.url, guest);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startTestBanco([mainTable('fast')]);
    host = await newGuest(server.url, 'Host');
    member = await newGuest(server.url, 'Member');
    stranger = await newGuest(server.url, 'Stranger');
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it('T11.1 refuses a newcomer with ROOM_LOCKED; who had joined before the lock comes back', async () => {
    const { room } = await openRoom(server.url, host.token, 'Locked', roomSettings());
    const hostClient = await connect(host);
    expect((await hostClient.send('table.join', { tableId: room.id })).ok).toBe(true);
    const before = await connect(member);
    expect((await before.send('table.join', { tableId: room.id })).ok).toBe(true);
    const locked = await hostClient.send('room.lock', { tableId: room.id, locked: true });
    expect(locked.ok).toBe(true);

    const newcomer = await connect(stranger);
    expect(await newcomer.send('table.join', { tableId: room.id })).toMatchObject({
      ok: false,
      code: 'ROOM_LOCKED',
    });
    // Refused twice the same way: the first refusal left nothing behind that lets it in.
    expect(await newcomer.send('table.join', { tableId: room.id })).toMatchObject({
      ok: false,
      code: 'ROOM_LOCKED',
    });
    before.close();
    const again = await connect(member);
    expect((await again.send('table.join', { tableId: room.id })).ok).toBe(true);
  });
});
