import type { Prisma } from './prisma.js';

// Ledger account ids, and the locking and balance helpers every chip-moving transaction uses.

type Tx = Prisma.TransactionClient;

export const HOUSE_ACCOUNT = 'house';
export const REFILL_ACCOUNT = 'refill';
export const walletAccount = (playerId: string): string => `wallet:${playerId}`;
export const escrowAccount = (tableId: string): string => `escrow:${tableId}`;

/**
 * Locks accounts in one global order: wallets (by id), then table escrows, then the house, then
 * REFILL. Every ledger transaction that holds more than one account row takes them in this
 * order (escrowBets and refill hold their wallet first and touch escrow / REFILL last), so two
 * transactions never wait on each other's rows in opposite orders: no deadlocks.
 * FOR NO KEY UPDATE, not FOR UPDATE: transfer inserts, whose foreign-key checks take KEY SHARE
 * on the same rows, are then not blocked.
 */
export async function lockAccounts(tx: Tx, ids: string[]): Promise<Map<string, bigint>> {
  const rows = await tx.$queryRaw<Array<{ id: string; balance: bigint }>>`
    SELECT id, balance FROM accounts WHERE id = ANY(${[...new Set(ids)]}::text[])
     ORDER BY CASE kind WHEN 'WALLET' THEN 0 WHEN 'ESCROW' THEN 1 WHEN 'HOUSE' THEN 2 ELSE 3 END, id
       FOR NO KEY UPDATE`;
  return new Map(rows.map((r) => [r.id, r.balance]));
}

/** Applies balance deltas in one statement; returns the new balances. */
export async function applyDeltas(
  tx: Tx,
  deltas: Map<string, bigint>,
): Promise<Map<string, bigint>> {
  const ids = [...deltas.keys()];
  const amounts = ids.map((id) => (deltas.get(id) ?? 0n).toString());
  const rows = await tx.$queryRaw<Array<{ id: string; balance: bigint }>>`
    UPDATE accounts AS a SET balance = a.balance + v.delta
      FROM unnest(${ids}::text[], ${amounts}::bigint[]) AS v(id, delta)
     WHERE a.id = v.id
    RETURNING a.id, a.balance`;
  return new Map(rows.map((r) => [r.id, r.balance]));
}

export function addDelta(deltas: Map<string, bigint>, id: string, amount: bigint): void {
  deltas.set(id, (deltas.get(id) ?? 0n) + amount);
}
