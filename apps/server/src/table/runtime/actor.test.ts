import type { TableEvent } from '@banco/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../db/ledger.js';
import { checkLedger } from '../../db/ledger-invariant.js';
import type { PrismaClient } from '../../db/prisma.js';
import { ledgerDatabase } from '../../testing/ledger-database.js';
import { withOverrides } from '../../testing/with-overrides.js';
import { TableActor } from './actor.js';
import { tableSettings, TIMINGS } from '../core/settings.js';

/** The actor over the real ledger, with an outbox that keeps what it was given. */
describe('the table actor over the real ledger', () => {
  const database = ledgerDatabase();
  let prisma: PrismaClient;
  let ledger: Ledger;
  beforeAll(() => {
    ({ prisma, ledger } = database);
  });

  async function startTable(
    id: string,
    settings = tableSettings({ seedMs: 0, bettingMs: 600_000, lastBetsMs: 0 }),
    tableLedger: Ledger = ledger,
  ) {
    const table = { id, name: id, isPublic: true, settings };
    await ledger.ensureTable(table);
    const events: TableEvent[] = [];
    const actor = await TableActor.start({
      table,
      ledger: tableLedger,
      outbox: {
        broadcast: (event) => events.push(event),
        sendPrivate: () => undefined,
        eject: () => undefined,
      },
      retryMs: 20,
    });
    return { actor, events };
  }

  it('T2.0: commands racing for one seat run one at a time; exactly one wins', async () => {
    const { actor, events } = await startTable('race');
    const guests = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ledger.createGuest(`g${i}`)),
    );
    const acks = await Promise.all(
      guests.map((g) => actor.command(g.player.id, 'seat.take', { tableId: 'race', seat: 4 })),
    );
    expect(acks.filter((a) => a.ok)).toHaveLength(1);
    expect(acks.filter((a) => !a.ok).map((a) => (a.ok ? '' : a.code))).toEqual(
      Array(9).fill('SEAT_TAKEN'),
    );
    expect(events.filter((e) => e.type === 'seat.taken')).toHaveLength(1);
    events.forEach((e, i) => expect(e.version).toBe(i + 1));
    await actor.close();
  });

  it('T1.8 P1.9: a watcher count waiting behind a busy queue goes out as the count it is then', async () => {
    // A gate on the state saves: while it is shut, the table's queue waits on Carl's seat.
    let gate: Promise<void> | null = null;
    let open = () => undefined as void;
    const gated = withOverrides(ledger, {
      saveTableState: async (...args) => {
        if (gate) await gate;
        return ledger.saveTableState(...args);
      },
    });
    const { actor, events } = await startTable('counting', undefined, gated);
    const [carl, ann, bob] = await Promise.all([
      ledger.createGuest('carl'),
      ledger.createGuest('ann'),
      ledger.createGuest('bob'),
    ]);
    gate = new Promise<void>((resolve) => (open = resolve));
    const seated = actor.command(carl.player.id, 'seat.take', { tableId: 'counting', seat: 1 });
    // Ann arrives, then Bob, who joins and is shown two watchers while the queue still waits.
    actor.presence(ann.player.id, true);
    actor.presence(bob.player.id, true);
    const joined = await actor.command(bob.player.id, 'table.join', { tableId: 'counting' });
    if (!joined.ok) throw new Error(joined.code);
    expect(joined.snapshot.spectators).toBe(2);
    gate = null;
    open();
    expect(await seated).toMatchObject({ ok: true });
    await actor.idle();
    // One announcement, of the count as it was when its turn came: never Ann's lone 1 after
    // Bob's page was shown 2.
    const watchers = events.filter((e) => e.type === 'table.watchers');
    expect(watchers.map((e) => e.spectators)).toEqual([2]);
    expect(watchers[0]!.version).toBeGreaterThan(joined.snapshot.version);
    await actor.close();
  });

  it('T2.0 T3.5 T3.7: confirms arriving together are escrowed in one round trip, each answered on its own', async () => {
    const batches: number[] = [];
    const counted = withOverrides(ledger, {
      escrowMany: (inputs) => {
        batches.push(inputs.length);
        return ledger.escrowMany(inputs);
      },
    });
    const { actor, events } = await startTable('group', undefined, counted);
    const guests = await Promise.all(
      Array.from({ length: 14 }, (_, i) => ledger.createGuest(`group${i}`)),
    );
    for (const [i, g] of guests.entries()) {
      await actor.command(g.player.id, 'seat.take', { tableId: 'group', seat: i + 1 });
    }
    await until(() => events.some((e) => e.type === 'betting.opened'));
    const round = actor.current.roundSeq;
    // The last guest's wallet is emptied behind the table's back (a stake at another table):
    // the table still thinks it holds 1,000 chips, and only the ledger can refuse.
    const broke = guests[13]!.player.id;
    await ledger.ensureTable({ id: 'elsewhere', name: 'elsewhere', isPublic: false, settings: {} });
    const { shoeId } = await ledger.createShoe({
      tableId: 'elsewhere',
      number: 1,
      serverSeed: '3'.repeat(64),
      commitment: '4'.repeat(64),
      clientSeed: 'elsewhere-1',
      settings: {},
    });
    const { roundId } = await ledger.openRound({
      tableId: 'elsewhere',
      shoeId,
      seq: 1,
      number: 1,
      holderSeat: null,
    });
    await ledger.escrowBets({
      tableId: 'elsewhere',
      roundId,
      playerId: broke,
      seat: 1,
      confirmId: 'elsewhere',
      bets: [{ spot: 'player', amount: 95_000 }],
    });

    const confirm = (i: number, confirmId = `group-${i}`) =>
      actor.command(guests[i]!.player.id, 'bets.confirm', {
        tableId: 'group',
        round,
        seat: i + 1,
        confirmId,
        bets: [{ spot: 'banker', amount: 10_000 }],
      });
    const acks = await Promise.all([
      ...guests.map((_, i) => confirm(i)),
      confirm(0), // a resend after a lost ack
      confirm(1, 'group-1-again'), // a second confirm
    ]);
    expect(batches).toEqual([14]);
    expect(acks.map((a) => (a.ok ? a.balance : a.code))).toEqual([
      ...Array<number>(13).fill(90_000),
      'INSUFFICIENT_BALANCE',
      90_000,
      'ALREADY_CONFIRMED',
    ]);
    expect(acks[14]).toMatchObject({ ok: true, replayed: true });
    expect(events.filter((e) => e.type === 'bets.confirmed')).toHaveLength(13);
    events.forEach((e, i) => expect(e.version).toBe(i + 1));
    for (const g of guests.slice(0, 13)) expect(await ledger.balanceOf(g.player.id)).toBe(90_000);
    expect(await ledger.balanceOf(broke)).toBe(5_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await actor.close();
  });

  it('T6.5 T8.3: a round settled by the table cannot be paid a second time', async () => {
    const settings = tableSettings({ ...TIMINGS.instant, bettingMs: 600_000, resultMs: 600_000 });
    const { actor, events } = await startTable('twice', settings);
    const ann = await ledger.createGuest('ann');
    await actor.command(ann.player.id, 'seat.take', { tableId: 'twice', seat: 1 });
    const ack = await actor.command(ann.player.id, 'bets.confirm', {
      tableId: 'twice',
      round: actor.current.roundSeq,
      seat: 1,
      confirmId: 'ann-confirm-1',
      bets: [{ spot: 'banker', amount: 5_000 }],
    });
    expect(ack).toMatchObject({ ok: true, balance: 95_000 });
    while (!events.some((e) => e.type === 'round.result')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const round = await prisma.round.findFirstOrThrow({
      where: { tableId: 'twice', status: 'SETTLED' },
    });
    const bets = await prisma.bet.findMany({ where: { roundId: round.id } });
    const before = {
      ledger: await checkLedger(prisma),
      balance: await ledger.balanceOf(ann.player.id),
    };
    await ledger.settleRound({
      tableId: 'twice',
      roundId: round.id,
      round: {
        cards: round.cards as string[],
        outcome: 'banker',
        playerTotal: 0,
        bankerTotal: 9,
        trace: [],
      },
      settled: bets.map((b) => ({
        betId: b.id,
        playerId: b.playerId,
        result: 'win',
        stake: Number(b.amount),
        returned: 2 * Number(b.amount),
      })),
    });
    expect({
      ledger: await checkLedger(prisma),
      balance: await ledger.balanceOf(ann.player.id),
    }).toEqual(before);
    expect(before.ledger.problems).toEqual([]);
    await actor.close();
  });

  /** Waits until `done` holds, polling; the table works on its own timers meanwhile. */
  async function until(done: () => boolean): Promise<void> {
    for (let i = 0; !done(); i++) {
      if (i > 500) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('T6.5: when the database fails, the table waits and retries; nothing is lost or doubled', async () => {
    const settings = tableSettings({ ...TIMINGS.instant, bettingMs: 600_000, resultMs: 600_000 });
    const { actor, events } = await startTable('flaky', settings);
    const ann = await ledger.createGuest('ann');
    // A real failure: the rounds table is out of reach while the first round opens.
    await prisma.$executeRawUnsafe('ALTER TABLE rounds RENAME TO rounds_away');
    await actor.command(ann.player.id, 'seat.take', { tableId: 'flaky', seat: 1 });
    expect(actor.current.phase.kind).toBe('opening');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.some((e) => e.type === 'betting.opened')).toBe(false);
    await prisma.$executeRawUnsafe('ALTER TABLE rounds_away RENAME TO rounds');
    await until(() => events.some((e) => e.type === 'betting.opened'));
    expect(await prisma.round.count({ where: { tableId: 'flaky' } })).toBe(1);

    // Then settlement: the transfers table is away when the round ends.
    const bob = await ledger.createGuest('bob');
    await actor.command(bob.player.id, 'seat.take', { tableId: 'flaky', seat: 2 });
    const round = actor.current.roundSeq;
    const ack = await actor.command(ann.player.id, 'bets.confirm', {
      tableId: 'flaky',
      round,
      seat: 1,
      confirmId: 'ann-flaky-1',
      bets: [{ spot: 'player', amount: 10_000 }],
    });
    expect(ack).toMatchObject({ ok: true, balance: 90_000 });
    await prisma.$executeRawUnsafe('ALTER TABLE transfers RENAME TO transfers_away');
    await actor.command(bob.player.id, 'bets.none', { tableId: 'flaky', round, seat: 2 });
    // The deal and reveals first (a loaded machine may take a while), then a settlement that
    // keeps failing for as long as the transfers are away.
    await until(() => actor.current.phase.kind === 'settling');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(actor.current.phase.kind).toBe('settling');
    expect(events.some((e) => e.type === 'settlement.collected')).toBe(false);
    await prisma.$executeRawUnsafe('ALTER TABLE transfers_away RENAME TO transfers');
    await until(() => events.some((e) => e.type === 'round.result'));
    const result = events.find((e) => e.type === 'round.result');
    // 100 chips on Player: won at 1 to 1 (R9.3), pushed by a tie (R9.6), or lost.
    const returned = { player: 20_000, tie: 10_000, banker: 0 };
    const expected = 90_000 + returned[result?.type === 'round.result' ? result.outcome : 'banker'];
    expect(await ledger.balanceOf(ann.player.id)).toBe(expected);
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await actor.close();
  });
});
