import {
  claimAccountReply,
  connectRefusalSchema,
  createGuestReply,
  loginReply,
  logoutReply,
  PROTOCOL_VERSION,
  SESSION_ENDED,
  sessionEndedSchema,
  sessionReply,
  type SessionEnded,
  type TableEvent,
} from '@banco/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSession } from '../db/sessions.js';
import { errorReplySchema } from '../http/errors.js';
import { quietTable } from '../testing/quiet-table.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const PER_USERNAME = 3;
const PER_ADDRESS = 6;

let server: TestBanco;
/** Each test speaks from its own address (X-Forwarded-For from a trusted loopback proxy). */
let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;

beforeAll(async () => {
  server = await startTestBanco(
    [
      { id: 'acct', name: 'Accounts', isPublic: true, settings: quietTable() },
      { id: 'seats', name: 'Seats', isPublic: true, settings: quietTable() },
    ],
    {
      TRUST_PROXY: 'loopback',
      LOGIN_ATTEMPTS_PER_USERNAME: String(PER_USERNAME),
      LOGIN_ATTEMPTS_PER_ADDRESS: String(PER_ADDRESS),
    },
  );
});
afterAll(async () => server?.close());

interface Call {
  token?: string;
  body?: unknown;
  from?: string;
}

async function call(method: 'GET' | 'POST', path: string, options: Call = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.from ?? freshAddress() };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as unknown,
  };
}

const errorCode = (body: unknown) => errorReplySchema.parse(body).code;

async function newGuest(name: string) {
  const created = await call('POST', '/api/guests', { body: { name } });
  return createGuestReply.parse(created.body);
}

async function claim(token: string, username: string, password = 'correct horse battery') {
  return call('POST', '/api/account/claim', { token, body: { username, password } });
}

async function login(username: string, password: string, from?: string) {
  return call('POST', '/api/session/login', { body: { username, password }, from });
}

async function loggedIn(username: string, password = 'correct horse battery') {
  const answer = await login(username, password);
  expect(answer.status).toBe(200);
  return loginReply.parse(answer.body);
}

/** A raw socket, for watching how the server ends it. */
function rawSocket(token: string): Socket {
  return io(server.url, {
    transports: ['websocket'],
    auth: { token, protocolVersion: PROTOCOL_VERSION },
    reconnection: false,
    forceNew: true,
  });
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

async function refusalCode(token: string): Promise<string> {
  const socket = rawSocket(token);
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected, expected a refusal')));
      socket.once('connect_error', (err: Error & { data?: unknown }) =>
        resolve(connectRefusalSchema.parse(err.data).code),
      );
    });
  } finally {
    socket.close();
  }
}

/** What the server told the socket before closing it, and how it closed. */
function endOf(socket: Socket): Promise<{ ended: SessionEnded; reason: string }> {
  return new Promise((resolve, reject) => {
    let ended: SessionEnded | undefined;
    socket.once(SESSION_ENDED, (raw: unknown) => {
      ended = sessionEndedSchema.parse(raw);
    });
    socket.once('disconnect', (reason) => {
      if (ended) resolve({ ended, reason });
      else reject(new Error(`disconnected (${reason}) without session.ended first`));
    });
  });
}

const isBettingOpened = (e: TableEvent): e is Extract<TableEvent, { type: 'betting.opened' }> =>
  e.type === 'betting.opened';

/** Joins the quiet table, sits down, and waits for the round that sitting opens. */
async function sitForRound(client: TestClient, tableId: string, seat: number): Promise<number> {
  await client.send('table.join', { tableId });
  const opened = client.next(isBettingOpened);
  const taken = await client.send('seat.take', { tableId, seat });
  if (!taken.ok) throw new Error(taken.code);
  return (await opened).round;
}

describe('claiming an account and logging in from another device', () => {
  it('P10.2 P10.3 P10.6: the second device gets the same player and the same balance', async () => {
    const guest = await newGuest('Ann');
    // Ann plays first, so her balance is no longer the welcome amount.
    const phone = await TestClient.connectAs(server.url, guest);
    const round = await sitForRound(phone, 'acct', 2);
    const bet = await phone.send('bets.confirm', {
      tableId: 'acct',
      round,
      seat: 2,
      confirmId: 'ann-1',
      bets: [{ spot: 'banker', amount: 2_500 }],
    });
    if (!bet.ok) throw new Error(bet.code);
    expect(bet.balance).toBe(97_500);

    const claimed = await claim(guest.token, 'Ann_Player');
    expect(claimed.status).toBe(200);
    expect(claimAccountReply.parse(claimed.body)).toEqual({
      player: guest.player,
      username: 'ann_player',
    });

    // The laptop: any capitals, the same account.
    const laptop = await loggedIn('ANN_PLAYER');
    expect(laptop.player).toEqual(guest.player);
    expect(laptop.username).toBe('ann_player');
    expect(laptop.kind).toBe('login');
    expect(laptop.balance).toBe(97_500);
    expect(laptop.token).not.toBe(guest.token);
    expect(laptop.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(laptop.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(167);
    expect(hours).toBeLessThanOrEqual(168);

    const session = await call('GET', '/api/session', { token: laptop.token });
    expect(session.status).toBe(200);
    expect(sessionReply.parse(session.body)).toEqual({
      player: guest.player,
      username: 'ann_player',
      kind: 'login',
      expiresAt: laptop.expiresAt,
      balance: 97_500,
      // She is still seated from her bet as a guest: the lobby can lead her back.
      seats: [{ tableId: 'acct', tableName: 'Accounts', seat: 2, away: false }],
    });
    // The phone's guest session goes on, now with the username.
    const phoneSession = sessionReply.parse(
      (await call('GET', '/api/session', { token: guest.token })).body,
    );
    expect(phoneSession).toMatchObject({ username: 'ann_player', kind: 'guest' });

    // At the table the laptop is Ann: her seat, her bet, her balance.
    const desk = await TestClient.connectAs(server.url, laptop);
    const resync = await desk.send('table.resync', { tableId: 'acct', since: 0 });
    if (!resync.ok) throw new Error(resync.code);
    expect(resync.you).toEqual({
      playerId: guest.player.id,
      seat: 2,
      balance: 97_500,
      bets: [{ spot: 'banker', amount: 2_500 }],
      away: false,
    });
    for (const c of [phone, desk]) c.close();
  });

  it('P10.3: a wrong password and an unknown username get the very same answer', async () => {
    const guest = await newGuest('Bea');
    expect((await claim(guest.token, 'bea_b')).status).toBe(200);
    const wrong = await login('bea_b', 'not the password at all');
    const unknown = await login('nobody_here', 'not the password at all');
    const malformed = await login('no such name!', 'not the password at all');
    for (const answer of [wrong, unknown, malformed]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'wrong username or password',
      });
    }
    expect(wrong.headers.get('content-length')).toBe(unknown.headers.get('content-length'));
    // The right password still works.
    expect((await loggedIn('bea_b')).player).toEqual(guest.player);
  });
});

describe('username and password rules', () => {
  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(21)],
    ['a space', 'ann smith'],
    ['a hyphen', 'ann-smith'],
    ['a letter outside a–z', 'zoë'],
  ])('P10.2: refuses a username with %s (INVALID_PAYLOAD)', async (_, username) => {
    const guest = await newGuest('Cy');
    const answer = await claim(guest.token, username);
    expect(answer.status).toBe(400);
    expect(errorCode(answer.body)).toBe('INVALID_PAYLOAD');
    // Nothing was claimed: a good username still goes through.
    expect((await claim(guest.token, `cy_${nextAddress}`)).status).toBe(200);
  });

  it('P10.2: refuses a short password, or the username as password, with WEAK_PASSWORD', async () => {
    const guest = await newGuest('Dee');
    const short = await claim(guest.token, 'dee_d', 'short1234');
    expect(short.status).toBe(400);
    expect(errorCode(short.body)).toBe('WEAK_PASSWORD');
    const same = await claim(guest.token, 'dee_dee_dee', 'DEE_DEE_DEE');
    expect(same.status).toBe(400);
    expect(errorCode(same.body)).toBe('WEAK_PASSWORD');
    expect((await claim(guest.token, 'dee_d', '0123456789')).status).toBe(200);
  });

  it('P10.2: a username is unique whatever its case (USERNAME_TAKEN)', async () => {
    const first = await newGuest('Eli');
    const second = await newGuest('Eli');
    expect((await claim(first.token, 'eli_the_first')).status).toBe(200);
    const taken = await claim(second.token, 'ELI_The_First');
    expect(taken.status).toBe(409);
    expect(errorCode(taken.body)).toBe('USERNAME_TAKEN');
    // The second guest is untouched and may pick another.
    expect((await claim(second.token, 'eli_the_second')).status).toBe(200);
  });

  it('P10.2: a claimed account cannot be claimed again, from any of its sessions (ALREADY_CLAIMED)', async () => {
    const guest = await newGuest('Flo');
    expect((await claim(guest.token, 'flo_f')).status).toBe(200);
    const again = await claim(guest.token, 'flo_other');
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe('ALREADY_CLAIMED');
    const laptop = await loggedIn('flo_f');
    const fromLogin = await claim(laptop.token, 'flo_third');
    expect(fromLogin.status).toBe(409);
    expect(errorCode(fromLogin.body)).toBe('ALREADY_CLAIMED');
    // The first claim stands: the first password, the first username.
    expect((await login('flo_other', 'correct horse battery')).status).toBe(401);
    expect((await loggedIn('flo_f')).player).toEqual(guest.player);
  });

  it('P10.1: claiming needs a session token (UNAUTHORIZED without one or with an unknown one)', async () => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const answer = await call('POST', '/api/account/claim', {
        token,
        body: { username: 'gus_g', password: 'correct horse battery' },
      });
      expect(answer.status).toBe(401);
      expect(errorCode(answer.body)).toBe('UNAUTHORIZED');
    }
    expect((await call('GET', '/api/session')).status).toBe(401);
  });
});

describe('login throttling', () => {
  it(`P10.4: ${PER_USERNAME} attempts at one username, from anywhere, then RATE_LIMITED — even for the right password`, async () => {
    const guest = await newGuest('Hal');
    expect((await claim(guest.token, 'hal_h')).status).toBe(200);
    for (let i = 0; i < PER_USERNAME; i++) {
      expect((await login('hal_h', `wrong password ${i}`)).status).toBe(401);
    }
    const limited = await login('hal_h', 'correct horse battery');
    expect(limited.status).toBe(429);
    expect(errorCode(limited.body)).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another username is not held back.
    expect((await login('someone_else', 'whatever it is')).status).toBe(401);
    // An unknown username is limited the same way, so the limit tells nothing either.
    for (let i = 0; i < PER_USERNAME; i++) {
      expect((await login('ghost_user', 'wrong password')).status).toBe(401);
    }
    expect((await login('ghost_user', 'wrong password')).status).toBe(429);
  });

  it(`P10.4: ${PER_ADDRESS} attempts from one address, at any usernames, then RATE_LIMITED`, async () => {
    const from = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login(`sprayed_${i}`, 'password123', from)).status).toBe(401);
    }
    const limited = await login('sprayed_last', 'password123', from);
    expect(limited.status).toBe(429);
    expect(errorCode(limited.body)).toBe('RATE_LIMITED');
    // Another address may still try that username.
    expect((await login('sprayed_last', 'password123')).status).toBe(401);
  });
});

describe('sessions that end', () => {
  it('P10.1 P10.5: an expired session is refused over HTTP and at the socket, and a live socket is closed when it expires', async () => {
    const guest = await newGuest('Ivy');
    expect((await claim(guest.token, 'ivy_i')).status).toBe(200);
    const laptop = await loggedIn('ivy_i');
    // Its clock runs out: issued two hours ago with a one-hour life.
    await server.banco.prisma.$executeRaw`
      UPDATE sessions SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour'
       WHERE token_hash = encode(sha256(convert_to(${laptop.token}, 'UTF8')), 'hex')`;
    const answer = await call('GET', '/api/session', { token: laptop.token });
    expect(answer.status).toBe(401);
    expect(errorCode(answer.body)).toBe('SESSION_EXPIRED');
    expect(await refusalCode(laptop.token)).toBe('SESSION_EXPIRED');
    // Another session of the same player is unaffected.
    expect((await call('GET', '/api/session', { token: guest.token })).status).toBe(200);

    // A session that runs out while its socket is open: the socket is told, then closed.
    const brief = await insertSession(server.banco.prisma, guest.player.id, 'login', 1_500);
    const socket = rawSocket(brief.token);
    await connected(socket);
    const { ended, reason } = await endOf(socket);
    expect(ended).toMatchObject({ code: 'SESSION_EXPIRED', reason: 'expired' });
    expect(reason).toBe('io server disconnect');
    expect(Date.now()).toBeGreaterThanOrEqual(brief.expiresAt.getTime());
    expect(await refusalCode(brief.token)).toBe('SESSION_EXPIRED');
  });

  it('P10.6: the session names the seats the player holds, at any table, and whether away', async () => {
    const guest = await newGuest('Sitter');
    const before = sessionReply.parse(
      (await call('GET', '/api/session', { token: guest.token })).body,
    );
    expect(before.seats).toEqual([]);
    const client = await TestClient.connectAs(server.url, guest);
    await client.send('table.join', { tableId: 'seats' });
    const taken = await client.send('seat.take', { tableId: 'seats', seat: 4 });
    expect(taken.ok).toBe(true);
    const seated = sessionReply.parse(
      (await call('GET', '/api/session', { token: guest.token })).body,
    );
    expect(seated.seats).toEqual([{ tableId: 'seats', tableName: 'Seats', seat: 4, away: false }]);
    client.close();
    let away = seated;
    for (let i = 0; i < 500 && !away.seats[0]?.away; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      away = sessionReply.parse((await call('GET', '/api/session', { token: guest.token })).body);
    }
    expect(away.seats).toEqual([{ tableId: 'seats', tableName: 'Seats', seat: 4, away: true }]);
  });

  it('P10.5: logout ends this session and closes its sockets; the other device plays on', async () => {
    const guest = await newGuest('Jo');
    expect((await claim(guest.token, 'jo_j')).status).toBe(200);
    const laptop = await loggedIn('jo_j');
    const laptopSocket = rawSocket(laptop.token);
    const phoneSocket = rawSocket(guest.token);
    await Promise.all([connected(laptopSocket), connected(phoneSocket)]);

    const end = endOf(laptopSocket);
    const out = await call('POST', '/api/session/logout', { token: laptop.token });
    expect(out.status).toBe(200);
    expect(logoutReply.parse(out.body)).toEqual({ revoked: 1 });
    expect((await end).ended).toMatchObject({ code: 'SESSION_EXPIRED', reason: 'logout' });

    expect(errorCode((await call('GET', '/api/session', { token: laptop.token })).body)).toBe(
      'SESSION_EXPIRED',
    );
    expect(await refusalCode(laptop.token)).toBe('SESSION_EXPIRED');
    // The phone's socket is still open and answers.
    expect(phoneSocket.connected).toBe(true);
    const ack = (await phoneSocket
      .timeout(5_000)
      .emitWithAck('table.join', { tableId: 'acct' })) as { ok: boolean };
    expect(ack.ok).toBe(true);
    phoneSocket.close();
  });

  it('P10.5: logout everywhere revokes every session of the player and closes every live socket', async () => {
    const guest = await newGuest('Kit');
    expect((await claim(guest.token, 'kit_k')).status).toBe(200);
    const laptop = await loggedIn('kit_k');
    const tablet = await loggedIn('kit_k');
    const bystander = await newGuest('Lou');
    const tokens = [guest.token, laptop.token, tablet.token];
    const sockets = tokens.map(rawSocket);
    const theirs = rawSocket(bystander.token);
    await Promise.all([...sockets, theirs].map(connected));
    const ends = sockets.map(endOf);

    const out = await call('POST', '/api/session/logout-all', { token: tablet.token });
    expect(out.status).toBe(200);
    expect(logoutReply.parse(out.body)).toEqual({ revoked: 3 });
    for (const end of await Promise.all(ends)) {
      expect(end.ended).toMatchObject({ code: 'SESSION_EXPIRED', reason: 'logout-all' });
      expect(end.reason).toBe('io server disconnect');
    }
    for (const token of tokens) {
      expect(errorCode((await call('GET', '/api/session', { token })).body)).toBe(
        'SESSION_EXPIRED',
      );
      expect(await refusalCode(token)).toBe('SESSION_EXPIRED');
    }
    // Someone else's socket stays.
    expect(theirs.connected).toBe(true);
    theirs.close();
    // Logging in again works: a fresh session.
    const back = await loggedIn('kit_k');
    expect(back.player).toEqual(guest.player);
    expect((await call('GET', '/api/session', { token: back.token })).status).toBe(200);
  });
});

describe('every command is the authenticated player’s', () => {
  it('P10.7: a logged-in player cannot bet for, or leave, another player’s seat', async () => {
    const owner = await newGuest('Max');
    const ownerSocket = await TestClient.connectAs(server.url, owner);
    const round = await sitForRound(ownerSocket, 'seats', 9);

    const intruder = await newGuest('Ned');
    expect((await claim(intruder.token, 'ned_n')).status).toBe(200);
    const session = await loggedIn('ned_n');
    const socket = await TestClient.connectAs(server.url, session);
    await socket.send('table.join', { tableId: 'seats' });
    expect(await socket.send('seat.take', { tableId: 'seats', seat: 10 })).toMatchObject({
      ok: true,
    });

    const bet = await socket.send('bets.confirm', {
      tableId: 'seats',
      round,
      seat: 9,
      confirmId: 'ned-for-max',
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    expect(bet).toMatchObject({ ok: false, code: 'NOT_YOUR_SEAT' });
    const none = await socket.send('bets.none', { tableId: 'seats', round, seat: 9 });
    expect(none).toMatchObject({ ok: false, code: 'NOT_YOUR_SEAT' });
    const leave = await socket.send('seat.leave', { tableId: 'seats', seat: 9 });
    expect(leave).toMatchObject({ ok: false, code: 'NOT_YOUR_SEAT' });
    // No payload may name the player to act as: a playerId is refused outright.
    const disguised = await socket.send('seat.leave', {
      tableId: 'seats',
      seat: 9,
      playerId: owner.player.id,
    });
    expect(disguised).toMatchObject({ ok: false, code: 'INVALID_PAYLOAD' });

    // Max still sits there with every chip.
    const snapshot = await ownerSocket.send('table.snapshot', { tableId: 'seats' });
    if (!snapshot.ok) throw new Error(snapshot.code);
    expect(snapshot.snapshot.seats.find((s) => s.seat === 9)).toMatchObject({
      player: { id: owner.player.id },
      balance: 100_000,
    });
    for (const c of [ownerSocket, socket]) c.close();
  });
});
