import {
  houseEdgesReply,
  roomSummarySchema,
  tableSummarySchema,
  type CreateGuestReply,
  type TableEvent,
} from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainTable } from '../banco.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { call, newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

/** A room id of the same shape as a real one, that no room has. */
const strangerId = (): string =>
  `r_${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')}`;

/** The answer with the asked-for id taken out: what must be equal for a room and a stranger. */
const anonymous = (answer: { status: number; body: unknown }, id: string) => ({
  status: answer.status,
  body: JSON.parse(JSON.stringify(answer.body).replaceAll(id, '<id>')),
});

describe('private rooms over HTTP and sockets (T10, P8)', () => {
  let server: TestBanco;
  let prisma: PrismaClient;
  let host: CreateGuestReply;
  let other: CreateGuestReply;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestBanco([mainTable('fast')], { TRUST_PROXY: 'loopback' });
    prisma = createPrisma(server.db.url);
    host = await newGuest(server.url, 'Hostess');
    other = await newGuest(server.url, 'Other');
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await prisma?.$disconnect();
    await server?.close();
  });

  const connect = async (guest: CreateGuestReply) => {
    const client = await TestClient.connectAs(server.url, guest);
    clients.push(client);
    return client;
  };

  it('T10.1 P8.1 P8.2 opens a room with the settings asked for, under an unguessable id', async () => {
    const { room, link } = await openRoom(server.url, host.token, 'Friday', roomSettings());
    expect(room.id).toMatch(/^r_[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(room.id.slice(2), 'base64url')).toHaveLength(16);
    expect(link).toBe(`/table/?id=${room.id}`);
    expect(room).toMatchObject({
      name: 'Friday',
      isPublic: false,
      hostPlayerId: host.player.id,
      hostName: 'Hostess',
      locked: false,
      seated: 0,
    });
    expect(room.settings).toMatchObject({
      decks: 6,
      seats: 7,
      cut: 14,
      bettingMs: 10_000,
      seatHoldMs: 90_000,
      untimedBetting: false,
      cardTurning: true,
      rules: { commission: 'no-commission', tiePays: 8, sideBets: ['super6'] },
      limits: {
        player: { min: 500, max: 20_000 },
        banker: { min: 500, max: 20_000 },
        tie: { min: 500, max: 5_000 },
        super6: { min: 500, max: 2_000 },
      },
    });
    const again = await call(server.url, `/api/rooms/${room.id}`);
    expect(again.status).toBe(200);
    expect(roomSummarySchema.parse(again.body)).toEqual(room);
    const stored = await prisma.table.findUniqueOrThrow({ where: { id: room.id } });
    expect(stored).toMatchObject({ isPublic: false, status: 'OPEN', hostPlayerId: host.player.id });
  });

  it('P8.1 refuses a room to a caller without a valid token', async () => {
    const body = { name: 'Nope', settings: roomSettings() };
    for (const token of [undefined, 'x'.repeat(43)]) {
      const answer = await call(server.url, '/api/rooms', { token, body });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('P8.2 refuses a bad setting with INVALID_SETTING naming the field', async () => {
    const cases: [string, unknown][] = [
      ['decks', roomSettings({ decks: 9 })],
      ['decks', roomSettings({ decks: 0 })],
      ['ruleSet', { ...roomSettings(), ruleSet: 'free-money' }],
      ['tiePays', { ...roomSettings(), tiePays: 10 }],
      ['seats', roomSettings({ seats: 1 })],
      ['seats', roomSettings({ seats: 15 })],
      ['bettingSeconds', roomSettings({ bettingSeconds: 4 })],
      ['bettingSeconds', roomSettings({ bettingSeconds: 61 })],
      ['seatHoldSeconds', roomSettings({ seatHoldSeconds: 5 })],
      [
        'limits.max',
        roomSettings({
          limits: { min: 1_000, max: 500, tie: { max: 1_000 }, side: { max: 1_000 } },
        }),
      ],
      [
        'limits.tie.max',
        roomSettings({
          limits: { min: 1_000, max: 5_000, tie: { max: 500 }, side: { max: 1_000 } },
        }),
      ],
      [
        'limits.side.max',
        roomSettings({
          limits: { min: 1_000, max: 5_000, tie: { max: 1_000 }, side: { max: 500 } },
        }),
      ],
      [
        'limits.min',
        roomSettings({
          limits: { min: 550, max: 5_000, tie: { max: 1_000 }, side: { max: 1_000 } },
        }),
      ],
      ['sideBets', roomSettings({ ruleSet: 'standard', sideBets: ['super6'] })],
      ['sideBets', roomSettings({ sideBets: ['playerPair', 'playerPair'] })],
      // R10.7 through the rules package: 5 cards behind the cut is too few for plus-one.
      ['cut', roomSettings({ cut: 5, lastHand: 'plus-one' })],
      ['cut', roomSettings({ decks: 1, cut: 27 })],
      ['lastHand', { ...roomSettings(), lastHand: 'never' }],
      ['untimedBetting', { ...roomSettings(), untimedBetting: 'yes' }],
      ['bonus', { ...roomSettings(), bonus: true }],
    ];
    for (const [field, settings] of cases) {
      const answer = await call(server.url, '/api/rooms', {
        token: host.token,
        body: { name: 'Bad', settings },
      });
      expect({ field, status: answer.status, body: answer.body }).toMatchObject({
        field,
        status: 400,
        body: { code: 'INVALID_SETTING', field },
      });
    }
    const unnamed = await call(server.url, '/api/rooms', {
      token: host.token,
      body: { name: '\u200b ', settings: roomSettings() },
    });
    expect(unnamed).toMatchObject({
      status: 400,
      body: { code: 'INVALID_SETTING', field: 'name' },
    });
    // Not one of them left a room behind.
    expect(await prisma.table.count({ where: { name: 'Bad' } })).toBe(0);
  });

  it('T10.2 a host may keep 3 rooms open; the 4th is TOO_MANY_ROOMS', async () => {
    const hoarder = await newGuest(server.url, 'Hoarder');
    const made = await Promise.all(
      ['One', 'Two', 'Three', 'Four'].map((name) =>
        call(server.url, '/api/rooms', {
          token: hoarder.token,
          body: { name, settings: roomSettings() },
        }),
      ),
    );
    // Sent together: the per-host count must not race.
    expect(made.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429]);
    expect(made.find((answer) => answer.status === 429)?.body).toMatchObject({
      code: 'TOO_MANY_ROOMS',
    });
    expect(
      await prisma.table.count({ where: { hostPlayerId: hoarder.player.id, status: 'OPEN' } }),
    ).toBe(3);
  });

  it('T10.2 one address opens at most 10 rooms a minute', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) {
      // Refused settings count too: the limit is on asking, not on succeeding.
      const body = { name: 'Flood', settings: roomSettings({ decks: 9 }) };
      answers.push(
        await call(server.url, '/api/rooms', { token: host.token, body, from: '10.9.9.9' }),
      );
    }
    expect(answers.slice(0, 10).every((answer) => answer.status === 400)).toBe(true);
    expect(answers[10]).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    // Another address is not held back by it.
    expect((await openRoom(server.url, other.token, 'Elsewhere')).room.name).toBe('Elsewhere');
  });

  it('T10.6 P0.2 the lobby lists public tables only', async () => {
    const { room } = await openRoom(server.url, host.token, 'Hidden');
    const answer = await call(server.url, '/api/tables');
    expect(answer.status).toBe(200);
    const listed = (answer.body as unknown[]).map((t) => tableSummarySchema.parse(t));
    expect(listed.map((t) => t.id)).toEqual(['main']);
    expect(JSON.stringify(answer.body)).not.toContain(room.id);
    expect(JSON.stringify(answer.body)).not.toContain('Hidden');
  });

  it('T10.3 P8.3 invite codes: host only, lead to the room, expire', async () => {
    const { room } = await openRoom(server.url, other.token, 'Invites');
    const path = `/api/rooms/${room.id}/invites`;
    const refused = await call(server.url, path, { token: host.token, body: { ttlMinutes: 30 } });
    expect(refused).toMatchObject({ status: 403, body: { code: 'NOT_HOST' } });
    const anonymousCall = await call(server.url, path, { body: { ttlMinutes: 30 } });
    expect(anonymousCall).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });

    const made = await call(server.url, path, { token: other.token, body: { ttlMinutes: 30 } });
    expect(made.status).toBe(201);
    const { code, expiresAt } = made.body as { code: string; expiresAt: string };
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const stored = await prisma.roomInvite.findMany({ where: { tableId: room.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).not.toContain(code);

    const found = await call(server.url, `/api/invites/${code}`);
    expect(found).toEqual({
      status: 200,
      body: { roomId: room.id, link: `/table/?id=${room.id}` },
    });
    // Typed by hand: lower case and a dash in the middle still work.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    expect((await call(server.url, `/api/invites/${typed}`)).body).toMatchObject({
      roomId: room.id,
    });

    const unknown = await call(server.url, '/api/invites/ABCDEFGH');
    const malformed = await call(server.url, '/api/invites/0OIL');
    expect(unknown).toEqual({
      status: 404,
      body: { code: 'UNKNOWN_TABLE', message: 'no room for this code' },
    });
    expect(malformed).toEqual(unknown);

    // The clock moves on past the code's expiry (set in the row: no test waits 30 minutes).
    await prisma.roomInvite.updateMany({
      where: { tableId: room.id },
      data: { createdAt: new Date(Date.now() - 120_000), expiresAt: new Date(Date.now() - 1) },
    });
    expect(await call(server.url, `/api/invites/${code}`)).toMatchObject({
      status: 410,
      body: { code: 'INVITE_EXPIRED' },
    });
  });

  it('T10.6 P8.4 a socket without the room id finds nothing; with it, it plays', async () => {
    const { room } = await openRoom(server.url, host.token, 'Sockets');
    const outsider = await connect(await newGuest(server.url, 'Outsider'));
    const stranger = strangerId();
    const guesses = [stranger, room.id.slice(0, -1), room.id.toLowerCase(), room.id.toUpperCase()];
    const answers = await Promise.all(
      guesses.map(async (id) => ({ id, ack: await outsider.send('table.join', { tableId: id }) })),
    );
    for (const { id, ack } of answers) {
      if (id === room.id) continue; // a case change could in theory be the id itself
      expect(ack).toEqual({ ok: false, code: 'UNKNOWN_TABLE', message: `no table ${id}` });
    }
    // The link is the key: whoever has the id joins, and sees the room's own settings.
    const friend = await connect(await newGuest(server.url, 'Friend'));
    const joined = await friend.send('table.join', { tableId: room.id });
    expect(joined.ok).toBe(true);
    if (joined.ok) expect(joined.snapshot.settings.decks).toBe(6);
    expect((await friend.send('seat.take', { tableId: room.id, seat: 3 })).ok).toBe(true);
    expect((await call(server.url, `/api/rooms/${room.id}`)).body).toMatchObject({ seated: 1 });
  });

  it('T10.6 P8.4 P8.6 guessing room ids: every HTTP route answers a private room like no room', async () => {
    const { room } = await openRoom(
      server.url,
      (await newGuest(server.url, 'Keeper')).token,
      'Secret',
    );
    // A round's worth of history: a seated player, a shoe, a commitment, a bet.
    const player = await connect(await newGuest(server.url, 'Seated'));
    expect((await player.send('table.join', { tableId: room.id })).ok).toBe(true);
    const shoeNew = player.next(
      (e): e is Extract<TableEvent, { type: 'shoe.new' }> => e.type === 'shoe.new',
    );
    const bettingOpened = player.next(
      (e): e is Extract<TableEvent, { type: 'betting.opened' }> => e.type === 'betting.opened',
    );
    expect((await player.send('seat.take', { tableId: room.id, seat: 1 })).ok).toBe(true);
    const { shoeId } = await shoeNew;
    const { round } = await bettingOpened;
    const confirmed = await player.send('bets.confirm', {
      tableId: room.id,
      round,
      seat: 1,
      confirmId: 'secret-1',
      bets: [{ spot: 'banker', amount: 1_000 }],
    });
    expect(confirmed.ok).toBe(true);
    // Metrics count the bet, under the one label every room shares (T10.6).
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/banco_bets_total\{table="private-room",spot="banker"\} 1/);

    const near = [room.id.slice(0, -1) + (room.id.endsWith('A') ? 'B' : 'A'), room.id.slice(1)];
    const routes = (id: string) => [
      `/api/rooms/${id}`,
      `/api/tables/${id}/rounds`,
      `/api/shoes/${shoeId}?tableId=${id}`,
    ];
    for (const guess of [...near, strangerId()]) {
      const stranger = strangerId();
      for (const [i, path] of routes(guess).entries()) {
        const answer = anonymous(await call(server.url, path), guess);
        const baseline = anonymous(await call(server.url, routes(stranger)[i]!), stranger);
        expect({ path, ...answer }).toEqual({ path, ...baseline });
        expect(answer.status).toBe(404);
      }
      const invite = await call(server.url, `/api/rooms/${guess}/invites`, {
        token: other.token,
        body: { ttlMinutes: 5 },
      });
      expect(anonymous(invite, guess)).toEqual({
        status: 404,
        body: { code: 'UNKNOWN_TABLE', message: 'no table <id>' },
      });
    }

    // A shoe id alone does not open a private room's shoe: it answers like a made-up shoe.
    const bareShoe = anonymous(await call(server.url, `/api/shoes/${shoeId}`), shoeId);
    const madeUp = crypto.randomUUID();
    expect(bareShoe).toEqual(anonymous(await call(server.url, `/api/shoes/${madeUp}`), madeUp));
    expect(bareShoe.body).toMatchObject({ code: 'UNKNOWN_SHOE' });
    const wrongTable = anonymous(
      await call(server.url, `/api/shoes/${shoeId}?tableId=main`),
      shoeId,
    );
    expect(wrongTable).toEqual(bareShoe);
    // With the room's id it is the room's shoe, commitment and all.
    const named = await call(server.url, `/api/shoes/${shoeId}?tableId=${room.id}`);
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ id: shoeId, tableId: room.id, serverSeed: null });
    expect((await call(server.url, `/api/tables/${room.id}/rounds`)).status).toBe(200);

    // Nothing public names the room: lobby, health, metrics, the API description.
    for (const path of ['/api/tables', '/health', '/metrics', '/docs/json']) {
      const response = await fetch(`${server.url}${path}`);
      const text = await response.text();
      expect({ path, leaks: text.includes(room.id) || text.includes(shoeId) }).toEqual({
        path,
        leaks: false,
      });
    }
  });

  it('T10.5 P8.4 a closed room is gone: no route, socket or code finds it, its history stays', async () => {
    const closer = await newGuest(server.url, 'Closer');
    const { room } = await openRoom(server.url, closer.token, 'Closing');
    const made = await call(server.url, `/api/rooms/${room.id}/invites`, {
      token: closer.token,
      body: { ttlMinutes: 60 },
    });
    const { code } = made.body as { code: string };
    const watcher = await connect(await newGuest(server.url, 'Watcher'));
    expect((await watcher.send('table.join', { tableId: room.id })).ok).toBe(true);

    // What the table's onClosed does once its last round has settled (T10.5).
    await server.banco.rooms.closed(room.id);

    const stranger = strangerId();
    expect(anonymous(await call(server.url, `/api/rooms/${room.id}`), room.id)).toEqual(
      anonymous(await call(server.url, `/api/rooms/${stranger}`), stranger),
    );
    const late = await connect(await newGuest(server.url, 'Late'));
    expect(await late.send('table.join', { tableId: room.id })).toEqual({
      ok: false,
      code: 'UNKNOWN_TABLE',
      message: `no table ${room.id}`,
    });
    expect(await watcher.send('table.snapshot', { tableId: room.id })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_TABLE',
    });
    expect(await call(server.url, `/api/invites/${code}`)).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_TABLE' },
    });
    const stored = await prisma.table.findUniqueOrThrow({ where: { id: room.id } });
    expect(stored.status).toBe('CLOSED');
    expect(stored.closedAt).not.toBeNull();
    expect(await prisma.roomInvite.count({ where: { tableId: room.id } })).toBe(0);
    // The id is the key to the room's past: its history is still there for whoever has it.
    expect((await call(server.url, `/api/tables/${room.id}/rounds`)).status).toBe(200);
    // Closing twice is harmless (the mark is idempotent).
    await server.banco.rooms.closed(room.id);
    expect(server.banco.tables.get(room.id)).toBeUndefined();
  });

  it('P10.1 P3.1 a logged-out token at the room routes is told SESSION_EXPIRED, as the account routes say', async () => {
    const leaver = await newGuest(server.url, 'Leaver');
    const { room } = await openRoom(server.url, leaver.token, 'Brief', roomSettings());
    const out = await call(server.url, '/api/session/logout', {
      method: 'POST',
      token: leaver.token,
    });
    expect(out.status).toBe(200);
    const routes = [
      { path: '/api/rooms', body: { name: 'Again', settings: roomSettings() } },
      { path: '/api/rooms/practice', body: undefined },
      { path: `/api/rooms/${room.id}/invites`, body: { ttlMinutes: 5 } },
      { path: '/api/session', body: undefined, method: 'GET' },
    ];
    for (const { path, body, method } of routes) {
      const answer = await call(server.url, path, {
        method: method ?? 'POST',
        token: leaver.token,
        ...(body === undefined ? {} : { body }),
      });
      expect({ path, status: answer.status, body: answer.body }).toMatchObject({
        path,
        status: 401,
        body: { code: 'SESSION_EXPIRED' },
      });
    }
    // A token the server never issued is still UNAUTHORIZED.
    const stranger = await call(server.url, '/api/rooms/practice', {
      method: 'POST',
      token: 'x'.repeat(40),
    });
    expect({ status: stranger.status, body: stranger.body }).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
  });

  it('P8.5 R13.6 the house edges of each rule set, per deck count', async () => {
    const answer = await call(server.url, '/api/house-edges');
    expect(answer.status).toBe(200);
    const edges = houseEdgesReply.parse(answer.body);
    expect(edges.map((e) => e.decks)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const eight = edges[7]!;
    expect(eight.ruleSets.standard.banker * 100).toBeCloseTo(1.0579, 4);
    expect(eight.ruleSets['no-commission'].banker * 100).toBeCloseTo(1.4581, 4);
    expect(eight.ruleSets['even-money'].banker).toBeLessThan(0);
    expect(eight.tie[9] * 100).toBeCloseTo(4.844, 3);
  });
});

describe('public tables (T10.7)', () => {
  let server: TestBanco;
  afterAll(async () => server?.close());

  it('T10.7 P0.2 PUBLIC_TABLES=3 lists main, main-2 and main-3', async () => {
    server = await startTestBanco(undefined, { PUBLIC_TABLES: '3', TABLE_TIMINGS: 'fast' });
    const answer = await call(server.url, '/api/tables');
    const tables = (answer.body as unknown[]).map((t) => tableSummarySchema.parse(t));
    expect(tables.map((t) => [t.id, t.name])).toEqual([
      ['main', 'Main table'],
      ['main-2', 'Main table 2'],
      ['main-3', 'Main table 3'],
    ]);
    const summary = await call(server.url, '/api/rooms/main-2');
    expect(summary.body).toMatchObject({ isPublic: true, hostPlayerId: null, hostName: null });
  });
});
