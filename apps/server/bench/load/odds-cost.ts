/**
 * What working out a round's live odds costs the server (views.liveOdds on a fresh shoe state
 * each time, as after every deal): the share of a round that prepareOdds moves off the result.
 *
 *   pnpm --filter @banco/server exec tsx --conditions=source bench/load/odds-cost.ts
 */
import { performance } from 'node:perf_hooks';
import { burnShoe, createFairShoe, dealRound, type ShoeState } from '@banco/rules';
import { MAIN_TABLE_SETTINGS } from '../../src/table/core/settings.js';
import { prepareOdds } from '../../src/table/games/punto-banco/layout.js';
import type { TableState } from '../../src/table/core/state.js';

const created = createFairShoe({
  serverSeed: 'a'.repeat(64),
  clientSeed: 'b'.repeat(64),
  shoeNumber: 1,
  decks: 8,
  cut: 16,
  lastHand: 'plus-one',
});
if (!created.ok) throw new Error(created.error.message);
const burned = burnShoe(created.value);
if (!burned.ok) throw new Error(burned.error.message);
const states: ShoeState[] = [];
let state = burned.value.state;
for (let i = 0; i < 60; i++) {
  const dealt = dealRound(state);
  if (!dealt.ok) break;
  state = dealt.value.state;
  states.push(state);
}
const times = states.map((shoeAfter) => {
  const table = {
    settings: MAIN_TABLE_SETTINGS,
    phase: { kind: 'turning', round: { shoeAfter } },
  } as unknown as TableState;
  const started = performance.now();
  prepareOdds(table);
  return performance.now() - started;
});
// The first rounds warm the JIT up; a server has done that long before.
times.splice(0, 20);
times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(
  `live odds of ${times.length} shoe states: mean ${mean.toFixed(2)} ms, median ${times[times.length >> 1]!.toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
);
