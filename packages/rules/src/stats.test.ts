import { describe, expect, it } from 'vitest';
import { chiSquare, chiSquarePValue, logGamma, upperRegularizedGamma } from './stats.js';

/*
 * Statistics helpers serve the tests of R11 (fair shuffle) and of the simulator against the
 * exact odds of R13; the ids below name the rule each check exists for.
 */

describe('R13.1 R11.5 chi-square p-values against published critical values', () => {
  // Upper 5 %, 1 % and 0.1 % points of the chi-square distribution, as printed in tables.
  const criticalValues: [df: number, statistic: number, p: number][] = [
    [1, 3.841458820694124, 0.05],
    [1, 6.634896601021214, 0.01],
    [1, 10.827566170662733, 0.001],
    [2, 5.991464547107979, 0.05],
    [3, 7.814727903251178, 0.05],
    [10, 18.307038053275146, 0.05],
    [20, 31.410432844230925, 0.05],
  ];
  it.each(criticalValues)('df %i, statistic %f gives p ≈ %f', (df, statistic, p) => {
    expect(chiSquarePValue(statistic, df)).toBeCloseTo(p, 9);
  });

  it('a statistic of 0 gives p = 1', () => {
    for (const df of [1, 2, 7]) expect(chiSquarePValue(0, df)).toBe(1);
  });

  it('a huge statistic gives p ≈ 0', () => {
    expect(chiSquarePValue(1000, 2)).toBeLessThan(1e-200);
    expect(chiSquarePValue(500, 1)).toBeLessThan(1e-100);
  });

  it('with two degrees of freedom p is exactly e^(−x/2), on both sides of the series/fraction switch', () => {
    for (const x of [0.1, 1, 3.9, 4.1, 12, 60]) {
      expect(chiSquarePValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
    }
  });
});

describe('R13.1 incomplete gamma and log-gamma building blocks', () => {
  it('ln Γ matches factorials and Γ(1/2) = √π', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
    expect(logGamma(0.25)).toBeCloseTo(Math.log(3.625609908221908), 12);
  });

  it('Q(n, x) for whole n equals the Poisson tail e^−x Σ_{k<n} x^k / k!', () => {
    for (const n of [1, 3, 8, 25]) {
      for (const x of [0.5, 2, 7.5, 9, 20, 33.75, 60]) {
        let term = 1;
        let sum = 1;
        for (let k = 1; k < n; k++) {
          term *= x / k;
          sum += term;
        }
        expect(upperRegularizedGamma(n, x)).toBeCloseTo(Math.exp(-x) * sum, 12);
      }
    }
  });
});

describe('R13.1 chiSquare on count lists', () => {
  it('computes Pearson’s statistic and df = categories − 1', () => {
    const result = chiSquare([10, 20, 30], [20, 20, 20]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.statistic).toBeCloseTo(10, 12);
    expect(result.value.degreesOfFreedom).toBe(2);
    expect(result.value.pValue).toBeCloseTo(Math.exp(-5), 12);
  });

  it('refuses mismatched lists, a single category, zero expectations and probabilities', () => {
    expect(chiSquare([1, 2], [3])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_CATEGORIES' },
    });
    expect(chiSquare([5], [5])).toMatchObject({ ok: false, error: { code: 'INVALID_CATEGORIES' } });
    expect(chiSquare([0, 5], [0, 5])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_EXPECTED' },
    });
    expect(chiSquare([-1, 6], [2, 3])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_OBSERVED' },
    });
    expect(chiSquare([40, 60], [0.4, 0.6])).toMatchObject({
      ok: false,
      error: { code: 'TOTALS_DIFFER' },
    });
  });
});
