import type { PrismaClient } from './prisma.js';

export interface LedgerCheck {
  /** Σ of every balance: 0, because REFILL mints by going negative. */
  total: number;
  wallets: number;
  house: number;
  escrow: number;
  refill: number;
  /** T10.8: room chips in all: issuers (negative), stacks, room houses. */
  rooms: number;
  /** Human-readable violations; empty when the ledger is consistent. */
  problems: string[];
}

const n = (v: bigint | number | null): number => Number(v ?? 0);

/**
 * Audits the whole ledger from the database's point of view, independently of the code that
 * wrote it: every integration test ends with `expect((await checkLedger(prisma)).problems)
 * .toEqual([])`.
 */
export async function checkLedger(
  prisma: PrismaClient,
  options: {
    /**
     * The tables a server is running now. When given, an OPEN round of any other table is a
     * problem too: nothing will ever settle or refund it.
     */
    liveTables?: readonly string[];
  } = {},
): Promise<LedgerCheck> {
  const problems: string[] = [];

  const byKind = await prisma.$queryRaw<Array<{ kind: string; sum: bigint }>>`
    SELECT kind::text AS kind, COALESCE(SUM(balance), 0)::bigint AS sum
      FROM accounts GROUP BY kind`;
  const sums = new Map(byKind.map((r) => [r.kind, n(r.sum)]));
  const wallets = sums.get('WALLET') ?? 0;
  const house = sums.get('HOUSE') ?? 0;
  const escrow = sums.get('ESCROW') ?? 0;
  const refill = sums.get('REFILL') ?? 0;
  const rooms =
    (sums.get('ROOM_ISSUER') ?? 0) + (sums.get('ROOM_STACK') ?? 0) + (sums.get('ROOM_HOUSE') ?? 0);
  const total = wallets + house + escrow + refill + rooms;
  if (total !== 0) problems.push(`balances sum to ${total}, expected 0`);
  problems.push(...(await roomChipsProblems(prisma)));
  // The escrows of rooms with room chips hold room chips, which REFILL never minted.
  const [roomEscrow] = await prisma.$queryRaw<Array<{ sum: bigint }>>`
    SELECT COALESCE(SUM(e.balance), 0)::bigint AS sum FROM accounts e
      JOIN accounts i ON i.id = 'issuer:' || e.table_id
     WHERE e.kind = 'ESCROW'`;
  const circulating = wallets + house + escrow - n(roomEscrow?.sum ?? 0);
  if (circulating !== -refill) {
    problems.push(`circulating ${circulating} differs from minted ${-refill}`);
  }

  // Each stored balance must equal what its transfers add up to.
  const drift = await prisma.$queryRaw<Array<{ id: string; balance: bigint; computed: bigint }>>`
    SELECT a.id, a.balance,
           (COALESCE(i.sum, 0) - COALESCE(o.sum, 0))::bigint AS computed
      FROM accounts a
      LEFT JOIN (SELECT to_account_id AS id, SUM(amount) AS sum FROM transfers GROUP BY 1) i
             ON i.id = a.id
      LEFT JOIN (SELECT from_account_id AS id, SUM(amount) AS sum FROM transfers GROUP BY 1) o
             ON o.id = a.id
     WHERE a.balance <> COALESCE(i.sum, 0) - COALESCE(o.sum, 0)
     ORDER BY a.id`;
  for (const r of drift) {
    problems.push(`account ${r.id}: balance ${n(r.balance)} but transfers give ${n(r.computed)}`);
  }

  problems.push(...(await orphanProblems(prisma)));

  const negative = await prisma.$queryRaw<Array<{ id: string; balance: bigint }>>`
    SELECT id, balance FROM accounts
     WHERE kind IN ('WALLET', 'ESCROW', 'ROOM_STACK') AND balance < 0 ORDER BY id`;
  for (const r of negative) problems.push(`account ${r.id} is negative: ${n(r.balance)}`);

  // A table's escrow holds exactly the stakes of its open bets.
  const escrows = await prisma.$queryRaw<Array<{ id: string; balance: bigint; open: bigint }>>`
    SELECT a.id, a.balance, COALESCE(s.open, 0)::bigint AS open
      FROM accounts a
      LEFT JOIN (SELECT r.table_id, SUM(b.amount) AS open
                   FROM bets b JOIN rounds r ON r.id = b.round_id
                  WHERE b.status = 'OPEN' GROUP BY r.table_id) s
             ON s.table_id = a.table_id
     WHERE a.kind = 'ESCROW' AND a.balance <> COALESCE(s.open, 0)
     ORDER BY a.id`;
  for (const r of escrows) {
    problems.push(`escrow ${r.id} holds ${n(r.balance)} but open bets total ${n(r.open)}`);
  }

  // Every bet moved exactly what its status and result say: one stake in, and once settled,
  // the stake out to the house (lose) or back to the wallet (push, win) plus any winnings.
  const bets = await prisma.$queryRaw<
    Array<{ id: string; status: string; result: string | null; amount: bigint; moved: string }>
  >`
    SELECT b.id, b.status::text AS status, b.result, b.amount,
           json_build_object('stakes', t.stakes, 'stake', t.stake, 'collect', t.collect,
                             'ret', t.ret, 'win', t.win, 'refund', t.refund,
                             'returned', b.returned)::text AS moved
      FROM bets b
      -- Every bet's transfers summed in one pass: transfers have no index by bet (nothing on
      -- the round's path reads them so).
      LEFT JOIN (
        SELECT bet_id,
               COUNT(*) FILTER (WHERE kind = 'STAKE') AS stakes,
               COALESCE(SUM(amount) FILTER (WHERE kind = 'STAKE'), 0) AS stake,
               COALESCE(SUM(amount) FILTER (WHERE kind = 'COLLECT'), 0) AS collect,
               COALESCE(SUM(amount) FILTER (WHERE kind = 'RETURN'), 0) AS ret,
               COALESCE(SUM(amount) FILTER (WHERE kind = 'WIN'), 0) AS win,
               COALESCE(SUM(amount) FILTER (WHERE kind = 'REFUND'), 0) AS refund
          FROM transfers WHERE bet_id IS NOT NULL GROUP BY bet_id
      ) t ON t.bet_id = b.id
     WHERE NOT (
       COALESCE(t.stakes, 0) = 1 AND t.stake = b.amount AND
       CASE
         WHEN b.status = 'OPEN' THEN t.collect = 0 AND t.ret = 0 AND t.win = 0 AND t.refund = 0
         WHEN b.status = 'VOIDED' THEN t.refund = b.amount AND t.collect = 0 AND t.ret = 0
                                       AND t.win = 0 AND b.returned = b.amount
         WHEN t.refund <> 0 THEN false
         WHEN b.result = 'lose' THEN t.collect = b.amount AND t.ret = 0 AND t.win = 0
                                     AND b.returned = 0
         WHEN b.result = 'push' THEN t.collect = 0 AND t.ret = b.amount AND t.win = 0
                                     AND b.returned = b.amount
         WHEN b.result = 'win' THEN t.collect = 0 AND t.ret = b.amount
                                    AND t.win = b.returned - b.amount
         ELSE false
       END)
     ORDER BY b.id`;
  for (const r of bets) {
    problems.push(
      `bet ${r.id} (${r.status} ${r.result ?? ''} ${n(r.amount)}) moved ${r.moved} through transfers`,
    );
  }

  // T9.5: an OPEN round is one a table is playing: the round its stored state has in play, at
  // a table that is running. Any other will never be settled or refunded.
  const live = options.liveTables ? [...options.liveTables] : null;
  const orphans = await prisma.$queryRaw<Array<{ id: string; table_id: string; seq: number }>>`
    SELECT r.id, r.table_id, r.seq FROM rounds r
      LEFT JOIN table_states ts ON ts.table_id = r.table_id
     WHERE r.status = 'OPEN'
       AND ((ts.table_id IS NOT NULL AND ts.round_seq IS DISTINCT FROM r.seq)
            OR (${live !== null} AND NOT r.table_id = ANY(${live ?? []}::text[])))
     ORDER BY r.table_id, r.seq`;
  for (const r of orphans) {
    problems.push(`round ${r.id} (table ${r.table_id}, #${r.seq}) is open with no live table`);
  }

  return { total, wallets, house, escrow, refill, rooms, problems };
}

/**
 * T8.4: transfers and bets carry no foreign keys (migration 20261207200000_ledger_rows): the
 * ledger's SQL functions, their only writers, find and lock every row they name first. This is
 * the check that they did: every account, bet, round and player named exists, and a bet's
 * transfers name its round.
 */
async function orphanProblems(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.$queryRaw<Array<{ problem: string }>>`
    SELECT 'transfer ' || t.key || ' names a missing account ' || x.id AS problem
      FROM transfers t
      CROSS JOIN LATERAL (VALUES (t.from_account_id), (t.to_account_id)) AS x(id)
     WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = x.id)
    UNION ALL
    SELECT 'transfer ' || t.key || ' names a missing bet ' || t.bet_id
      FROM transfers t
     WHERE t.bet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.id = t.bet_id)
    UNION ALL
    SELECT 'transfer ' || t.key || ' names round ' || coalesce(t.round_id, 'none')
           || ' but its bet is of round ' || b.round_id
      FROM transfers t JOIN bets b ON b.id = t.bet_id
     WHERE t.round_id IS DISTINCT FROM b.round_id
    UNION ALL
    SELECT 'bet ' || b.id || ' names a missing round ' || b.round_id
      FROM bets b
     WHERE NOT EXISTS (SELECT 1 FROM rounds r WHERE r.id = b.round_id)
    UNION ALL
    SELECT 'bet ' || b.id || ' names a missing player ' || b.player_id
      FROM bets b
     WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.id = b.player_id)
    ORDER BY 1`;
  return rows.map((r) => r.problem);
}

/**
 * T10.8: every room with room chips sums to zero on its own (issuer + stacks + escrow + room
 * house), and no transfer joins one of its accounts to an account outside the room: room chips
 * never reach a wallet, and wallet chips never reach a stack.
 */
async function roomChipsProblems(prisma: PrismaClient): Promise<string[]> {
  const problems: string[] = [];
  const sums = await prisma.$queryRaw<Array<{ room: string; sum: bigint }>>`
    SELECT i.room_id AS room,
           (SELECT COALESCE(SUM(a.balance), 0) FROM accounts a
             WHERE a.room_id = i.room_id OR a.id = 'escrow:' || i.room_id)::bigint AS sum
      FROM accounts i WHERE i.kind = 'ROOM_ISSUER' ORDER BY i.room_id`;
  for (const r of sums) {
    if (n(r.sum) !== 0) problems.push(`room ${r.room}: its chips sum to ${n(r.sum)}, expected 0`);
  }
  const crossings = await prisma.$queryRaw<Array<{ key: string }>>`
    SELECT t.key FROM transfers t
      JOIN accounts f ON f.id = t.from_account_id
      JOIN accounts d ON d.id = t.to_account_id
     WHERE COALESCE(f.room_id, (SELECT i.room_id FROM accounts i
                                 WHERE i.id = 'issuer:' || f.table_id))
           IS DISTINCT FROM
           COALESCE(d.room_id, (SELECT i.room_id FROM accounts i
                                 WHERE i.id = 'issuer:' || d.table_id))
     ORDER BY t.key`;
  for (const r of crossings) problems.push(`transfer ${r.key} crosses a room's chips`);
  return problems;
}
