import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { fenceValues } from './fence.js';
import { LedgerError, ledgerErrorOf } from './ledger-error.js';
import type { Fence } from './ledger-types.js';

/** A round to open at a table, under the table's lease (T13.3) when it has one. */
export interface OpenRoundInput {
  tableId: string;
  shoeId: string;
  seq: number;
  number: number;
  holderSeat: number | null;
  fence?: Fence;
}

/** A pool, or a client inside a transaction the caller began. */
export type Queryable = Pick<pg.Pool, 'query'>;

// T13.3: the fence is a CTE the insert reads, evaluated once, before it writes.
const OPEN_ROUND = {
  name: 'banco_open_round_fenced',
  text: `WITH fence AS (SELECT banco_fence($7::text[], $8::bigint[]) AS ok),
              opened AS (
           INSERT INTO rounds (id, table_id, shoe_id, seq, number, holder_seat)
           SELECT $1, $2, $3, $4, $5, $6 FROM fence WHERE fence.ok
           ON CONFLICT (table_id, seq) DO NOTHING
           RETURNING id)
         SELECT id FROM opened
         UNION ALL SELECT r.id FROM rounds r, fence
          WHERE fence.ok AND r.table_id = $2 AND r.seq = $4
         LIMIT 1`,
} as const;

/** The round's id; a table that retries after a failure gets the round it already opened. */
export async function openRoundOn(db: Queryable, input: OpenRoundInput): Promise<string> {
  let rows: { id: string }[];
  try {
    ({ rows } = await db.query<{ id: string }>({
      ...OPEN_ROUND,
      values: [
        randomUUID(),
        input.tableId,
        input.shoeId,
        input.seq,
        input.number,
        input.holderSeat,
        ...fenceValues([input.fence]),
      ],
    }));
  } catch (error) {
    throw ledgerErrorOf(error) ?? error;
  }
  if (!rows[0])
    throw new LedgerError('NOT_FOUND', `round ${input.seq} of ${input.tableId} vanished`);
  return rows[0].id;
}
