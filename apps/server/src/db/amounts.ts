import { LedgerError } from './ledger-error.js';

/** Amounts are BIGINT in Postgres but always safe integers here: JSON cannot carry a bigint. */
export function toNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount ${value} is not a safe integer`);
  return n;
}

export function assertAmount(value: number, what: string, allowZero = false): void {
  if (!Number.isSafeInteger(value) || value < 0 || (!allowZero && value === 0)) {
    throw new LedgerError(
      'INVALID_INPUT',
      `${what} must be a ${allowZero ? 'non-negative' : 'positive'} integer number of minor units, got ${value}`,
    );
  }
}

/** node-postgres reads BIGINT as a string, so no digit is lost on the way in. */
export function fromPg(value: string): number {
  return toNumber(BigInt(value));
}
