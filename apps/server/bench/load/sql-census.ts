import pg from 'pg';

/** Statements sent by name: a prepared statement's own name, else its SQL's first words. */
export type StatementCensus = Record<string, number>;

function nameOf(query: unknown): string {
  if (typeof query === 'string') return query.trim().split(/\s+/, 3).join(' ');
  const config = query as { name?: string; text?: string } | null;
  if (config?.name) return config.name;
  return typeof config?.text === 'string' ? config.text.trim().split(/\s+/, 3).join(' ') : '?';
}

/**
 * Counts the statements this process sends to Postgres while on, by name: the bench's view of
 * what a round asks of the database (docs/performance.md), which the commit count alone hides.
 * pg has no hook for the queries a pool runs, so the bench's server process wraps
 * `Client#query`, which the pool's queries and Prisma's pg adapter both go through. Only the
 * bench's server installs it; the product never does.
 */
export function statementCensus(): { start(): void; stop(): StatementCensus } {
  let on = false;
  let census: StatementCensus = {};
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  (pg.Client.prototype as { query: typeof query }).query = function (this: pg.Client, ...args) {
    if (on) {
      const name = nameOf(args[0]);
      census[name] = (census[name] ?? 0) + 1;
    }
    return query.apply(this, args);
  };
  return {
    start() {
      census = {};
      on = true;
    },
    stop() {
      on = false;
      return census;
    },
  };
}

/** The censuses of several nodes as one. */
export function mergeStatements(censuses: readonly StatementCensus[]): StatementCensus {
  const merged: StatementCensus = {};
  for (const census of censuses) {
    for (const [name, n] of Object.entries(census)) merged[name] = (merged[name] ?? 0) + n;
  }
  return merged;
}
