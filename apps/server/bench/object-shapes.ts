/**
 * What a table's retained objects cost the heap. On Node 20's V8 an object spread followed by
 * keys its source lacks (`{ ...body, version }`) gets a hidden class of its own: such objects
 * take several times the memory and every read of them goes the slow, megamorphic way. The
 * server keeps hundreds of events a table (REPLAY_EVENTS) and every result carries the shoe's
 * roads, so this prints the bytes a copy of each costs, and how many share one hidden class.
 *
 *   pnpm --filter @banco/server bench:shapes
 */
import { allRoads, type RoadResult } from '@banco/rules';
import type { ShoeSession } from '../src/table/core/state.js';
import { roadsView } from '../src/table/core/views.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

/** Heap bytes each of `count` results of `make` holds while all are alive. */
function bytesEach(make: (i: number) => unknown, count: number): number {
  gc!();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({ length: count }, (_, i) => make(i));
  gc!();
  const after = process.memoryUsage().heapUsed;
  // A use after the reading, so `kept` is alive through the second collection.
  if (kept.length !== count) throw new Error('unreachable');
  return (after - before) / count;
}

/** How many of the objects share the first one's hidden class (V8's %HaveSameMap). */
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;
const sharing = (objects: readonly object[]) =>
  objects.filter((o) => haveSameMap(o, objects[0]!)).length;

const OUTCOMES = ['banker', 'player', 'banker', 'tie', 'player', 'player', 'banker'] as const;
/** A shoe 70 rounds in, with runs long enough for every derived road to mark. */
const results: RoadResult[] = Array.from({ length: 70 }, (_, i) => ({
  outcome: OUTCOMES[(i * 5 + (i >> 2)) % OUTCOMES.length]!,
  playerPair: i % 11 === 0,
  bankerPair: i % 13 === 0,
  playerTotal: i % 10,
  bankerTotal: (i * 3) % 10,
}));

const roads = allRoads(results);
const marks = [roads.bigEyeBoy, roads.smallRoad, roads.cockroachPig].flatMap((road) =>
  road.columns.flatMap((column) => column.marks),
);
console.log(
  `one shoe's roads after 70 rounds: ${Math.round(bytesEach(() => allRoads(results), 2_000))} heap bytes a copy`,
);
console.log(`  beads sharing one hidden class: ${sharing(roads.beadPlate.beads)} of 70`);
console.log(`  derived marks sharing one hidden class: ${sharing(marks)} of ${marks.length}`);

/**
 * The replay log keeps a table's last 18 or so results (REPLAY_EVENTS), each with its roads:
 * the heap all 18 hold together at rounds 53–70, each round's roads built whole against each
 * shared with the round before's where equal (roadsView).
 */
const LOGGED = 18;
const logged = (share: boolean) => () => {
  // Fresh results a copy, so no copy shares with another (roadsView keys a shoe by its first).
  const own = results.map((r) => ({ ...r }));
  return Array.from({ length: LOGGED }, (_, k) => {
    const upTo = own.slice(0, results.length - LOGGED + 1 + k);
    return share ? roadsView({ results: upTo } as unknown as ShoeSession) : allRoads(upTo);
  });
};
for (const [name, share] of [
  ['each built whole', false],
  ['each shared with the round before', true],
] as const) {
  console.log(
    `the roads of ${LOGGED} logged results, rounds 53–70, ${name}: ${Math.round(bytesEach(logged(share), 200))} heap bytes`,
  );
}

const body = { type: 'bets.confirmed', round: 41, seat: 3, bets: [], balance: 99_000 };
const spread = (i: number) => ({ ...body, tableId: 'main', version: i, at: 1_000 + i });
const assigned = (i: number) => Object.assign({}, body, { tableId: 'main', version: i, at: i });
for (const [name, make] of [
  ['spread, then new keys', spread],
  ['Object.assign', assigned],
] as const) {
  const events = Array.from({ length: 1_000 }, (_, i) => make(i));
  console.log(
    `an event built by ${name}: ${Math.round(bytesEach(make, 20_000))} heap bytes; ${sharing(events)} of 1000 share one hidden class`,
  );
}
