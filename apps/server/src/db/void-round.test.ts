import { describe, expect, it } from 'vitest';
import { checkLedger } from './ledger-invariant.js';
import { walletAccount } from './ledger.js';
import { ledgerTable } from './testing/ledger-table.js';

const main = ledgerTable();
const roundWithBet = (amount?: number) => main.roundWithBet(amount);

const transfersOf = (betId: string) =>
  main.prisma.transfer.findMany({ where: { betId }, orderBy: { id: 'asc' } });

describe('voiding a round (T9.2)', () => {
  it('refunds every open stake once, by a REFUND transfer keyed by its bet', async () => {
    const { playerId, roundId, betId, seq: roundSeq } = await roundWithBet();
    expect(await main.ledger.balanceOf(playerId)).toBe(95_000);
    const first = await main.ledger.voidRound({ tableId: 'main', seq: roundSeq });
    expect(first).toEqual({ roundId, balances: new Map([[playerId, 100_000]]) });
    // Voiding again (a retried effect, a second restart) moves nothing.
    await main.ledger.voidRound({ tableId: 'main', seq: roundSeq });
    expect(await main.ledger.balanceOf(playerId)).toBe(100_000);
    const transfers = await transfersOf(betId);
    expect(transfers.map((t) => [t.kind, t.key, Number(t.amount)])).toEqual([
      ['STAKE', `stake:${betId}`, 5_000],
      ['REFUND', `refund:${betId}`, 5_000],
    ]);
    const round = await main.prisma.round.findUniqueOrThrow({ where: { id: roundId } });
    expect(round.status).toBe('VOIDED');
    const bet = await main.prisma.bet.findUniqueOrThrow({ where: { id: betId } });
    expect([bet.status, bet.result, Number(bet.returned)]).toEqual(['VOIDED', null, 5_000]);
    // A voided round takes no more stakes.
    await expect(
      main.ledger.escrowBets({
        tableId: 'main',
        roundId,
        playerId,
        seat: 1,
        confirmId: 'late',
        bets: [{ spot: 'player', amount: 1_000 }],
      }),
    ).rejects.toMatchObject({ code: 'ROUND_NOT_OPEN' });
    // A settle arriving after the void changes nothing either (T6.5).
    await main.ledger.settleRound({
      tableId: 'main',
      roundId,
      round: { cards: [], outcome: 'banker', playerTotal: 0, bankerTotal: 9, trace: null },
      settled: [],
    });
    expect(await main.ledger.balanceOf(playerId)).toBe(100_000);
    expect(await main.ledger.voidRound({ tableId: 'main', seq: 999 })).toEqual({
      roundId: null,
      balances: new Map(),
    });
    expect((await checkLedger(main.prisma)).problems).toEqual([]);
  });

  it('T9.9: settlement refunds a stake the table never heard of, and settles the rest', async () => {
    const known = await roundWithBet(2_000);
    const stray = await main.ledger.createGuest('Lost reply');
    await main.ledger.escrowBets({
      tableId: 'main',
      roundId: known.roundId,
      playerId: stray.player.id,
      seat: 2,
      confirmId: 'lost',
      bets: [{ spot: 'player', amount: 3_000 }],
    });
    const { balances } = await main.ledger.settleRound({
      tableId: 'main',
      roundId: known.roundId,
      round: {
        cards: ['9h', '2c', 'Kd', 'Qs'],
        outcome: 'banker',
        playerTotal: 1,
        bankerTotal: 9,
        trace: null,
      },
      settled: [
        {
          betId: known.betId,
          playerId: known.playerId,
          result: 'win',
          stake: 2_000,
          returned: 3_900,
        },
      ],
    });
    expect(balances.get(stray.player.id)).toBe(100_000);
    expect(balances.get(known.playerId)).toBe(101_900);
    const refunds = await main.prisma.transfer.findMany({
      where: { kind: 'REFUND', toAccountId: walletAccount(stray.player.id) },
    });
    expect(refunds).toHaveLength(1);
    expect((await checkLedger(main.prisma)).problems).toEqual([]);
  });

  it('T9.5: reports an open round its table is not playing, and voids it on request', async () => {
    const orphan = await roundWithBet();
    await main.ledger.saveTableState('main', {
      version: 10,
      roundSeq: orphan.seq + 1,
      shoeId: main.shoeId,
      state: {},
    });
    expect((await checkLedger(main.prisma)).problems).toEqual([
      `round ${orphan.roundId} (table main, #${orphan.seq}) is open with no live table`,
    ]);
    await main.ledger.saveTableState('main', {
      version: 11,
      roundSeq: orphan.seq,
      shoeId: main.shoeId,
      state: {},
    });
    expect((await checkLedger(main.prisma)).problems).toEqual([]);
    // With the live tables named, a table nobody runs is reported as well.
    expect((await checkLedger(main.prisma, { liveTables: ['other'] })).problems).toHaveLength(1);

    const closed = await main.ledger.closeAbandoned({
      tableId: 'main',
      roundSeq: null,
      shoeId: null,
    });
    expect(closed.voided).toEqual([{ tableId: 'main', seq: orphan.seq }]);
    expect(closed.endedShoes).toEqual([main.shoeId]);
    expect(await main.ledger.balanceOf(orphan.playerId)).toBe(100_000);
    expect((await main.ledger.shoeRecord(main.shoeId))?.serverSeed).toBe('a'.repeat(64));
    expect((await checkLedger(main.prisma, { liveTables: ['main'] })).problems).toEqual([]);
  });
});

describe('retried shoe effects (T9.8)', () => {
  it('a replayed new shoe returns the stored one, a replayed shuffle is a no-op', async () => {
    await main.ledger.ensureTable({ id: 'again', name: 'Again', isPublic: false, settings: {} });
    const create = (serverSeed: string) =>
      main.ledger.createShoe({
        tableId: 'again',
        number: 1,
        serverSeed,
        commitment: `${serverSeed.slice(0, 1)}`.repeat(64),
        settings: { decks: 8, cut: 16, lastHand: 'plus-one' },
      });
    const first = await create('c'.repeat(64));
    const retried = await create('d'.repeat(64));
    expect(retried).toEqual(first);
    expect(first.serverSeed).toBe('c'.repeat(64));
    expect(await main.prisma.shoe.count({ where: { tableId: 'again' } })).toBe(1);
    await main.ledger.recordShuffle(first.shoeId, 'client', 'Kd');
    await main.ledger.recordShuffle(first.shoeId, 'client', 'Kd');
    await expect(main.ledger.recordShuffle(first.shoeId, 'other', 'Kd')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('a shoe that died while seeding is ended with the no-contribution client seed', async () => {
    await main.ledger.ensureTable({
      id: 'seeding',
      name: 'Seeding',
      isPublic: false,
      settings: {},
    });
    const { shoeId: id } = await main.ledger.createShoe({
      tableId: 'seeding',
      number: 1,
      serverSeed: 'e'.repeat(64),
      commitment: 'f'.repeat(64),
      settings: { decks: 8, cut: 16, lastHand: 'plus-one' },
    });
    const { endedShoes } = await main.ledger.closeAbandoned({
      tableId: 'seeding',
      roundSeq: null,
      shoeId: null,
    });
    expect(endedShoes).toContain(id);
    const record = await main.ledger.shoeRecord(id);
    expect(record?.clientSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(record?.serverSeed).toBe('e'.repeat(64));
  });
});
