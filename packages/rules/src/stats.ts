/**
 * Pearson's chi-square goodness-of-fit test, for checking simulated and shuffled frequencies
 * against exact probabilities. The p-value needs the upper regularized incomplete gamma
 * function, computed the classic way: a power series where it converges fast, a continued
 * fraction elsewhere.
 */
import { err, ok, type Result } from './result.js';

export interface ChiSquareTest {
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  /** The chance of a statistic at least this large if the expected counts are right. */
  readonly pValue: number;
}

const EPSILON = 1e-15;
const MAX_ITERATIONS = 10_000;
/** Stands in for zero in the continued fraction so no step divides by zero. */
const TINY = 1e-300;

// Lanczos approximation with g = 7 and nine terms: about 15 significant digits for a > 0.
const LANCZOS_G = 7;
const LANCZOS_COEFFICIENTS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(a) for a > 0. */
export function logGamma(a: number): number {
  // Below 1/2 the approximation loses accuracy; Γ(a) = Γ(a + 1) / a moves the argument up.
  if (a < 0.5) return logGamma(a + 1) - Math.log(a);
  const z = a - 1;
  let sum = LANCZOS_COEFFICIENTS[0]!;
  for (let i = 1; i < LANCZOS_COEFFICIENTS.length; i++) sum += LANCZOS_COEFFICIENTS[i]! / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** e^−x · x^a / Γ(a), the factor both expansions share, taken through logs to avoid overflow. */
function gammaPrefactor(a: number, x: number): number {
  return Math.exp(a * Math.log(x) - x - logGamma(a));
}

/** P(a, x) by its power series; converges quickly when x < a + 1. */
function lowerBySeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * gammaPrefactor(a, x);
}

/** Q(a, x) by its continued fraction (modified Lentz); converges quickly when x ≥ a + 1. */
function upperByContinuedFraction(a: number, x: number): number {
  let denominator = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / denominator;
  let fraction = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const numerator = -i * (i - a);
    denominator += 2;
    d = numerator * d + denominator;
    if (Math.abs(d) < TINY) d = TINY;
    c = denominator + numerator / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const change = d * c;
    fraction *= change;
    if (Math.abs(change - 1) < EPSILON) break;
  }
  return fraction * gammaPrefactor(a, x);
}

/** Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0. */
export function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const q = x < a + 1 ? 1 - lowerBySeries(a, x) : upperByContinuedFraction(a, x);
  return Math.min(1, Math.max(0, q));
}

/** The chance that a chi-square variable with `degreesOfFreedom` exceeds `statistic`. */
export function chiSquarePValue(statistic: number, degreesOfFreedom: number): number {
  return upperRegularizedGamma(degreesOfFreedom / 2, statistic / 2);
}

/** Relative slack allowed between the two totals, for expected counts built from fractions. */
const TOTAL_TOLERANCE = 1e-9;

/**
 * Tests observed counts against expected counts (not probabilities: both lists must add up
 * to the same total), with one degree of freedom fewer than there are categories.
 */
export function chiSquare(
  observed: readonly number[],
  expected: readonly number[],
): Result<ChiSquareTest> {
  if (observed.length !== expected.length || observed.length < 2) {
    return err(
      'INVALID_CATEGORIES',
      `need two or more categories and one expected count per observed count, got ${observed.length} and ${expected.length}`,
    );
  }
  if (!observed.every((count) => Number.isFinite(count) && count >= 0)) {
    return err('INVALID_OBSERVED', 'observed counts must be finite and ≥ 0');
  }
  if (!expected.every((count) => Number.isFinite(count) && count > 0)) {
    return err('INVALID_EXPECTED', 'expected counts must be finite and > 0');
  }
  const observedTotal = observed.reduce((sum, count) => sum + count, 0);
  const expectedTotal = expected.reduce((sum, count) => sum + count, 0);
  if (Math.abs(observedTotal - expectedTotal) > TOTAL_TOLERANCE * expectedTotal) {
    return err(
      'TOTALS_DIFFER',
      `observed counts add up to ${observedTotal} but expected counts to ${expectedTotal}; pass expected counts, not probabilities`,
    );
  }
  let statistic = 0;
  for (let i = 0; i < observed.length; i++) {
    const difference = observed[i]! - expected[i]!;
    statistic += (difference * difference) / expected[i]!;
  }
  const degreesOfFreedom = observed.length - 1;
  return ok({ statistic, degreesOfFreedom, pValue: chiSquarePValue(statistic, degreesOfFreedom) });
}
