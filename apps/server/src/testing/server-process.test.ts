import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from './server-process.js';

describe('freePort', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('never hands out a port fetch refuses (10080 failed a CI run with "bad port")', async () => {
    // A range of three: 10080 would come up about a third of the time.
    vi.stubEnv('BANCO_TEST_PORTS', '10079-10081');
    const ports = new Set<number>();
    for (let i = 0; i < 30; i++) ports.add(await freePort());
    expect(ports.has(10_080)).toBe(false);
    expect([...ports].every((port) => port === 10_079 || port === 10_081)).toBe(true);
    // What the server would have met: fetch refuses the port before it connects.
    await expect(fetch('http://127.0.0.1:10080/health')).rejects.toMatchObject({
      cause: { message: 'bad port' },
    });
  });
});
