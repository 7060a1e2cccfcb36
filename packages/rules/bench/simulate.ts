/**
 * Simulator speed: (a) round resolution alone, from card values already in memory, and
 * (b) whole shoes with shuffle, burn and deal. Each figure is the best of a few runs after a
 * warm-up, so the JIT has settled and a stray pause on the machine does not count.
 */
import { CARD_VALUES } from '../src/cards.js';
import { resolveFast, FAST_CARDS_USED_SHIFT } from '../src/simulator/fast-round.js';
import { seedRng } from '../src/simulator/prng.js';
import { simulateShoes } from '../src/simulator/simulate.js';
import { shuffleFront, unshuffledShoe } from '../src/simulator/shuffle.js';

const RUNS = 5;
const RESOLVE_SHOES = 50_000; // 20.8 M cards, about 4.2 M rounds per pass
const SIMULATE_ROUNDS = 1_000_000;
const ROUNDS_PER_8_DECK_SHOE = 80; // close enough to size the run; the true count is printed

const format = (n: number) => n.toLocaleString('en-US');

function best(run: () => { rounds: number; seconds: number }): {
  rounds: number;
  perSecond: number;
} {
  run();
  let top = 0;
  let rounds = 0;
  for (let i = 0; i < RUNS; i++) {
    const result = run();
    rounds = result.rounds;
    top = Math.max(top, result.rounds / result.seconds);
  }
  return { rounds, perSecond: top };
}

/** Many shuffled 8-deck shoes back to back, as card values. */
function bigValueBuffer(): Uint8Array {
  const shoe = unshuffledShoe(8);
  const values = new Uint8Array(RESOLVE_SHOES * shoe.length);
  const rng = seedRng(1);
  for (let s = 0; s < RESOLVE_SHOES; s++) {
    shuffleFront(shoe, shoe.length, rng);
    for (let i = 0; i < shoe.length; i++) values[s * shoe.length + i] = CARD_VALUES[shoe[i]!]!;
  }
  return values;
}

function resolveOnly(values: Uint8Array): { rounds: number; seconds: number } {
  const last = values.length - 6;
  let checksum = 0;
  let rounds = 0;
  const started = performance.now();
  for (let position = 0; position <= last; rounds++) {
    const packed = resolveFast(values, position);
    checksum += packed & 3;
    position += (packed >>> FAST_CARDS_USED_SHIFT) & 7;
  }
  const seconds = (performance.now() - started) / 1000;
  if (checksum < 0) console.log(checksum); // keeps the loop's work observable
  return { rounds, seconds };
}

function fullSimulation(): { rounds: number; seconds: number } {
  const started = performance.now();
  const result = simulateShoes({
    shoes: Math.ceil(SIMULATE_ROUNDS / ROUNDS_PER_8_DECK_SHOE),
    seed: 7,
  });
  const seconds = (performance.now() - started) / 1000;
  if (!result.ok) throw new Error(result.error.message);
  return { rounds: result.value.rounds, seconds };
}

console.log(`node ${process.version}, best of ${RUNS} runs after a warm-up`);
const values = bigValueBuffer();
const resolve = best(() => resolveOnly(values));
console.log(
  `resolve: ${(resolve.perSecond / 1e6).toFixed(2)} M rounds/s (ready card values, ${format(resolve.rounds)} rounds)`,
);
const simulate = best(fullSimulation);
console.log(
  `simulate: ${(simulate.perSecond / 1e6).toFixed(2)} M rounds/s (shuffle + burn + deal, 8 decks, ${format(simulate.rounds)} rounds)`,
);
