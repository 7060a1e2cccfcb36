/**
 * Speed of the exact odds engine (R13). Target: a full 8-deck shoe in at most 2 ms per
 * evaluation, since the server recomputes live odds for every table after every round.
 * Run: pnpm exec tsx bench/odds.ts
 */
import { fullShoeRanks, oddsSummary, shoeComposition, shoeOdds } from '../src/odds/index.js';
import { countRounds } from '../src/odds/enumerate.js';
import { referenceCounts } from '../src/odds/reference.js';

const WARM_UP = 300;
const ITERATIONS = 2_000;

/** An 8-deck shoe 120 cards in (296 left), every rank still present. */
const DEPLETED_8_DECK = [20, 21, 26, 22, 25, 19, 24, 23, 21, 27, 24, 23, 21];

function time(label: string, run: () => unknown, iterations = ITERATIONS): void {
  for (let i = 0; i < WARM_UP; i++) run();
  let best = Number.POSITIVE_INFINITY;
  const start = performance.now();
  for (let i = 0; i < iterations; i++) {
    const before = performance.now();
    run();
    best = Math.min(best, performance.now() - before);
  }
  const mean = (performance.now() - start) / iterations;
  console.log(
    `odds: ${label} ${mean.toFixed(3)} ms (mean of ${iterations.toLocaleString('en')}), ` +
      `best ${best.toFixed(3)} ms`,
  );
}

function compositionOf(ranks: readonly number[]) {
  const result = shoeComposition(ranks);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const full = fullShoeRanks(8);
const fullComposition = compositionOf(full);
const depletedComposition = compositionOf(DEPLETED_8_DECK);

time('full 8-deck shoe, counts only', () => countRounds(fullComposition));
time('full 8-deck shoe, live odds (shoeOdds)', () => shoeOdds(full));
time('depleted 8-deck shoe (296 cards left), live odds', () => shoeOdds(DEPLETED_8_DECK));
time('full 8-deck shoe, odds + edges for 3 rule sets (oddsSummary)', () => oddsSummary(full));
time('depleted 8-deck shoe, counts only', () => countRounds(depletedComposition));

const referenceStart = performance.now();
referenceCounts(fullComposition);
console.log(
  `odds: full 8-deck shoe, BigInt reference path ${(performance.now() - referenceStart).toFixed(0)} ms (one run)`,
);
