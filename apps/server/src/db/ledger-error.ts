export type LedgerErrorCode =
  /** The wallet cannot cover the stake (the accounts CHECK refused it); nothing was written. */
  | 'INSUFFICIENT_BALANCE'
  /** The player already has open bets in this round under another confirm id. */
  | 'ALREADY_CONFIRMED'
  /** Bets were sent for a round that is already settled. */
  | 'ROUND_NOT_OPEN'
  /** Unknown player, table, shoe or round. */
  | 'NOT_FOUND'
  /** Malformed amounts, or a settlement that does not match the round's open bets. */
  | 'INVALID_INPUT'
  /**
   * T13.3: the write named a lease epoch the table no longer has (another node claimed it);
   * Postgres refused it and nothing was written.
   */
  | 'FENCED';

/** The ledger's refusals: everything else thrown from the ledger is an unexpected failure. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';

  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

interface PgErrorFacts {
  code?: string;
  message?: string;
  detail?: string;
}

/**
 * Postgres' SQLSTATE and message sit at different depths depending on the path the query took
 * (Prisma model call: P2039/P2002 with meta.driverAdapterError.cause; raw query: P2010 with the
 * same cause; node-postgres: on the error itself), so search the error's object graph for them.
 */
function pgErrorFacts(err: unknown): PgErrorFacts[] {
  const found: PgErrorFacts[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > 6) return;
    seen.add(value);
    const rec = value as Record<string, unknown>;
    const code = [rec.originalCode, rec.code].find(
      (c): c is string => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c),
    );
    const message = [rec.originalMessage, rec.message].find(
      (m): m is string => typeof m === 'string',
    );
    const detail = typeof rec.detail === 'string' ? rec.detail : undefined;
    if (code !== undefined) found.push({ code, message, detail });
    for (const key of ['meta', 'driverAdapterError', 'cause']) visit(rec[key], depth + 1);
  };
  visit(err, 0);
  return found;
}

/** Banco's own SQLSTATEs, raised by the ledger's SQL functions (migration 20261201120000). */
const RAISED: Readonly<Record<string, LedgerErrorCode>> = {
  BAN01: 'NOT_FOUND',
  BAN02: 'INVALID_INPUT',
  BAN09: 'FENCED',
};

/** The LedgerError a ledger SQL function meant by its error, or null for any other failure. */
export function ledgerErrorOf(err: unknown): LedgerError | null {
  const raised = pgErrorFacts(err).find((f) => f.code !== undefined && f.code in RAISED);
  if (!raised) return null;
  return new LedgerError(RAISED[raised.code!]!, raised.message ?? 'refused by the ledger', {
    cause: err,
  });
}

/**
 * True when `err` is Postgres refusing a row that repeats a unique key (SQLSTATE 23505); with
 * `index`, only when it is that unique index.
 */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  return pgErrorFacts(err).some(
    (f) => f.code === '23505' && (index === undefined || (f.message ?? '').includes(`"${index}"`)),
  );
}

/**
 * T13.3: the tables a BAN09 refusal names as fenced (its DETAIL, a JSON array), or null when the
 * error is no fence refusal.
 */
export function fencedTablesOf(err: unknown): string[] | null {
  const fenced = pgErrorFacts(err).find((f) => f.code === 'BAN09');
  if (!fenced) return null;
  try {
    const tables: unknown = JSON.parse(fenced.detail ?? '[]');
    return Array.isArray(tables) ? tables.map(String) : [];
  } catch {
    return [];
  }
}

/** T13.3: true when the ledger refused a write because the table's lease moved on. */
export function isFenced(err: unknown): boolean {
  return (err instanceof LedgerError && err.code === 'FENCED') || fencedTablesOf(err) !== null;
}
