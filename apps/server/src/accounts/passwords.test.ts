import { describe, expect, it } from 'vitest';
import { checkPassword, hashPassword } from './passwords.js';

describe('passwords', () => {
  it('P10.2: are stored as argon2id at 19 MiB, 2 passes, one lane, salted per hash', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(second).not.toBe(first);
    expect(first).not.toContain('correct');
  });

  it('P10.2: match however the same text was composed (NFC)', async () => {
    const stored = await hashPassword('caf\u00e9 au lait!');
    expect(await checkPassword(stored, 'cafe\u0301 au lait!')).toBe(true);
    expect(await checkPassword(stored, 'cafe au lait!')).toBe(false);
  });

  it('P10.3: with no account, checks against a real hash and still says no', async () => {
    // The dummy's own password is refused too: with no account nothing can match.
    expect(await checkPassword(null, 'no account has this password')).toBe(false);
    expect(await checkPassword(null, 'anything at all')).toBe(false);
    expect(await checkPassword('not a hash', 'anything at all')).toBe(false);
  });
});
