/**
 * Which of a Punto Banco round's states a table stores (T9.1), by the table saver's own test
 * (`durableKey` and the version floor, as state-saver.ts applies it), with the bytes of each:
 * a full 8-deck table, 14 seated, everyone betting, `--rounds` rounds after 5 of warm-up.
 *
 *   pnpm --filter @banco/server exec tsx --conditions=source bench/saves-per-round.ts
 */
import { parseArgs } from 'node:util';
import { durableKey, toStored, VERSION_LEASE } from '../src/table/core/stored-state.js';
import type { TableState } from '../src/table/core/state.js';
import { busyTable, everyoneBets } from '../src/table/testing/busy-table.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '30' } } });
const ROUNDS = Number(values.rounds);
const WATCHERS = Array.from({ length: 20 }, (_, i) => `watcher-${i}`);

const t = busyTable(5);
let current = t.state;
let savedKey = durableKey(current, t.game);
let savedFloor = current.version + VERSION_LEASE;
let counting = false;
let states = 0;
const byPhase = new Map<string, { saves: number; bytes: number; floor: number }>();
let skipped = 0;

function consider(state: TableState): void {
  if (!counting) return;
  states += 1;
  const key = durableKey(state, t.game);
  if (key === savedKey && state.version < savedFloor) {
    skipped += 1;
    return;
  }
  const row = toStored(state, WATCHERS, t.game);
  const entry = byPhase.get(state.phase.kind) ?? { saves: 0, bytes: 0, floor: 0 };
  entry.saves += 1;
  entry.bytes += Buffer.byteLength(JSON.stringify(row.state));
  if (key === savedKey) entry.floor += 1;
  byPhase.set(state.phase.kind, entry);
  savedKey = key;
  savedFloor = row.version;
}

// Every state the harness's reducer hands back, as the actor's step() sees each.
Object.defineProperty(t, 'state', {
  get: () => current,
  set: (state: TableState) => {
    current = state;
    consider(state);
  },
});

counting = true;
const firstSeq = t.round;
for (let i = 0; i < ROUNDS; i++) {
  everyoneBets(t);
  for (let n = 0; t.state.phase.kind !== 'betting' || t.round === firstSeq + i; n++) {
    if (n >= 50) throw new Error(`round ${t.round} never reached betting`);
    t.fire();
  }
}
const rounds = t.round - firstSeq;

let total = 0;
let bytes = 0;
console.log(`${rounds} rounds, 14 seated and betting, ${WATCHERS.length} watchers:`);
for (const [phase, e] of byPhase) {
  total += e.saves;
  bytes += e.bytes;
  console.log(
    `  ${phase.padEnd(9)} ${(e.saves / rounds).toFixed(2)} saves a round, ` +
      `${Math.round(e.bytes / e.saves)} bytes each` +
      (e.floor > 0 ? ` (${e.floor} of them for the version floor alone)` : ''),
  );
}
console.log(
  `  in all    ${(total / rounds).toFixed(2)} saves a round, ${Math.round(bytes / rounds)} bytes; ` +
    `${(skipped / rounds).toFixed(1)} of the round's ${(states / rounds).toFixed(1)} states not stored`,
);
