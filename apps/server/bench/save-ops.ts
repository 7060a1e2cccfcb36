/**
 * What a table's state save costs Postgres (T9.1): `--tables` busy tables (8 decks, 14 seated,
 * 30 rounds into the shoe, half in betting and half turning) saved in statements of `--batch`
 * tables, as the group commit gathers them, over one connection; the backend's CPU per save
 * (read from /proc, so Postgres must run on this machine), the stored bytes and the HOT share.
 * `--sql` runs a statement on the table first (e.g. `ALTER TABLE table_states ALTER COLUMN
 * state SET COMPRESSION pglz`: the bench's embedded Postgres has no lz4).
 *
 *   pnpm --filter @banco/server exec tsx --conditions=source bench/save-ops.ts [--saves 6000]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchDatabase } from './bench-db.js';
import { createLedger } from '../src/db/ledger.js';
import { createPrisma, poolOf } from '../src/db/prisma.js';
import { saveStates, type StateSave } from '../src/db/table-states.js';
import { toStored } from '../src/table/core/stored-state.js';
import { busyTable, busyTableTurning, everyoneBets } from '../src/table/testing/busy-table.js';

const { values } = parseArgs({
  options: {
    saves: { type: 'string', default: '6000' },
    tables: { type: 'string', default: '150' },
    batch: { type: 'string', default: '10' },
    sql: { type: 'string', multiple: true, default: [] },
  },
});
const SAVES = Number(values.saves);
const TABLES = Number(values.tables);
const BATCH = Number(values.batch);
const WATCHERS = Array.from({ length: 20 }, (_, i) => `watcher-${i}`);

const betting = busyTable(30);
everyoneBets(betting, 1);
const turning = busyTableTurning(30);
const rows = [betting, turning].map((t) => toStored(t.state, WATCHERS, t.game));

const { url, drop } = await benchDatabase();
const prisma = createPrisma(url);
const pool = poolOf(prisma);
pool.options.max = 1;
const ids = Array.from({ length: TABLES }, (_, i) => `save-${i}`);
const ledger = createLedger(prisma);
for (const id of ids) await ledger.ensureTable({ id, name: id, isPublic: true, settings: {} });
for (const sql of values.sql) await pool.query(sql);

const backend = Number((await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
const backendCpuMs = () => {
  const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

let version = 0;
const batchOf = (n: number): StateSave[] =>
  Array.from({ length: BATCH }, (_, i) => {
    const k = (n * BATCH + i) % TABLES;
    const row = rows[(n + i) % 2]!;
    return { tableId: ids[k]!, row: { ...row, version: ++version } };
  });
// Every table stored once before the clock starts: the first save of a row is an insert.
for (let n = 0; n * BATCH < TABLES; n++) await saveStates(pool, batchOf(n));

const statements = Math.ceil(SAVES / BATCH);
const pg0 = backendCpuMs();
const t0 = performance.now();
for (let n = 0; n < statements; n++) await saveStates(pool, batchOf(n));
const wall = performance.now() - t0;
const pgMs = backendCpuMs() - pg0;
const saves = statements * BATCH;

await pool.query('SELECT pg_stat_force_next_flush()');
const { rows: stats } = await pool.query<{ upd: string; hot: string }>(
  `SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables
    WHERE relname = 'table_states'`,
);
const { rows: size } = await pool.query<{ text: number; stored: number }>(
  `SELECT avg(length(state::text))::int AS text, avg(pg_column_size(state))::int AS stored
     FROM table_states`,
);
const { rows: storage } = await pool.query<{ type: string; storage: string; options: string }>(
  `SELECT format_type(a.atttypid, a.atttypmod) AS type, a.attstorage AS storage,
          coalesce(array_to_string(c.reloptions, ','), '') AS options
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relname = 'table_states' AND a.attname = 'state'`,
);
const { type, storage: kind, options } = storage[0]!;
console.log(
  `state ${type} (storage ${kind}${options ? `, ${options}` : ''}): ` +
    `${size[0]!.text} bytes of JSON, ${size[0]!.stored} stored`,
);
console.log(
  `${saves} saves in statements of ${BATCH}: ${(pgMs / saves).toFixed(3)} ms Postgres CPU a save, ` +
    `${(wall / saves).toFixed(3)} ms wall; HOT updates ${stats[0]!.hot} of ${stats[0]!.upd}`,
);
await prisma.$disconnect();
await drop();
