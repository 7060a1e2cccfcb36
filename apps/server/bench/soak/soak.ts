/**
 * The soak (docs/performance.md): both games played by bots on the real server while it is
 * killed (SIGKILL) and stopped (SIGTERM) at moments a seeded generator picks, and started again
 * on the same database; then the invariants. It speaks to the server only as a client would
 * (HTTP, socket.io) and reads Postgres directly, so it holds across changes inside the server.
 */
import { createGuestReply, type CreateGuestReply } from '@banco/protocol';
import { createPrisma, type PrismaClient } from '../../src/db/prisma.js';
import { createTestDatabase } from '../../src/db/test-database.js';
import { BANK, CheminBot } from '../../src/testing/chemin-bot.js';
import { TRY_AGAIN } from '../../src/testing/cluster-bot.js';
import { call, openRoom, roomSettings } from '../../src/testing/rooms.js';
import { mulberry32 } from '../../src/testing/seeded-random.js';
import { freePort, ServerProcess } from '../../src/testing/server-process.js';
import { TestClient } from '../../src/testing/test-banco.js';
import { auditClientFrames, emptyTally, type FrameTally } from './frames.js';
import { auditLedger, type Invariant, type LedgerAudit } from './ledger-audit.js';
import { PuntoPlayer } from './punto-player.js';
import { auditShoes, type ShoeAudit } from './shoes.js';

export interface SoakOptions {
  /** Rounds and coups settled in all, every table together, before the last stop. */
  rounds: number;
  /** Stops early after this long (seconds), whatever was played. */
  seconds: number | null;
  seed: number;
  /**
   * Public Punto Banco tables (PUBLIC_TABLES), private Punto Banco rooms (room chips), Chemin de
   * Fer rooms.
   */
  puntoTables: number;
  puntoRooms: number;
  cheminRooms: number;
  /** Decks of each room's shoe: few decks end shoes often, and each ended shoe is verified. */
  roomDecks: number;
  /** How long the server lives between restarts, seconds: drawn between the two. */
  life: { min: number; max: number };
  log: (line: string) => void;
}

type Game = 'punto-banco' | 'chemin-de-fer';
interface Table {
  id: string;
  game: Game;
  players: { guest: CreateGuestReply; seat: number }[];
}

export interface SoakResult {
  seed: number;
  rounds: number;
  seconds: number;
  tables: { game: Game; id: string }[];
  kills: number;
  stops: number;
  /** Restarts after which every table settled a round or coup again. */
  survived: number;
  /**
   * Chemin de Fer rooms where fewer than two players could still put up the least bank: no
   * refill comes at such a table (T8.2), so they stop playing, and no restart is blamed for it.
   */
  outOfChips: string[];
  commandsCutOff: number;
  invariants: {
    tablesPlayOn: Invariant;
    frames: FrameTally;
    shoes: Invariant & { rounds: number };
  } & LedgerAudit;
}

/**
 * T11.15, T10.8: the private Punto Banco rooms play room chips (open seating, each first sit
 * granted a stack no bot's bets empty in a soak), so the audit's every-room-sums-to-zero is
 * checked on a room that lived through the kills and stops.
 */
const ROOM_CHIPS = {
  seating: 'open',
  chips: 'room',
  roomChips: { startingStack: 100_000, topUps: { autoBelowMinimum: false, perNight: null } },
  waitlistMax: 0,
  offerSeconds: 60,
  autoSitOutRounds: null,
  finish: null,
} as const;

/** A table that settles nothing for this long after a restart has stalled. */
const STALL_MS = 60_000;
const PUNTO_SEATS = 3;
const CHEMIN_SEATS = 4;
/** Tries of a join or a sit answered "try again": 30 s at 250 ms apart. */
const PATIENCE = 120;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const random = mulberry32(options.seed);
  const db = await createTestDatabase({ prefix: 'banco_soak' });
  const prisma = createPrisma(db.url);
  const env = {
    DATABASE_URL: db.url,
    PORT: String(await freePort()),
    TABLE_TIMINGS: 'fast',
    PUBLIC_TABLES: String(options.puntoTables),
    // Guests and rooms are made from many addresses, as many people would make them.
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'info',
  };
  let commandsCutOff = 0;
  let server: ServerProcess | null = null;
  try {
    server = await ServerProcess.start(env);
    const tables = await openTables(server.url, options);
    const tally = { rounds: 0, kills: 0, stops: 0, survived: 0 };
    const broke = new Set<string>();
    const tablesPlayOn: Invariant = { checked: 0, breaches: [] };
    const frames = emptyTally();
    let shoes: ShoeAudit = { shoes: 0, rounds: 0, problems: [] };
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const over = () =>
      tally.rounds >= options.rounds || (options.seconds !== null && elapsed() >= options.seconds);
    for (let life = 1; ; life++) {
      const bornAt = new Date();
      const mark = performance.now();
      const seated = await seatPlayers(server.url, prisma, tables, random);
      const seatedMs = performance.now() - mark;
      const lifeMs = 1000 * (options.life.min + random() * (options.life.max - options.life.min));
      const until = performance.now() + lifeMs;
      while (performance.now() < until && !over()) {
        await sleep(500);
        tally.rounds = await settled(prisma);
      }
      // A life ends only once every table has played on since it began: then it survived. A
      // Chemin de Fer room whose players cannot put up a bank any more cannot play on.
      for (const id of await outOfChips(prisma, tables)) broke.add(id);
      const stalled = await waitPlayedOn(
        prisma,
        tables.filter((t) => !broke.has(t.id)),
        bornAt,
        () => performance.now() > until + STALL_MS,
      );
      const waitedMs = Math.max(0, performance.now() - until);
      if (life > 1) {
        tablesPlayOn.checked += 1;
        if (stalled.length === 0) tally.survived += 1;
      }
      for (const id of stalled) {
        tablesPlayOn.breaches.push(
          `life ${life}: ${await stuck(seated, id)} settled nothing in ${Math.round(lifeMs / 1000 + STALL_MS / 1000)} s`,
        );
      }
      const last = over();
      const signal = last || random() < 0.5 ? 'SIGTERM' : 'SIGKILL';
      if (last) {
        shoes = await auditShoes(server.url, prisma);
      }
      const { code, ms: stopMs } = await server.kill(signal);
      if (signal === 'SIGTERM' && code !== 0) {
        tablesPlayOn.breaches.push(`life ${life}: SIGTERM stop exited ${code}`);
      }
      for (const player of seated) player.stop();
      for (const player of seated) {
        player.client.close();
        commandsCutOff += player.cutOff();
        auditClientFrames(
          frames,
          player.game,
          `life ${life} ${player.tableId} seat ${player.seat}`,
          player.client.frames,
          player.seat,
        );
      }
      tally.rounds = await settled(prisma);
      const s = (ms: number) => (ms / 1000).toFixed(1);
      options.log(
        `life ${life}: seated in ${s(seatedMs)} s, ${signal} after ${s(lifeMs)} s ` +
          `(+${s(waitedMs)} s for every table to play on), gone in ${s(stopMs)} s; ` +
          `${tally.rounds} rounds and coups settled, ${Math.round(elapsed())} s`,
      );
      if (last) break;
      if (signal === 'SIGKILL') tally.kills += 1;
      else tally.stops += 1;
      const starting = performance.now();
      server = await ServerProcess.start(env);
      options.log(`started again in ${s(performance.now() - starting)} s`);
    }
    server = null;
    const seconds = elapsed();
    return {
      seed: options.seed,
      ...tally,
      seconds,
      tables: tables.map(({ id, game }) => ({ id, game })),
      outOfChips: [...broke],
      commandsCutOff,
      invariants: {
        tablesPlayOn,
        frames,
        shoes: { checked: shoes.shoes, rounds: shoes.rounds, breaches: shoes.problems },
        ...(await auditLedger(prisma)),
      },
    };
  } finally {
    if (server && server.child.exitCode === null) await server.kill('SIGKILL');
    await prisma.$disconnect();
    await db.drop();
  }
}

const settled = async (prisma: PrismaClient) => {
  const [row] = await prisma.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM rounds WHERE status = 'SETTLED'`;
  return Number(row!.n);
};

/** The Chemin de Fer rooms where fewer than two players' wallets hold the least bank. */
async function outOfChips(prisma: PrismaClient, tables: readonly Table[]): Promise<string[]> {
  const broke: string[] = [];
  for (const table of tables) {
    if (table.game !== 'chemin-de-fer') continue;
    const balances = await Promise.all(
      table.players.map(({ guest }) => balanceOf(prisma, guest.player.id)),
    );
    if (balances.filter((b) => b >= BANK.min).length < 2) broke.push(table.id);
  }
  return broke;
}

/** The tables that settled nothing since `since`, once all have or `giveUp` says so. */
async function waitPlayedOn(
  prisma: PrismaClient,
  tables: readonly Table[],
  since: Date,
  giveUp: () => boolean,
): Promise<string[]> {
  for (;;) {
    const rows = await prisma.$queryRaw<Array<{ table_id: string }>>`
      SELECT DISTINCT table_id FROM rounds WHERE status = 'SETTLED' AND settled_at > ${since}`;
    const played = new Set(rows.map((r) => r.table_id));
    const idle = tables.filter((t) => !played.has(t.id)).map((t) => t.id);
    if (idle.length === 0 || giveUp()) return idle;
    await sleep(500);
  }
}

/** A stalled table in a few words: its game and where its snapshot stands. */
async function stuck(seated: readonly Seated[], tableId: string): Promise<string> {
  const player = seated.find((p) => p.tableId === tableId);
  const shown = await player?.client.send('table.snapshot', { tableId }).catch(() => null);
  if (!shown?.ok) return `${tableId} (${player?.game}: no snapshot)`;
  const { snapshot } = shown;
  const chemin = snapshot.cheminDeFer;
  const where = chemin
    ? `offer ${JSON.stringify(chemin.offer)} until ${chemin.offerUntil}, coup ${chemin.coup?.coup} ` +
      `${chemin.coup?.phase} pending ${JSON.stringify(chemin.coup?.pending ?? null)}, at ${Date.now()}`
    : `phase ${JSON.stringify(snapshot.phase)}`;
  const seats = snapshot.seats.map((s) => `${s.seat}:${s.balance}${s.awayUntil ? ' away' : ''}`);
  return `${tableId} (${player?.game} v${snapshot.version}: ${where}; seats ${seats.join(' ')})`;
}

async function guest(url: string, name: string): Promise<CreateGuestReply> {
  const { status, body } = await call(url, '/api/guests', { body: { name } });
  if (status !== 201) throw new Error(`guest ${name}: ${status} ${JSON.stringify(body)}`);
  return createGuestReply.parse(body);
}

/** The public tables the server lists, and the rooms opened here, each with its players. */
async function openTables(url: string, options: SoakOptions): Promise<Table[]> {
  const { status, body } = await call(url, '/api/tables');
  if (status !== 200) throw new Error(`GET /api/tables: ${status}`);
  const publicIds = (body as { id: string }[]).map((t) => t.id);
  const tables: Table[] = [];
  const players = async (prefix: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, async (_, i) => ({
        guest: await guest(url, `${prefix}${i + 1}`),
        seat: i + 1,
      })),
    );
  for (const [i, id] of publicIds.entries()) {
    tables.push({ id, game: 'punto-banco', players: await players(`Pb${i}s`, PUNTO_SEATS) });
  }
  const room = async (game: Game, i: number) => {
    const seats = game === 'punto-banco' ? PUNTO_SEATS : CHEMIN_SEATS;
    const members = await players(game === 'punto-banco' ? `Pr${i}s` : `Cf${i}s`, seats);
    const settings =
      game === 'punto-banco'
        ? roomSettings({ bettingSeconds: 5, decks: options.roomDecks, evening: ROOM_CHIPS })
        : roomSettings({
            bettingSeconds: 5,
            kind: 'chemin-de-fer',
            cheminDeFer: {
              decks: options.roomDecks,
              cagnottePercent: 5,
              bank: BANK,
              choices: { mode: 'window', seconds: 5 },
            },
          });
    const opened = await openRoom(url, members[0]!.guest.token, `Soak ${game} ${i}`, settings);
    tables.push({ id: opened.room.id, game, players: members });
  };
  for (let i = 0; i < options.puntoRooms; i++) await room('punto-banco', i);
  for (let i = 0; i < options.cheminRooms; i++) await room('chemin-de-fer', i);
  return tables;
}

interface Seated {
  game: Game;
  tableId: string;
  seat: number;
  client: TestClient;
  stop(): void;
  /** Its commands the server's stop left unanswered. */
  cutOff(): number;
}

/** Each player connected afresh, back at its table and in its seat, playing. */
async function seatPlayers(
  url: string,
  prisma: PrismaClient,
  tables: readonly Table[],
  random: () => number,
): Promise<Seated[]> {
  const seated: Seated[] = [];
  // Each player's generator is drawn first, in one order, so a seed plays the same bots.
  const seeds = tables.map((t) => t.players.map(() => Math.floor(random() * 2 ** 32)));
  const seatOne = (table: Table, t: number) =>
    table.players.map(async ({ guest, seat }, p) => {
      const client = await TestClient.connectAs(url, guest);
      const joined = await patiently(() => client.send('table.join', { tableId: table.id }));
      if (!joined.ok) throw new Error(`${guest.player.name}: join ${table.id}: ${joined.code}`);
      const bot =
        table.game === 'punto-banco'
          ? new PuntoPlayer(client, table.id, seat, mulberry32(seeds[t]![p]!))
          : new CheminBot(
              client,
              table.id,
              seat,
              await balanceOf(prisma, guest.player.id),
              mulberry32(seeds[t]![p]!),
              // It plays until stopped: a table must go on until the server is.
              () => false,
            );
      if (joined.snapshot.you.seat !== seat) {
        const sat = await patiently(() => client.send('seat.take', { tableId: table.id, seat }));
        if (!sat.ok)
          throw new Error(`${guest.player.name}: seat ${seat} at ${table.id}: ${sat.code}`);
      }
      seated.push({
        game: table.game,
        tableId: table.id,
        seat,
        client,
        stop: () => bot.stop(),
        cutOff: () => (bot instanceof PuntoPlayer ? bot.cutOff : bot.counts.cutOff),
      });
    });
  // Every player at once, as a crowd comes back after a restart.
  await Promise.all(tables.flatMap(seatOne));
  return seated;
}

/**
 * A command asked again while the answer says "try again" (a table still resuming after the
 * start answers TABLE_CLOSING), as a page does; any other answer is the table's.
 */
async function patiently<A extends { ok: boolean; code?: string }>(
  send: () => Promise<A>,
): Promise<A> {
  for (let attempt = 1; ; attempt++) {
    const ack = await send();
    if (ack.ok || !TRY_AGAIN.has(ack.code ?? '') || attempt === PATIENCE) return ack;
    await sleep(250);
  }
}

async function balanceOf(prisma: PrismaClient, playerId: string): Promise<number> {
  const [row] = await prisma.$queryRaw<Array<{ balance: bigint }>>`
    SELECT balance FROM accounts WHERE id = ${`wallet:${playerId}`}`;
  return Number(row?.balance ?? 0);
}
