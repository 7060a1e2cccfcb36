/**
 * Bytes of one table save (the `state` JSON of toStored) for a full 8-deck table mid-shoe, in
 * the phases a round saves in most.
 *
 *   pnpm --filter @banco/server exec tsx --conditions=source bench/stored-size.ts
 */
import { toStored } from '../src/table/stored-state.js';
import { busyTable, busyTableTurning, everyoneBets } from '../src/table/testing/busy-table.js';
import type { ReducerHarness } from '../src/table/testing/reducer-harness.js';

const ROUNDS = 30;
const WATCHERS = Array.from({ length: 20 }, (_, i) => `watcher-${i}`);

function size(t: ReducerHarness): number {
  return Buffer.byteLength(JSON.stringify(toStored(t.state, WATCHERS).state));
}

const betting = busyTable(ROUNDS);
everyoneBets(betting, 1);
const turning = busyTableTurning(ROUNDS);
const shoe = turning.state.shoe!;

console.log(`after ${ROUNDS} rounds, 14 seated, ${WATCHERS.length} watchers:`);
console.log(`  betting (13 bets in): ${size(betting)} bytes`);
console.log(`  turning (14 bets, dealt): ${size(turning)} bytes`);
console.log(`  of which roads: ${JSON.stringify(shoe.results).length} bytes`);
console.log(`  of which watchers: ${JSON.stringify(WATCHERS).length} bytes`);
console.log(`  of which one card array: ${JSON.stringify(shoe.state.cards).length} bytes`);
