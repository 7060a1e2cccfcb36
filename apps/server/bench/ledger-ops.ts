/**
 * What each hot-path ledger operation costs Postgres: one connection, the operations of many
 * 14-player rounds run one after another, and the backend's own CPU time per operation (read
 * from /proc/<pid>/schedstat, so Postgres must run on this machine). A diagnosis tool beside
 * bench/actors.ts.
 *
 *   pnpm --filter @banco/server exec tsx --conditions=source bench/ledger-ops.ts [--rounds 200]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { oneConnectionLedger, SETTLED_ROUND } from './bench-db.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
const ROUNDS = Number(values.rounds);
const { ledger, pool, backendCpuMs, close } = await oneConnectionLedger();
const costs = new Map<string, { n: number; pg: number; wall: number }>();
async function measure<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const pg0 = backendCpuMs();
  const t0 = performance.now();
  const out = await fn();
  const c = costs.get(name) ?? { n: 0, pg: 0, wall: 0 };
  c.n += 1;
  c.pg += backendCpuMs() - pg0;
  c.wall += performance.now() - t0;
  costs.set(name, c);
  return out;
}

const table = { id: 'ops', name: 'ops', isPublic: true, settings: {} };
await ledger.ensureTable(table);
const { shoeId } = await ledger.createShoe({
  tableId: 'ops',
  number: 1,
  serverSeed: '5'.repeat(64),
  commitment: '6'.repeat(64),
  clientSeed: 'ops',
  settings: {},
});
const players = await Promise.all(
  Array.from({ length: 14 }, (_, i) => ledger.createGuest(`ops-${i}`)),
);
const state = JSON.parse(readFileSync(new URL('./sample-state.json', import.meta.url), 'utf8'));
for (let r = 1; r <= ROUNDS; r++) {
  const { roundId } = await measure('open round', () =>
    ledger.openRound({ tableId: 'ops', shoeId, seq: r, number: r, holderSeat: 1 }),
  );
  const confirms = players.map((p, i) => ({
    tableId: 'ops',
    roundId,
    playerId: p.player.id,
    seat: i + 1,
    confirmId: `ops-${r}-${i}`,
    bets: [{ spot: i % 2 ? 'player' : 'banker', amount: 500 }],
  }));
  const placed: { bets: { id: string }[] }[] = [];
  if (r % 2 === 0) {
    for (const c of confirms) {
      placed.push(await measure('escrow one confirm', () => ledger.escrowBets(c)));
    }
  } else {
    const outcomes = await measure('escrow 14 together', () => ledger.escrowMany(confirms));
    for (const o of outcomes) if (o.ok) placed.push(o);
  }
  await measure('save table state', () =>
    ledger.saveTableState('ops', { version: r, roundSeq: r, shoeId, state }),
  );
  await measure('settle 14 bets', () =>
    ledger.settleRound({
      tableId: 'ops',
      roundId,
      round: SETTLED_ROUND,
      settled: placed.map((p, i) => ({
        betId: p.bets[0]!.id,
        playerId: players[i]!.player.id,
        // Alternating by round, so no wallet runs dry however many rounds are asked for.
        result: (i + r) % 2 ? 'win' : 'lose',
        stake: 500,
        returned: (i + r) % 2 ? 1_000 : 0,
      })),
    }),
  );
}
for (const [name, c] of costs) {
  console.log(
    `${name.padEnd(20)} ${(c.wall / c.n).toFixed(2)} ms wall, ${(c.pg / c.n).toFixed(2)} ms Postgres CPU (${c.n} runs)`,
  );
}
// How many of each table's updates stayed on their page (HOT: no new index entry). The
// backend's counters reach the statistics once it flushes them.
await pool.query('SELECT pg_stat_force_next_flush()');
const { rows: hot } = await pool.query<{ relname: string; upd: string; hot: string }>(
  `SELECT relname, n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables
    WHERE relname IN ('accounts', 'bets', 'rounds', 'table_states') ORDER BY relname`,
);
console.log(
  `HOT updates          ${hot.map((h) => `${h.relname} ${h.hot} of ${h.upd}`).join(', ')}`,
);
await close();
