import { checkLedger } from '../../src/db/ledger-invariant.js';
import type { PrismaClient } from '../../src/db/prisma.js';
import { betEndings } from '../../src/testing/bet-endings.js';

/** One invariant's tally: how many things it looked at, and each breach in words. */
export interface Invariant {
  checked: number;
  breaches: string[];
}

export interface LedgerAudit {
  ledger: Invariant;
  tables: Invariant;
  betsClosedTwice: Invariant;
  betsNeverClosed: Invariant;
  /** T10.8: the rooms that played room chips, each summing to zero (the audit's own check). */
  roomChips: Invariant;
}

/**
 * Read from Postgres after the last stop, when no table is running: the ledger's own audit
 * (every balance the sum of its transfers, everything minted accounted for, each escrow its
 * open bets), each table's chips conserved through its escrow, and every bet closed once.
 */
export async function auditLedger(prisma: PrismaClient): Promise<LedgerAudit> {
  const ledger = await checkLedger(prisma);
  const accounts = await count(prisma, 'accounts');

  // What went into each table's escrow, less what came out, is what it holds; it holds nothing
  // once the tables are stopped, and no stake or closing move of a bet used another escrow.
  const tables = await prisma.$queryRaw<
    Array<{ table_id: string; balance: bigint; flow: bigint; open: bigint; astray: bigint }>
  >`
    SELECT a.table_id, a.balance,
           (COALESCE((SELECT sum(amount) FROM transfers WHERE to_account_id = a.id), 0)
            - COALESCE((SELECT sum(amount) FROM transfers WHERE from_account_id = a.id), 0))::bigint
             AS flow,
           COALESCE((SELECT sum(b.amount) FROM bets b JOIN rounds r ON r.id = b.round_id
                      WHERE r.table_id = a.table_id AND b.status = 'OPEN'), 0)::bigint AS open,
           (SELECT count(*) FROM transfers t JOIN bets b ON b.id = t.bet_id
                   JOIN rounds r ON r.id = b.round_id
             WHERE r.table_id = a.table_id AND t.kind <> 'WIN'
               AND a.id NOT IN (t.from_account_id, t.to_account_id)) AS astray
      FROM accounts a WHERE a.kind = 'ESCROW' ORDER BY a.table_id`;
  const tableBreaches = tables.flatMap((t) => {
    const [balance, flow, open] = [t.balance, t.flow, t.open].map(Number);
    const out: string[] = [];
    if (flow !== balance) out.push(`table ${t.table_id}: escrow ${balance}, its transfers ${flow}`);
    if (balance !== open) out.push(`table ${t.table_id}: escrow ${balance}, open bets ${open}`);
    if (balance !== 0) out.push(`table ${t.table_id}: escrow holds ${balance} after the stop`);
    if (Number(t.astray) > 0) {
      out.push(`table ${t.table_id}: ${t.astray} stake moves through another account`);
    }
    return out;
  });

  const ended = await betEndings(prisma);
  const open = await prisma.$queryRaw<Array<{ id: string; round_status: string }>>`
    SELECT b.id, r.status::text AS round_status FROM bets b JOIN rounds r ON r.id = b.round_id
     WHERE b.status = 'OPEN' ORDER BY b.id`;
  const bets = await count(prisma, 'bets');
  const [rooms] = await prisma.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(DISTINCT room_id) AS n FROM accounts WHERE kind = 'ROOM_STACK'`;
  return {
    roomChips: {
      checked: Number(rooms?.n ?? 0),
      breaches: ledger.problems.filter((p) => /^room |crosses a room/.test(p)),
    },
    ledger: { checked: accounts, breaches: ledger.problems },
    tables: { checked: tables.length, breaches: tableBreaches },
    betsClosedTwice: {
      checked: ended.length,
      breaches: ended
        .filter((b) => b.ends > 1)
        .map((b) => `bet ${b.id} (${b.status}) closed ${b.ends} times`),
    },
    betsNeverClosed: {
      checked: bets,
      breaches: [
        ...ended.filter((b) => b.ends === 0).map((b) => `bet ${b.id} (${b.status}) never closed`),
        ...open.map((b) => `bet ${b.id} still open (its round ${b.round_status}) after the stop`),
      ],
    },
  };
}

async function count(prisma: PrismaClient, table: 'accounts' | 'bets'): Promise<number> {
  const rows = await prisma.$queryRawUnsafe<Array<{ n: bigint }>>(
    `SELECT count(*) AS n FROM ${table}`,
  );
  return Number(rows[0]?.n ?? 0);
}
