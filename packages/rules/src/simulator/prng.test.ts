import { expectUniform } from '../testing/uniform.js';
import { describe, expect, it } from 'vitest';
import { rngBelow, rngNext, seedRng } from './prng.js';

const TWO_POW_32 = 2 ** 32;

describe('R10.2 the simulation generator is seeded and reproducible', () => {
  it('gives the same words for the same seed and different words for different seeds', () => {
    const draw = (seed: number) => {
      const rng = seedRng(seed);
      return Array.from({ length: 8 }, () => rngNext(rng));
    };
    expect(draw(42)).toEqual(draw(42));
    const seeds = [0, 1, 2, -1, 2 ** 32, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER];
    const firstWords = new Set(seeds.map((seed) => draw(seed).join()));
    expect(firstWords.size).toBe(seeds.length);
  });

  it('follows the sfc32 recurrence, written here in plain modular arithmetic', () => {
    const rng = seedRng(7);
    let [a, b, c, d] = Array.from(rng, (word) => word >>> 0) as [number, number, number, number];
    for (let step = 0; step < 1000; step++) {
      const t = (a + b + d) % TWO_POW_32;
      d = (d + 1) % TWO_POW_32;
      a = (b ^ Math.floor(b / 2 ** 9)) >>> 0;
      b = (c + c * 8) % TWO_POW_32;
      const rotated = ((c * 2 ** 21) % TWO_POW_32) + Math.floor(c / 2 ** 11);
      c = (rotated + t) % TWO_POW_32;
      expect(rngNext(rng)).toBe(t);
    }
  });

  it('R11.4 words are uniform over their top and bottom bytes', () => {
    const rng = seedRng(3);
    const top = new Array<number>(256).fill(0);
    const bottom = new Array<number>(256).fill(0);
    let outOfRange = 0;
    for (let i = 0; i < 256_000; i++) {
      const word = rngNext(rng);
      if (!(word >= 0 && word < TWO_POW_32 && Number.isInteger(word))) outOfRange++;
      top[word >>> 24]!++;
      bottom[word & 0xff]!++;
    }
    expect(outOfRange).toBe(0);
    expectUniform(top);
    expectUniform(bottom);
  });
});

describe('R11.4 rngBelow draws unbiased bounded integers', () => {
  it('matches Lemire’s method computed exactly with BigInt, bounds small and huge', () => {
    const rng = seedRng(11);
    const boundSource = seedRng(12);
    const mismatches: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      // Bounds of every size, from 1 up to 2^32.
      const bits = 1 + (i % 32);
      const bound = 1 + (rngNext(boundSource) % 2 ** bits);
      const twin = new Int32Array(rng);
      const threshold = BigInt(TWO_POW_32 % bound);
      let product = BigInt(rngNext(twin)) * BigInt(bound);
      while (product % 2n ** 32n < threshold) product = BigInt(rngNext(twin)) * BigInt(bound);
      const value = rngBelow(rng, bound);
      if (value !== Number(product >> 32n) || rng.join() !== twin.join())
        mismatches.push(`bound ${bound}`);
    }
    expect(mismatches).toEqual([]);
    const full = seedRng(5);
    const twin = new Int32Array(full);
    expect(rngBelow(full, TWO_POW_32)).toBe(rngNext(twin));
  });

  it.each([6, 13, 416])('is uniform below %i', (bound) => {
    const rng = seedRng(bound);
    const counts = new Array<number>(bound).fill(0);
    for (let i = 0; i < bound * 2000; i++) counts[rngBelow(rng, bound)]!++;
    expectUniform(counts);
  });

  it('shows neither modulo bias nor multiply bias at a bound of 3·2^30', () => {
    // Plain modulo would make the lowest third of the range twice as likely; a multiply
    // without rejection would make multiples of 3 twice as likely.
    const bound = 3 * 2 ** 30;
    const rng = seedRng(99);
    const byThird = [0, 0, 0];
    const byResidue = [0, 0, 0];
    let outOfRange = 0;
    for (let i = 0; i < 90_000; i++) {
      const value = rngBelow(rng, bound);
      if (value >= bound) outOfRange++;
      byThird[Math.floor(value / 2 ** 30)]!++;
      byResidue[value % 3]!++;
    }
    expect(outOfRange).toBe(0);
    expectUniform(byThird);
    expectUniform(byResidue);
  });
});
