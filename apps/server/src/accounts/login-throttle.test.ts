import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

const WINDOW_MS = 15 * 60_000;

function throttle() {
  let now = 0;
  const limiter = new LoginThrottle(
    { perUsername: 5, perAddress: 20, windowMs: WINDOW_MS },
    () => now,
  );
  return { limiter, advance: (ms: number) => (now += ms) };
}

describe('login throttle', () => {
  it('P10.4: five attempts at a username, then one more every window / 5', () => {
    const { limiter, advance } = throttle();
    for (let i = 0; i < 5; i++) {
      expect(limiter.attempt('ann', `10.0.0.${i}`)).toEqual({ allowed: true });
    }
    expect(limiter.attempt('ann', '10.0.0.9')).toEqual({ allowed: false, retryAfterSeconds: 180 });
    advance(WINDOW_MS / 5 - 1_000);
    expect(limiter.attempt('ann', '10.0.0.9')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    advance(1_000);
    expect(limiter.attempt('ann', '10.0.0.9')).toEqual({ allowed: true });
    expect(limiter.attempt('ann', '10.0.0.9').allowed).toBe(false);
  });

  it('P10.4: twenty attempts from an address, and a refused attempt costs the other key nothing', () => {
    const { limiter } = throttle();
    for (let i = 0; i < 20; i++) expect(limiter.attempt(`user${i}`, '10.0.0.1').allowed).toBe(true);
    expect(limiter.attempt('fresh', '10.0.0.1').allowed).toBe(false);
    // 'fresh' was not charged for the refusal: it still has all five from elsewhere.
    for (let i = 0; i < 5; i++) expect(limiter.attempt('fresh', `10.0.1.${i}`).allowed).toBe(true);
    expect(limiter.attempt('fresh', '10.0.2.1').allowed).toBe(false);
  });
});
