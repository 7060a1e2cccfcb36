/**
 * T15.9: a Chemin de Fer room's server killed with SIGKILL, twice: once with a punto's choice
 * pending (the coup is finished by the rule and settled), once with the cover open (the coup is
 * called off). A room opened over HTTP with `kind: "chemin-de-fer"` (C1.1, C1.4).
 */
import type { TableEvent } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { freePort, ServerProcess } from '../testing/server-process.js';
import { TestClient } from '../testing/test-banco.js';

type Updated = Extract<TableEvent, { type: 'chemin.updated' }>;
const updated =
  (what: Updated['what']) =>
  (e: TableEvent): e is Updated =>
    e.type === 'chemin.updated' && e.what === what;

/** The burn (AS, QS), then punto 2H 3D (5: a choice), banker KC 5S, then a 4 and kings. */
const CARDS: CardCode[] = ['AS', 'QS', '2H', 'KC', '3D', '5S', '4D', ...Array(40).fill('KH')];

describe('Chemin de Fer coups survive a crash (T15.9)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let server: ServerProcess;
  let port: number;
  const clients: TestClient[] = [];
  const env = () => ({
    DATABASE_URL: db.url,
    PORT: String(port),
    TABLE_TIMINGS: 'patient',
    TEST_SCRIPTED_SHOE: CARDS.join(' '),
  });
  const wallet = async (playerId: string) =>
    Number(
      (await prisma.account.findUniqueOrThrow({ where: { id: `wallet:${playerId}` } })).balance,
    );
  const roundStatus = async (tableId: string, seq: number) =>
    (await prisma.round.findFirst({ where: { tableId, seq } }))?.status ?? null;
  async function until(check: () => Promise<boolean>, what: string): Promise<void> {
    const started = performance.now();
    while (!(await check())) {
      if (performance.now() - started > 20_000) throw new Error(`never: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    port = await freePort();
    server = await ServerProcess.start(env());
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    if (server && server.child.exitCode === null) await server.kill('SIGKILL');
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('T15.9 C1.4 a pending choice is made by the rule after a crash; an open cover is called off', async () => {
    const dan = await newGuest(server.url, 'Dan');
    const eve = await newGuest(server.url, 'Eve');
    const { room } = await openRoom(
      server.url,
      dan.token,
      'Chemmy',
      roomSettings({
        bettingSeconds: 60,
        kind: 'chemin-de-fer',
        cheminDeFer: {
          decks: 6,
          cagnottePercent: 5,
          bank: { min: 10_000, max: 100_000 },
          choices: { mode: 'window', seconds: 60 },
        },
      }),
    );
    expect(room.settings.cheminDeFer?.bank).toEqual({ min: 10_000, max: 100_000 });
    expect([room.settings.decks, room.settings.cut]).toEqual([6, 7]);
    const tableId = room.id;
    const seatAll = async () => {
      const d = await TestClient.connectAs(server.url, dan);
      const e = await TestClient.connectAs(server.url, eve);
      clients.push(d, e);
      return { d, e };
    };
    let { d, e } = await seatAll();
    const offered = d.next(updated('offered'));
    expect((await d.send('table.join', { tableId })).ok).toBe(true);
    expect((await d.send('seat.take', { tableId, seat: 1 })).ok).toBe(true);
    expect((await e.send('table.join', { tableId })).ok).toBe(true);
    expect((await e.send('seat.take', { tableId, seat: 2 })).ok).toBe(true);
    await offered;
    const start = { dan: await wallet(dan.player.id), eve: await wallet(eve.player.id) };

    const dealt = d.next(updated('dealt'));
    expect((await d.send('chemin.bank.post', { tableId, coup: 1, amount: 10_000 })).ok).toBe(true);
    expect((await e.send('chemin.cover', { tableId, coup: 1, call: { kind: 'banco' } })).ok).toBe(
      true,
    );
    expect((await dealt).view.coup?.pending).toMatchObject({ hand: 'punto', seat: 2 });
    expect(await wallet(eve.player.id)).toBe(start.eve - 10_000);

    await server.kill('SIGKILL');
    for (const c of clients.splice(0)) c.close();
    server = await ServerProcess.start(env());
    await until(async () => (await roundStatus(tableId, 1)) === 'SETTLED', 'coup 1 settled');
    // By the rule the punto drew the 4 (9) and the banker at 5 against a 4 drew a king (5).
    expect(await wallet(dan.player.id)).toBe(start.dan - 10_000);
    expect(await wallet(eve.player.id)).toBe(start.eve + 10_000);

    ({ d, e } = await seatAll());
    const snap = await d.send('table.snapshot', { tableId });
    if (!snap.ok) throw new Error(snap.code);
    const last = snap.snapshot.cheminDeFer?.last;
    expect(last?.settlement?.outcome).toBe('player');
    expect(last?.story.find((s) => s.kind === 'draw' && s.hand === 'punto')).toMatchObject({
      by: 'rule',
    });
    expect(snap.snapshot.cheminDeFer?.offer).toMatchObject({ kind: 'fresh', seat: 2 });

    // Coup 2: Eve's bank, Dan never calls; the server dies with the cover open.
    expect((await e.send('chemin.bank.post', { tableId, coup: 2, amount: 10_000 })).ok).toBe(true);
    await until(async () => (await roundStatus(tableId, 2)) === 'OPEN', 'coup 2 stored');
    await server.kill('SIGKILL');
    for (const c of clients.splice(0)) c.close();
    server = await ServerProcess.start(env());
    await until(async () => (await roundStatus(tableId, 2)) === 'VOIDED', 'coup 2 called off');
    expect(await wallet(dan.player.id)).toBe(start.dan - 10_000);
    expect(await wallet(eve.player.id)).toBe(start.eve + 10_000);
    ({ e } = await seatAll());
    const again = await e.send('table.snapshot', { tableId });
    if (!again.ok) throw new Error(again.code);
    expect(again.snapshot.cheminDeFer?.last).toMatchObject({ coup: 2, phase: 'not-dealt' });
    expect((await checkLedger(prisma)).problems).toEqual([]);
  }, 120_000);
});
