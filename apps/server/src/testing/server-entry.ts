import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_DIR = join(REPO, 'apps/server');

/**
 * The source folders the server's build is made from, each with the folder its build lands in:
 * the server's own and the workspace packages it imports at run time.
 */
const BUILT_FROM = [
  { src: join(SERVER_DIR, 'src'), dist: join(SERVER_DIR, 'dist') },
  { src: join(REPO, 'packages/rules/src'), dist: join(REPO, 'packages/rules/dist') },
  { src: join(REPO, 'packages/protocol/src'), dist: join(REPO, 'packages/protocol/dist') },
];

/** The newest modification time under `dir` of files that `keep` accepts; 0 for none. */
function newest(dir: string, keep: (name: string) => boolean): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path, keep));
    else if (keep(entry.name)) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

const isSource = (name: string) => name.endsWith('.ts') && !name.endsWith('.test.ts');
const isBuilt = (name: string) => name.endsWith('.js');

/**
 * What `pnpm start` runs: the start file, which runs the server's one-file script
 * (scripts/bundle.mjs, scripts/start-bundle.mjs); made last by the build.
 */
export const SERVER_BUNDLE = 'dist/main.bundle.js';

/**
 * Whether dist/ holds the current source: built after the last change to any file it was built
 * from, and bundled after that. `pnpm test` builds first (turbo), so there it always is; a
 * developer who edits and runs vitest directly gets the source instead, never a stale build.
 */
export function buildIsCurrent(): boolean {
  const bundle = join(SERVER_DIR, SERVER_BUNDLE);
  if (!existsSync(bundle)) return false;
  const bundled = statSync(bundle).mtimeMs;
  return BUILT_FROM.every(({ src, dist }) => {
    const built = newest(dist, isBuilt);
    return bundled >= built && built >= newest(src, isSource);
  });
}

/**
 * The V8 flag of every server a test starts. Such a server lives for seconds, and V8's helper
 * threads (concurrent compilation, parallel and concurrent garbage collection) cost its start
 * 0.45 of 1.8 CPU-s on two cores the suites already fill, and buy nothing a test looks at
 * (crash.test's 31 restarts: 153.6 → 141.4 CPU-s, its timings the same). `pnpm start` keeps
 * them: a node that runs for days wants its pauses short.
 */
export const TEST_SERVER_V8_FLAGS = ['--single-threaded'] as const;

let chosen: readonly string[] | undefined;

/**
 * How a test starts the real server as a child process (after TEST_SERVER_V8_FLAGS):
 * `node dist/main.bundle.js` as `pnpm start` runs it when the build is current (a start in about
 * a third of tsx's time, since nothing is compiled on the way), otherwise `src/main.ts` through
 * tsx. BANCO_TEST_SERVER=source forces the source. Decided once per test file: every process of
 * a test is the same code.
 */
export function serverEntryArgs(): readonly string[] {
  chosen ??= [
    ...TEST_SERVER_V8_FLAGS,
    ...(process.env.BANCO_TEST_SERVER !== 'source' && buildIsCurrent()
      ? [SERVER_BUNDLE]
      : ['--import', 'tsx', '--conditions=source', 'src/main.ts']),
  ];
  return chosen;
}
