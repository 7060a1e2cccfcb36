import { afterAll, beforeAll } from 'vitest';
import { createLedger, type Ledger } from '../db/ledger.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';

/**
 * A fresh database and a ledger over it for the tests of one file (or describe block): created
 * before them, dropped after. Read the fields inside tests, once `beforeAll` has run.
 */
export function ledgerDatabase(): { readonly prisma: PrismaClient; readonly ledger: Ledger } {
  let db: TestDatabase | undefined;
  let prisma: PrismaClient | undefined;
  let ledger: Ledger | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    ledger = createLedger(prisma);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test database is made in beforeAll');
    return value;
  };
  return {
    get prisma() {
      return ready(prisma);
    },
    get ledger() {
      return ready(ledger);
    },
  };
}
