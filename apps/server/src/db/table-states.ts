import { clientSeedFrom } from '@banco/rules';
import type pg from 'pg';
import { storableJson } from './storable-json.js';
import { fenceValues } from './fence.js';
import type { Fence } from './ledger-types.js';
import type { PrismaClient } from './prisma.js';

// A table's reducer state between processes (T9.1: a table survives its process), and the
// rounds and shoes no live table will ever finish.

export interface StoredTableState {
  /** No event was broadcast with a higher version: a restarted table counts on from here. */
  version: number;
  /** The round in play (opening to settling), or null. */
  roundSeq: number | null;
  shoeId: string | null;
  state: unknown;
}

/** A table's state to store, under its lease epoch (T13.3) when it has one. */
export interface StateSave {
  tableId: string;
  row: StoredTableState;
  epoch?: number;
}

/**
 * Saves of many tables in one statement, committed without waiting for the WAL flush
 * (synchronous_commit off for this transaction alone): a table saves at every phase boundary,
 * and a full commit there would cost rounds a second. A server crash loses nothing by it
 * (Postgres has the rows); a crash of Postgres itself may lose the last saves, and a table then
 * resumes one phase earlier, which the keyed effects and the startup sweep (T9.5) make safe.
 * Chip movements keep their synchronous commits (round-writes.ts: saves that share a statement
 * with confirms, an open or an end commit with them, in that statement).
 */
export async function saveStates(
  db: Pick<pg.Pool, 'query'>,
  saves: readonly StateSave[],
): Promise<void> {
  await db.query({
    ...SAVE_STATES,
    values: [
      savesJson(saves),
      ...fenceValues(
        saves.map((s) =>
          s.epoch === undefined ? undefined : { tableId: s.tableId, epoch: s.epoch },
        ),
      ),
    ],
  });
}

// The fence is a volatile CTE: evaluated once, before any row is written (T13.3).
const upsertStates = (
  from: string,
) => `INSERT INTO table_states (table_id, version, round_seq, shoe_id, state, updated_at)
               SELECT s.table_id, s.version, s.round_seq, s.shoe_id, s.state, now()
                 FROM ${from} json_to_recordset($1::json)
                      AS s(table_id text, version int, round_seq int, shoe_id text, state json)
                WHERE fence.ok
               ON CONFLICT (table_id) DO UPDATE
                  SET version = EXCLUDED.version, round_seq = EXCLUDED.round_seq,
                      shoe_id = EXCLUDED.shoe_id, state = EXCLUDED.state,
                      updated_at = EXCLUDED.updated_at`;

const SAVE_STATES = {
  name: 'banco_save_table_states_fenced',
  text: `WITH async AS (SELECT set_config('synchronous_commit', 'off', true)),
              fence AS (SELECT banco_fence($2::text[], $3::bigint[]) AS ok)
         ${upsertStates('async, fence,')}`,
} as const;

/** One JSON document, not arrays: node-postgres would escape every state's quotes. */
export function savesJson(saves: readonly StateSave[]): string {
  return storableJson(
    saves.map(({ tableId, row }) => ({
      table_id: tableId,
      version: row.version,
      round_seq: row.roundSeq,
      shoe_id: row.shoeId,
      state: row.state,
    })),
  );
}

export async function loadTableState(
  prisma: PrismaClient,
  tableId: string,
): Promise<StoredTableState | null> {
  const row = await prisma.tableStateRow.findUnique({ where: { tableId } });
  return (
    row && { version: row.version, roundSeq: row.roundSeq, shoeId: row.shoeId, state: row.state }
  );
}

/** T9.5: the table's OPEN rounds other than the one it is playing, oldest first. */
export async function abandonedRounds(
  prisma: PrismaClient,
  tableId: string,
  liveSeq: number | null,
): Promise<{ tableId: string; seq: number }[]> {
  const rounds = await prisma.round.findMany({
    where: { status: 'OPEN', tableId },
    select: { tableId: true, seq: true },
    orderBy: { seq: 'asc' },
  });
  return rounds.filter((r) => r.seq !== liveSeq);
}

/**
 * T9.5: ends every shoe no live table can finish and reveals its seed. A shoe that never got its
 * client seed (the process died while it was seeding) gets the one no contribution makes (R11.7):
 * nobody saw it shuffled, and its seed can be checked against the commitment all the same.
 */
export async function endAbandonedShoes(
  prisma: PrismaClient,
  pool: pg.Pool,
  tableId: string,
  liveShoeId: string | null,
  fence?: Fence,
): Promise<string[]> {
  const shoes = await prisma.shoe.findMany({
    where: { tableId, endedAt: null, ...(liveShoeId ? { id: { not: liveShoeId } } : {}) },
    select: { id: true, commitment: true, clientSeed: true },
  });
  for (const shoe of shoes) {
    const seeded = clientSeedFrom(shoe.commitment, []);
    const clientSeed = shoe.clientSeed ?? (seeded.ok ? seeded.value : null);
    await pool.query({
      name: 'banco_end_abandoned_shoe',
      text: `UPDATE shoes SET client_seed = $2, ended_at = now(), revealed_at = now()
               FROM (SELECT banco_fence($3::text[], $4::bigint[]) AS ok) AS fence
              WHERE fence.ok AND id = $1 AND ended_at IS NULL`,
      values: [shoe.id, clientSeed, ...fenceValues([fence])],
    });
  }
  return shoes.map((s) => s.id);
}
