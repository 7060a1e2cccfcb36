import { fencedTablesOf, LedgerError } from './ledger-error.js';
import type { Fence } from './ledger-types.js';

// T13.3: how a table's write carries its lease into SQL. Every statement a table makes calls
// banco_fence (migration 20261201130000) before it writes, in the same statement, so the check
// and the write commit together or not at all.

/** The two parameters banco_fence takes; no fence at all passes a NULL epoch array. */
export function fenceValues(
  fences: readonly (Fence | undefined)[],
): [tables: string[], epochs: number[] | null] {
  const named = fences.filter((f): f is Fence => f !== undefined);
  if (named.length === 0) return [[], null];
  return [named.map((f) => f.tableId), named.map((f) => f.epoch)];
}

export function fencedError(tableIds: readonly string[], cause?: unknown): LedgerError {
  return new LedgerError(
    'FENCED',
    `fenced: the lease of ${tableIds.join(', ') || 'the table'} has a newer epoch`,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * One statement for items of many tables: the items of tables that turn out fenced are answered
 * FENCED, and the statement goes again for the rest (a fence is rare; the others must not pay
 * for it with a failure).
 */
export async function withoutFenced<I, O>(
  items: readonly I[],
  tableOf: (item: I) => string,
  statement: (items: readonly I[]) => Promise<O[]>,
  fenced: (error: LedgerError) => O,
): Promise<O[]> {
  const answers: (O | undefined)[] = new Array(items.length);
  let left = items.map((item, i) => ({ item, i }));
  for (;;) {
    try {
      const got = await statement(left.map((l) => l.item));
      left.forEach((l, n) => (answers[l.i] = got[n]));
      return answers as O[];
    } catch (error) {
      const tables = fencedTablesOf(error);
      if (tables === null) throw error;
      const stale = new Set(tables);
      const still = left.filter((l) => !stale.has(tableOf(l.item)));
      // A refusal that names none of these tables cannot be dropped: it is the statement's own.
      if (still.length === left.length) throw fencedError(tables, error);
      for (const l of left)
        if (stale.has(tableOf(l.item)))
          answers[l.i] = fenced(fencedError([tableOf(l.item)], error));
      left = still;
      if (left.length === 0) return answers as O[];
    }
  }
}
