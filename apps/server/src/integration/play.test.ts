import { TABLE_EVENT, tableEventSchema, type Stake, type TableEvent } from '@banco/protocol';
import { settle, STANDARD_RULES, type RoundFacts, type RuleSet } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { tableSettings } from '../table/core/settings.js';
import { auditFrames } from '../testing/frame-audit.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const ROUNDS = 12;
const rules: RuleSet = {
  ...STANDARD_RULES,
  sideBets: ['playerPair', 'bankerPair', 'dragonPlayer'],
};
const table = {
  id: 'play',
  name: 'Play table',
  isPublic: true,
  settings: tableSettings({
    seedMs: 0,
    rules,
    bettingMs: 30_000,
    lastBetsMs: 0,
    dealMs: 2_000,
    revealMs: 2_000,
    resultMs: 0,
  }),
};

/** Each player's bets for a round: a mix of main and side bets, and a round sat out. */
const STRATEGIES: Record<string, (round: number) => Stake[]> = {
  ann: (r) =>
    [
      [{ spot: 'banker', amount: 2_000 }],
      [
        { spot: 'player', amount: 1_000 },
        { spot: 'tie', amount: 1_000 },
      ],
      [],
    ][r % 3] as Stake[],
  bob: (r) => [
    { spot: 'player', amount: 1_000 + 1_000 * (r % 5) },
    ...(r % 2 === 0 ? [{ spot: 'playerPair' as const, amount: 1_000 }] : []),
  ],
  cat: (r) =>
    r % 2 === 0
      ? [
          { spot: 'banker', amount: 5_000 },
          { spot: 'dragonPlayer', amount: 1_000 },
        ]
      : [{ spot: 'player', amount: 3_000 }],
};
const SEATS: Record<string, number> = { ann: 1, bob: 4, cat: 9 };

function factsOf(result: Extract<TableEvent, { type: 'round.result' }>): RoundFacts {
  return {
    playerTotal: result.player.total,
    bankerTotal: result.banker.total,
    playerNatural: result.player.natural,
    bankerNatural: result.banker.natural,
    playerPair: result.player.pair,
    bankerPair: result.banker.pair,
  };
}

describe('three players at one table over real sockets and Postgres', () => {
  let server: TestBanco;
  let players: TestClient[];
  let watcher: TestClient;
  const confirmed = new Map<string, Map<number, Stake[]>>();
  const circulating: number[] = [];
  const failures: unknown[] = [];

  beforeAll(async () => {
    server = await startTestBanco([table]);
    watcher = await TestClient.connect(server.url, 'watcher');
    players = await Promise.all(
      Object.keys(SEATS).map((name) => TestClient.connect(server.url, name)),
    );
    expect((await watcher.send('table.join', { tableId: 'play' })).ok).toBe(true);
    for (const client of players) {
      confirmed.set(client.name, new Map());
      const seat = SEATS[client.name]!;
      client.socket.on(TABLE_EVENT, (raw: unknown) => {
        const event = tableEventSchema.parse(raw);
        void act(client, seat, event).catch((error: unknown) => failures.push(error));
      });
      client.socket.on('table.private', (peek: { round: number }) => {
        void client
          .send('cards.reveal', { tableId: 'play', round: peek.round })
          .catch((error: unknown) => failures.push(error));
      });
      expect((await client.send('table.join', { tableId: 'play' })).ok).toBe(true);
    }
    watcher.socket.on(TABLE_EVENT, (raw: unknown) => {
      const event = tableEventSchema.parse(raw);
      if (event.type === 'round.result' || event.type === 'bets.confirmed') {
        void checkLedger(server.banco.prisma).then(
          (check) => circulating.push(check.wallets + check.house + check.escrow),
          (error: unknown) => failures.push(error),
        );
      }
    });
    const done = watcher.next((e) => e.type === 'round.result' && e.round === ROUNDS, 120_000);
    // Sat down together, so all three are seated before the first round's bets close (T1.3).
    const seated = await Promise.all(
      players.map((client) =>
        client.send('seat.take', { tableId: 'play', seat: SEATS[client.name] }),
      ),
    );
    for (const ack of seated) expect(ack).toMatchObject({ ok: true, balance: 100_000 });
    await done;
    for (const client of players)
      await client.send('seat.leave', { tableId: 'play', seat: SEATS[client.name] });
    await server.banco.tables.get('play')!.snapshot(watcher.playerId);
  }, 180_000);

  async function act(client: TestClient, seat: number, event: TableEvent): Promise<void> {
    if (event.type === 'betting.opened' && event.round <= ROUNDS) {
      const bets = STRATEGIES[client.name]!(event.round);
      if (bets.length === 0) {
        const ack = await client.send('bets.none', { tableId: 'play', round: event.round, seat });
        if (!ack.ok) throw new Error(`${client.name} no-bet: ${ack.code}`);
        return;
      }
      const ack = await client.send('bets.confirm', {
        tableId: 'play',
        round: event.round,
        seat,
        confirmId: `${client.name}-round-${event.round}`,
        bets,
      });
      if (!ack.ok) throw new Error(`${client.name} confirm: ${ack.code} ${ack.message}`);
      confirmed.get(client.name)!.set(event.round, bets);
    }
    if (event.type === 'dealing.started' && event.dealer === seat) {
      await client.send('shoe.deal', { tableId: 'play', round: event.round });
    }
  }

  afterAll(async () => {
    for (const client of [...(players ?? []), watcher]) client?.close();
    await server?.close();
  });

  it('plays every round without a refused command or a failed check', () => {
    expect(failures).toEqual([]);
    expect(watcher.events.filter((e) => e.type === 'round.result').length).toBeGreaterThanOrEqual(
      ROUNDS,
    );
  });

  it('T6.1 T8.3: each balance matches the rules package settling the bets it confirmed', async () => {
    const results = watcher.events.filter(
      (e): e is Extract<TableEvent, { type: 'round.result' }> => e.type === 'round.result',
    );
    for (const client of players) {
      let expected = 100_000;
      for (const result of results) {
        const bets = confirmed.get(client.name)!.get(result.round) ?? [];
        const settled = settle(
          bets.map((bet, i) => ({ id: `${result.round}-${i}`, ...bet })),
          factsOf(result),
          rules,
        );
        if (!settled.ok) throw new Error(settled.error.message);
        expected += settled.value.reduce((sum, s) => sum + s.net, 0);
        const paid = watcher.events.find(
          (e): e is Extract<TableEvent, { type: 'settlement.paid' }> =>
            e.type === 'settlement.paid' && e.round === result.round,
        )!;
        const announced = paid.balances.find((b) => b.playerId === client.playerId);
        if (bets.length > 0) expect(announced?.balance).toBe(expected);
      }
      expect(await server.banco.ledger.balanceOf(client.playerId)).toBe(expected);
    }
    // Mixed bets really happened: every strategy's spots were staked.
    const spots = new Set(
      [...confirmed.values()].flatMap((m) => [...m.values()].flat().map((s) => s.spot)),
    );
    expect([...spots].sort()).toEqual(['banker', 'dragonPlayer', 'player', 'playerPair', 'tie']);
  });

  it('T6.2 T6.3 T6.4: losers are announced before winners, both before the result', () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const versionOf = (type: TableEvent['type']) =>
        watcher.events.find((e) => e.type === type && 'round' in e && e.round === round)?.version ??
        -1;
      const collected = versionOf('settlement.collected');
      const paid = versionOf('settlement.paid');
      const result = versionOf('round.result');
      expect(collected).toBeGreaterThan(0);
      expect(paid).toBe(collected + 1);
      expect(result).toBeGreaterThan(paid);
    }
  });

  it('T8.3: wallets + house + escrow never change, and the ledger audits clean', async () => {
    expect(circulating.length).toBeGreaterThan(ROUNDS);
    expect(new Set(circulating)).toEqual(new Set([4 * 100_000]));
    const check = await checkLedger(server.banco.prisma);
    expect(check.problems).toEqual([]);
    expect(check.escrow).toBe(0);
  });

  it('P1.2: every client sees the table versions one by one, with no gap', () => {
    for (const client of [watcher, ...players]) {
      const versions = client.events.map((e) => e.version);
      versions.forEach((v, i) => i > 0 && expect(v).toBe(versions[i - 1]! + 1));
    }
  });

  it('T5.4 P1.4 P1.5: no frame shows a card face before its reveal, except to the turner', () => {
    for (const client of players)
      expect(auditFrames(client.frames, SEATS[client.name]!)).toEqual([]);
    expect(auditFrames(watcher.frames, null)).toEqual([]);
    expect(watcher.peeks).toEqual([]);
    // Players did turn cards: peeks arrived, and only to the seat named as turner.
    expect(players.flatMap((c) => c.peeks).length).toBeGreaterThan(0);
  });

  it('counts the rounds, bets and settlements it played in /metrics', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? NaN);
    expect(value(/^banco_rounds_total\{table="play"\} (\d+)$/m)).toBeGreaterThanOrEqual(ROUNDS);
    const bets = [...confirmed.values()].flatMap((m) => [...m.values()].flat()).length;
    expect(value(/^banco_bets_total\{table="play",spot="player"\} (\d+)$/m)).toBeGreaterThan(0);
    const counted = [...text.matchAll(/^banco_bets_total\{table="play",spot="\w+"\} (\d+)$/gm)];
    expect(counted.reduce((sum, m) => sum + Number(m[1]), 0)).toBe(bets);
    expect(value(/^banco_settle_seconds_count (\d+)$/m)).toBeGreaterThanOrEqual(ROUNDS);
    expect(value(/^banco_sockets (\d+)$/m)).toBe(4);
  });
});
