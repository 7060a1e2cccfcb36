import { describe, expect, it } from 'vitest';
import { checkLedger } from './ledger-invariant.js';
import { HOUSE_ACCOUNT, escrowAccount, walletAccount } from './ledger.js';
import { ledgerTable } from './testing/ledger-table.js';

// end_round (migration 20261207200000_ledger_rows): the rows a settlement writes, in their
// order, beside strays (T6.2, T9.2, T9.9), its answer once the round is closed (T6.5), and the
// bet it names when it refuses one (BAN02) or an account it cannot find (T8.4).

const main = ledgerTable();
const ESCROW = escrowAccount('main');
const ROUND = {
  cards: ['9h', '2c', 'Kd', 'Qs'],
  outcome: 'banker' as const,
  playerTotal: 1,
  bankerTotal: 9,
  trace: null,
};

/** A round with one guest's banker bet, and more guests' bets escrowed in it. */
async function roundWith(extra: Array<Array<{ spot: string; amount: number }>>) {
  const first = await main.roundWithBet(1_000);
  const others = [];
  for (const [i, bets] of extra.entries()) {
    const guest = await main.ledger.createGuest(`G${i}`);
    const placed = await main.ledger.escrowBets({
      tableId: 'main',
      roundId: first.roundId,
      playerId: guest.player.id,
      seat: i + 2,
      confirmId: `c-${first.seq}-${i}`,
      bets,
    });
    others.push({
      playerId: guest.player.id,
      bets: new Map(placed.bets.map((b) => [b.spot, b.id])),
    });
  }
  return { first, others };
}

const transfersOfRound = async (roundId: string) =>
  (
    await main.prisma.transfer.findMany({
      where: { roundId, kind: { not: 'STAKE' } },
      orderBy: { id: 'asc' },
    })
  ).map((t) => [t.key, t.fromAccountId, t.toAccountId, Number(t.amount), t.kind, t.betId]);

/** Everything a settlement could write, to show that one wrote nothing. */
async function everything(): Promise<unknown> {
  return {
    accounts: (await main.prisma.account.findMany({ orderBy: { id: 'asc' } })).map((a) => [
      a.id,
      a.balance.toString(),
    ]),
    bets: await main.prisma.bet.findMany({ orderBy: { id: 'asc' } }),
    rounds: await main.prisma.round.findMany({ orderBy: { id: 'asc' } }),
    transfers: await main.prisma.transfer.count(),
  };
}

describe('end_round', () => {
  it('writes collections, then returns and wins in the order named, then strays refunded in id order', async () => {
    // The first guest's banker bet and G3's lose; G0 wins on the player spot and pushes on the
    // tie (two bets, one account); G1 and G2 are never named: strays.
    const { first, others } = await roundWith([
      [
        { spot: 'player', amount: 2_000 },
        { spot: 'tie', amount: 500 },
      ],
      [{ spot: 'banker', amount: 700 }],
      [{ spot: 'player', amount: 300 }],
      [{ spot: 'banker', amount: 400 }],
    ]);
    const [g0, g1, g2, g3] = others as [
      (typeof others)[0],
      (typeof others)[0],
      (typeof others)[0],
      (typeof others)[0],
    ];
    const roundId = first.roundId;
    const { balances } = await main.ledger.settleRound({
      tableId: 'main',
      roundId,
      round: ROUND,
      settled: [
        {
          betId: g0.bets.get('player')!,
          playerId: g0.playerId,
          result: 'win',
          stake: 2_000,
          returned: 4_000,
        },
        { betId: first.betId, playerId: first.playerId, result: 'lose', stake: 1_000, returned: 0 },
        {
          betId: g0.bets.get('tie')!,
          playerId: g0.playerId,
          result: 'push',
          stake: 500,
          returned: 500,
        },
        {
          betId: g3.bets.get('banker')!,
          playerId: g3.playerId,
          result: 'lose',
          stake: 400,
          returned: 0,
        },
      ],
    });
    // The strays in the order the database sorts their ids (the refunds' order).
    const strays = (
      await main.prisma.bet.findMany({
        where: { roundId, id: { in: [g1.bets.get('banker')!, g2.bets.get('player')!] } },
        orderBy: { id: 'asc' },
      })
    ).map((b) => [b.id, b.playerId, Number(b.amount)] as const);
    const wallet = walletAccount;
    expect(await transfersOfRound(roundId)).toEqual([
      [`collect:${first.betId}`, ESCROW, HOUSE_ACCOUNT, 1_000, 'COLLECT', first.betId],
      [
        `collect:${g3.bets.get('banker')}`,
        ESCROW,
        HOUSE_ACCOUNT,
        400,
        'COLLECT',
        g3.bets.get('banker'),
      ],
      [
        `return:${g0.bets.get('player')}`,
        ESCROW,
        wallet(g0.playerId),
        2_000,
        'RETURN',
        g0.bets.get('player'),
      ],
      [
        `win:${g0.bets.get('player')}`,
        HOUSE_ACCOUNT,
        wallet(g0.playerId),
        2_000,
        'WIN',
        g0.bets.get('player'),
      ],
      [
        `return:${g0.bets.get('tie')}`,
        ESCROW,
        wallet(g0.playerId),
        500,
        'RETURN',
        g0.bets.get('tie'),
      ],
      ...strays.map(([id, player, amount]) => [
        `refund:${id}`,
        ESCROW,
        wallet(player),
        amount,
        'REFUND',
        id,
      ]),
    ]);
    const bets = await main.prisma.bet.findMany({ where: { roundId } });
    const byId = new Map(bets.map((b) => [b.id, [b.status, b.result, Number(b.returned)]]));
    expect(byId.get(first.betId)).toEqual(['SETTLED', 'lose', 0]);
    expect(byId.get(g0.bets.get('player')!)).toEqual(['SETTLED', 'win', 4_000]);
    expect(byId.get(g0.bets.get('tie')!)).toEqual(['SETTLED', 'push', 500]);
    expect(byId.get(g3.bets.get('banker')!)).toEqual(['SETTLED', 'lose', 0]);
    expect(byId.get(g1.bets.get('banker')!)).toEqual(['VOIDED', null, 700]);
    expect(byId.get(g2.bets.get('player')!)).toEqual(['VOIDED', null, 300]);
    expect(bets.every((b) => b.settledAt !== null)).toBe(true);
    // The bettors named (the losers too) and every stray, each once.
    expect(balances).toEqual(
      new Map([
        [g0.playerId, 100_000 + 2_000],
        [first.playerId, 99_000],
        [g3.playerId, 99_600],
        [g1.playerId, 100_000],
        [g2.playerId, 100_000],
      ]),
    );
    const round = await main.prisma.round.findUniqueOrThrow({ where: { id: roundId } });
    expect([round.status, round.outcome, round.playerTotal, round.bankerTotal]).toEqual([
      'SETTLED',
      'banker',
      1,
      9,
    ]);
    expect(round.cards).toEqual(ROUND.cards);
    expect(round.settledAt).not.toBeNull();
    expect((await checkLedger(main.prisma)).problems).toEqual([]);
  });

  it('answers a round already settled with the balances of the bettors named, writing nothing', async () => {
    const { first } = await roundWith([]);
    const settle = () =>
      main.ledger.settleRound({
        tableId: 'main',
        roundId: first.roundId,
        round: ROUND,
        settled: [
          {
            betId: first.betId,
            playerId: first.playerId,
            result: 'win',
            stake: 1_000,
            returned: 1_950,
          },
        ],
      });
    expect((await settle()).balances).toEqual(new Map([[first.playerId, 100_950]]));
    const before = await everything();
    expect((await settle()).balances).toEqual(new Map([[first.playerId, 100_950]]));
    // A void after it, and a settlement naming another round's bet, answer and write nothing.
    expect(await main.ledger.voidRound({ tableId: 'main', seq: first.seq })).toEqual({
      roundId: first.roundId,
      balances: new Map(),
    });
    expect(await everything()).toEqual(before);
  });

  it('refuses the first bet named that is unknown, repeated or not as stored, writing nothing', async () => {
    const { first, others } = await roundWith([[{ spot: 'player', amount: 2_000 }]]);
    const g0 = others[0]!;
    const g0Bet = g0.bets.get('player')!;
    const good = [
      {
        betId: first.betId,
        playerId: first.playerId,
        result: 'lose' as const,
        stake: 1_000,
        returned: 0,
      },
      { betId: g0Bet, playerId: g0.playerId, result: 'lose' as const, stake: 2_000, returned: 0 },
    ];
    const settle = (settled: typeof good) =>
      main.ledger.settleRound({ tableId: 'main', roundId: first.roundId, round: ROUND, settled });
    const before = await everything();
    const refusals = [
      // Repeated: the second naming is the one refused.
      [[good[0]!, good[1]!, good[1]!], `bet ${g0Bet} is not an open bet of ${first.roundId}`],
      // A stake not as stored, before an unknown bet: the first in the order named.
      [
        [
          { ...good[0]!, stake: 999 },
          { ...good[1]!, betId: 'nope' },
        ],
        `bet ${first.betId} does not match its stored stake`,
      ],
      [
        [good[0]!, { ...good[1]!, betId: 'nope' }],
        `bet nope is not an open bet of ${first.roundId}`,
      ],
      // Another bettor's bet.
      [
        [good[0]!, { ...good[1]!, playerId: first.playerId }],
        `bet ${g0Bet} does not match its stored stake`,
      ],
    ] as const;
    for (const [settled, message] of refusals) {
      await expect(settle([...settled])).rejects.toMatchObject({ code: 'INVALID_INPUT', message });
    }
    expect(await everything()).toEqual(before);
    await settle(good);
    expect((await checkLedger(main.prisma)).problems).toEqual([]);
  });

  it('refuses a settlement whose house account is missing with 23503, writing nothing', async () => {
    const { first } = await roundWith([]);
    const before = await everything();
    await main.prisma.$executeRawUnsafe(`UPDATE accounts SET id = 'house-gone' WHERE id = 'house'`);
    try {
      const err = await main.ledger
        .settleRound({
          tableId: 'main',
          roundId: first.roundId,
          round: ROUND,
          settled: [
            {
              betId: first.betId,
              playerId: first.playerId,
              result: 'lose',
              stake: 1_000,
              returned: 0,
            },
          ],
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(JSON.stringify(err, Object.getOwnPropertyNames(err ?? {}))).toMatch(/23503/);
      expect(String(err)).toMatch(/account house does not exist/);
    } finally {
      await main.prisma.$executeRawUnsafe(
        `UPDATE accounts SET id = 'house' WHERE id = 'house-gone'`,
      );
    }
    expect(await everything()).toEqual(before);
  });
});
