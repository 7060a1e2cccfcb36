/**
 * What a group commit of the round writes costs when it holds an open or an end (issue 45): the
 * former transaction (BEGIN; open_round_fenced; escrow_and_save_fenced; end_round_fenced;
 * COMMIT: five round trips) against one round_writes call, for a typical batch of a busy node:
 * one table's open, another's end of 14 bets, 6 confirms at a third, 3 tables' saves, every
 * write under its table's lease. One connection; the two run alternately, batch after batch, so
 * both see the same tables as they grow. Per batch: wall time, the backend's CPU (from
 * /proc/<pid>/schedstat, so Postgres must run on this machine) and this process' CPU
 * (node-postgres' side of it, and the writes' parameters).
 *
 *   pnpm --filter @banco/server exec tsx --conditions=source bench/round-trip-ops.ts [--batches 600]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { TableLeases } from '../src/cluster/leases.js';
import { endRound } from '../src/db/round-end.js';
import { openRoundOn } from '../src/db/round-open.js';
import { writeOnce, writeRound, type RoundWrite } from '../src/db/round-writes.js';
import { oneConnectionLedger, SETTLED_ROUND } from './bench-db.js';

const { values } = parseArgs({ options: { batches: { type: 'string', default: '400' } } });
const BATCHES = Number(values.batches);
const { ledger, pool, backendCpuMs, close } = await oneConnectionLedger();

/** The former path: the group commit's transaction of one statement per kind (before 20261207230200). */
async function multiStatement(writes: readonly RoundWrite[]): Promise<void> {
  const client: pg.PoolClient = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const w of writes) if ('open' in w) await openRoundOn(client, w.open);
    await writeOnce(
      client,
      writes.filter((w) => 'escrow' in w || 'save' in w),
    );
    for (const w of writes) if ('end' in w) await endRound(client, w.end);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

const oneCall = async (writes: readonly RoundWrite[]) => void (await writeRound(pool, writes));

const costs = new Map<string, { wall: number[]; pg: number[]; node: number[] }>();
async function measure(name: string, fn: () => Promise<void>): Promise<void> {
  const pg0 = backendCpuMs();
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const node = process.cpuUsage(node0);
  const c = costs.get(name) ?? { wall: [], pg: [], node: [] };
  c.wall.push(wall);
  c.pg.push(backendCpuMs() - pg0);
  c.node.push((node.user + node.system) / 1000);
  costs.set(name, c);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const both = (xs: number[]) => `${mean(xs).toFixed(3)} / ${median(xs).toFixed(3)}`;

const tables = ['opening', 'ending', 'betting', 'saving'];
for (const id of tables) await ledger.ensureTable({ id, name: id, isPublic: true, settings: {} });
const epochs = await new TableLeases({ pool, nodeId: 'bench', leaseMs: 3_600_000 }).claim(tables);
const fence = (tableId: string) => ({ tableId, epoch: epochs.get(tableId)! });
const shoes = new Map<string, string>();
for (const id of tables) {
  const { shoeId } = await ledger.createShoe({
    tableId: id,
    number: 1,
    serverSeed: '5'.repeat(64),
    commitment: '6'.repeat(64),
    clientSeed: id,
    settings: {},
    fence: fence(id),
  });
  shoes.set(id, shoeId);
}
const players = await Promise.all(
  Array.from({ length: 20 }, (_, i) => ledger.createGuest(`trip-${i}`)),
);
const bettors = players.slice(0, 14);
const confirmers = players.slice(14);
const state = JSON.parse(readFileSync(new URL('./sample-state.json', import.meta.url), 'utf8'));
const open = (tableId: string, seq: number) =>
  ledger.openRound({
    tableId,
    shoeId: shoes.get(tableId)!,
    seq,
    number: seq,
    holderSeat: 1,
    fence: fence(tableId),
  });

for (let b = 1; b <= BATCHES; b++) {
  // Unmeasured: a round of 14 bets to end, and a round for the 6 confirms.
  const ending = await open('ending', b);
  const placed = await ledger.escrowMany(
    bettors.map((p, i) => ({
      tableId: 'ending',
      epoch: epochs.get('ending')!,
      roundId: ending.roundId,
      playerId: p.player.id,
      seat: i + 1,
      confirmId: `end-${b}-${i}`,
      bets: [{ spot: i % 2 ? 'player' : 'banker', amount: 500 }],
    })),
  );
  const betting = await open('betting', b);

  const writes: RoundWrite[] = [
    {
      open: {
        tableId: 'opening',
        shoeId: shoes.get('opening')!,
        seq: b,
        number: b,
        holderSeat: 1,
        fence: fence('opening'),
      },
    },
    ...confirmers.map((p, i): RoundWrite => ({
      escrow: {
        tableId: 'betting',
        epoch: epochs.get('betting')!,
        roundId: betting.roundId,
        playerId: p.player.id,
        seat: i + 1,
        confirmId: `bet-${b}-${i}`,
        bets: [{ spot: 'banker', amount: 100 }],
      },
    })),
    ...['opening', 'betting', 'saving'].map((tableId): RoundWrite => ({
      save: {
        tableId,
        row: { version: b, roundSeq: b, shoeId: shoes.get(tableId)!, state },
        epoch: epochs.get(tableId)!,
      },
    })),
    {
      end: {
        tableId: 'ending',
        roundId: ending.roundId,
        status: 'SETTLED',
        round: SETTLED_ROUND,
        settled: placed.map((p, i) => ({
          betId: p.ok ? p.bets[0]!.id : '',
          playerId: bettors[i]!.player.id,
          // Alternating by batch, so no wallet runs dry however many batches are asked for.
          result: (i + b) % 2 ? 'win' : 'lose',
          stake: 500,
          returned: (i + b) % 2 ? 1_000 : 0,
        })),
        fence: fence('ending'),
      },
    },
  ];
  // Alternately, so neither path always meets the larger tables.
  if (b % 2) await measure('BEGIN + 3 statements + COMMIT', () => multiStatement(writes));
  else await measure('one round_writes call', () => oneCall(writes));
  // Unmeasured: the confirms' round voided, their stakes back.
  await ledger.voidRound({ tableId: 'betting', seq: b, fence: fence('betting') });
}

console.log(`batch: 1 open, 6 confirms, 3 saves, 1 end of 14 bets; ${BATCHES} batches`);
console.log('ms per batch, mean / median');
for (const [name, c] of costs) {
  console.log(
    `${name.padEnd(30)} wall ${both(c.wall)}, Postgres CPU ${both(c.pg)}, node CPU ${both(c.node)} (${c.wall.length} batches)`,
  );
}
await close();
