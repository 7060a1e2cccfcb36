import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escrowAccount, Ledger, LedgerError, walletAccount, WELCOME_AMOUNT } from './ledger.js';
import { checkLedger } from './ledger-invariant.js';
import { createPrisma, poolOf, type PrismaClient } from './prisma.js';
import { createSessions } from './sessions.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

let db: TestDatabase;
let prisma: PrismaClient;
let ledger: Ledger;
let shoeId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrisma(db.url);
  ledger = new Ledger(prisma);
  const number = await ledger.nextShoeNumber('main');
  ({ shoeId } = await ledger.createShoe({
    tableId: 'main',
    number,
    serverSeed: 'a'.repeat(64),
    commitment: 'b'.repeat(64),
    clientSeed: 'main-1',
    settings: { decks: 8, cut: 16, lastHand: 'plus-one', rules: 'standard' },
  }));
});

afterAll(async () => {
  await prisma?.$disconnect();
  await db?.drop();
});

let roundNumber = 0;
async function newRound(tableId = 'main', shoe = shoeId): Promise<string> {
  const seq = await ledger.nextRoundSeq(tableId);
  const { roundId } = await ledger.openRound({
    tableId,
    shoeId: shoe,
    seq,
    number: ++roundNumber,
    holderSeat: null,
  });
  return roundId;
}

async function accountBalance(id: string): Promise<number> {
  const row = await prisma.account.findUniqueOrThrow({ where: { id } });
  return Number(row.balance);
}

/** Everything the ledger could have written, to prove a refusal wrote nothing. */
async function snapshot(): Promise<unknown> {
  const accounts = await prisma.account.findMany({ orderBy: { id: 'asc' } });
  return {
    accounts: accounts.map((a) => [a.id, a.balance.toString()]),
    bets: await prisma.bet.count(),
    transfers: await prisma.transfer.count(),
    rounds: await prisma.round.count(),
  };
}

async function expectLedgerError(promise: Promise<unknown>, code: string): Promise<void> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LedgerError);
  expect((err as LedgerError).code).toBe(code);
}

const round = (outcome: 'player' | 'banker' | 'tie') => ({
  cards: ['Ah', '9c', '2d', 'Ks'],
  outcome,
  playerTotal: outcome === 'player' ? 9 : 2,
  bankerTotal: outcome === 'banker' ? 9 : outcome === 'tie' ? 2 : 1,
  trace: [{ rule: 'R5', note: 'test' }],
});

describe('guests', () => {
  it('mints 1,000 welcome chips from REFILL and keeps only the token hash', async () => {
    const refillBefore = await accountBalance('refill');
    const guest = await ledger.createGuest('Ann');
    expect(guest.balance).toBe(WELCOME_AMOUNT);
    expect(guest.player.name).toBe('Ann');
    expect(guest.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await ledger.balanceOf(guest.player.id)).toBe(100_000);
    expect(await accountBalance('refill')).toBe(refillBefore - 100_000);

    const [stored] = await prisma.session.findMany({ where: { playerId: guest.player.id } });
    expect(stored).toMatchObject({ kind: 'GUEST', revokedAt: null });
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.tokenHash).not.toContain(guest.token);

    const transfer = await prisma.transfer.findUniqueOrThrow({
      where: { key: `welcome:${guest.player.id}` },
    });
    expect(transfer).toMatchObject({
      fromAccountId: 'refill',
      toAccountId: walletAccount(guest.player.id),
      amount: 100_000n,
      kind: 'WELCOME',
    });

    const sessions = createSessions(prisma);
    expect(await sessions.playerByToken(guest.token)).toEqual(guest.player);
    expect(await sessions.playerByToken('not-a-token')).toBeNull();
    await expectLedgerError(ledger.balanceOf('nobody'), 'NOT_FOUND');
  });

  it('reads many balances at once', async () => {
    const a = await ledger.createGuest('A');
    const b = await ledger.createGuest('B');
    const balances = await ledger.balancesOf([a.player.id, b.player.id, 'nobody']);
    expect(balances).toEqual(
      new Map([
        [a.player.id, 100_000],
        [b.player.id, 100_000],
      ]),
    );
    expect(await ledger.balancesOf([])).toEqual(new Map());
  });
});

describe('tables and shoes', () => {
  it('upserts tables with their escrow and lists the public ones', async () => {
    await ledger.ensureTable({ id: 'vip', name: 'VIP', isPublic: false, settings: { seats: 7 } });
    await ledger.ensureTable({ id: 'side', name: 'Side', isPublic: true, settings: { seats: 7 } });
    await ledger.ensureTable({
      id: 'side',
      name: 'Side B',
      isPublic: true,
      settings: { seats: 9 },
    });
    const tables = await ledger.listTables();
    expect(tables.map((t) => t.id)).toEqual(['main', 'side']);
    expect(tables[1]).toEqual({
      id: 'side',
      name: 'Side B',
      isPublic: true,
      settings: { seats: 9 },
    });
    expect(await accountBalance(escrowAccount('vip'))).toBe(0);
    expect(await accountBalance(escrowAccount('side'))).toBe(0);
  });

  it('keeps the server seed secret until the shoe ends', async () => {
    await ledger.ensureTable({ id: 'shoes', name: 'Shoes', isPublic: false, settings: {} });
    expect(await ledger.nextShoeNumber('shoes')).toBe(1);
    const { shoeId: id } = await ledger.createShoe({
      tableId: 'shoes',
      number: 1,
      serverSeed: 'c'.repeat(64),
      commitment: 'd'.repeat(64),
      settings: { decks: 8 },
    });
    expect(await ledger.nextShoeNumber('shoes')).toBe(2);
    expect(await ledger.shoeRecord(id)).toMatchObject({ clientSeed: null, burnShown: null });
    // The shoe cannot end before it has a client seed (R11.7).
    await expect(ledger.endShoe(id)).rejects.toThrow();
    await ledger.recordShuffle(id, 'shoes-1', 'Kd');
    // Fixed once: a second shuffle record cannot change the seed.
    await expectLedgerError(ledger.recordShuffle(id, 'other', '2S'), 'NOT_FOUND');
    const before = await ledger.shoeRecord(id);
    expect(before).toMatchObject({
      id,
      tableId: 'shoes',
      number: 1,
      commitment: 'd'.repeat(64),
      clientSeed: 'shoes-1',
      settings: { decks: 8 },
      burnShown: 'Kd',
      endedAt: null,
      serverSeed: null,
      rounds: [],
    });
    await ledger.endShoe(id);
    const after = await ledger.shoeRecord(id);
    expect(after?.serverSeed).toBe('c'.repeat(64));
    expect(after?.endedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    await ledger.endShoe(id);
    expect((await ledger.shoeRecord(id))?.endedAt).toBe(after?.endedAt);
    expect(await ledger.shoeRecord('no-such-shoe')).toBeNull();
    await expectLedgerError(ledger.recordShuffle('no-such-shoe', 'seed', 'Kd'), 'NOT_FOUND');
    await expectLedgerError(ledger.endShoe('no-such-shoe'), 'NOT_FOUND');
  });

  it('counts rounds per table and records seat events', async () => {
    const seq = await ledger.nextRoundSeq('main');
    await newRound();
    expect(await ledger.nextRoundSeq('main')).toBe(seq + 1);
    const guest = await ledger.createGuest('Sitter');
    const sit = { tableId: 'main', seat: 3, playerId: guest.player.id, kind: 'SIT' } as const;
    await ledger.recordSeat({ ...sit, key: 'main:7' });
    // T9.8: a retried seat effect carries the same key and writes nothing more.
    await ledger.recordSeat({ ...sit, key: 'main:7' });
    await ledger.recordSeat({ ...sit, kind: 'LEAVE', key: 'main:8' });
    const events = await prisma.seatEvent.findMany({
      where: { playerId: guest.player.id },
      orderBy: { id: 'asc' },
    });
    expect(events.map((e) => [e.seat, e.kind])).toEqual([
      [3, 'SIT'],
      [3, 'LEAVE'],
    ]);
  });
});

describe('escrowBets', () => {
  it('moves the stake to the table escrow at once', async () => {
    const guest = await ledger.createGuest('Staker');
    const roundId = await newRound();
    const escrowBefore = await accountBalance('escrow:main');
    const result = await ledger.escrowBets({
      tableId: 'main',
      roundId,
      playerId: guest.player.id,
      seat: 1,
      confirmId: 'c1',
      bets: [{ spot: 'player', amount: 1000 }],
    });
    expect(result.balance).toBe(99_000);
    expect(result.bets).toEqual([{ id: expect.any(String), spot: 'player', amount: 1000 }]);
    expect(await ledger.balanceOf(guest.player.id)).toBe(99_000);
    expect(await accountBalance('escrow:main')).toBe(escrowBefore + 1000);
    const transfer = await prisma.transfer.findUniqueOrThrow({
      where: { key: `stake:${result.bets[0]!.id}` },
    });
    expect(transfer).toMatchObject({
      fromAccountId: walletAccount(guest.player.id),
      toAccountId: 'escrow:main',
      amount: 1000n,
      kind: 'STAKE',
      roundId,
      betId: result.bets[0]!.id,
    });
    expect(JSON.stringify(result)).toContain('"amount":1000');
  });

  it('refuses an over-balance confirm with INSUFFICIENT_BALANCE and writes nothing', async () => {
    const guest = await ledger.createGuest('Broke');
    const roundId = await newRound();
    const before = await snapshot();
    await expectLedgerError(
      ledger.escrowBets({
        tableId: 'main',
        roundId,
        playerId: guest.player.id,
        seat: 2,
        confirmId: 'c-over',
        bets: [
          { spot: 'banker', amount: 60_000 },
          { spot: 'tie', amount: 40_001 },
        ],
      }),
      'INSUFFICIENT_BALANCE',
    );
    expect(await snapshot()).toEqual(before);
    expect(await ledger.balanceOf(guest.player.id)).toBe(100_000);

    // The exact balance still goes through.
    const all = await ledger.escrowBets({
      tableId: 'main',
      roundId,
      playerId: guest.player.id,
      seat: 2,
      confirmId: 'c-all',
      bets: [
        { spot: 'banker', amount: 60_000 },
        { spot: 'tie', amount: 40_000 },
      ],
    });
    expect(all.balance).toBe(0);
  });

  it('is enforced by the CHECK constraint itself', async () => {
    const guest = await ledger.createGuest('Direct');
    await expect(
      prisma.$executeRawUnsafe(
        `UPDATE accounts SET balance = -1 WHERE id = '${walletAccount(guest.player.id)}'`,
      ),
    ).rejects.toThrow(/accounts_balance_nonnegative/);
  });

  it('replays the same confirm without moving chips, even concurrently', async () => {
    const guest = await ledger.createGuest('Replayer');
    const roundId = await newRound();
    const input = {
      tableId: 'main',
      roundId,
      playerId: guest.player.id,
      seat: 4,
      confirmId: 'c-replay',
      bets: [
        { spot: 'player', amount: 2000 },
        { spot: 'tie', amount: 500 },
      ],
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => ledger.escrowBets(input)));
    const transfersAfterFirst = await prisma.transfer.count();
    for (const r of results) {
      expect(r.bets).toEqual(results[0]!.bets);
      expect(r.balance).toBe(97_500);
    }
    const again = await ledger.escrowBets(input);
    expect(again).toEqual(results[0]);
    expect(await prisma.transfer.count()).toBe(transfersAfterFirst);
    expect(await prisma.bet.count({ where: { roundId, playerId: guest.player.id } })).toBe(2);
    expect(await ledger.balanceOf(guest.player.id)).toBe(97_500);
  });

  it('refuses a second confirm in the same round with ALREADY_CONFIRMED', async () => {
    const guest = await ledger.createGuest('Twice');
    const roundId = await newRound();
    const base = { tableId: 'main', roundId, playerId: guest.player.id, seat: 5 };
    await ledger.escrowBets({
      ...base,
      confirmId: 'first',
      bets: [{ spot: 'banker', amount: 1000 }],
    });
    const before = await snapshot();
    await expectLedgerError(
      ledger.escrowBets({ ...base, confirmId: 'second', bets: [{ spot: 'player', amount: 1000 }] }),
      'ALREADY_CONFIRMED',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed bets and unknown rounds', async () => {
    const guest = await ledger.createGuest('Sloppy');
    const roundId = await newRound();
    const base = { tableId: 'main', roundId, playerId: guest.player.id, seat: 6, confirmId: 'x' };
    await expectLedgerError(ledger.escrowBets({ ...base, bets: [] }), 'INVALID_INPUT');
    await expectLedgerError(
      ledger.escrowBets({ ...base, bets: [{ spot: 'player', amount: 10.5 }] }),
      'INVALID_INPUT',
    );
    await expectLedgerError(
      ledger.escrowBets({ ...base, bets: [{ spot: 'player', amount: -5 }] }),
      'INVALID_INPUT',
    );
    await expectLedgerError(
      ledger.escrowBets({
        ...base,
        bets: [
          { spot: 'player', amount: 5 },
          { spot: 'player', amount: 5 },
        ],
      }),
      'INVALID_INPUT',
    );
    await expectLedgerError(
      ledger.escrowBets({ ...base, roundId: 'nope', bets: [{ spot: 'player', amount: 5 }] }),
      'NOT_FOUND',
    );
    await expectLedgerError(
      ledger.escrowBets({ ...base, tableId: 'side', bets: [{ spot: 'player', amount: 5 }] }),
      'NOT_FOUND',
    );
    await expectLedgerError(
      ledger.escrowBets({ ...base, playerId: 'nobody', bets: [{ spot: 'player', amount: 5 }] }),
      'NOT_FOUND',
    );
  });

  it('lets exactly 20 of 40 concurrent 1,000 stakes through on a 20,000 balance', async () => {
    await ledger.ensureTable({ id: 'rush', name: 'Rush', isPublic: false, settings: {} });
    const { shoeId: rushShoe } = await ledger.createShoe({
      tableId: 'rush',
      number: 1,
      serverSeed: 'e'.repeat(64),
      commitment: 'f'.repeat(64),
      clientSeed: 'rush-1',
      settings: {},
    });
    const guest = await ledger.createGuest('Rusher');
    const first = await newRound('rush', rushShoe);
    await ledger.escrowBets({
      tableId: 'rush',
      roundId: first,
      playerId: guest.player.id,
      seat: 1,
      confirmId: 'big',
      bets: [{ spot: 'banker', amount: 80_000 }],
    });
    expect(await ledger.balanceOf(guest.player.id)).toBe(20_000);

    const rounds: string[] = [];
    for (let i = 0; i < 40; i++) rounds.push(await newRound('rush', rushShoe));
    const results = await Promise.allSettled(
      rounds.map((roundId, i) =>
        ledger.escrowBets({
          tableId: 'rush',
          roundId,
          playerId: guest.player.id,
          seat: 1,
          confirmId: `rush-${i}`,
          bets: [{ spot: 'player', amount: 1000 }],
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LedgerError);
      expect(((r as PromiseRejectedResult).reason as LedgerError).code).toBe(
        'INSUFFICIENT_BALANCE',
      );
    }
    expect(await ledger.balanceOf(guest.player.id)).toBe(0);
    expect(await accountBalance(escrowAccount('rush'))).toBe(80_000 + 20_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });
});

describe("escrowMany (a table's group commit)", () => {
  /** The ledger over the same pool, counting the statements it sends. */
  function countingLedger(): { ledger: Ledger; statements: () => number } {
    const pool = poolOf(prisma);
    let statements = 0;
    const counted = new Proxy(pool, {
      get(target, prop, receiver) {
        if (prop === 'query') {
          return (...args: Parameters<typeof pool.query>) => {
            statements += 1;
            return (target.query as (...a: unknown[]) => unknown)(...args);
          };
        }
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { ledger: new Ledger(prisma, counted), statements: () => statements };
  }

  it('T3.5 T3.7: decides each confirm of one round trip on its own', async () => {
    const [ann, bob, cat, dan, eve] = await Promise.all(
      ['Ann', 'Bob', 'Cat', 'Dan', 'Eve'].map((name) => ledger.createGuest(name)),
    );
    const roundId = await newRound();
    const confirm = (playerId: string, seat: number, confirmId: string, amount: number) => ({
      tableId: 'main',
      roundId,
      playerId,
      seat,
      confirmId,
      bets: [{ spot: 'banker', amount }],
    });
    // Cat's confirm already stands (its reply was lost); Dan has confirmed under another id.
    const catFirst = await ledger.escrowBets(confirm(cat!.player.id, 3, 'cat-1', 3000));
    await ledger.escrowBets(confirm(dan!.player.id, 4, 'dan-1', 4000));
    const transfersBefore = await prisma.transfer.count();

    const counting = countingLedger();
    const outcomes = await counting.ledger.escrowMany([
      confirm(ann!.player.id, 1, 'ann-1', 1000),
      confirm(bob!.player.id, 2, 'bob-1', 100_001),
      confirm(cat!.player.id, 3, 'cat-1', 3000),
      confirm(dan!.player.id, 4, 'dan-2', 4000),
      { ...confirm(eve!.player.id, 5, 'eve-1', 5000), bets: [] },
      confirm(eve!.player.id, 5, 'eve-2', 5000),
      // Ann again in the same batch: decided after her first, in a second statement.
      confirm(ann!.player.id, 1, 'ann-2', 1000),
    ]);
    expect(counting.statements()).toBe(2);
    const summary = outcomes.map((o) => (o.ok ? o.balance : o.error.code));
    expect(summary).toEqual([
      99_000,
      'INSUFFICIENT_BALANCE',
      97_000,
      'ALREADY_CONFIRMED',
      'INVALID_INPUT',
      95_000,
      'ALREADY_CONFIRMED',
    ]);
    expect(outcomes[2]).toEqual({ ok: true, ...catFirst });
    for (const error of outcomes.flatMap((o) => (o.ok ? [] : [o.error]))) {
      expect(error).toBeInstanceOf(LedgerError);
    }
    // Ann's and Eve's stakes, nobody else's.
    expect((await prisma.transfer.count()) - transfersBefore).toBe(2);
    expect(await ledger.balanceOf(bob!.player.id)).toBe(100_000);
    expect(await ledger.balanceOf(ann!.player.id)).toBe(99_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T3.8: escrows confirms of several tables submitted together in one statement', async () => {
    // A table whose escrow account is missing: only its own confirm is refused.
    await prisma.table.create({ data: { id: 'bare', name: 'Bare', settings: {} } });
    const bare = await ledger.createShoe({
      tableId: 'bare',
      number: 1,
      serverSeed: '7'.repeat(64),
      commitment: '8'.repeat(64),
      clientSeed: 'bare-1',
      settings: {},
    });
    const bareRound = await newRound('bare', bare.shoeId);
    const mainRound = await newRound();
    const [fay, gus] = await Promise.all([ledger.createGuest('Fay'), ledger.createGuest('Gus')]);
    const counting = countingLedger();
    const alone = (tableId: string, roundId: string, playerId: string, amount: number) =>
      counting.ledger.escrowMany([
        {
          tableId,
          roundId,
          playerId,
          seat: 1,
          confirmId: `${playerId}-1`,
          bets: [{ spot: 'player', amount }],
        },
      ]);
    const [atBare, atMain] = await Promise.all([
      alone('bare', bareRound, fay!.player.id, 1000),
      alone('main', mainRound, gus!.player.id, 2000),
    ]);
    expect(counting.statements()).toBe(1);
    expect(atBare!.map((o) => (o.ok ? o.balance : o.error.code))).toEqual(['NOT_FOUND']);
    expect(atMain!.map((o) => (o.ok ? o.balance : o.error.code))).toEqual([98_000]);
    expect(await ledger.balanceOf(fay!.player.id)).toBe(100_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T10.8 T3.7: a batch mixing a replay, an accepted and a refused confirm, at a room with room chips', async () => {
    // A room with room chips (T10.8): its table, escrow and issuer as rooms.ts creates them.
    await prisma.table.create({
      data: { id: 'chips', name: 'Chips', isPublic: false, settings: {} },
    });
    await prisma.account.createMany({
      data: [
        { id: escrowAccount('chips'), kind: 'ESCROW', tableId: 'chips' },
        { id: 'issuer:chips', kind: 'ROOM_ISSUER', roomId: 'chips' },
        { id: 'roomhouse:chips', kind: 'ROOM_HOUSE', roomId: 'chips' },
      ],
    });
    const shoe = await ledger.createShoe({
      tableId: 'chips',
      number: 1,
      serverSeed: '9'.repeat(64),
      commitment: 'a'.repeat(64),
      clientSeed: 'chips-1',
      settings: {},
    });
    const roundId = await newRound('chips', shoe.shoeId);
    const [hal, ida, jon, kim] = await Promise.all(
      ['Hal', 'Ida', 'Jon', 'Kim'].map((name) => ledger.createGuest(name)),
    );
    // Kim has no stack here: she is refused, her wallet untouched.
    for (const [who, amount] of [
      [hal!, 5000],
      [ida!, 3000],
      [jon!, 2000],
    ] as const) {
      await ledger.roomChipsEntry('chips', {
        key: `grant:${who.player.id}`,
        playerId: who.player.id,
        kind: 'GRANT',
        amount,
        approvedBy: 'room',
        reason: null,
      });
    }
    const stack = (who: { player: { id: string } }) => `stack:chips:${who.player.id}`;
    const confirm = (
      who: { player: { id: string } },
      confirmId: string,
      bets: { spot: string; amount: number }[],
    ) => ({ tableId: 'chips', roundId, playerId: who.player.id, seat: 1, confirmId, bets });
    // Hal's three bets, placed in this order; not the order of their spots or amounts.
    const halBets = [
      { spot: 'tie', amount: 300 },
      { spot: 'banker', amount: 1000 },
      { spot: 'player', amount: 200 },
    ];
    const first = await ledger.escrowBets(confirm(hal!, 'hal-1', halBets));
    expect(first.balance).toBe(3500);

    const counting = countingLedger();
    const outcomes = await counting.ledger.escrowMany([
      confirm(ida!, 'ida-1', [{ spot: 'banker', amount: 3001 }]),
      confirm(hal!, 'hal-1', halBets),
      confirm(kim!, 'kim-1', [{ spot: 'player', amount: 10 }]),
      confirm(jon!, 'jon-1', [
        { spot: 'player', amount: 1500 },
        { spot: 'tie', amount: 500 },
      ]),
    ]);
    expect(counting.statements()).toBe(1);
    expect(outcomes.map((o) => (o.ok ? o.balance : o.error.code))).toEqual([
      'INSUFFICIENT_BALANCE',
      3500,
      'NOT_FOUND',
      0,
    ]);
    // The replay answers with the bets first escrowed, in the order they were placed.
    expect(outcomes[1]).toEqual({ ok: true, ...first });
    expect(first.bets.map((b) => [b.spot, b.amount])).toEqual(
      halBets.map((b) => [b.spot, b.amount]),
    );
    expect(outcomes[3]!.ok && outcomes[3]!.bets.map((b) => [b.spot, b.amount])).toEqual([
      ['player', 1500],
      ['tie', 500],
    ]);
    // The stakes went from the stacks to the room's escrow; no wallet moved.
    expect(await accountBalance(stack(hal!))).toBe(3500);
    expect(await accountBalance(stack(ida!))).toBe(3000);
    expect(await accountBalance(stack(jon!))).toBe(0);
    expect(await accountBalance(escrowAccount('chips'))).toBe(3500);
    for (const who of [hal!, ida!, jon!, kim!]) {
      expect(await ledger.balanceOf(who.player.id)).toBe(100_000);
    }
    const jonStakes = await prisma.transfer.findMany({
      where: { fromAccountId: stack(jon!), kind: 'STAKE' },
      orderBy: { id: 'asc' },
    });
    expect(jonStakes.map((t) => [t.toAccountId, t.amount, t.roundId])).toEqual([
      [escrowAccount('chips'), 1500n, roundId],
      [escrowAccount('chips'), 500n, roundId],
    ]);
    expect(jonStakes.map((t) => t.key)).toEqual(
      outcomes[3]!.ok ? outcomes[3]!.bets.map((b) => `stake:${b.id}`) : [],
    );
    expect(await prisma.bet.count({ where: { roundId } })).toBe(5);
    expect((await checkLedger(prisma)).problems).toEqual([]);
    // The room's chips go back to its stacks, so the later totals are the wallets' alone.
    const { seq } = await prisma.round.findUniqueOrThrow({ where: { id: roundId } });
    await ledger.voidRound({ tableId: 'chips', seq });
    expect(await accountBalance(stack(hal!))).toBe(5000);
    expect(await accountBalance(stack(jon!))).toBe(2000);
    expect(await accountBalance(escrowAccount('chips'))).toBe(0);
  });

  it('refuses a batch naming a player twice (BAN02), before any lock or write', async () => {
    const lee = await ledger.createGuest('Lee');
    const roundId = await newRound();
    const before = await snapshot();
    const pool = poolOf(prisma);
    const call = pool.query(`SELECT * FROM escrow_bets($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
      ['main', 'main'],
      [roundId, roundId],
      [lee.player.id, lee.player.id],
      [1, 1],
      ['lee-1', 'lee-2'],
      [1, 2],
      ['lee-bet-1', 'lee-bet-2'],
      ['player', 'banker'],
      [100, 100],
    ]);
    await expect(call).rejects.toMatchObject({ code: 'BAN02' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers every confirm NOT_FOUND for an unknown round, in one statement', async () => {
    const guest = await ledger.createGuest('Lost');
    const counting = countingLedger();
    const outcomes = await counting.ledger.escrowMany([
      {
        tableId: 'main',
        roundId: 'no-such-round',
        playerId: guest.player.id,
        seat: 1,
        confirmId: 'lost-1',
        bets: [{ spot: 'player', amount: 1000 }],
      },
    ]);
    expect(counting.statements()).toBe(1);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual(['NOT_FOUND']);
  });
});

describe('settleRound', () => {
  async function threePlayers() {
    const [a, b, c] = await Promise.all([
      ledger.createGuest('A'),
      ledger.createGuest('B'),
      ledger.createGuest('C'),
    ]);
    return [a!.player.id, b!.player.id, c!.player.id] as const;
  }

  async function place(
    roundId: string,
    playerId: string,
    seat: number,
    bets: Array<[string, number]>,
  ) {
    const r = await ledger.escrowBets({
      tableId: 'main',
      roundId,
      playerId,
      seat,
      confirmId: `confirm-${seat}`,
      bets: bets.map(([spot, amount]) => ({ spot, amount })),
    });
    return new Map(r.bets.map((b) => [b.spot, b.id]));
  }

  it('collects losers, returns pushes and pays winners with exact balances', async () => {
    const [a, b, c] = await threePlayers();
    const roundId = await newRound();
    const betsA = await place(roundId, a, 1, [['player', 1000]]);
    const betsB = await place(roundId, b, 2, [['banker', 2000]]);
    const betsC = await place(roundId, c, 3, [
      ['player', 1000],
      ['tie', 500],
    ]);
    const houseBefore = await accountBalance('house');
    const escrowBefore = await accountBalance('escrow:main');

    const { balances } = await ledger.settleRound({
      tableId: 'main',
      roundId,
      round: round('player'),
      settled: [
        { betId: betsA.get('player')!, playerId: a, result: 'win', stake: 1000, returned: 2000 },
        { betId: betsB.get('banker')!, playerId: b, result: 'lose', stake: 2000, returned: 0 },
        { betId: betsC.get('player')!, playerId: c, result: 'win', stake: 1000, returned: 2000 },
        { betId: betsC.get('tie')!, playerId: c, result: 'lose', stake: 500, returned: 0 },
      ],
    });
    expect(balances).toEqual(
      new Map([
        [a, 101_000],
        [b, 98_000],
        [c, 100_500],
      ]),
    );
    expect(await ledger.balanceOf(a)).toBe(101_000);
    expect(await ledger.balanceOf(b)).toBe(98_000);
    expect(await ledger.balanceOf(c)).toBe(100_500);
    // House: +2000 +500 collected, −1000 −1000 paid.
    expect(await accountBalance('house')).toBe(houseBefore + 500);
    expect(await accountBalance('escrow:main')).toBe(escrowBefore - 4500);

    const transfers = await prisma.transfer.findMany({
      where: { roundId, kind: { in: ['COLLECT', 'RETURN', 'WIN'] } },
      orderBy: { id: 'asc' },
    });
    // Losers first.
    expect(transfers.map((t) => t.kind)).toEqual([
      'COLLECT',
      'COLLECT',
      'RETURN',
      'WIN',
      'RETURN',
      'WIN',
    ]);
    expect(transfers.map((t) => t.key)).toContain(`collect:${betsB.get('banker')}`);
    expect(transfers.map((t) => t.key)).toContain(`return:${betsA.get('player')}`);
    expect(transfers.map((t) => t.key)).toContain(`win:${betsA.get('player')}`);

    const stored = await prisma.round.findUniqueOrThrow({
      where: { id: roundId },
      include: { bets: true },
    });
    expect(stored).toMatchObject({
      status: 'SETTLED',
      outcome: 'player',
      playerTotal: 9,
      bankerTotal: 1,
      cards: ['Ah', '9c', '2d', 'Ks'],
      trace: [{ rule: 'R5', note: 'test' }],
    });
    expect(stored.settledAt).toBeInstanceOf(Date);
    for (const bet of stored.bets) {
      expect(bet.status).toBe('SETTLED');
      expect(bet.settledAt).toBeInstanceOf(Date);
    }
    expect(stored.bets.find((x) => x.spot === 'banker')).toMatchObject({
      result: 'lose',
      returned: 0n,
    });
  });

  it('returns pushes and pays banker at 0.95 and tie at 8:1', async () => {
    const [a, b, c] = await threePlayers();
    const roundId = await newRound();
    const betsA = await place(roundId, a, 1, [['player', 1000]]);
    const betsB = await place(roundId, b, 2, [['tie', 1000]]);
    const betsC = await place(roundId, c, 3, [['banker', 3000]]);
    const houseBefore = await accountBalance('house');
    const { balances } = await ledger.settleRound({
      tableId: 'main',
      roundId,
      round: round('tie'),
      settled: [
        { betId: betsA.get('player')!, playerId: a, result: 'push', stake: 1000, returned: 1000 },
        { betId: betsB.get('tie')!, playerId: b, result: 'win', stake: 1000, returned: 9000 },
        { betId: betsC.get('banker')!, playerId: c, result: 'push', stake: 3000, returned: 3000 },
      ],
    });
    expect(balances).toEqual(
      new Map([
        [a, 100_000],
        [b, 108_000],
        [c, 100_000],
      ]),
    );
    expect(await accountBalance('house')).toBe(houseBefore - 8000);

    const roundId2 = await newRound();
    const bets2 = await place(roundId2, c, 3, [['banker', 1000]]);
    const settled2 = await ledger.settleRound({
      tableId: 'main',
      roundId: roundId2,
      round: round('banker'),
      settled: [
        { betId: bets2.get('banker')!, playerId: c, result: 'win', stake: 1000, returned: 1950 },
      ],
    });
    expect(settled2.balances.get(c)).toBe(100_950);
  });

  it('pays once when called twice, sequentially or concurrently', async () => {
    const [a, b] = await threePlayers();
    const roundId = await newRound();
    const betsA = await place(roundId, a, 1, [['player', 5000]]);
    const betsB = await place(roundId, b, 2, [['banker', 5000]]);
    const input = {
      tableId: 'main',
      roundId,
      round: round('player'),
      settled: [
        {
          betId: betsA.get('player')!,
          playerId: a,
          result: 'win' as const,
          stake: 5000,
          returned: 10_000,
        },
        {
          betId: betsB.get('banker')!,
          playerId: b,
          result: 'lose' as const,
          stake: 5000,
          returned: 0,
        },
      ],
    };
    const results = await Promise.all([ledger.settleRound(input), ledger.settleRound(input)]);
    const expected = new Map([
      [a, 105_000],
      [b, 95_000],
    ]);
    for (const r of results) expect(r.balances).toEqual(expected);
    const transfers = await prisma.transfer.count();
    const again = await ledger.settleRound(input);
    expect(again.balances).toEqual(expected);
    expect(await prisma.transfer.count()).toBe(transfers);
    expect(await ledger.balanceOf(a)).toBe(105_000);
    // No new bets once settled.
    await expectLedgerError(
      ledger.escrowBets({
        tableId: 'main',
        roundId,
        playerId: a,
        seat: 1,
        confirmId: 'late',
        bets: [{ spot: 'tie', amount: 1000 }],
      }),
      'ROUND_NOT_OPEN',
    );
  });

  it('refuses a settlement that does not match the open bets, writing nothing', async () => {
    const [a, b] = await threePlayers();
    const roundId = await newRound();
    const betsA = await place(roundId, a, 1, [['player', 1000]]);
    await place(roundId, b, 2, [['banker', 1000]]);
    const before = await snapshot();
    const good = {
      betId: betsA.get('player')!,
      playerId: a,
      result: 'win' as const,
      stake: 1000,
      returned: 2000,
    };
    const settle = (settled: (typeof good)[]) =>
      ledger.settleRound({ tableId: 'main', roundId, round: round('player'), settled });
    await expectLedgerError(settle([{ ...good, stake: 999 }]), 'INVALID_INPUT');
    await expectLedgerError(settle([{ ...good, result: 'lose' as never }]), 'INVALID_INPUT');
    await expectLedgerError(settle([{ ...good, betId: 'nope' }]), 'INVALID_INPUT');
    await expectLedgerError(
      ledger.settleRound({ tableId: 'side', roundId, round: round('player'), settled: [] }),
      'NOT_FOUND',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('settles a round without bets', async () => {
    const roundId = await newRound();
    const { balances } = await ledger.settleRound({
      tableId: 'main',
      roundId,
      round: round('banker'),
      settled: [],
    });
    expect(balances.size).toBe(0);
    expect((await prisma.round.findUniqueOrThrow({ where: { id: roundId } })).status).toBe(
      'SETTLED',
    );
  });

  it('serves recent rounds newest first with their bets, and the shoe record', async () => {
    const recent = await ledger.recentRounds('main', 3);
    expect(recent).toHaveLength(3);
    expect(recent[0]!.seq).toBeGreaterThan(recent[1]!.seq);
    expect(recent[1]!.seq).toBeGreaterThan(recent[2]!.seq);
    const withBets = (await ledger.recentRounds('main', 50)).find((r) => r.bets.length === 2)!;
    expect(withBets).toMatchObject({
      shoeId,
      shoeNumber: 1,
      outcome: 'player',
      playerTotal: 9,
      bankerTotal: 1,
      cards: ['Ah', '9c', '2d', 'Ks'],
      bets: [
        { seat: 1, spot: 'player', amount: 5000, result: 'win', returned: 10_000 },
        { seat: 2, spot: 'banker', amount: 5000, result: 'lose', returned: 0 },
      ],
    });
    expect(JSON.parse(JSON.stringify(recent))).toEqual(recent);

    const record = await ledger.shoeRecord(shoeId);
    expect(record?.serverSeed).toBeNull();
    expect(record?.rounds.length).toBeGreaterThanOrEqual(5);
    expect(record?.rounds[0]).toEqual({
      number: expect.any(Number),
      cards: ['Ah', '9c', '2d', 'Ks'],
      outcome: expect.stringMatching(/^(player|banker|tie)$/),
      voided: false,
      // A Punto Banco round has no story of its own (P5.1).
      trace: null,
    });
  });
});

describe('refill', () => {
  it('tops up to the target once per round and never above it', async () => {
    const guest = await ledger.createGuest('Low');
    const id = guest.player.id;
    const roundId = await newRound();
    await ledger.escrowBets({
      tableId: 'main',
      roundId,
      playerId: id,
      seat: 1,
      confirmId: 'all-in',
      bets: [{ spot: 'banker', amount: 99_500 }],
    });
    await ledger.settleRound({
      tableId: 'main',
      roundId,
      round: round('player'),
      settled: [
        {
          betId: (await prisma.bet.findFirstOrThrow({ where: { roundId } })).id,
          playerId: id,
          result: 'lose',
          stake: 99_500,
          returned: 0,
        },
      ],
    });
    expect(await ledger.balanceOf(id)).toBe(500);

    const refillBefore = await accountBalance('refill');
    const first = await ledger.refill({ playerId: id, roundId, target: 100_000 });
    expect(first).toEqual({ amount: 99_500, balance: 100_000 });
    expect(await accountBalance('refill')).toBe(refillBefore - 99_500);
    const transfer = await prisma.transfer.findUniqueOrThrow({
      where: { key: `refill:${roundId}:${id}` },
    });
    expect(transfer).toMatchObject({
      kind: 'REFILL',
      fromAccountId: 'refill',
      amount: 99_500n,
      roundId,
    });

    const transfers = await prisma.transfer.count();
    expect(await ledger.refill({ playerId: id, roundId, target: 100_000 })).toEqual({
      amount: 99_500,
      balance: 100_000,
    });
    const other = await newRound();
    expect(await ledger.refill({ playerId: id, roundId: other, target: 100_000 })).toEqual({
      amount: 0,
      balance: 100_000,
    });
    expect(await ledger.refill({ playerId: id, roundId: other, target: 50_000 })).toEqual({
      amount: 0,
      balance: 100_000,
    });
    expect(await prisma.transfer.count()).toBe(transfers);
    await expectLedgerError(ledger.refill({ playerId: 'nobody', roundId, target: 1 }), 'NOT_FOUND');
  });
});

describe('transfers', () => {
  it('are immutable: UPDATE, DELETE and TRUNCATE raise', async () => {
    expect(await prisma.transfer.count()).toBeGreaterThan(0);
    await expect(
      prisma.$executeRawUnsafe('UPDATE transfers SET amount = amount + 1'),
    ).rejects.toThrow(/immutable/);
    await expect(prisma.$executeRawUnsafe('DELETE FROM transfers')).rejects.toThrow(/immutable/);
    await expect(prisma.$executeRawUnsafe('TRUNCATE transfers CASCADE')).rejects.toThrow(
      /immutable/,
    );
    await expect(prisma.transfer.deleteMany({})).rejects.toThrow(/immutable/);
  });
});

describe('checkLedger', () => {
  it('finds no problem after everything above', async () => {
    const check = await checkLedger(prisma);
    expect(check.problems).toEqual([]);
    expect(check.total).toBe(0);
    expect(check.wallets + check.house + check.escrow).toBe(-check.refill);
    expect(check.refill).toBeLessThan(0);
    expect(check.escrow).toBeGreaterThan(0);
  });

  it('reports a balance corrupted behind the ledger’s back', async () => {
    const guest = await ledger.createGuest('Victim');
    const wallet = walletAccount(guest.player.id);
    await prisma.$executeRawUnsafe(
      `UPDATE accounts SET balance = balance + 1 WHERE id = '${wallet}'`,
    );
    try {
      const check = await checkLedger(prisma);
      expect(check.total).toBe(1);
      expect(check.problems).toEqual(
        expect.arrayContaining([
          'balances sum to 1, expected 0',
          `account ${wallet}: balance 100001 but transfers give 100000`,
        ]),
      );
    } finally {
      await prisma.$executeRawUnsafe(
        `UPDATE accounts SET balance = balance - 1 WHERE id = '${wallet}'`,
      );
    }

    // Escrow that no longer matches its open bets, balanced by the house so the sum stays 0.
    await prisma.$executeRawUnsafe(
      `UPDATE accounts SET balance = balance + CASE id WHEN 'escrow:main' THEN 7 ELSE -7 END
        WHERE id IN ('escrow:main', 'house')`,
    );
    try {
      const check = await checkLedger(prisma);
      expect(check.total).toBe(0);
      expect(check.problems.some((p) => p.startsWith('escrow escrow:main holds'))).toBe(true);
      expect(check.problems.some((p) => p.startsWith('account house:'))).toBe(true);
    } finally {
      await prisma.$executeRawUnsafe(
        `UPDATE accounts SET balance = balance - CASE id WHEN 'escrow:main' THEN 7 ELSE -7 END
          WHERE id IN ('escrow:main', 'house')`,
      );
    }

    // A bet marked settled without its payout transfers.
    const roundId = await newRound();
    const { bets } = await ledger.escrowBets({
      tableId: 'main',
      roundId,
      playerId: guest.player.id,
      seat: 1,
      confirmId: 'ghost',
      bets: [{ spot: 'player', amount: 1000 }],
    });
    await prisma.$executeRawUnsafe(
      `UPDATE bets SET status = 'SETTLED', result = 'win', returned = 2000, settled_at = now()
        WHERE id = '${bets[0]!.id}'`,
    );
    try {
      const check = await checkLedger(prisma);
      expect(check.problems.some((p) => p.startsWith(`bet ${bets[0]!.id}`))).toBe(true);
    } finally {
      await prisma.$executeRawUnsafe(
        `UPDATE bets SET status = 'OPEN', result = NULL, returned = NULL, settled_at = NULL
          WHERE id = '${bets[0]!.id}'`,
      );
    }
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });
});

describe('busy rounds', () => {
  it('T8.3: 14 players escrowing at once, round after round, settle to the chip', async () => {
    await ledger.ensureTable({ id: 'bench', name: 'Bench', isPublic: false, settings: {} });
    const { shoeId: benchShoe } = await ledger.createShoe({
      tableId: 'bench',
      number: 1,
      serverSeed: '1'.repeat(64),
      commitment: '2'.repeat(64),
      clientSeed: 'bench-1',
      settings: {},
    });
    const players = await Promise.all(
      Array.from({ length: 14 }, (_, i) => ledger.createGuest(`P${i}`)),
    );
    const rounds = 20;
    for (let r = 0; r < rounds; r++) {
      const roundId = await newRound('bench', benchShoe);
      const placed = await Promise.all(
        players.map((p, seat) =>
          ledger.escrowBets({
            tableId: 'bench',
            roundId,
            playerId: p.player.id,
            seat: seat + 1,
            confirmId: `b${r}`,
            bets: [
              { spot: 'player', amount: 1000 },
              { spot: 'tie', amount: 100 },
            ],
          }),
        ),
      );
      const settled = placed.flatMap((res, i) =>
        res.bets.map((b) => ({
          betId: b.id,
          playerId: players[i]!.player.id,
          result: b.spot === 'player' ? ('win' as const) : ('lose' as const),
          stake: b.amount,
          returned: b.spot === 'player' ? 2 * b.amount : 0,
        })),
      );
      await ledger.settleRound({ tableId: 'bench', roundId, round: round('player'), settled });
    }
    for (const p of players)
      expect(await ledger.balanceOf(p.player.id)).toBe(100_000 + rounds * 900);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });
});
