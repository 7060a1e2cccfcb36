import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the package's default algorithm) at OWASP's minimum: 19 MiB, 2 passes, 1 lane. A
 * whole failed login answers in about 10 ms here (bench/login-timing.ts); the hashing runs on
 * libuv's thread pool, not the event loop. A stored hash carries its own parameters, so raising
 * these later still verifies the old ones.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The same password typed on any device is the same bytes. */
const canonical = (password: string): string => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return hash(canonical(password), OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * The hash an unknown username is checked against. Made once; call it at start so that even
 * the first unknown username does not cost a hash more than a wrong password does.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('no account has this password');
  return dummyHash;
}

/**
 * True when the password matches the stored hash. With no account (`storedHash` null) it checks
 * against a hash of nothing in particular and answers false, so an unknown username costs the
 * same work as a wrong password and the time taken tells nobody which it was (P10.3).
 */
export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  const against = storedHash ?? (await dummyPasswordHash());
  try {
    const matches = await verify(against, canonical(password));
    return matches && storedHash !== null;
  } catch {
    // A malformed stored hash lets nobody in.
    return false;
  }
}
