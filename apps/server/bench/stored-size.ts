/**
 * Bytes of one table save (the `state` JSON of toStored) for a full 8-deck table mid-shoe, in
 * the phases a round saves in most.
 *
 *   pnpm --filter @banco/server exec tsx --conditions=source bench/stored-size.ts
 */
import { toStored } from '../src/table/core/stored-state.js';
import { busyTable, busyTableTurning, everyoneBets } from '../src/table/testing/busy-table.js';
import type { ReducerHarness } from '../src/table/testing/reducer-harness.js';

const ROUNDS = 30;
const WATCHERS = Array.from({ length: 20 }, (_, i) => `watcher-${i}`);

function size(t: ReducerHarness): number {
  return Buffer.byteLength(JSON.stringify(toStored(t.state, WATCHERS, t.game).state));
}

const betting = busyTable(ROUNDS);
everyoneBets(betting, 1);
const turning = busyTableTurning(ROUNDS);
const shoe = turning.state.shoe!;
const round = 'round' in turning.state.phase ? turning.state.phase.round : null;
const settle = betting.effects.filter((e) => e.type === 'settle').at(-1);
const settled = settle?.type === 'settle' ? settle.settled : [];
const bytes = (value: unknown) => JSON.stringify(value).length;

console.log(`after ${ROUNDS} rounds, 14 seated, ${WATCHERS.length} watchers:`);
console.log(`  betting (13 bets in): ${size(betting)} bytes`);
console.log(`  turning (14 bets, dealt): ${size(turning)} bytes`);
console.log(`  of which roads (${shoe.results.length} rounds): ${bytes(shoe.results)} bytes`);
console.log(`  of which watchers: ${bytes(WATCHERS)} bytes`);
console.log(`  of which seats: ${bytes(turning.state.seats)} bytes`);
console.log(`  of which bets: ${bytes(round?.bets)} bytes`);
console.log(`  of which result and reveal steps: ${bytes([round?.result, round?.steps])} bytes`);
console.log(`one card array (no longer saved): ${bytes(shoe.state.cards)} bytes`);
console.log(`settling's settled stakes (that save only): ${bytes(settled)} bytes`);
