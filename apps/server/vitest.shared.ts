/**
 * Test files that start real processes (server nodes, redis-server, HAProxy, embedded Postgres)
 * and time what they see, plus the bot that must act inside 200 ms windows: they run in their
 * own task (`test:procs`, vitest.procs.config.ts), one file at a time, beside the browser suite,
 * while the in-process files share the workers.
 */
export const PROCESS_TESTS = [
  'src/integration/crash.test.ts',
  'src/integration/cluster.test.ts',
  'src/integration/cluster-balance.test.ts',
  'src/integration/cluster-routing.test.ts',
  'src/integration/cluster-limits.test.ts',
  'src/integration/cluster-orphans.test.ts',
  'src/integration/cluster-lobby.test.ts',
  'src/integration/postgres-outage.test.ts',
  'src/integration/postgres-outage-nodes.test.ts',
  'src/integration/graceful-restart.test.ts',
  'src/integration/rooms-restart.test.ts',
  'src/integration/evening-restart.test.ts',
  'src/integration/banque-crash.test.ts',
  'src/integration/evening-crash.test.ts',
  'src/integration/practice.test.ts',
  'src/db/embedded.test.ts',
  'src/integration/bot.test.ts',
  'src/cluster/bus.test.ts',
  'bench/soak/soak.test.ts',
];

/** Latency measurements: alone, after everything else (vitest.load.config.ts). */
export const LOAD_TESTS = 'src/**/*.load.test.ts';
