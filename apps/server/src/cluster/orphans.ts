import type pg from 'pg';
import type { Ledger } from '../db/ledger.js';
import type { TableLog } from '../table/runtime/table-port.js';
import type { TableLeases } from './leases.js';

/**
 * T13.18: tables no node will run again (a room closed, a public table no longer among
 * `PUBLIC_TABLES`) that still hold an OPEN round or an unfinished shoe, and whose lease is free:
 * their owner died before it closed them, or they were never claimed since. Nobody claims them to
 * run them (T13.7 counts only OPEN tables this node could run), so without this their stakes stay
 * in escrow and their seeds unrevealed for ever.
 */
export async function orphanedTables(
  pool: pg.Pool,
  publicIds: readonly string[],
): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>({
    name: 'banco_orphaned_tables',
    text: `SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
            WHERE (t.status <> 'OPEN' OR (t.is_public AND NOT t.id = ANY($1::text[])))
              AND (l.table_id IS NULL OR l.owner IS NULL OR l.expires_at <= now())
              AND (EXISTS (SELECT 1 FROM rounds r WHERE r.table_id = t.id AND r.status = 'OPEN')
                   OR EXISTS (SELECT 1 FROM shoes s WHERE s.table_id = t.id AND s.ended_at IS NULL))`,
    values: [publicIds],
  });
  return rows.map((r) => r.id);
}

export interface SweepDeps {
  leases: TableLeases;
  ledger: Pick<Ledger, 'closeAbandoned'>;
  log?: Pick<TableLog, 'error'>;
}

/**
 * T13.18: each orphan is claimed like any table (a new epoch fences a late predecessor), its
 * OPEN rounds refunded and its shoes ended and revealed under that fence (T9.5, by the
 * transfers' keys, so a second sweep changes nothing), and its lease given up at once.
 */
export async function sweepOrphans(deps: SweepDeps, tableIds: readonly string[]): Promise<void> {
  if (tableIds.length === 0) return;
  const claimed = await deps.leases.claim(tableIds);
  try {
    for (const [tableId, epoch] of claimed) {
      const closed = await deps.ledger.closeAbandoned({
        tableId,
        roundSeq: null,
        shoeId: null,
        fence: { tableId, epoch },
      });
      deps.log?.error(
        { table: tableId, ...closed },
        'a table no node runs: its rounds refunded and shoes revealed',
      );
    }
  } finally {
    await deps.leases.release([...claimed.keys()]);
  }
}
