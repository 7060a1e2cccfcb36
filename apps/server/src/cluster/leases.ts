import type pg from 'pg';

// T13.1: which node runs which table. A lease row per table with an epoch that every
// claim raises (the fencing token, checked by every write: db/fence.ts). A node renews all its
// leases in one statement and gives them up itself before they can expire elsewhere.

export interface LeaseOptions {
  pool: pg.Pool;
  /** This process; two live processes must never share it. */
  nodeId: string;
  /** How long a lease lasts past its last renewal (LEASE_MS). */
  leaseMs: number;
}

interface Held {
  epoch: number;
  /** performance.now() past which this node no longer counts on the lease (see renewed). */
  until: number;
}

/**
 * T13.2: a lease is trusted locally for 90 % of its length, counted from when the renewal was
 * sent (before Postgres stamped it), so this node stops a table before any other node may claim
 * it, clock drift and a slow reply included.
 */
const TRUSTED_SHARE = 0.9;

export class TableLeases {
  private readonly held = new Map<string, Held>();
  readonly nodeId: string;
  readonly leaseMs: number;

  constructor(private readonly options: LeaseOptions) {
    this.nodeId = options.nodeId;
    this.leaseMs = options.leaseMs;
  }

  /**
   * T13.1: claims each table that nobody holds (no lease yet, given up, or expired), raising its
   * epoch; with `force`, claims it whoever holds it (one node alone: a predecessor that died is
   * fenced by the new epoch). Returns the tables claimed and their new epochs.
   */
  async claim(tableIds: readonly string[], force = false): Promise<Map<string, number>> {
    const ids = tableIds.filter((id) => !this.held.has(id));
    if (ids.length === 0) return new Map();
    const sentAt = performance.now();
    const { rows } = await this.options.pool.query<{ table_id: string; epoch: string }>({
      name: 'banco_claim_leases',
      text: `INSERT INTO table_leases AS l (table_id, epoch, owner, expires_at, claimed_at)
             SELECT t, 1, $2, now() + $3 * interval '1 millisecond', now()
               FROM unnest($1::text[]) AS t
             ON CONFLICT (table_id) DO UPDATE
                SET epoch = l.epoch + 1, owner = EXCLUDED.owner,
                    expires_at = EXCLUDED.expires_at, claimed_at = EXCLUDED.claimed_at
              WHERE $4 OR l.owner IS NULL OR l.expires_at <= now()
             RETURNING l.table_id, l.epoch`,
      values: [ids, this.nodeId, this.leaseMs, force],
    });
    const claimed = new Map<string, number>();
    for (const row of rows) {
      const epoch = Number(row.epoch);
      claimed.set(row.table_id, epoch);
      this.held.set(row.table_id, { epoch, until: sentAt + this.leaseMs * TRUSTED_SHARE });
    }
    return claimed;
  }

  /**
   * T13.2: renews every lease this node holds in one statement. Returns the tables whose lease
   * is gone (claimed elsewhere, or no longer trusted because renewals kept failing): their
   * actors must stop.
   */
  async renew(): Promise<string[]> {
    const mine = [...this.held.entries()];
    const gone: string[] = [];
    if (mine.length > 0) {
      const sentAt = performance.now();
      try {
        const { rows } = await this.options.pool.query<{ table_id: string }>({
          name: 'banco_renew_leases',
          text: `UPDATE table_leases AS l SET expires_at = now() + $4 * interval '1 millisecond'
                   FROM unnest($1::text[], $2::bigint[]) AS h(table_id, epoch)
                  WHERE l.table_id = h.table_id AND l.epoch = h.epoch AND l.owner = $3
                 RETURNING l.table_id`,
          values: [mine.map(([id]) => id), mine.map(([, h]) => h.epoch), this.nodeId, this.leaseMs],
        });
        const renewed = new Set(rows.map((r) => r.table_id));
        for (const [id, held] of mine) {
          // Lost and claimed again while this renewal waited (T13.15): the new claim stands.
          if (this.held.get(id) !== held) continue;
          if (renewed.has(id)) held.until = sentAt + this.leaseMs * TRUSTED_SHARE;
          else {
            this.held.delete(id);
            gone.push(id);
          }
        }
      } catch {
        // Postgres unreachable: the leases stay trusted until their local deadline.
      }
    }
    return [...gone, ...this.expire()];
  }

  /** Tables whose local deadline has passed: forgotten, and returned for their actors to stop. */
  expire(): string[] {
    const now = performance.now();
    const lost = [...this.held.entries()].filter(([, h]) => h.until <= now).map(([id]) => id);
    for (const id of lost) this.held.delete(id);
    return lost;
  }

  /** T13.5: gives the leases up at once (the tables have stopped), so another node claims them. */
  async release(tableIds: readonly string[]): Promise<void> {
    const mine = tableIds.flatMap((id) => {
      const held = this.held.get(id);
      this.held.delete(id);
      return held ? [{ id, epoch: held.epoch }] : [];
    });
    if (mine.length === 0) return;
    await this.options.pool.query({
      name: 'banco_release_leases',
      text: `UPDATE table_leases AS l SET owner = NULL, expires_at = now()
               FROM unnest($1::text[], $2::bigint[]) AS h(table_id, epoch)
              WHERE l.table_id = h.table_id AND l.epoch = h.epoch AND l.owner = $3`,
      values: [mine.map((m) => m.id), mine.map((m) => m.epoch), this.nodeId],
    });
  }

  /** The epoch this node claimed the table with, while it still counts on the lease. */
  epochOf(tableId: string): number | undefined {
    const held = this.held.get(tableId);
    if (!held) return undefined;
    if (held.until <= performance.now()) return undefined;
    return held.epoch;
  }

  /** Forgets a lease without a statement: Postgres refused a write under it. */
  forget(tableId: string): void {
    this.held.delete(tableId);
  }

  heldTables(): string[] {
    return [...this.held.keys()];
  }
}
