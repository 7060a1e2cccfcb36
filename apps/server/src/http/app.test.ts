import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { createGuestReply, ERROR_CODES } from '@banco/protocol';
import { commitmentOf, playShoe } from '@banco/rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { createLedger } from '../db/ledger.js';
import { createPrisma } from '../db/prisma.js';
import { Sessions } from '../db/sessions.js';
import { createMetrics } from '../metrics.js';
import type { TablePort } from '../table/runtime/table-port.js';
import { buildHttpApp, type HttpAppDeps } from './app.js';
import { errorReplySchema } from './errors.js';
import {
  countCalls,
  emptyRegistry,
  httpTestDeps,
  pingDb,
  realLedger,
  testConfig,
  UNREACHABLE_DB_URL,
  type RealLedger,
} from './test-support.js';

let store: RealLedger;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  store = await realLedger();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await store?.close();
});

function build(overrides: Partial<HttpAppDeps> = {}) {
  const guests = countCalls(store.ledger);
  const app = buildHttpApp({ ...httpTestDeps(store), guests, ...overrides });
  apps.push(app);
  return { app, guests };
}

function expectError(body: string, code: string) {
  const parsed = errorReplySchema.parse(JSON.parse(body));
  expect(parsed.code).toBe(code);
  expect(parsed.message.length).toBeGreaterThan(0);
  return parsed;
}

const playerCount = () => store.prisma.player.count();

describe('GET /health', () => {
  it('is ok while the database answers', async () => {
    const { app } = build();
    const res = await app.inject('/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'ok',
      db: 'ok',
      uptimeSeconds: expect.any(Number),
      tables: [],
    });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('is a 503 with db down when the database does not answer', async () => {
    const unreachable = createPrisma(UNREACHABLE_DB_URL);
    try {
      const { app } = build({ checkDb: () => pingDb(unreachable) });
      const res = await app.inject('/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', db: 'down' });
    } finally {
      await unreachable.$disconnect();
    }
  });

  it('T9.8: is degraded (still a 200) while a table reports failing database work', async () => {
    const failing = { id: 'main', problems: () => ['settle failed 6 times; last: boom'] };
    const healthy = { id: 'side', problems: () => [] };
    const room = { id: 'r_AAAAAAAAAAAAAAAAAAAAAA', problems: () => ['end-shoe failed'] };
    const { app } = build({
      tables: () => ({
        ...emptyRegistry(),
        list: () => [failing, healthy, room] as unknown as TablePort[],
        listPublic: () => [failing, healthy] as unknown as TablePort[],
      }),
    });
    const res = await app.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      db: 'ok',
      tables: [
        { id: 'main', problems: ['settle failed 6 times; last: boom'] },
        // T10.6: a private room's id is its key: health does not give it away.
        { id: '(private room)', problems: ['end-shoe failed'] },
      ],
    });
  });

  it('counts a failing check as down', async () => {
    const { app } = build({ checkDb: () => Promise.reject(new Error('boom')) });
    const res = await app.inject('/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ db: 'down' });
  });
});

describe('GET /metrics', () => {
  it('serves the Prometheus text with every banco_ metric and the process defaults', async () => {
    const metrics = createMetrics();
    metrics.rounds.inc({ table: 'main' });
    metrics.bets.inc({ table: 'main', spot: 'banker' });
    metrics.commands.inc({ command: 'table.join', result: 'ok' });
    const { app } = build({ metrics });
    const res = await app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    for (const name of [
      'banco_rounds_total',
      'banco_bets_total',
      'banco_settle_seconds',
      'banco_sockets',
      'banco_commands_total',
      'banco_command_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
    expect(res.body).toContain('banco_rounds_total{table="main"} 1');
    expect(res.body).toContain('banco_bets_total{table="main",spot="banker"} 1');
    expect(res.body).toContain('banco_commands_total{command="table.join",result="ok"} 1');
  });

  it('keeps each app’s metrics apart', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.sockets.inc(3);
    expect(await b.registry.getSingleMetricAsString('banco_sockets')).toMatch(/banco_sockets 0/);
    expect(await a.registry.getSingleMetricAsString('banco_sockets')).toMatch(/banco_sockets 3/);
  });
});

describe('OpenAPI and docs', () => {
  it('lists every route with its schemas at /docs/json', async () => {
    const { app } = build();
    const res = await app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/account/claim',
      '/api/guests',
      '/api/rooms/{roomId}/ledger',
      '/api/rooms/{roomId}/recap',
      '/api/session',
      '/api/session/login',
      '/api/session/logout',
      '/api/session/logout-all',
      '/api/shoes/{shoeId}',
      '/api/tables',
      '/api/tables/{tableId}/rounds',
      '/api/tables/{tableId}/shoes',
      '/health',
      '/metrics',
    ]);
    const createGuest = doc.paths['/api/guests'].post;
    expect(Object.keys(createGuest.responses)).toEqual(
      expect.arrayContaining(['201', '400', '429']),
    );
    expect(JSON.stringify(createGuest.requestBody)).toContain('name');
    const rounds = doc.paths['/api/tables/{tableId}/rounds'].get;
    expect(rounds.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'limit',
      'tableId',
    ]);
    expect(Object.keys(rounds.responses)).toEqual(expect.arrayContaining(['200', '404']));
    expect(Object.keys(doc.paths['/health'].get.responses)).toEqual(
      expect.arrayContaining(['200', '503']),
    );
  });

  it('serves Swagger UI under a CSP that allows its own scripts and styles', async () => {
    const { app } = build();
    const page = await app.inject('/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    // Every script is a same-origin file (script-src 'self'), none inline.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const src of scripts) {
      const asset = await app.inject(new URL(src, 'http://x/docs/').pathname);
      expect(asset.statusCode, src).toBe(200);
    }
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' https: 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('security headers and CORS', () => {
  it('sets helmet’s headers on API replies', async () => {
    const { app } = build();
    const res = await app.inject('/api/tables');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows a configured origin and no other', async () => {
    const { app } = build();
    const allowed = await app.inject({
      url: '/api/tables',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const other = await app.inject({
      url: '/api/tables',
      headers: { origin: 'http://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/guests',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
  });
});

describe('POST /api/guests', () => {
  it.each([
    ['a plain name, trimmed', '  Ann '],
    ['P0.1: a name with a bidi override and a zero-width space', ' \u202eAnn\u200b '],
  ])('creates a guest in the ledger and shows the token once: %s', async (_, name) => {
    const { app, guests } = build();
    const res = await app.inject({ method: 'POST', url: '/api/guests', payload: { name } });
    expect(res.statusCode).toBe(201);
    const body = createGuestReply.parse(res.json());
    expect(body.player.name).toBe('Ann');
    expect(body.balance).toBe(100_000);
    expect(guests.calls.createGuest).toBe(1);
    expect(await store.sessions.playerByToken(body.token)).toEqual(body.player);
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name over 20 characters', { name: 'x'.repeat(21) }],
    ['a name of nothing visible', { name: '\u200b\u202e ' }],
    ['a missing name', {}],
    ['an unknown key', { name: 'Bob', admin: true }],
    ['a number', { name: 42 }],
  ])('refuses %s with INVALID_PAYLOAD before touching the store', async (_, payload) => {
    const { app, guests } = build();
    const before = await playerCount();
    const res = await app.inject({ method: 'POST', url: '/api/guests', payload });
    expect(res.statusCode).toBe(400);
    const error = expectError(res.body, 'INVALID_PAYLOAD');
    expect(error.message).toMatch(/^body/);
    expect(guests.calls.createGuest).toBe(0);
    expect(await playerCount()).toBe(before);
  });

  it.each([
    ['a NUL', 'A\u0000nn'],
    ['a bell', 'A\u0007nn'],
    ['a lone surrogate', 'Ann \ud800'],
  ])('P0.1 P3.3: refuses a name with %s: INVALID_TEXT, never a 500', async (_, name) => {
    const { app, guests } = build();
    const res = await app.inject({ method: 'POST', url: '/api/guests', payload: { name } });
    expect(res.statusCode).toBe(400);
    expectError(res.body, 'INVALID_TEXT');
    expect(guests.calls.createGuest).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const { app, guests } = build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/guests',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expectError(res.body, 'INVALID_PAYLOAD');
    expect(guests.calls.createGuest).toBe(0);
  });

  it('refuses an oversized body with PAYLOAD_TOO_LARGE', async () => {
    const { app, guests } = build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/guests',
      payload: { name: 'x'.repeat(100_000) },
    });
    expect(res.statusCode).toBe(413);
    expectError(res.body, 'PAYLOAD_TOO_LARGE');
    expect(guests.calls.createGuest).toBe(0);
  });

  it('P0.1: a guest token stops working once it is older than the TTL', async () => {
    const guest = await store.ledger.createGuest('Old');
    const hourTtl = { guestMs: 3_600_000, loginMs: 3_600_000 };
    const at = (ms: number) => () => new Date(Date.now() + ms);
    const before = new Sessions(store.prisma, hourTtl, at(3_600_000 - 60_000));
    const after = new Sessions(store.prisma, hourTtl, at(3_600_000 + 60_000));
    expect(await before.playerByToken(guest.token)).toEqual(guest.player);
    expect(await after.playerByToken(guest.token)).toBeNull();
    expect(await after.lookup(guest.token)).toEqual({ status: 'ended' });
  });

  it('allows 30 guests a minute per address (14 friends behind one router), then RATE_LIMITED', async () => {
    const { app, guests } = build();
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/guests',
        payload: { name: `g${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const limited = await app.inject({
      method: 'POST',
      url: '/api/guests',
      payload: { name: 'g' },
    });
    expect(limited.statusCode).toBe(429);
    expectError(limited.body, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(guests.calls.createGuest).toBe(30);
    // Another address still gets in.
    const other = await app.inject({
      method: 'POST',
      url: '/api/guests',
      payload: { name: 'h' },
      remoteAddress: '10.0.0.7',
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('global rate limit', () => {
  it('allows 100 requests a minute per address on any route, then RATE_LIMITED', async () => {
    const { app } = build();
    for (let i = 0; i < 100; i++) {
      expect((await app.inject('/api/tables')).statusCode).toBe(200);
    }
    const limited = await app.inject('/api/tables');
    expect(limited.statusCode).toBe(429);
    expectError(limited.body, 'RATE_LIMITED');
    // Unknown URLs count too.
    const unknown = await app.inject('/wp-admin');
    expect(unknown.statusCode).toBe(429);
    // P3.1: /health is outside the limit, so a monitor is never locked out.
    for (let i = 0; i < 3; i++) expect((await app.inject('/health')).statusCode).toBe(200);
  });

  it('P3.1: believes X-Forwarded-For only from a trusted proxy (TRUST_PROXY)', async () => {
    const trusting = build({ config: testConfig({ TRUST_PROXY: '127.0.0.1' }) }).app;
    const naive = build().app;
    for (const app of [trusting, naive]) {
      for (let i = 0; i < 100; i++) {
        const res = await app.inject({
          url: '/api/tables',
          headers: { 'x-forwarded-for': `10.1.0.${i % 50}` },
        });
        expect(res.statusCode).toBe(200);
      }
    }
    // Behind the trusted proxy each of 50 clients made 2 requests; without trust, one made 100.
    const next = { url: '/api/tables', headers: { 'x-forwarded-for': '10.1.0.1' } };
    expect((await trusting.inject(next)).statusCode).toBe(200);
    expect((await naive.inject(next)).statusCode).toBe(429);
  });
});

describe('GET /api/tables', () => {
  it('lists nothing while there are no live tables, or before they exist', async () => {
    expect((await build().app.inject('/api/tables')).json()).toEqual([]);
    expect((await build({ tables: () => undefined }).app.inject('/api/tables')).json()).toEqual([]);
  });
});

/** Plays a real fair shoe and records its first rounds in the ledger the way a table does. */
async function recordShoe(rounds: number, tamper?: { round: number }) {
  const tableId = 'main';
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeed = `test table ${randomBytes(3).toString('hex')}`;
  const number = await store.ledger.nextShoeNumber(tableId);
  const settings = { decks: 8, cut: 16, lastHand: 'plus-one' as const };
  const played = playShoe({ serverSeed, clientSeed, shoeNumber: number, ...settings });
  if (!played.ok) throw new Error(played.error.message);
  const { shoeId } = await store.ledger.createShoe({
    tableId,
    number,
    serverSeed,
    commitment: commitmentOf(serverSeed),
    clientSeed,
    settings,
  });
  for (let i = 0; i < rounds; i++) {
    const result = played.value.rounds[i]!;
    const seq = await store.ledger.nextRoundSeq(tableId);
    const { roundId } = await store.ledger.openRound({
      tableId,
      shoeId,
      seq,
      number: i + 1,
      holderSeat: null,
    });
    const cards = [...result.dealt];
    if (tamper?.round === i + 1) cards.reverse();
    await store.ledger.settleRound({
      tableId,
      roundId,
      round: {
        cards,
        outcome: result.outcome,
        playerTotal: result.player.total,
        bankerTotal: result.banker.total,
        trace: result.trace,
      },
      settled: [],
    });
  }
  return { shoeId, serverSeed, clientSeed, number, settings, played: played.value };
}

describe('GET /api/tables/:tableId/rounds', () => {
  it('is a 404 UNKNOWN_TABLE for a table that is neither live nor in the database', async () => {
    const res = await build().app.inject('/api/tables/no-such-table/rounds');
    expect(res.statusCode).toBe(404);
    expectError(res.body, 'UNKNOWN_TABLE');
  });

  it('refuses a malformed table id or limit with INVALID_PAYLOAD', async () => {
    const { app } = build();
    for (const url of [
      '/api/tables/Main!/rounds',
      '/api/tables/main/rounds?limit=0',
      '/api/tables/main/rounds?limit=101',
      '/api/tables/main/rounds?limit=ten',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expectError(res.body, 'INVALID_PAYLOAD');
    }
  });

  it('returns the settled rounds newest first, as many as asked (default 20)', async () => {
    const { app } = build();
    const empty = await app.inject('/api/tables/main/rounds');
    expect(empty.statusCode).toBe(200);
    const before = empty.json().rounds.length;

    const shoe = await recordShoe(3);
    const res = await app.inject('/api/tables/main/rounds?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tableId).toBe('main');
    expect(body.rounds).toHaveLength(2);
    const [newest, previous] = body.rounds;
    expect(newest.seq).toBeGreaterThan(previous.seq);
    expect(newest).toMatchObject({
      shoeId: shoe.shoeId,
      shoeNumber: shoe.number,
      number: 3,
      cards: shoe.played.rounds[2]!.dealt,
      outcome: shoe.played.rounds[2]!.outcome,
      bets: [],
    });
    const all = await app.inject('/api/tables/main/rounds');
    expect(all.json().rounds).toHaveLength(Math.min(20, before + 3));
  });
});

describe('GET /api/shoes/:shoeId', () => {
  it('is a 404 for an unknown shoe', async () => {
    const res = await build().app.inject('/api/shoes/0b7d4f9c-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expectError(res.body, 'UNKNOWN_SHOE');
  });

  it('hides the seed while the shoe is in play, then shows it with a passing re-run', async () => {
    const { app } = build();
    const shoe = await recordShoe(4);

    const inPlay = (await app.inject(`/api/shoes/${shoe.shoeId}`)).json();
    expect(inPlay).toMatchObject({
      id: shoe.shoeId,
      tableId: 'main',
      number: shoe.number,
      commitment: commitmentOf(shoe.serverSeed),
      clientSeed: shoe.clientSeed,
      decks: 8,
      cut: 16,
      lastHand: 'plus-one',
      endedAt: null,
      serverSeed: null,
      verification: null,
    });
    expect(inPlay.rounds).toHaveLength(4);
    expect(JSON.stringify(inPlay)).not.toContain(shoe.serverSeed);

    await store.ledger.endShoe(shoe.shoeId);
    const ended = (await app.inject(`/api/shoes/${shoe.shoeId}`)).json();
    expect(ended.serverSeed).toBe(shoe.serverSeed);
    expect(ended.endedAt).not.toBeNull();
    expect(ended.verification).toEqual({
      verified: true,
      commitmentMatches: true,
      roundsReplayed: shoe.played.rounds.length,
      mismatches: [],
      command: `pnpm banco verify --server-seed ${shoe.serverSeed} --client-seed '${shoe.clientSeed}' --shoe ${shoe.number} --decks 8 --cut 16 --last-hand plus-one`,
    });
  });

  it('names the rounds whose stored cards differ from the re-run', async () => {
    const shoe = await recordShoe(3, { round: 2 });
    await store.ledger.endShoe(shoe.shoeId);
    const body = (await build().app.inject(`/api/shoes/${shoe.shoeId}`)).json();
    expect(body.verification).toMatchObject({ verified: false, mismatches: [2] });
  });

  it('T9.6 P7.5: verifies a shoe with voided rounds, marking them; the CLI re-runs it', async () => {
    const shoe = await recordShoe(1);
    const open = async (number: number) => {
      const seq = await store.ledger.nextRoundSeq('main');
      await store.ledger.openRound({
        tableId: 'main',
        shoeId: shoe.shoeId,
        seq,
        number,
        holderSeat: null,
      });
      return seq;
    };
    // Voided in betting: no card left the shoe, and the next round has the same number.
    await store.ledger.voidRound({ tableId: 'main', seq: await open(2) });
    const second = shoe.played.rounds[1]!;
    const { roundId } = await store.ledger.openRound({
      tableId: 'main',
      shoeId: shoe.shoeId,
      seq: await store.ledger.nextRoundSeq('main'),
      number: 2,
      holderSeat: null,
    });
    await store.ledger.settleRound({
      tableId: 'main',
      roundId,
      round: {
        cards: [...second.dealt],
        outcome: second.outcome,
        playerTotal: second.player.total,
        bankerTotal: second.banker.total,
        trace: second.trace,
      },
      settled: [],
    });
    // Voided after its deal (its settlement failed for good): its cards are kept.
    const third = shoe.played.rounds[2]!;
    await store.ledger.voidRound({ tableId: 'main', seq: await open(3), cards: [...third.dealt] });
    await store.ledger.endShoe(shoe.shoeId);

    const body = (await build().app.inject(`/api/shoes/${shoe.shoeId}`)).json();
    expect(
      body.rounds.map((r: { number: number; voided: boolean }) => [r.number, r.voided]),
    ).toEqual([
      [1, false],
      [2, true],
      [2, false],
      [3, true],
    ]);
    expect(body.rounds[1]).toMatchObject({ cards: [], outcome: null });
    expect(body.rounds[3]).toMatchObject({ cards: third.dealt, outcome: null });
    expect(body.verification).toMatchObject({ verified: true, mismatches: [] });
    const { stdout } = await promisify(execFile)('sh', ['-c', body.verification.command], {
      cwd: REPO_ROOT,
    });
    expect(stdout.trim().split('\n').at(-1)).toBe(`${shoe.played.rounds.length} rounds`);
  });

  it('prints a command that the banco CLI accepts and that replays the same shoe', async () => {
    const shoe = await recordShoe(1);
    await store.ledger.endShoe(shoe.shoeId);
    const { command } = (await build().app.inject(`/api/shoes/${shoe.shoeId}`)).json().verification;
    const { stdout } = await promisify(execFile)('sh', ['-c', command], { cwd: REPO_ROOT });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`commitment ${commitmentOf(shoe.serverSeed)}`);
    expect(lines.at(-1)).toBe(`${shoe.played.rounds.length} rounds`);
    const first = JSON.parse(lines.find((l) => l.includes('"round"'))!);
    expect(first.player).toEqual(shoe.played.rounds[0]!.player.cards);
  });
});

describe('errors', () => {
  it('answers an unknown route with NOT_FOUND', async () => {
    const res = await build().app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expectError(res.body, 'NOT_FOUND');
  });

  it('answers a failing store with INTERNAL and no detail', async () => {
    const unreachable = createPrisma(UNREACHABLE_DB_URL);
    try {
      const { app } = build({ history: createLedger(unreachable) });
      const res = await app.inject('/api/tables/main/rounds');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL', message: 'internal error' });
    } finally {
      await unreachable.$disconnect();
    }
  });

  it('uses protocol codes wherever one fits', () => {
    for (const code of ['INVALID_PAYLOAD', 'RATE_LIMITED', 'UNKNOWN_TABLE', 'INTERNAL']) {
      expect(ERROR_CODES).toContain(code);
    }
  });
});
