import pg from 'pg';

/** Statements sent by name: a prepared statement's own name, else its SQL's first words. */
export type StatementCensus = Record<string, number>;

/** Each statement's SQL text and the name the census counts it under. */
export type StatementNames = Record<string, string>;

/** A statement's first words: how one sent without a name is counted. */
export const firstWords = (text: string): string => text.trim().split(/\s+/, 3).join(' ');

function textOf(query: unknown): string | null {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : null;
}

function nameOf(query: unknown): string {
  const name = (query as { name?: string } | null)?.name;
  if (typeof query !== 'string' && name) return name;
  const text = textOf(query);
  return text === null ? '?' : firstWords(text);
}

/**
 * Counts the statements this process sends to Postgres while on, by name: the bench's view of
 * what a round asks of the database (docs/performance.md), which the commit count alone hides.
 * pg has no hook for the queries a pool runs, so the bench's server process wraps
 * `Client#query`, which the pool's queries and Prisma's pg adapter both go through. Only the
 * bench's server installs it; the product never does.
 */
export function statementCensus(): {
  start(): void;
  stop(): StatementCensus;
  /** Every statement's text seen so far, with its name: pg_stat_statements knows only texts. */
  names(): StatementNames;
} {
  let on = false;
  let census: StatementCensus = {};
  const names: StatementNames = {};
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  (pg.Client.prototype as { query: typeof query }).query = function (this: pg.Client, ...args) {
    if (on) {
      const name = nameOf(args[0]);
      census[name] = (census[name] ?? 0) + 1;
      const text = textOf(args[0]);
      if (text !== null) names[text] ??= name;
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
    names: () => ({ ...names }),
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
