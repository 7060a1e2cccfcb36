/**
 * Monte Carlo over whole shoes: shuffle with the fast generator, burn, deal to the cut card,
 * tally. For statistics and house-edge checks, never for a live table (R10.2).
 */
import { err, ok, type Result } from '../result.js';
import { validateShoeConfig, type LastHandRule } from '../shoe-config.js';
import { dealShoe, emptyCounts, type SimulationCounts } from './play-shoe.js';
import { seedRng } from './prng.js';
import { reachableCards, shuffleFront, unshuffledShoe } from './shuffle.js';

export interface SimulationOptions {
  /** How many shoes to play, a whole number ≥ 0. */
  readonly shoes: number;
  /** Any safe integer; the same seed and settings always give the same counts. */
  readonly seed: number;
  /** Default 8 (R10.1). */
  readonly decks?: number;
  /** Cards behind the cut card, default 16 (R10.4, R10.7). */
  readonly cut?: number;
  /** Default plus-one (R10.5, R10.6). */
  readonly lastHand?: LastHandRule;
  /** Told how many shoes are done, every PROGRESS_INTERVAL_SHOES shoes and at the end. */
  readonly onProgress?: (shoesDone: number) => void;
}

/** About 80,000 rounds with 8 decks: often enough for a progress bar, rare enough to cost nothing. */
export const PROGRESS_INTERVAL_SHOES = 1000;

export function simulateShoes(options: SimulationOptions): Result<SimulationCounts> {
  const { shoes, seed, onProgress } = options;
  if (!Number.isSafeInteger(shoes) || shoes < 0) {
    return err(
      'INVALID_SHOE_COUNT',
      `the number of shoes must be a whole number ≥ 0, got ${shoes}`,
    );
  }
  if (!Number.isSafeInteger(seed)) {
    return err('INVALID_SEED', `the seed must be a safe integer, got ${seed}`);
  }
  const config = validateShoeConfig({
    decks: options.decks,
    cut: options.cut,
    lastHand: options.lastHand,
  });
  if (!config.ok) return config;

  const rule = config.value;
  const cards = unshuffledShoe(rule.decks);
  const values = new Uint8Array(cards.length);
  const reachable = reachableCards(cards.length, rule);
  const rng = seedRng(seed);
  const counts = emptyCounts();
  for (let done = 0; done < shoes;) {
    shuffleFront(cards, reachable, rng);
    dealShoe(cards, values, rule, counts);
    done++;
    if (onProgress !== undefined && (done % PROGRESS_INTERVAL_SHOES === 0 || done === shoes)) {
      onProgress(done);
    }
  }
  return ok(counts);
}
