/**
 * Table benchmark: rounds per second one table runs with 0 s windows, and bet acknowledgement
 * latency with 14 seated clients. Real server, real socket.io clients, real Postgres
 * (TEST_DATABASE_ADMIN_URL or postgres://postgres@127.0.0.1:5432/postgres).
 *
 *   pnpm --filter @banco/server bench [-- --seconds 10 --rounds 50]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { TABLE_EVENT, tableEventSchema, type TableEvent } from '@banco/protocol';
import { checkLedger } from '../src/db/ledger-invariant.js';
import { tableSettings, TIMINGS } from '../src/table/settings.js';
import { startTestBanco, TestClient } from '../src/testing/test-banco.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const latencyRounds = Number(values.rounds);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function roundsPerSecond(betting: boolean): Promise<void> {
  const id = betting ? 'bench-bets' : 'bench-idle';
  // Bettors close the window themselves (T2.3); every other window is 0 s.
  const settings = tableSettings({ ...TIMINGS.fast, bettingMs: betting ? 60_000 : 0 });
  const server = await startTestBanco([{ id, name: id, isPublic: true, settings }]);
  const clients = await Promise.all(
    [1, 2, 3].map((i) => TestClient.connect(server.url, `bot${i}`)),
  );
  let results = 0;
  let bets = 0;
  for (const [i, client] of clients.entries()) {
    await client.send('table.join', { tableId: id });
    client.socket.on(TABLE_EVENT, (raw: unknown) => {
      const event = tableEventSchema.parse(raw);
      if (i === 0 && event.type === 'round.result') results++;
      if (betting && event.type === 'betting.opened') {
        void client
          .send('bets.confirm', {
            tableId: id,
            round: event.round,
            seat: i + 1,
            confirmId: `bench-bot${i}-round-${event.round}`,
            bets: [{ spot: (['player', 'banker', 'tie'] as const)[i]!, amount: 1_000 }],
          })
          .then((ack) => ack.ok && bets++);
      }
    });
  }
  await Promise.all(clients.map((c, i) => c.send('seat.take', { tableId: id, seat: i + 1 })));
  const start = performance.now();
  const startResults = results;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - start) / 1000;
  const rounds = results - startResults;
  await Promise.all(clients.map((c, i) => c.send('seat.leave', { tableId: id, seat: i + 1 })));
  await server.banco.tables.get(id)!.snapshot(clients[0]!.playerId);
  const ledger = await checkLedger(server.banco.prisma);
  console.log(
    `one table, 0 s windows, 3 seated ${betting ? 'bettors (each confirms every round)' : 'players, no bets'}: ` +
      `${rounds} rounds in ${elapsed.toFixed(1)} s = ${(rounds / elapsed).toFixed(1)} rounds/s` +
      (betting ? `, ${bets} bets` : '') +
      `; ledger problems: ${ledger.problems.length}`,
  );
  for (const client of clients) client.close();
  await server.close();
}

async function betAckLatency(): Promise<void> {
  const id = 'bench-14';
  const settings = tableSettings({ ...TIMINGS.fast, bettingMs: 60_000 });
  const server = await startTestBanco([{ id, name: id, isPublic: true, settings }]);
  const clients: TestClient[] = [];
  for (let i = 1; i <= 14; i++) {
    // Straight from the ledger: fourteen guests from one address would trip the HTTP rate limit.
    clients.push(
      await TestClient.connectAs(server.url, await server.banco.ledger.createGuest(`seat${i}`)),
    );
  }
  const latencies: number[] = [];
  let refused = 0;
  const finished = new Promise<void>((resolve) => {
    clients[0]!.socket.on(TABLE_EVENT, (raw: unknown) => {
      const event = tableEventSchema.parse(raw) as TableEvent;
      if (event.type === 'round.result' && event.round >= latencyRounds) resolve();
    });
  });
  for (const [i, client] of clients.entries()) {
    await client.send('table.join', { tableId: id });
    client.socket.on(TABLE_EVENT, (raw: unknown) => {
      const event = tableEventSchema.parse(raw);
      if (event.type !== 'betting.opened' || event.round > latencyRounds) return;
      const sent = performance.now();
      void client
        .send('bets.confirm', {
          tableId: id,
          round: event.round,
          seat: i + 1,
          confirmId: `bench-seat${i + 1}-round-${event.round}`,
          bets: [{ spot: i % 2 === 0 ? 'banker' : 'player', amount: 1_000 + 100 * i }],
        })
        .then((ack) => {
          if (ack.ok) latencies.push(performance.now() - sent);
          else refused++;
        });
    });
  }
  await Promise.all(clients.map((c, i) => c.send('seat.take', { tableId: id, seat: i + 1 })));
  await finished;
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((s, x) => s + x, 0) / latencies.length;
  console.log(
    `14 seated clients, ${latencyRounds} rounds, ${latencies.length} bet acks (${refused} refused): ` +
      `mean ${mean.toFixed(1)} ms, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
      `max ${latencies.at(-1)!.toFixed(1)} ms`,
  );
  for (const client of clients) client.close();
  await server.close();
}

await roundsPerSecond(false);
await roundsPerSecond(true);
await betAckLatency();
process.exit(0);
