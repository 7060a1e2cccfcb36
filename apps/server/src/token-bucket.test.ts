import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

function clock(start = 1_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('TokenBucket', () => {
  it('starts full and allows a burst of exactly its capacity', () => {
    const c = clock();
    const bucket = new TokenBucket(20, 40, c.now);
    for (let i = 0; i < 40; i++) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('refills at the given rate per second', () => {
    const c = clock();
    const bucket = new TokenBucket(20, 40, c.now);
    for (let i = 0; i < 40; i++) bucket.take();
    c.advance(49); // 0.98 token
    expect(bucket.take()).toBe(false);
    c.advance(1); // 1 token after 50 ms at 20/s
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    c.advance(500); // 10 tokens
    for (let i = 0; i < 10; i++) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('never holds more than its capacity', () => {
    const c = clock();
    const bucket = new TokenBucket(10, 5, c.now);
    c.advance(60_000);
    expect(bucket.available()).toBe(5);
    for (let i = 0; i < 5; i++) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('a refused take costs nothing', () => {
    const c = clock();
    const bucket = new TokenBucket(1, 2, c.now);
    expect(bucket.take(2)).toBe(true);
    c.advance(500);
    expect(bucket.take()).toBe(false);
    expect(bucket.available()).toBeCloseTo(0.5);
    c.advance(500);
    expect(bucket.take()).toBe(true);
  });

  it('ignores a clock that steps backwards', () => {
    const c = clock(10_000);
    const bucket = new TokenBucket(10, 1, c.now);
    expect(bucket.take()).toBe(true);
    c.advance(-5_000);
    expect(bucket.take()).toBe(false);
    c.advance(5_000); // back where it was: still nothing earned
    expect(bucket.take()).toBe(false);
    c.advance(100);
    expect(bucket.take()).toBe(true);
  });

  it('refuses a nonsensical configuration', () => {
    expect(() => new TokenBucket(0, 10)).toThrow(RangeError);
    expect(() => new TokenBucket(5, 0)).toThrow(RangeError);
  });
});
