/**
 * Table benchmark: how many rounds per second one table runs with 0 s windows, and how long a
 * bet waits for its acknowledgement with 14 seated players. A real server over a fresh
 * Postgres database (TEST_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432),
 * bots as real socket.io clients in a second process (bench/bots.ts).
 *
 *   pnpm --filter @banco/server bench [-- --rounds 200 --latency-rounds 50]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkLedger } from '../src/db/ledger-invariant.js';
import { tableSettings, TIMINGS } from '../src/table/core/settings.js';
import { startTestBanco } from '../src/testing/test-banco.js';
import type { BotOrders, BotReport } from './bots.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '200' },
    'latency-rounds': { type: 'string', default: '50' },
  },
});

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

function runBots(orders: BotOrders): Promise<BotReport> {
  const bots = fileURLToPath(new URL('./bots.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', bots], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(JSON.stringify(orders));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as BotReport)
        : reject(new Error(`bots exited ${code}`)),
    );
  });
}

/** One table, its bots, and the ledger audited once they have left. */
async function benchTable(options: {
  label: string;
  seats: number;
  rounds: number;
  bet: boolean;
  bettingMs: number;
}): Promise<void> {
  const tableId = 'bench';
  const settings = tableSettings({ ...TIMINGS.instant, bettingMs: options.bettingMs });
  // A bot bets every round, faster than the per-socket limit meant for people allows.
  const server = await startTestBanco([{ id: tableId, name: 'Bench', isPublic: true, settings }], {
    SOCKET_RATE_PER_SECOND: '10000',
    SOCKET_RATE_BURST: '10000',
    PLAYER_RATE_PER_SECOND: '10000',
    PLAYER_RATE_BURST: '10000',
    LOG_LEVEL: 'silent',
  });
  try {
    const guests = [];
    for (let seat = 1; seat <= options.seats; seat++) {
      const guest = await server.banco.ledger.createGuest(`bot${seat}`);
      guests.push({ token: guest.token, seat });
    }
    const report = await runBots({
      url: server.url,
      tableId,
      guests,
      rounds: options.rounds,
      bet: options.bet,
    });
    await server.banco.tables.get(tableId)!.snapshot('bench');
    const ledger = await checkLedger(server.banco.prisma);
    const latencies = [...report.latencies].sort((a, b) => a - b);
    const line = [
      `${options.label}: ${report.results} rounds in ${report.seconds.toFixed(2)} s = ` +
        `${(report.results / report.seconds).toFixed(1)} rounds/s`,
    ];
    if (options.bet) {
      line.push(
        `${latencies.length} bets acknowledged (${report.refused.length} refused): ` +
          `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
      );
    }
    if (report.refused.length > 0) line.push(`refused: ${[...new Set(report.refused)].join(', ')}`);
    line.push(`ledger problems: ${ledger.problems.length}`);
    console.log(line.join('; '));
  } finally {
    await server.close();
  }
}

const rounds = Number(values.rounds);
const latencyRounds = Number(values['latency-rounds']);
await benchTable({
  label: 'one table, 0 s windows, 1 seated player, no bets',
  seats: 1,
  rounds,
  bet: false,
  bettingMs: 0,
});
// Bettors close the betting window themselves (T2.3); every other window is 0 s.
await benchTable({
  label: 'one table, 0 s windows, 3 players betting every round',
  seats: 3,
  rounds,
  bet: true,
  bettingMs: 60_000,
});
await benchTable({
  label: '14 seated players betting every round',
  seats: 14,
  rounds: latencyRounds,
  bet: true,
  bettingMs: 60_000,
});
process.exit(0);
