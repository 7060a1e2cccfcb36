import { expect } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import type { PrismaClient } from '../db/prisma.js';
import { betEndings } from './bet-endings.js';
import type { ClusterBot } from './cluster-bot.js';

/**
 * What the Postgres outage tests (one node and two) check after each cut: nothing lost, nothing
 * made. The ledger balances, every bet of a finished round closed by exactly one COLLECT, RETURN
 * or REFUND, each seat's balance on the table the wallet's, nobody away or gone, and every
 * player's versions only went up.
 */
export async function auditOutage(
  prisma: PrismaClient,
  bots: readonly ClusterBot[],
  tableId = 'main',
): Promise<void> {
  expect((await checkLedger(prisma, { liveTables: [tableId] })).problems).toEqual([]);
  const bets = await betEndings(prisma);
  expect(bets.length).toBeGreaterThan(0);
  for (const bet of bets) expect([bet.id, bet.ends]).toEqual([bet.id, 1]);
  const shown = await bots[0]!.send('table.snapshot', { tableId });
  if (!shown.ok) throw new Error(shown.code);
  expect(shown.snapshot.seats.map((s) => [s.seat, s.awayUntil])).toEqual(
    bots.map((bot) => [bot.seat, null]).sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  for (const seat of shown.snapshot.seats) {
    const wallet = await prisma.account.findUniqueOrThrow({
      where: { id: `wallet:${seat.player.id}` },
    });
    expect([seat.player.name, seat.balance]).toEqual([seat.player.name, Number(wallet.balance)]);
  }
  for (const bot of bots) {
    expect(bot.versions).toEqual([...bot.versions].sort((a, b) => a - b));
    expect(bot.seen.filter((e) => e.type === 'seat.left')).toEqual([]);
  }
}
