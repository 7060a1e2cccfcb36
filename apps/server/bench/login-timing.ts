/**
 * Login timing: does the answer's time tell an unknown username from a wrong password (P10.3)?
 * A real server over a fresh Postgres database; alternates logins with a wrong password for a
 * real account and logins as usernames nobody has, and prints both distributions.
 *
 *   pnpm --filter @banco/server bench:login [-- --attempts 60]
 */
import { parseArgs } from 'node:util';
import { createGuestReply } from '@banco/protocol';
import { startTestBanco } from '../src/testing/test-banco.js';

const { values } = parseArgs({ options: { attempts: { type: 'string', default: '60' } } });
const attempts = Number(values.attempts);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

const server = await startTestBanco([], {
  LOG_LEVEL: 'silent',
  LOGIN_ATTEMPTS_PER_USERNAME: '1000',
  LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
  TRUST_PROXY: 'loopback',
});
try {
  const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extra },
      body: JSON.stringify(body),
    });
  const guest = createGuestReply.parse(await (await post('/api/guests', { name: 'Bench' })).json());
  const claimed = await post(
    '/api/account/claim',
    { username: 'bench_user', password: 'the real password' },
    { authorization: `Bearer ${guest.token}` },
  );
  if (claimed.status !== 200) throw new Error(`claim answered ${claimed.status}`);

  const timings = { wrongPassword: [] as number[], unknownUser: [] as number[] };
  for (let i = 0; i < attempts; i++) {
    for (const kind of ['wrongPassword', 'unknownUser'] as const) {
      const username = kind === 'wrongPassword' ? 'bench_user' : `nobody_${i}`;
      const startedAt = performance.now();
      // Each attempt from its own address, so the 100-a-minute HTTP limit never answers first.
      const response = await post(
        '/api/session/login',
        { username, password: `wrong password ${i}` },
        { 'x-forwarded-for': `198.51.100.${i % 250}` },
      );
      await response.text();
      if (response.status !== 401) throw new Error(`${kind}: answered ${response.status}`);
      timings[kind].push(performance.now() - startedAt);
    }
  }
  console.log(`login timing over ${attempts} attempts each (ms)`);
  for (const [kind, list] of Object.entries(timings)) {
    const sorted = [...list].sort((a, b) => a - b);
    const mean = list.reduce((sum, t) => sum + t, 0) / list.length;
    console.log(
      `  ${kind.padEnd(14)} p50 ${percentile(sorted, 50).toFixed(1)}  p90 ${percentile(sorted, 90).toFixed(1)}  mean ${mean.toFixed(1)}`,
    );
  }
} finally {
  await server.close();
}
