import type { TableEvent } from '@banco/protocol';
import { dealRound } from '@banco/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../db/ledger-invariant.js';
import type { Ledger } from '../../db/ledger.js';
import type { PrismaClient } from '../../db/prisma.js';
import { ledgerDatabase } from '../../testing/ledger-database.js';
import { withOverrides } from '../../testing/with-overrides.js';
import { quietTable } from '../../testing/quiet-table.js';
import { TableActor, type TableActorDeps } from '../runtime/actor.js';

/**
 * T9 in one process: a table actor is dropped without its shutdown work (as a crash would
 * leave it) and a new one starts on the same database.
 */
const database = ledgerDatabase();
let prisma: PrismaClient;
let ledger: Ledger;
beforeAll(() => {
  ({ prisma, ledger } = database);
});

const SLOW = quietTable();

async function startTable(
  id: string,
  options: Partial<TableActorDeps> & { settings?: typeof SLOW } = {},
) {
  const table = { id, name: id, isPublic: true, settings: options.settings ?? SLOW };
  await ledger.ensureTable(table);
  const events: TableEvent[] = [];
  const actor = await TableActor.start({
    table,
    ledger,
    outbox: {
      broadcast: (event) => events.push(event),
      sendPrivate: () => undefined,
      eject: () => undefined,
    },
    retryMs: 5,
    ...options,
  });
  const until = async (test: (e: TableEvent) => boolean): Promise<TableEvent> => {
    for (let i = 0; i < 1_000; i++) {
      const found = events.find(test);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`${id}: no such event in ${events.map((e) => e.type).join(', ')}`);
  };
  return { actor, events, until };
}

async function seated(id: string, actor: TableActor, names: string[]) {
  const players = [];
  for (const [i, name] of names.entries()) {
    const guest = await ledger.createGuest(name);
    const ack = await actor.command(guest.player.id, 'seat.take', { tableId: id, seat: i + 1 });
    expect(ack.ok).toBe(true);
    players.push(guest.player.id);
  }
  return players;
}

const confirm = (actor: TableActor, id: string, playerId: string, seat: number, spot = 'banker') =>
  actor.command(playerId, 'bets.confirm', {
    tableId: id,
    round: actor.current.roundSeq,
    seat,
    confirmId: `${playerId}-${actor.current.roundSeq}`,
    bets: [{ spot: spot as 'banker', amount: 5_000 }],
  });

/** Every card of round 1 turned by whoever turns it. */
async function turnAll(actor: TableActor, id: string): Promise<void> {
  while (actor.current.phase.kind === 'turning') {
    const { phase } = actor.current;
    const turner = actor.current.seats.find((s) => s.seat === phase.turner)!;
    await actor.command(turner.player.id, 'cards.reveal', { tableId: id, round: 1 });
  }
}

/**
 * Ann (seat 1, the holder) bets Banker, Bob (seat 2) Player; Ann deals and the cards are turned:
 * the round goes to settlement. `shoe` gets the rounds the shoe had dealt before.
 */
async function playToSettlement(
  actor: TableActor,
  id: string,
  shoe: { roundsDealt: number } = { roundsDealt: 0 },
): Promise<string[]> {
  const [ann, bob] = await seated(id, actor, ['ann', 'bob']);
  await confirm(actor, id, ann!, 1);
  shoe.roundsDealt = actor.current.shoe!.state.roundsDealt;
  await confirm(actor, id, bob!, 2, 'player');
  await actor.command(ann!, 'shoe.deal', { tableId: id, round: 1 });
  await turnAll(actor, id);
  return [ann!, bob!];
}

/** Each bet of the table closed exactly once: one COLLECT, RETURN or REFUND by its key. */
async function closedOnce(tableId: string): Promise<Record<string, number>> {
  const rows = await prisma.$queryRaw<Array<{ id: string; status: string; ends: bigint }>>`
    SELECT b.id, b.status::text AS status,
           (SELECT count(*) FROM transfers t
             WHERE t.key IN ('collect:' || b.id, 'return:' || b.id, 'refund:' || b.id)) AS ends
      FROM bets b JOIN rounds r ON r.id = b.round_id WHERE r.table_id = ${tableId}`;
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const key = `${row.status}:${Number(row.ends)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('a restarted table (T9.1–T9.4)', () => {
  it('T9.1 T9.2 T9.4 P7.1: voids the round in betting, refunds it, keeps seats, shoe and versions', async () => {
    const a = await startTable('crash-bet');
    const [ann, bob] = await seated('crash-bet', a.actor, ['ann', 'bob']);
    expect(await confirm(a.actor, 'crash-bet', ann!, 1)).toMatchObject({ ok: true });
    const seq = a.actor.current.roundSeq;
    const commitment = a.actor.current.shoe!.commitment;
    const lastVersion = a.events.at(-1)!.version;
    await a.actor.close();

    const b = await startTable('crash-bet');
    const voided = await b.until((e) => e.type === 'round.voided');
    expect(voided).toMatchObject({
      round: seq,
      reason: 'restart',
      refunds: [{ playerId: ann, balance: 100_000 }],
    });
    expect(voided.version).toBeGreaterThan(lastVersion);
    // T1.6 T1.7: after a restart every seat is held as away; play resumes once a player is back.
    expect(b.actor.current.seats.every((s) => s.awayUntil !== undefined)).toBe(true);
    b.actor.presence(ann!, true);
    const opened = await b.until((e) => e.type === 'betting.opened');
    expect(opened).toMatchObject({ round: seq + 1 });
    b.events.forEach((e, i) => i > 0 && expect(e.version).toBe(b.events[i - 1]!.version + 1));
    expect(b.actor.current.shoe!.commitment).toBe(commitment);
    expect(b.actor.current.seats.map((s) => [s.seat, s.player.id, s.balance])).toEqual([
      [1, ann, 100_000],
      [2, bob, 100_000],
    ]);
    expect(await b.actor.admission(ann!)).toBeNull();
    expect(await b.actor.admission('stranger')).toMatchObject({ code: 'NOT_AT_TABLE' });
    expect(await closedOnce('crash-bet')).toEqual({ 'VOIDED:1': 1 });
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await b.actor.close();
  });

  it.each(['dealing', 'turning'] as const)(
    'T9.3 T9.10: a round stopped while %s is finished by the house with the cards the shoe held',
    async (phase) => {
      const id = `crash-${phase}`;
      const a = await startTable(id);
      const [ann, bob] = await seated(id, a.actor, ['ann', 'bob']);
      await confirm(a.actor, id, ann!, 1);
      await confirm(a.actor, id, bob!, 2, 'player');
      expect(a.actor.current.phase.kind).toBe('dealing');
      const expected = dealRound(a.actor.current.shoe!.state);
      if (!expected.ok) throw new Error(expected.error.message);
      if (phase === 'turning') {
        await a.actor.command(ann!, 'shoe.deal', { tableId: id, round: a.actor.current.roundSeq });
        expect(a.actor.current.phase.kind).toBe('turning');
      }
      const commitment = a.actor.current.shoe!.commitment;
      await a.actor.close();
      // The row holds no card order: the next process shuffles it again from the seeds.
      const row = await prisma.tableStateRow.findUniqueOrThrow({ where: { tableId: id } });
      const stored = row.state as {
        shoe: { state: object };
        phase: { round: { shoeAfter: object | null } };
      };
      expect(stored.shoe.state).not.toHaveProperty('cards');
      expect(stored.phase.round.shoeAfter ?? {}).not.toHaveProperty('cards');

      const b = await startTable(id);
      const result = await b.until((e) => e.type === 'round.result');
      expect(result).toMatchObject({ outcome: expected.value.round.outcome });
      const round = await prisma.round.findFirstOrThrow({ where: { tableId: id, seq: 1 } });
      expect([round.status, round.cards]).toEqual(['SETTLED', expected.value.round.dealt]);
      expect(b.actor.current.shoe!.commitment).toBe(commitment);
      expect(await closedOnce(id)).toEqual({ 'SETTLED:1': 2 });
      expect((await checkLedger(prisma)).problems).toEqual([]);
      await b.actor.close();
    },
  );

  it('T9.3 T6.5: a settlement the crash interrupted is done by the next process, once', async () => {
    const failing = withOverrides(ledger, {
      settleRound: () => Promise.reject(new Error('the connection went away')),
    });
    const a = await startTable('crash-settle', { ledger: failing, retryAttempts: 1_000 });
    await playToSettlement(a.actor, 'crash-settle');
    expect(a.actor.current.phase.kind).toBe('settling');
    expect(a.actor.problems()).toEqual([expect.stringContaining('settle failing')]);
    await a.actor.close();

    const b = await startTable('crash-settle');
    await b.until((e) => e.type === 'round.result');
    expect(await closedOnce('crash-settle')).toEqual({ 'SETTLED:1': 2 });
    expect(b.actor.problems()).toEqual([]);
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await b.actor.close();
  });
});

describe('failing effects (T9.8)', () => {
  it('T9.8 P7.5: a settlement that fails every try is voided by rule, refunded, and reported', async () => {
    const failing = withOverrides(ledger, {
      settleRound: () => Promise.reject(new Error('deadlock detected')),
    });
    const t = await startTable('give-up', { ledger: failing, retryAttempts: 3 });
    const before = { roundsDealt: 0 };
    const [ann] = await playToSettlement(t.actor, 'give-up', before);
    const voided = await t.until((e) => e.type === 'round.voided');
    expect(voided).toMatchObject({ round: 1, reason: 'failure' });
    expect(t.actor.problems()).toEqual([expect.stringMatching(/^settle failed 3 times/)]);
    // The dealt cards stay out of the shoe and on the voided round's record (T9.6).
    expect(t.actor.current.shoe!.state.roundsDealt).toBe(before.roundsDealt + 1);
    const round = await prisma.round.findFirstOrThrow({ where: { tableId: 'give-up', seq: 1 } });
    expect(round.status).toBe('VOIDED');
    expect((round.cards as string[]).length).toBeGreaterThanOrEqual(4);
    expect(await ledger.balanceOf(ann!)).toBe(100_000);
    expect(await closedOnce('give-up')).toEqual({ 'VOIDED:1': 2 });
    await t.until((e) => e.type === 'betting.opened' && e.round === 2);
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await t.actor.close();
  });

  it('T9.8: a new shoe, a shuffle and a seat whose replies are lost are not written twice', async () => {
    const lost = new Set<string>();
    const retried = new Set<string>();
    const commitThenLose =
      <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        if (lost.has(name)) retried.add(name);
        const done = await call(...args);
        if (lost.has(name)) return done;
        lost.add(name);
        throw new Error(`${name}: reply lost`);
      };
    const flaky = withOverrides(ledger, {
      createShoe: commitThenLose('createShoe', ledger.createShoe.bind(ledger)),
      recordShuffle: commitThenLose('recordShuffle', ledger.recordShuffle.bind(ledger)),
      recordSeat: commitThenLose('recordSeat', ledger.recordSeat.bind(ledger)),
    });
    const t = await startTable('replays', { ledger: flaky });
    const [ann] = await seated('replays', t.actor, ['ann']);
    await t.until((e) => e.type === 'betting.opened');
    // The retries run in the table's queue, on their own timers: the round may open first.
    for (let i = 0; i < 1_000 && retried.size < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await t.actor.idle();
    expect([...retried].sort()).toEqual(['createShoe', 'recordSeat', 'recordShuffle']);
    expect([...lost].sort()).toEqual(['createShoe', 'recordSeat', 'recordShuffle']);
    expect(await prisma.shoe.count({ where: { tableId: 'replays' } })).toBe(1);
    expect(await prisma.seatEvent.count({ where: { tableId: 'replays', playerId: ann } })).toBe(1);
    const shoe = await prisma.shoe.findFirstOrThrow({ where: { tableId: 'replays' } });
    expect(shoe.commitment).toBe(t.actor.current.shoe!.commitment);
    expect(shoe.clientSeed).toBe(t.actor.current.shoe!.clientSeed);
    expect(t.actor.problems()).toEqual([]);
    await t.actor.close();
  });
});

describe('a lost escrow reply (T9.9)', () => {
  function losingFirstEscrow() {
    let lost = false;
    return withOverrides(ledger, {
      escrowMany: async (inputs) => {
        const done = await ledger.escrowMany(inputs);
        if (lost) return done;
        lost = true;
        throw new Error('the reply was lost after COMMIT');
      },
    });
  }

  it('T9.9 P7.4: the same confirm sent again stands the bet, and it settles once', async () => {
    const t = await startTable('lost-retry', { ledger: losingFirstEscrow() });
    const [ann, bob] = await seated('lost-retry', t.actor, ['ann', 'bob']);
    expect(await confirm(t.actor, 'lost-retry', ann!, 1)).toMatchObject({
      ok: false,
      code: 'INTERNAL',
    });
    expect(await ledger.balanceOf(ann!)).toBe(95_000);
    expect(await confirm(t.actor, 'lost-retry', ann!, 1)).toMatchObject({
      ok: true,
      balance: 95_000,
    });
    await t.actor.command(bob!, 'bets.none', { tableId: 'lost-retry', round: 1, seat: 2 });
    await t.actor.command(ann!, 'shoe.deal', { tableId: 'lost-retry', round: 1 });
    await turnAll(t.actor, 'lost-retry');
    await t.until((e) => e.type === 'round.result');
    expect(await closedOnce('lost-retry')).toEqual({ 'SETTLED:1': 1 });
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await t.actor.close();
  });

  it('T9.9: a player who gives up on the bet gets it back when the round settles', async () => {
    const t = await startTable('lost-none', { ledger: losingFirstEscrow() });
    const [ann, bob] = await seated('lost-none', t.actor, ['ann', 'bob']);
    expect(await confirm(t.actor, 'lost-none', ann!, 1)).toMatchObject({ code: 'INTERNAL' });
    await t.actor.command(ann!, 'bets.none', { tableId: 'lost-none', round: 1, seat: 1 });
    await confirm(t.actor, 'lost-none', bob!, 2, 'player');
    await t.actor.command(ann!, 'shoe.deal', { tableId: 'lost-none', round: 1 });
    await turnAll(t.actor, 'lost-none');
    await t.until((e) => e.type === 'round.result');
    expect(await ledger.balanceOf(ann!)).toBe(100_000);
    expect(await closedOnce('lost-none')).toEqual({ 'VOIDED:1': 1, 'SETTLED:1': 1 });
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await t.actor.close();
  });
});

describe('shutdown (T9.7)', () => {
  it('T9.7 P7.3: announces it, voids the round in betting, refuses commands; the next start plays on', async () => {
    const a = await startTable('stop-bet');
    const [ann, bob] = await seated('stop-bet', a.actor, ['ann', 'bob']);
    await confirm(a.actor, 'stop-bet', ann!, 1);
    const from = a.events.length;
    await a.actor.shutdown();
    expect(a.events.slice(from).map((e) => e.type)).toEqual(['table.closing', 'round.voided']);
    expect(await ledger.balanceOf(ann!)).toBe(100_000);
    expect(
      await a.actor.command(bob!, 'seat.leave', { tableId: 'stop-bet', seat: 2 }),
    ).toMatchObject({
      ok: false,
      code: 'TABLE_CLOSING',
    });
    const b = await startTable('stop-bet');
    // T1.7: the restored seats are away until their players are back.
    b.actor.presence(bob!, true);
    const opened = await b.until((e) => e.type === 'betting.opened');
    expect(opened.version).toBeGreaterThan(a.events.at(-1)!.version);
    expect(await closedOnce('stop-bet')).toEqual({ 'VOIDED:1': 1 });
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await b.actor.close();
  });

  it('T9.7: finishes a dealt round by the house before it closes', async () => {
    const t = await startTable('stop-deal');
    const [ann, bob] = await seated('stop-deal', t.actor, ['ann', 'bob']);
    await confirm(t.actor, 'stop-deal', ann!, 1);
    await confirm(t.actor, 'stop-deal', bob!, 2, 'player');
    expect(t.actor.current.phase.kind).toBe('dealing');
    await t.actor.shutdown();
    const types = t.events.map((e) => e.type);
    expect(types.indexOf('table.closing')).toBeLessThan(types.indexOf('round.result'));
    expect(await closedOnce('stop-deal')).toEqual({ 'SETTLED:1': 2 });
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });
});
