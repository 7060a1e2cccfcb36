import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationsDir, migrate } from './migrate.js';
import { createPrisma, type PrismaClient } from './prisma.js';
import { Sessions } from './sessions.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const ACCOUNTS_MIGRATION = '20261201110000_accounts';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('guest tokens from before sessions (the accounts migration)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let earlier: string;
  const fresh = { id: randomUUID(), token: randomBytes(32).toString('base64url') };
  const old = { id: randomUUID(), token: randomBytes(32).toString('base64url') };

  beforeAll(async () => {
    // A database as it was before this migration, with two guests in it.
    earlier = await mkdtemp(path.join(os.tmpdir(), 'banco-before-accounts-'));
    for (const name of await readdir(defaultMigrationsDir())) {
      if (name < ACCOUNTS_MIGRATION) {
        await cp(path.join(defaultMigrationsDir(), name), path.join(earlier, name), {
          recursive: true,
        });
      }
    }
    db = await createTestDatabase({ migrationsDir: earlier });
    prisma = createPrisma(db.url);
    await prisma.$executeRaw`
      INSERT INTO players (id, name, token_hash, created_at) VALUES
        (${fresh.id}, 'Fresh', ${sha256(fresh.token)}, now() - interval '1 day'),
        (${old.id}, 'Old', ${sha256(old.token)}, now() - interval '31 days')`;
    // Later migrations follow it; this one must be the first applied.
    expect((await migrate(db.url)).applied[0]).toBe(ACCOUNTS_MIGRATION);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
    if (earlier) await rm(earlier, { recursive: true, force: true });
  });

  it('P10.1: a guest token from before keeps its player, as a guest session issued with the player', async () => {
    const found = await new Sessions(prisma).lookup(fresh.token);
    expect(found).toMatchObject({
      status: 'live',
      session: { player: { id: fresh.id, name: 'Fresh' }, kind: 'guest', username: null },
    });
    const [row] = await prisma.session.findMany({ where: { playerId: fresh.id } });
    expect(row!.tokenHash).toBe(sha256(fresh.token));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(720 * 3_600_000);
  });

  it('P10.1: one older than the guest TTL has ended, as it had before the migration', async () => {
    expect(await new Sessions(prisma).lookup(old.token)).toEqual({ status: 'ended' });
  });

  it('P10.1: a shorter GUEST_TOKEN_TTL_HOURS applies to migrated sessions at once', async () => {
    const hour = { guestMs: 3_600_000, loginMs: 3_600_000 };
    expect(await new Sessions(prisma, hour).lookup(fresh.token)).toEqual({ status: 'ended' });
  });
});
