import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as generatedEnums from '../generated/prisma/enums.js';
import { defaultMigrationsDir } from './migrate.js';
import { createPrisma, type PrismaClient } from './prisma.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * The schema and the hand-written SQL migrations are two descriptions of one database; nothing
 * but this test keeps them in step. It compares the generated client's data model (what Prisma
 * will query) with the migrated database (what exists).
 */

interface RuntimeField {
  name: string;
  kind: 'scalar' | 'enum' | 'object';
  type: string;
  dbName?: string;
}
interface RuntimeDataModel {
  models: Record<string, { dbName: string | null; fields: RuntimeField[] }>;
}

/** Postgres types Prisma expects for each scalar type used by the schema. */
const PG_TYPE: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Boolean: 'boolean',
  DateTime: 'timestamp with time zone',
  Json: 'jsonb',
};

/** Native types (`@db.X`) whose Postgres type is not their scalar type's. */
const NATIVE_PG_TYPE: Record<string, string> = { Json: 'json' };

/** Enums are @@map-ped to snake_case type names. */
const snake = (name: string): string =>
  name.replace(/[a-z][A-Z]/g, (m) => `${m[0]}_${m[1]}`).toLowerCase();

describe('schema.prisma vs migrations', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('has a table with exactly the model’s columns and types for every model', async () => {
    const model = (prisma as unknown as { _runtimeDataModel: RuntimeDataModel })._runtimeDataModel;
    expect(Object.keys(model.models).length).toBeGreaterThan(0);

    const columns = await prisma.$queryRaw<
      Array<{ table_name: string; column_name: string; data_type: string; udt_name: string }>
    >`SELECT table_name::text, column_name::text, data_type::text, udt_name::text
        FROM information_schema.columns WHERE table_schema = 'public'`;
    const dbTables = new Map<string, Map<string, { dataType: string; udt: string }>>();
    for (const c of columns) {
      const table = dbTables.get(c.table_name) ?? new Map();
      table.set(c.column_name, { dataType: c.data_type, udt: c.udt_name });
      dbTables.set(c.table_name, table);
    }

    // The runtime data model leaves out a field's native type (`@db.Json`): read it from the
    // schema itself.
    const schema = readFileSync(path.join(defaultMigrationsDir(), '..', 'schema.prisma'), 'utf8');
    const nativeTypes = new Map<string, string>();
    for (const block of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
      for (const line of block[2]!.split('\n')) {
        const field = /^\s*(\w+)\s+\w+\??\s.*@db\.(\w+)/.exec(line);
        const pgType = field && NATIVE_PG_TYPE[field[2]!];
        if (pgType) nativeTypes.set(`${block[1]}.${field[1]}`, pgType);
      }
    }
    expect(nativeTypes.size).toBeGreaterThan(0);

    const expectedTables = new Set<string>();
    for (const [name, m] of Object.entries(model.models)) {
      const tableName = m.dbName ?? name;
      expectedTables.add(tableName);
      const dbColumns = dbTables.get(tableName);
      expect(dbColumns, `table ${tableName} for model ${name}`).toBeDefined();
      const fields = m.fields.filter((f) => f.kind !== 'object');
      const expected = Object.fromEntries(
        fields.map((f) => [
          f.dbName ?? f.name,
          f.kind === 'enum'
            ? `USER-DEFINED:${snake(f.type)}`
            : (nativeTypes.get(`${name}.${f.name}`) ?? PG_TYPE[f.type]),
        ]),
      );
      const actual = Object.fromEntries(
        [...dbColumns!].map(([col, t]) => [
          col,
          t.dataType === 'USER-DEFINED' ? `USER-DEFINED:${t.udt}` : t.dataType,
        ]),
      );
      expect(actual, `columns of ${tableName}`).toEqual(expected);
    }

    const unmodelled = [...dbTables.keys()].filter(
      (t) => !expectedTables.has(t) && t !== '_prisma_migrations',
    );
    expect(unmodelled).toEqual([]);
  });

  it('has NOT NULL exactly where the schema has a required field', async () => {
    // The runtime data model omits optionality, so read it from schema.prisma itself.
    const schema = readFileSync(path.join(defaultMigrationsDir(), '..', 'schema.prisma'), 'utf8');
    const scalarTypes = new Set([...Object.keys(PG_TYPE), ...Object.keys(generatedEnums)]);
    const expected: Record<string, string> = {};
    for (const block of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
      const body = block[2]!;
      const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? block[1]!;
      for (const line of body.split('\n')) {
        const field = /^\s*(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/.exec(line);
        if (!field || !scalarTypes.has(field[2]!) || field[3]) continue;
        const column = /@map\("([^"]+)"\)/.exec(field[5]!)?.[1] ?? field[1]!;
        expected[`${table}.${column}`] = field[4] ? 'YES' : 'NO';
      }
    }
    expect(Object.keys(expected).length).toBeGreaterThan(20);

    const rows = await prisma.$queryRaw<
      Array<{ table_name: string; column_name: string; is_nullable: string }>
    >`SELECT table_name::text, column_name::text, is_nullable::text
        FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`;
    const actual = Object.fromEntries(
      rows.map((r) => [`${r.table_name}.${r.column_name}`, r.is_nullable]),
    );
    expect(actual).toEqual(expected);
  });

  it('has the same enum values in the client and in Postgres', async () => {
    const rows = await prisma.$queryRaw<Array<{ typname: string; labels: string[] }>>`
      SELECT t.typname::text AS typname, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       GROUP BY t.typname`;
    const dbEnums = Object.fromEntries(rows.map((r) => [r.typname, r.labels]));
    const clientEnums = Object.fromEntries(
      Object.entries(generatedEnums)
        .filter(([, v]) => typeof v === 'object' && v !== null)
        .map(([name, values]) => [snake(name), Object.values(values as Record<string, string>)]),
    );
    expect(Object.keys(clientEnums).length).toBeGreaterThan(0);
    expect(dbEnums).toEqual(clientEnums);
  });
});
