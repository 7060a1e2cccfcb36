import { startBanco, type Banco } from '../banco.js';
import { loadConfig } from '../config.js';

// Kept apart from cluster-harness.ts: it loads the whole server, which a test that only runs
// server processes behind a proxy (the web e2e suite) should not pay for.

/**
 * A node in this test's own process (fast to start, nothing to kill): over the given database
 * and Redis, on a free port, with `env` over the cluster defaults.
 */
export async function startLocalNode(
  databaseUrl: string,
  redisUrl: string,
  nodeId: string,
  env: Record<string, string> = {},
): Promise<{ banco: Banco; url: string }> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    REDIS_URL: redisUrl,
    NODE_ID: nodeId,
    TABLE_TIMINGS: 'bots',
    ...env,
  });
  const banco = await startBanco({ config, databaseUrl });
  return { banco, url: (await banco.listen()).url };
}
