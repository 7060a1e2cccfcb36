/**
 * The table hot path without sockets: N table actors in this process over the real ledger on a
 * fresh Postgres database, 14 in-process players a table. Each player confirms at a random
 * moment of a 5 s betting window; holders deal and turners reveal at once. Prints rounds/s,
 * bet-ack and close→result percentiles, SQL transactions per round, this process's CPU and
 * event-loop delay, Postgres' CPU, and the ledger audit. The socket path is not in it: this
 * measures what the actor and the ledger cost (the load bench measures the whole server).
 *
 *   pnpm --filter @banco/server exec tsx --conditions=source bench/actors.ts \
 *     [--tables 100] [--seconds 30] [--warmup 10] [--start staggered|lockstep] [--keep-db]
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { TableEvent } from '@banco/protocol';
import { createLedger } from '../src/db/ledger.js';
import { benchDatabase } from './bench-db.js';
import { checkLedger } from '../src/db/ledger-invariant.js';
import { createPrisma } from '../src/db/prisma.js';
import { TableActor } from '../src/table/runtime/actor.js';
import { tableSettings, TIMINGS } from '../src/table/core/settings.js';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '10' },
    start: { type: 'string', default: 'staggered' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const TABLES = Number(values.tables);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const LOCKSTEP = values.start === 'lockstep';
const SEATS = 14;
const BETTING_MS = 5_000;

const { name: dbName, url: dbUrl, admin, drop } = await benchDatabase();
const prisma = createPrisma(dbUrl, { lockTimeoutMs: 5_000 });
const ledger = createLedger(prisma);

const settings = tableSettings({
  ...TIMINGS.live,
  seedMs: 0,
  bettingMs: BETTING_MS,
  lastBetsMs: 1_000,
  resultMs: 4_000,
});

let measuring = false;
const acks: number[] = [];
const closeToResult: number[] = [];
const refusals = new Map<string, number>();
let rounds = 0;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

const actors: TableActor[] = [];
async function startTable(t: number): Promise<void> {
  const id = `t${t}`;
  const table = { id, name: id, isPublic: true, settings };
  await ledger.ensureTable(table);
  const players = await Promise.all(
    Array.from({ length: SEATS }, (_, i) => ledger.createGuest(`${id}-${i + 1}`)),
  );
  const playerOfSeat = (seat: number) => players[seat - 1]!.player.id;
  let closedAt = 0;
  let actor: TableActor | null = null;
  const act = (fn: (a: TableActor) => Promise<unknown>) => {
    void Promise.resolve().then(() => fn(actor!));
  };
  const onEvent = (event: TableEvent) => {
    switch (event.type) {
      case 'betting.opened':
        for (let seat = 1; seat <= SEATS; seat++) {
          const delay = Math.random() * (BETTING_MS - 200);
          setTimeout(() => {
            const sent = performance.now();
            void actor!
              .command(playerOfSeat(seat), 'bets.confirm', {
                tableId: id,
                round: event.round,
                seat,
                confirmId: `${id}-${seat}-${event.round}`,
                bets: [{ spot: seat % 2 === 0 ? 'player' : 'banker', amount: 1_000 + 100 * seat }],
              })
              .then((reply) => {
                if (!measuring) return;
                if (reply.ok) acks.push(performance.now() - sent);
                else refusals.set(reply.code, (refusals.get(reply.code) ?? 0) + 1);
              });
          }, delay);
        }
        break;
      case 'betting.closed':
        closedAt = performance.now();
        break;
      case 'dealing.started':
        if (event.dealer !== null) {
          act((a) =>
            a.command(playerOfSeat(event.dealer!), 'shoe.deal', {
              tableId: id,
              round: event.round,
            }),
          );
        }
        break;
      case 'round.result':
        if (measuring) {
          rounds += 1;
          closeToResult.push(performance.now() - closedAt);
        }
        break;
      default:
        break;
    }
  };
  actor = await TableActor.start({
    table,
    ledger,
    outbox: {
      broadcast: onEvent,
      sendPrivate: (playerId, peek) => {
        if (peek.type !== 'cards.peek') return;
        act((a) => a.command(playerId, 'cards.reveal', { tableId: id, round: peek.round }));
      },
      eject: () => undefined,
    },
  });
  actors.push(actor);
  for (let seat = 1; seat <= SEATS; seat++) {
    await actor.command(playerOfSeat(seat), 'table.join', { tableId: id });
  }
  const sit = () =>
    Promise.all(
      Array.from({ length: SEATS }, (_, i) =>
        actor!.command(playerOfSeat(i + 1), 'seat.take', { tableId: id, seat: i + 1 }),
      ),
    );
  if (LOCKSTEP) return void (await sit());
  // Staggered: the tables' rounds start spread over one round's length.
  setTimeout(() => void sit(), (t / TABLES) * (BETTING_MS + 6_000));
}

/** CPU seconds of this database's backends, by pid (other databases share the server). */
async function backendCpu(): Promise<Map<number, number>> {
  const { rows } = await admin(`SELECT pid FROM pg_stat_activity WHERE datname = '${dbName}'`);
  const cpu = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The backend ended meanwhile.
    }
  }
  return cpu;
}

async function transactions(): Promise<number> {
  const { rows } = await admin(
    `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = '${dbName}'`,
  );
  return Number(rows[0].n);
}

const setupStarted = performance.now();
for (let t = 0; t < TABLES; t += 20) {
  await Promise.all(Array.from({ length: Math.min(20, TABLES - t) }, (_, i) => startTable(t + i)));
}
console.log(
  `${TABLES} tables set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);
await new Promise((resolve) => setTimeout(resolve, WARMUP * 1000));

const loop = monitorEventLoopDelay({ resolution: 10 });
const xact0 = await transactions();
const pg0 = await backendCpu();
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
loop.enable();
measuring = true;
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
measuring = false;
loop.disable();
const wall = (performance.now() - wall0) / 1000;
const cpu = process.cpuUsage(cpu0);
const pg1 = await backendCpu();
const pgCpu = [...pg1].reduce((sum, [pid, t]) => sum + t - (pg0.get(pid) ?? 0), 0);
// Postgres reports statistics about once a second.
await new Promise((resolve) => setTimeout(resolve, 1_500));
const xacts = (await transactions()) - xact0;

const [stateSize] = await prisma.$queryRaw<{ text: number; stored: number }[]>`
  SELECT avg(length(state::text))::int AS text, avg(pg_column_size(state))::int AS stored
    FROM table_states`;
for (const actor of actors) await actor.close();
const audit = await checkLedger(prisma);
await prisma.$disconnect();
if (values['keep-db']) console.log(`database kept: ${dbUrl}`);
else await drop();

acks.sort((a, b) => a - b);
closeToResult.sort((a, b) => a - b);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  [
    `${TABLES} tables ${LOCKSTEP ? 'lockstep' : 'staggered'}, ${SECONDS} s measured after ${WARMUP} s`,
    `rounds/s ${(rounds / wall).toFixed(1)} (${rounds} rounds)`,
    `bet ack p50 ${ms(percentile(acks, 50))} p95 ${ms(percentile(acks, 95))} p99 ${ms(percentile(acks, 99))} max ${ms(acks.at(-1) ?? NaN)} (${acks.length} bets, refused ${JSON.stringify(Object.fromEntries(refusals))})`,
    `close→result p50 ${ms(percentile(closeToResult, 50))} p99 ${ms(percentile(closeToResult, 99))} max ${ms(closeToResult.at(-1) ?? NaN)}`,
    `SQL transactions per round ${(xacts / Math.max(1, rounds)).toFixed(1)}`,
    `process CPU ${(((cpu.user + cpu.system) / 1e6 / wall) * 100).toFixed(0)} %, event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, Postgres backends CPU ${((pgCpu / wall) * 100).toFixed(0)} %`,
    `table state saved: ${stateSize?.text} bytes of JSON, ${stateSize?.stored} stored`,
    `ledger problems ${audit.problems.length}; load average ${load}`,
  ].join('\n'),
);
process.exit(0);
