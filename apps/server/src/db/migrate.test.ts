import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksumOf, defaultMigrationsDir, migrate, MigrationError } from './migrate.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** An empty database (no migrations), dropped by the returned function. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `banco_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await query(ADMIN_URL, `CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await query(ADMIN_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

describe('migrate', () => {
  let db: TestDatabase;
  let tmp: string;
  const migrationNames: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'banco-migrations-'));
    const rows = await query<{ migration_name: string }>(
      db.url,
      'SELECT migration_name FROM _prisma_migrations ORDER BY migration_name',
    );
    migrationNames.push(...rows.map((r) => r.migration_name));
  });

  afterAll(async () => {
    await db?.drop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('finds the repository migrations from its own location', () => {
    const dir = defaultMigrationsDir();
    expect(dir.endsWith(path.join('prisma', 'migrations'))).toBe(true);
    expect(migrationNames.length).toBeGreaterThan(0);
  });

  it('applies each migration once; a second run applies nothing', async () => {
    const again = await migrate(db.url);
    expect(again.applied).toEqual([]);

    const fresh = await emptyDatabase();
    try {
      const first = await migrate(fresh.url);
      expect(first.applied).toEqual(migrationNames);
      expect((await migrate(fresh.url)).applied).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });

  it('records rows shaped like Prisma’s own _prisma_migrations', async () => {
    const columns = await query<{ column_name: string; data_type: string; is_nullable: string }>(
      db.url,
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = '_prisma_migrations'
        ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
      ['id', 'character varying', 'NO'],
      ['checksum', 'character varying', 'NO'],
      ['finished_at', 'timestamp with time zone', 'YES'],
      ['migration_name', 'character varying', 'NO'],
      ['logs', 'text', 'YES'],
      ['rolled_back_at', 'timestamp with time zone', 'YES'],
      ['started_at', 'timestamp with time zone', 'NO'],
      ['applied_steps_count', 'integer', 'NO'],
    ]);

    const rows = await query<{
      id: string;
      checksum: string;
      migration_name: string;
      finished_at: Date | null;
      started_at: Date;
      logs: string | null;
      rolled_back_at: Date | null;
      applied_steps_count: number;
    }>(db.url, 'SELECT * FROM _prisma_migrations ORDER BY migration_name');
    for (const row of rows) {
      const sql = await readFile(
        path.join(defaultMigrationsDir(), row.migration_name, 'migration.sql'),
        'utf8',
      );
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.checksum).toBe(checksumOf(sql));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it('seeds the house, refill and main table accounts', async () => {
    const accounts = await query<{ id: string; kind: string; balance: string }>(
      db.url,
      'SELECT id, kind::text, balance::text FROM accounts ORDER BY id',
    );
    expect(accounts).toEqual([
      { id: 'escrow:main', kind: 'ESCROW', balance: '0' },
      { id: 'house', kind: 'HOUSE', balance: '0' },
      { id: 'refill', kind: 'REFILL', balance: '0' },
    ]);
    const [main] = await query<{ name: string; is_public: boolean; settings: unknown }>(
      db.url,
      `SELECT name, is_public, settings FROM tables WHERE id = 'main'`,
    );
    expect(main).toEqual({
      name: 'Main table',
      is_public: true,
      settings: {
        seats: 14,
        decks: 8,
        cut: 16,
        lastHand: 'plus-one',
        rules: { commission: 'standard', tiePays: 8, sideBets: [] },
        minBet: 1000,
        maxBet: 50000,
        tieMax: 10000,
      },
    });
    // The singleton index refuses a second house.
    await expect(
      query(db.url, `INSERT INTO accounts (id, kind) VALUES ('house2', 'HOUSE')`),
    ).rejects.toThrow(/accounts_singleton_kind_key/);
  });

  it('refuses to run when an applied migration changed', async () => {
    const name = migrationNames[0]!;
    const [{ checksum }] = (await query<{ checksum: string }>(
      db.url,
      'SELECT checksum FROM _prisma_migrations WHERE migration_name = $1',
      [name],
    )) as [{ checksum: string }];
    await query(db.url, 'UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2', [
      'f'.repeat(64),
      name,
    ]);
    try {
      const attempt = migrate(db.url);
      await expect(attempt).rejects.toBeInstanceOf(MigrationError);
      await expect(migrate(db.url)).rejects.toThrow(
        new RegExp(`migration ${name} was modified after it was applied`),
      );
    } finally {
      await query(db.url, 'UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2', [
        checksum,
        name,
      ]);
    }
    expect((await migrate(db.url)).applied).toEqual([]);
  });

  it('applies a new migration on top, and rolls a failing one back whole', async () => {
    const dir = path.join(tmp, 'migrations');
    await cp(defaultMigrationsDir(), dir, { recursive: true });
    await mkdir(path.join(dir, '29990101000000_extra'));
    await writeFile(
      path.join(dir, '29990101000000_extra', 'migration.sql'),
      'CREATE TABLE "extra" ("id" INTEGER PRIMARY KEY);\nINSERT INTO "extra" VALUES (1);\n',
    );
    expect((await migrate(db.url, { migrationsDir: dir })).applied).toEqual([
      '29990101000000_extra',
    ]);
    expect((await migrate(db.url, { migrationsDir: dir })).applied).toEqual([]);

    await mkdir(path.join(dir, '29990102000000_broken'));
    await writeFile(
      path.join(dir, '29990102000000_broken', 'migration.sql'),
      'CREATE TABLE "half" ("id" INTEGER);\nSELECT * FROM "no_such_table";\n',
    );
    await expect(migrate(db.url, { migrationsDir: dir })).rejects.toThrow(
      /29990102000000_broken failed/,
    );
    const half = await query(
      db.url,
      `SELECT 1 FROM information_schema.tables WHERE table_name = 'half'`,
    );
    expect(half).toEqual([]);
    const recorded = await query(
      db.url,
      `SELECT 1 FROM _prisma_migrations WHERE migration_name = '29990102000000_broken'`,
    );
    expect(recorded).toEqual([]);
  });

  it('serialises concurrent runners with the advisory lock', async () => {
    const fresh = await emptyDatabase();
    try {
      const results = await Promise.all([
        migrate(fresh.url),
        migrate(fresh.url),
        migrate(fresh.url),
      ]);
      const applied = results.flatMap((r) => r.applied).sort();
      expect(applied).toEqual([...migrationNames].sort());
      const rows = await query(fresh.url, 'SELECT 1 FROM _prisma_migrations');
      expect(rows).toHaveLength(migrationNames.length);
    } finally {
      await fresh.drop();
    }
  });
});
