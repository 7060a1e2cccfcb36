/**
 * docker-compose.yml and apps/server/Dockerfile cannot be run on the development machines (no
 * Docker engine), so this checks what can be checked without one: the services and their
 * health checks, that the server's environment is one loadConfig accepts, that the Dockerfile
 * points at files that exist, and that the server's health check script works for real.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_KEYS, loadConfig, REPO_ROOT } from './config.js';
import { createBancoServer, type BancoServerHandle } from './server.js';
import { SERVER_NODE_FLAG } from './node-flags.js';
import { SERVER_BUNDLE } from './testing/server-entry.js';
import {
  emptyRegistry,
  realLedger,
  storeDeps,
  testConfig,
  type RealLedger,
} from './http/test-support.js';

/** The server's code, which SERVER_BUNDLE compiles and runs (scripts/bundle.mjs). */
const SERVER_SCRIPT = 'dist/server.bundle.cjs';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | number | boolean>;
  healthcheck?: { test: string[] | string; interval?: string; retries?: number };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
}

// Compose honours YAML merge keys (the three replicas share one `x-server` block).
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService & { command?: string[]; stop_grace_period?: string }>;
  volumes?: Record<string, unknown>;
};
const postgres = compose.services.postgres!;
/** T12: three server replicas behind HAProxy, sharing Postgres and Redis. */
const SERVERS = ['server1', 'server2', 'server3'] as const;
const servers = SERVERS.map((name) => compose.services[name]!);
const server = servers[0]!;
const redis = compose.services.redis!;
const haproxy = compose.services.haproxy!;

/** Compose's `${VAR:-default}` interpolation, with nothing set in the shell. */
function interpolate(value: string | number | boolean): string {
  return String(value).replace(
    /\$\{(\w+):-([^}]*)\}/g,
    (_, _name: string, fallback: string) => fallback,
  );
}
const envOf = (service: ComposeService) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(value)]),
  );

const dockerfile = read('apps/server/Dockerfile');
/** Instructions with their arguments, continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [op, ...rest] = line.split(/\s+/);
    return { op: op!.toUpperCase(), args: rest.join(' ') };
  });
const argsOf = (op: string) => instructions.filter((i) => i.op === op).map((i) => i.args);

describe('docker-compose.yml', () => {
  it('T12: has Postgres, Redis, three server replicas and HAProxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'haproxy',
      'postgres',
      'redis',
      ...SERVERS,
    ]);
  });

  it('runs Postgres 15 with the banco database on a named volume, checked by pg_isready', () => {
    expect(postgres.image).toMatch(/^postgres:15(\b|$)/);
    const env = envOf(postgres);
    expect(env.POSTGRES_DB).toBe('banco');
    expect(env.POSTGRES_PASSWORD).toBeTruthy();
    expect(JSON.stringify(postgres.healthcheck?.test)).toContain('pg_isready');
    const [volume] = postgres.volumes ?? [];
    expect(volume).toMatch(/^\w+:\/var\/lib\/postgresql\/data$/);
    expect(Object.keys(compose.volumes ?? {})).toContain(volume!.split(':')[0]);
  });

  it('builds every replica from the repository root with apps/server/Dockerfile', () => {
    for (const replica of servers) {
      expect(replica.build).toEqual({ context: '.', dockerfile: 'apps/server/Dockerfile' });
      // Players reach the replicas through the proxy only.
      expect(replica.ports).toBeUndefined();
    }
    expect(existsSync(join(REPO_ROOT, server.build!.dockerfile))).toBe(true);
    expect(haproxy.ports).toContain('3001:3001');
  });

  it('starts the replicas only once Postgres and Redis are healthy', () => {
    for (const replica of servers) {
      expect(replica.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('T13.13: runs Redis without persistence, checked by redis-cli ping', () => {
    expect(redis.image).toMatch(/^redis:7(\b|$)/);
    expect(redis.command).toEqual(['redis-server', '--save', '', '--appendonly', 'no']);
    expect(JSON.stringify(redis.healthcheck?.test)).toContain('ping');
  });

  it('T13.1 T13.8: each replica has its own NODE_ID and the same database and Redis', () => {
    const configs = servers.map((replica) => loadConfig(envOf(replica)));
    expect(new Set(configs.map((c) => c.nodeId)).size).toBe(SERVERS.length);
    expect(configs.map((c) => c.nodeId)).toEqual([...SERVERS]);
    for (const config of configs) {
      expect(config.databaseUrl).toBe(configs[0]!.databaseUrl);
      expect(new URL(config.redisUrl!).hostname).toBe('redis');
      expect(config.trustProxy).toBe(1);
    }
    // A stop may take the drain and the shutdown together before Docker kills it (T13.12).
    const { drainMs, shutdownDeadlineMs } = configs[0]!;
    expect(Number.parseInt(server.stop_grace_period!, 10) * 1000).toBeGreaterThan(
      drainMs + shutdownDeadlineMs,
    );
  });

  it('T13.11: HAProxy runs the repository haproxy.cfg against the three replicas', async () => {
    expect(haproxy.image).toMatch(/^haproxy:2\.6(\b|$)/);
    expect(haproxy.volumes).toEqual([
      './apps/server/deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    ]);
    const env = envOf(haproxy);
    const port = loadConfig(envOf(server)).port;
    expect([env.BANCO_NODE1, env.BANCO_NODE2, env.BANCO_NODE3]).toEqual(
      SERVERS.map((name) => `${name}:${port}`),
    );
    const cfg = read('apps/server/deploy/haproxy.cfg');
    // Health checks on each node's /health, every node named from the environment.
    expect(cfg).toMatch(/option httpchk GET \/health/);
    for (const i of [1, 2, 3]) expect(cfg).toContain(`server node${i} "\${BANCO_NODE${i}}" check`);
    // The real HAProxy parses the file with the compose environment (names unresolved here).
    const { stdout, stderr } = await promisify(execFile)(
      '/usr/sbin/haproxy',
      ['-c', '-f', join(REPO_ROOT, 'apps/server/deploy/haproxy.cfg')],
      { env: { ...process.env, ...env } },
    );
    expect(`${stdout}${stderr}`).toMatch(/Configuration file is valid/);
  });

  it('never sets a test-only variable, and the image refuses the scripted shoe anyway', () => {
    const env = envOf(server);
    for (const replica of servers) {
      expect(Object.keys(envOf(replica)).filter((key) => key.startsWith('TEST_'))).toEqual([]);
    }
    expect(argsOf('ENV').join(' ')).toMatch(/NODE_ENV=production/);
    expect(() =>
      loadConfig({ ...env, NODE_ENV: 'production', TEST_SCRIPTED_SHOE: 'AS 10H' }),
    ).toThrow(/TEST_SCRIPTED_SHOE/);
  });

  it('gives the server only variables the config schema knows, and loadConfig accepts them', () => {
    const env = envOf(server);
    for (const replica of servers) {
      for (const key of Object.keys(envOf(replica))) expect(ENV_KEYS).toContain(key);
    }
    const config = loadConfig(env);
    expect(config.port).toBe(3001);
    expect(config.host).toBe('0.0.0.0');
    expect(config.corsOrigins.length).toBeGreaterThan(0);
  });

  it('points DATABASE_URL at the postgres service with its user, password and database', () => {
    const url = new URL(loadConfig(envOf(server)).databaseUrl!);
    const pg = envOf(postgres);
    expect(url.hostname).toBe('postgres');
    expect(url.port).toBe('5432');
    expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
    expect(url.username).toBe(pg.POSTGRES_USER ?? 'postgres');
    expect(decodeURIComponent(url.password)).toBe(pg.POSTGRES_PASSWORD);
  });

  it('checks the server with node fetching /health on its own port', () => {
    const test = server.healthcheck!.test as string[];
    expect(test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
    expect(test[3]).toContain(`fetch('http://127.0.0.1:${loadConfig(envOf(server)).port}/health')`);
  });
});

describe('the server health check script', () => {
  let store: RealLedger;
  let banco: BancoServerHandle;
  let port: number;
  let dbUp = true;

  beforeAll(async () => {
    store = await realLedger();
    banco = await createBancoServer({
      config: testConfig(),
      ...storeDeps(store),
      checkDb: async () => dbUp && (await store.checkDb()),
      createTables: async () => emptyRegistry(),
      logger: false,
    });
    ({ port } = await banco.listen());
  });
  afterAll(async () => {
    await banco?.close();
    await store?.close();
  });

  /** Runs the compose file's own health check command against this server's port. */
  async function runHealthcheck(): Promise<number> {
    const [, node, flag, script] = server.healthcheck!.test as string[];
    const local = script!.replace(':3001/', `:${port}/`);
    try {
      await promisify(execFile)(node === 'node' ? process.execPath : node!, [flag!, local]);
      return 0;
    } catch (error) {
      return (error as { code?: number }).code ?? -1;
    }
  }

  it('exits 0 while the server and its database are up', async () => {
    expect(await runHealthcheck()).toBe(0);
  });

  it('exits 1 when /health reports the database down', async () => {
    dbUp = false;
    try {
      expect(await runHealthcheck()).toBe(1);
    } finally {
      dbUp = true;
    }
  });

  it('exits 1 when nothing answers', async () => {
    await banco.close();
    expect(await runHealthcheck()).toBe(1);
  });
});

describe('apps/server/Dockerfile', () => {
  const rootPackage = JSON.parse(read('package.json')) as {
    packageManager: string;
    engines: { node: string };
    scripts: Record<string, string>;
  };
  const webPackage = JSON.parse(read('apps/web/package.json')) as {
    name: string;
    scripts: Record<string, string>;
  };
  const serverPackage = JSON.parse(read('apps/server/package.json')) as {
    name: string;
    scripts: Record<string, string>;
  };

  it('builds on Node 20 (bookworm-slim), which the root engines field allows', () => {
    expect(argsOf('FROM')).toEqual(['node:20-bookworm-slim']);
    expect(rootPackage.engines.node).toMatch(/^>=20\b/);
  });

  it('installs the pinned pnpm with npm (no corepack) and the locked dependencies', () => {
    const pnpmVersion = rootPackage.packageManager.replace(/^pnpm@/, '');
    const runs = argsOf('RUN');
    expect(runs).toContain(`npm i -g pnpm@${pnpmVersion}`);
    expect(instructions.filter((i) => /corepack/i.test(i.args))).toEqual([]);
    expect(runs).toContain('pnpm install --frozen-lockfile');
    expect(runs.indexOf('pnpm install --frozen-lockfile')).toBeGreaterThan(
      runs.indexOf(`npm i -g pnpm@${pnpmVersion}`),
    );
  });

  it('builds what `pnpm start` builds: the server, the web export and their dependencies', () => {
    expect(argsOf('RUN')).toContain('pnpm build:app');
    expect(rootPackage.scripts.start).toMatch(/^pnpm --silent build:app && /);
    const filters = [...rootPackage.scripts['build:app']!.matchAll(/--filter=(\S+)/g)].map(
      (m) => m[1],
    );
    expect(filters.sort()).toEqual([`${serverPackage.name}...`, `${webPackage.name}...`].sort());
    expect(serverPackage.scripts.build).toBeTruthy();
    // The export, then its pre-compressed copies (the server sends those).
    expect(webPackage.scripts.build).toMatch(/^next build(?: && |$)/);
  });

  it('serves the web export where the web build writes it (Next `output: export` → out/)', () => {
    expect(read('apps/web/next.config.ts')).toMatch(/output:\s*'export'/);
    expect(loadConfig({}).webDir).toBe(join(REPO_ROOT, 'apps/web/out'));
    expect(argsOf('ENV').join(' ')).not.toMatch(/WEB_DIR/);
    // Built inside the image, never copied from the host's last build.
    expect(read('apps/server/Dockerfile.dockerignore').split('\n')).toContain('apps/web/out');
  });

  it('copies sources that exist, and keeps local installs and builds out of the context', () => {
    for (const args of argsOf('COPY')) {
      const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
      for (const source of parts.slice(0, -1)) {
        expect(existsSync(join(REPO_ROOT, source)), source).toBe(true);
      }
    }
    const ignore = read('apps/server/Dockerfile.dockerignore').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '.data', '.git']) {
      expect(ignore).toContain(pattern);
    }
    // What the build and the running server need is not ignored.
    for (const needed of ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'prisma', 'packages', 'apps']) {
      expect(existsSync(join(REPO_ROOT, needed)), needed).toBe(true);
      expect(ignore).not.toContain(needed);
    }
  });

  it('starts dist/main.bundle.js, which the server build makes from src/main.ts, as pnpm start does', () => {
    const cmd = JSON.parse(argsOf('CMD').at(-1)!) as string[];
    expect(cmd).toEqual(['node', SERVER_NODE_FLAG, `apps/server/${SERVER_BUNDLE}`]);
    const server = JSON.parse(read('apps/server/package.json')) as {
      scripts: { start: string; build: string };
    };
    expect(server.scripts.start).toBe(`node ${SERVER_NODE_FLAG} ${SERVER_BUNDLE}`);
    // The bundle is made from tsc's output, so it is the build's last step.
    expect(server.scripts.build).toMatch(/tsconfig\.build\.json && node scripts\/bundle\.mjs$/);
    const build = JSON.parse(read('apps/server/tsconfig.build.json')) as {
      compilerOptions: { rootDir: string; outDir: string };
    };
    expect(build.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist' });
    expect(existsSync(join(REPO_ROOT, 'apps/server/src/main.ts'))).toBe(true);
  });

  it('lets the user it runs as keep V8’s code of the server beside the build (start-bundle.mjs)', () => {
    const runs = argsOf('RUN');
    const user = argsOf('USER').at(-1);
    const cacheDir = 'apps/server/dist/v8-cache';
    const makeCacheDir = `mkdir -p ${cacheDir} && chown ${user} ${cacheDir}`;
    expect(runs).toContain(makeCacheDir);
    expect(runs.indexOf(makeCacheDir)).toBeGreaterThan(runs.indexOf('pnpm build:app'));
    expect(read('apps/server/scripts/start-bundle.mjs')).toContain("join(here, 'v8-cache')");
  });

  // What a start reads (docs/performance.md, "Starting a node"); checked on the build, when made.
  it.runIf(existsSync(join(REPO_ROOT, 'apps/server', SERVER_SCRIPT)))(
    'the bundle is a script that requires what it leaves outside, reads Prisma’s compiler as WebAssembly and never asks pg’s runtime probe',
    () => {
      const bundle = read(`apps/server/${SERVER_SCRIPT}`);
      for (const name of ['@prisma/client/runtime/client', '@fastify/static', '@node-rs/argon2']) {
        expect(bundle).toContain(`require("${name}")`);
      }
      // Strict, as the ES modules it is made of were: the directive must open the script.
      expect(bundle.startsWith('"use strict";\n')).toBe(true);
      // A dynamic import() cannot run from V8's code cache on Node 20 (scripts/start-bundle.mjs).
      expect(bundle).not.toMatch(/\bimport\("/);
      expect(bundle).not.toContain('wasm-base64.mjs")');
      const compiler = readFileSync(join(REPO_ROOT, 'apps/server/dist/query-compiler.wasm'));
      // WebAssembly's magic number, "\0asm", then its version 1.
      expect([...compiler.subarray(0, 8)]).toEqual([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
      // pg's probe makes a Response, which loads Node's fetch at every start (bundle.mjs).
      expect(bundle).toMatch(/function isCloudflareRuntime\(\) \{\s*return false;/);
      // What pnpm start runs is the start file, copied as the build's last step.
      expect(read(`apps/server/${SERVER_BUNDLE}`)).toBe(
        read('apps/server/scripts/start-bundle.mjs'),
      );
    },
  );

  it('listens on all interfaces at the port compose publishes', () => {
    expect(argsOf('EXPOSE')).toEqual(['3001']);
    expect(argsOf('ENV').join(' ')).toMatch(/HOST=0\.0\.0\.0/);
  });
});
