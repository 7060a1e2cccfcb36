import { expect } from 'vitest';
import { chiSquare } from '../stats.js';
import { unwrap } from './unwrap.js';

/** So small that a correct generator fails about once in a million runs: tests cannot flake. */
export const UNIFORMITY_ALPHA = 1e-6;

/** Asserts the counts are consistent with every category being equally likely. */
export function expectUniform(counts: readonly number[]): void {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const test = unwrap(
    chiSquare(
      counts,
      counts.map(() => total / counts.length),
    ),
  );
  expect(test.pValue).toBeGreaterThan(UNIFORMITY_ALPHA);
}
