import { TABLE_EVENT, TABLE_PRIVATE, createGuestReply, type TableEvent } from '@banco/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { freePort, ServerProcess } from '../testing/server-process.js';
import { TestClient } from '../testing/test-banco.js';

/**
 * The crash suite (T9): the real server as a child process over one real database,
 * two socket.io bots at the main table, and the process killed in every phase of a round —
 * on receipt of the event that starts the phase, never after a sleep. After each restart the
 * ledger, every bet, the shoe and the versions are checked, and a round must play at once.
 */

type Kill = 'betting' | 'closed' | 'reveal' | 'settling' | 'result';
const KILLS: readonly Kill[] = ['betting', 'closed', 'reveal', 'settling', 'result'];
const TIMES = 5;
/**
 * How long the mid-settlement server holds each settlement (the test hook), ms: time for the
 * test to read the hook's log line and send the kill. Each run waits it out three times (the
 * kill, the restart's recovery, the round played after it).
 */
const KILL_HOLD_MS = 600;
/** The row-lock test's hold: time to look the round up and lock its row first. */
const LOCK_HOLD_MS = 1_500;

interface Guest {
  player: { id: string; name: string };
  token: string;
}

/** A seated player who bets, deals and turns as soon as the table lets them, when acting. */
class Bot {
  acting = false;
  client!: TestClient;
  readonly seen: TableEvent[] = [];

  constructor(
    readonly guest: Guest,
    readonly seat: number,
    readonly spot: 'banker' | 'player',
  ) {}

  async connect(url: string, onEvent: (e: TableEvent) => void): Promise<void> {
    this.client = await TestClient.connectAs(url, this.guest);
    this.client.socket.on(TABLE_EVENT, (event: TableEvent) => {
      this.seen.push(event);
      onEvent(event);
      if (this.acting) this.act(event);
    });
    this.client.socket.on(TABLE_PRIVATE, (peek: { round: number }) => {
      if (this.acting) this.fire('cards.reveal', { tableId: 'main', round: peek.round });
    });
  }

  get maxVersion(): number {
    return Math.max(0, ...this.seen.map((e) => e.version));
  }

  private act(event: TableEvent): void {
    if (event.type === 'betting.opened') {
      this.fire('bets.confirm', {
        tableId: 'main',
        round: event.round,
        seat: this.seat,
        confirmId: `${this.guest.player.name}-${event.round}`,
        bets: [{ spot: this.spot, amount: 1_000 }],
      });
    }
    if (event.type === 'dealing.started' && event.dealer === this.seat) {
      this.fire('shoe.deal', { tableId: 'main', round: event.round });
    }
  }

  /** The server may die under a command: its answer does not matter here. */
  private fire(name: string, payload: unknown): void {
    this.client.socket.timeout(5_000).emit(name, payload, () => undefined);
  }
}

describe('the crash suite (T9)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let port: number;
  let server: ServerProcess;
  let bots: Bot[];
  const restarts: number[] = [];
  const playable: number[] = [];
  const stops: number[] = [];

  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: db.url,
    PORT: String(port),
    TABLE_TIMINGS: 'bots',
    DB_LOCK_TIMEOUT_MS: '1500',
    ...extra,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    port = await freePort();
    server = await ServerProcess.start(env());
    const guests = [];
    for (const name of ['ann', 'bob']) {
      const response = await fetch(`${server.url}/api/guests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      guests.push(createGuestReply.parse(await response.json()));
    }
    bots = [new Bot(guests[0]!, 1, 'banker'), new Bot(guests[1]!, 2, 'player')];
    for (const bot of bots) {
      await bot.connect(server.url, onEvent);
      expect((await bot.client.send('table.join', { tableId: 'main' })).ok).toBe(true);
      expect((await bot.client.send('seat.take', { tableId: 'main', seat: bot.seat })).ok).toBe(
        true,
      );
    }
  }, 120_000);

  afterAll(async () => {
    for (const bot of bots ?? []) bot.client?.close();
    if (server && server.child.exitCode === null) await server.kill('SIGKILL');
    await prisma?.$disconnect();
    await db?.drop();
    // The figures the issue asks for, printed for the report.
    const stats = (ms: number[]) =>
      ms.length === 0 ? 'none' : `max ${Math.round(Math.max(...ms))} ms over ${ms.length}`;
    console.log(
      `crash suite: restart to ready ${stats(restarts)}; ready to a played round ${stats(playable)}; SIGTERM to exit ${stats(stops)}`,
    );
  });

  /** Resolves with the round in play when `test` first matches an event either bot receives. */
  function armed(test: (e: TableEvent) => boolean, onFire: () => void): Promise<number> {
    return new Promise((resolve) => {
      let done = false;
      const handler = (event: TableEvent) => {
        if (done || !test(event)) return;
        done = true;
        onFire();
        resolve('round' in event ? (event.round as number) : 0);
      };
      for (const bot of bots) bot.seen.length = 0;
      triggers = [handler];
    });
  }
  let triggers: ((e: TableEvent) => void)[] = [];
  /** Rounds with confirmed stakes: every kill lands in one of these. */
  const betRounds = new Set<number>();
  const onEvent = (event: TableEvent) => {
    if (event.type === 'bets.confirmed') betRounds.add(event.round);
    for (const trigger of triggers) trigger(event);
  };

  async function reconnect(): Promise<void> {
    for (const bot of bots) {
      bot.client.close();
      bot.seen.length = 0;
      await bot.connect(server.url, onEvent);
      // P7.2: the new socket's first command puts it back at the table, without a join.
      const ack = await bot.client.send('table.snapshot', { tableId: 'main' });
      if (!ack.ok) throw new Error(`snapshot refused after a restart: ${ack.code}`);
    }
  }

  /** Everything the issue asks of a restarted server, and a round played within 10 s. */
  async function afterRestart(spawned: number, before: Before, killed: number, voided: boolean) {
    // Spawn to ready is the machine's start-up time (node, Prisma, and tsx when the build is not current): reported, not judged.
    // Ready to a played round is the table's own recovery: the 10 s.
    restarts.push(performance.now() - spawned);
    const started = performance.now();
    await reconnect();
    for (const bot of bots) {
      // T9.4: the new socket asks for the table without joining again.
      const ack = await bot.client.send('table.snapshot', { tableId: 'main' });
      if (!ack.ok) throw new Error(`snapshot refused: ${ack.code}`);
      expect(ack.snapshot.version).toBeGreaterThan(before.maxVersion);
      expect(ack.snapshot.you.seat).toBe(bot.seat);
      if (!before.shoeEnded) expect(ack.snapshot.shoe?.commitment).toBe(before.commitment);
    }
    // A round with both bots' bets, played to its result.
    const played = new Promise<void>((resolve) => {
      triggers = [
        (e) => {
          if (e.type === 'round.result' && e.round > killed) {
            for (const bot of bots) bot.acting = false;
            resolve();
          }
        },
      ];
    });
    for (const bot of bots) bot.acting = true;
    // A table in betting already: the bots bet on it now.
    const ack = await bots[0]!.client.send('table.snapshot', { tableId: 'main' });
    if (ack.ok && ack.snapshot.phase.kind === 'betting') {
      const round = ack.snapshot.phase.round;
      for (const bot of bots) {
        await bot.client.send('bets.confirm', {
          tableId: 'main',
          round,
          seat: bot.seat,
          confirmId: `${bot.guest.player.name}-${round}`,
          bets: [{ spot: bot.spot, amount: 1_000 }],
        });
      }
    }
    await played;
    playable.push(performance.now() - started);
    expect(performance.now() - started).toBeLessThan(10_000);
    await audit(killed, voided);
  }

  async function audit(killed: number, voided: boolean): Promise<void> {
    // T9.5, T8.3: the ledger audit, open rounds included, with `main` the one live table.
    expect((await checkLedger(prisma, { liveTables: ['main'] })).problems).toEqual([]);
    const round = await prisma.round.findUniqueOrThrow({
      where: { tableId_seq: { tableId: 'main', seq: killed } },
      include: { bets: true },
    });
    expect(round.status).toBe(voided ? 'VOIDED' : 'SETTLED');
    // Every bet closed exactly once, by its keys: one COLLECT, RETURN or REFUND.
    const bets = await prisma.$queryRaw<Array<{ id: string; status: string; ends: bigint }>>`
      SELECT b.id, b.status::text AS status,
             (SELECT count(*) FROM transfers t
               WHERE t.key IN ('collect:' || b.id, 'return:' || b.id, 'refund:' || b.id)) AS ends
        FROM bets b`;
    for (const bet of bets) {
      expect([bet.status, Number(bet.ends)]).toEqual([bet.status, bet.status === 'OPEN' ? 0 : 1]);
    }
    expect(bets.filter((b) => b.status === 'OPEN')).toEqual([]);
    const refunds = await prisma.transfer.count({
      where: { kind: 'REFUND', roundId: round.id },
    });
    expect(refunds).toBe(voided ? round.bets.length : 0);
    // No OPEN round but the one the live table is playing.
    const open = await prisma.round.findMany({ where: { status: 'OPEN' }, select: { seq: true } });
    const state = await prisma.tableStateRow.findUniqueOrThrow({ where: { tableId: 'main' } });
    for (const r of open) expect(r.seq).toBe(state.roundSeq);
  }

  interface Before {
    maxVersion: number;
    commitment: string | undefined;
    shoeEnded: boolean;
  }

  async function current(): Promise<Before> {
    const ack = await bots[0]!.client.send('table.snapshot', { tableId: 'main' });
    if (!ack.ok) throw new Error(ack.code);
    return {
      maxVersion: ack.snapshot.version,
      commitment: ack.snapshot.shoe?.commitment,
      shoeEnded: false,
    };
  }

  /** What the bots saw before the kill: the highest version, whether the shoe ended. */
  function seenBefore(before: Before): Before {
    const seen = bots.flatMap((b) => b.seen);
    const ended = seen.some((e) => e.type === 'shoe.ended' && e.commitment === before.commitment);
    const maxVersion = Math.max(before.maxVersion, ...bots.map((b) => b.maxVersion));
    return { ...before, maxVersion, shoeEnded: ended };
  }

  const TRIGGER: Record<Exclude<Kill, 'settling'>, (e: TableEvent) => boolean> = {
    // Stakes in escrow: Ann's bets are confirmed, Bob has not decided, betting is open.
    betting: (e) => e.type === 'bets.confirmed' && e.seat === 1,
    closed: (e) => e.type === 'betting.closed' && betRounds.has(e.round),
    reveal: (e) => e.type === 'cards.revealed' && betRounds.has(e.round),
    result: (e) => e.type === 'round.result' && betRounds.has(e.round),
  };

  /** Mid-settlement: the first held settlement of a round with stakes; its round's id. */
  async function heldSettlement(): Promise<string> {
    for (;;) {
      const line = await server.waitFor(/test hook: settlement held/);
      // The line says whether the round has bets, so a kill on it waits on no query.
      const { roundId, bets } = JSON.parse(line) as { roundId: string; bets: number };
      if (bets > 0) return roundId;
    }
  }

  /** A round's number at its table. */
  async function seqOf(roundId: string): Promise<number> {
    return (await prisma.round.findUniqueOrThrow({ where: { id: roundId } })).seq;
  }

  /** Sets the bots going; a table already in betting gets their bets at once. */
  async function play(actors: readonly Bot[]): Promise<void> {
    for (const bot of actors) bot.acting = true;
    const ack = await bots[0]!.client.send('table.snapshot', { tableId: 'main' });
    if (!ack.ok || ack.snapshot.phase.kind !== 'betting') return;
    const round = ack.snapshot.phase.round;
    for (const bot of actors) {
      bot.client.socket.timeout(5_000).emit(
        'bets.confirm',
        {
          tableId: 'main',
          round,
          seat: bot.seat,
          confirmId: `${bot.guest.player.name}-${round}`,
          bets: [{ spot: bot.spot, amount: 1_000 }],
        },
        () => undefined,
      );
    }
  }

  /** One kill: arm the trigger, let the bots play, kill on the trigger; the round it hit. */
  async function killOn(kill: Kill, signal: NodeJS.Signals): Promise<number> {
    const actors = kill === 'betting' ? [bots[0]!] : bots;
    const fired =
      kill === 'settling'
        ? heldSettlement().then((roundId) => {
            server.child.kill(signal);
            return seqOf(roundId);
          })
        : armed(TRIGGER[kill], () => server.child.kill(signal));
    await play(actors);
    const round = await fired;
    for (const bot of bots) bot.acting = false;
    return round;
  }

  /** A test starts on a live server, whatever the one before it left behind. */
  async function live(extra: Record<string, string> = {}, fresh = false): Promise<void> {
    const dead = server.child.exitCode !== null || server.child.signalCode !== null;
    if (!dead && !fresh) return;
    if (!dead) await server.kill('SIGKILL');
    server = await ServerProcess.start(env(extra));
    await reconnect();
  }

  const holding = (kill: Kill) =>
    env(kill === 'settling' ? { TEST_HOLD_SETTLEMENT_MS: String(KILL_HOLD_MS) } : {});

  describe.each(KILLS)('kill -9 while %s', (kill) => {
    it(`T9.1 T9.2 T9.3 T9.4 P7.1 P7.2: ×${TIMES}, then the ledger, the bets, the shoe and the versions hold`, async () => {
      // The test hook: the mid-settlement server holds each settlement, and says so in its log.
      if (kill === 'settling') await live({ TEST_HOLD_SETTLEMENT_MS: String(KILL_HOLD_MS) }, true);
      else await live();
      for (let i = 0; i < TIMES; i++) {
        const before = await current();
        const killed = await killOn(kill, 'SIGKILL');
        await server.exited;
        if (kill === 'settling') {
          // The kill landed inside the hold: the killed server left the round unsettled.
          const round = await prisma.round.findUniqueOrThrow({
            where: { tableId_seq: { tableId: 'main', seq: killed } },
          });
          expect(round.status).toBe('OPEN');
        }
        const seen = seenBefore(before);
        const started = performance.now();
        server = await ServerProcess.start(holding(kill));
        await afterRestart(started, seen, killed, kill === 'betting');
      }
    }, 180_000);
  });

  it(`T9.7 P7.3: SIGTERM mid-round ×${TIMES}: told, finished or refunded, gone within 10 s`, async () => {
    await live({}, true);
    for (let i = 0; i < TIMES; i++) {
      const kill: Kill = i % 2 === 0 ? 'betting' : 'reveal';
      const before = await current();
      const killed = await killOn(kill, 'SIGTERM');
      const started = performance.now();
      const { code } = await server.exited;
      stops.push(performance.now() - started);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(code).toBe(0);
      for (const bot of bots) expect(bot.seen.some((e) => e.type === 'table.closing')).toBe(true);
      const seen = seenBefore(before);
      const restarted = performance.now();
      server = await ServerProcess.start(env());
      await afterRestart(restarted, seen, killed, kill === 'betting');
    }
  }, 180_000);

  it('T9.7: SIGTERM while a settlement waits on a row lock still exits within 10 s', async () => {
    await live({ TEST_HOLD_SETTLEMENT_MS: String(LOCK_HOLD_MS) }, true);
    const before = await current();
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    try {
      const held = heldSettlement();
      await play(bots);
      const killed = await seqOf(await held);
      for (const bot of bots) bot.acting = false;
      // Another session holds the round's row: the settlement will wait on it.
      await locker.query('BEGIN');
      await locker.query(`SELECT id FROM rounds WHERE table_id = 'main' AND seq = $1 FOR UPDATE`, [
        killed,
      ]);
      const started = performance.now();
      server.child.kill('SIGTERM');
      const { code } = await server.exited;
      stops.push(performance.now() - started);
      // Graceful all the same: the lock timeout ends the wait, the round is left to the restart.
      expect(code).toBe(0);
      expect(performance.now() - started).toBeLessThan(10_000);
      await locker.query('ROLLBACK');
      const seen = seenBefore(before);
      const restarted = performance.now();
      server = await ServerProcess.start(env());
      await afterRestart(restarted, seen, killed, false);
    } finally {
      await locker.end();
    }
  }, 60_000);
});
