import { describe, expect, it } from 'vitest';
import { checkLedger } from './ledger-invariant.js';
import { walletAccount } from './ledger.js';
import { ledgerTable } from './testing/ledger-table.js';

// T8.4: transfers and bets have no foreign keys; the ledger functions check every row they name,
// and the audit reports any row that names one missing. A database of its own: the orphans these
// tests write cannot be taken back (transfers are immutable).

const main = ledgerTable();

async function roundWithBet(result: 'win' | 'lose') {
  const { playerId, roundId, betId } = await main.roundWithBet(500);
  const settle = () =>
    main.ledger.settleRound({
      tableId: 'main',
      roundId,
      round: {
        cards: ['Ah', '9c', '2d', 'Ks'],
        outcome: 'player',
        playerTotal: 9,
        bankerTotal: 2,
        trace: [],
      },
      settled: [
        {
          betId,
          playerId,
          result,
          stake: 500,
          returned: result === 'win' ? 1_000 : 0,
        },
      ],
    });
  return { playerId, roundId, betId, settle };
}

describe('rows the ledger names (T8.4)', () => {
  it('a settlement whose house account is missing is refused and writes nothing', async () => {
    const { settle, betId } = await roundWithBet('lose');
    const before = await main.prisma.transfer.count();
    // Nothing deletes an account; this stands for one the functions would name but not find.
    await main.prisma.$executeRawUnsafe(`UPDATE accounts SET id = 'house-gone' WHERE id = 'house'`);
    try {
      await expect(settle()).rejects.toThrow(/account house does not exist/);
      expect(await main.prisma.transfer.count()).toBe(before);
      expect((await main.prisma.bet.findUniqueOrThrow({ where: { id: betId } })).status).toBe(
        'OPEN',
      );
    } finally {
      await main.prisma.$executeRawUnsafe(
        `UPDATE accounts SET id = 'house' WHERE id = 'house-gone'`,
      );
    }
    await settle();
    expect((await checkLedger(main.prisma)).problems).toEqual([]);
  });

  it('the audit reports a transfer or bet naming a missing account, bet, round or player', async () => {
    const { playerId, roundId, betId } = await roundWithBet('win');
    expect((await checkLedger(main.prisma)).problems).toEqual([]);
    await main.prisma.$executeRawUnsafe(
      `INSERT INTO bets (id, round_id, player_id, seat, spot, amount, confirm_id)
       VALUES ('stray-round', 'no-such-round', '${playerId}', 1, 'tie', 10, 'x'),
              ('stray-player', '${roundId}', 'no-such-player', 2, 'tie', 10, 'y')`,
    );
    // Balanced pairs, so only the names are wrong.
    await main.prisma.$executeRawUnsafe(
      `INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
       VALUES ('orphan:account', '${walletAccount(playerId)}', 'wallet:nobody', 1, 'STAKE',
               '${roundId}', NULL),
              ('orphan:bet', 'house', 'escrow:main', 1, 'STAKE', '${roundId}', 'no-such-bet'),
              ('orphan:round', 'escrow:main', 'house', 1, 'COLLECT', 'another-round',
               '${betId}')`,
    );
    const { problems } = await checkLedger(main.prisma);
    expect(problems).toEqual(
      expect.arrayContaining([
        'transfer orphan:account names a missing account wallet:nobody',
        'transfer orphan:bet names a missing bet no-such-bet',
        `transfer orphan:round names round another-round but its bet is of round ${roundId}`,
        'bet stray-round names a missing round no-such-round',
        'bet stray-player names a missing player no-such-player',
      ]),
    );
  });
});
