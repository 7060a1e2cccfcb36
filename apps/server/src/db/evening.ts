import type pg from 'pg';
import { fromPg } from './amounts.js';
import { fenceValues } from './fence.js';
import { ledgerErrorOf } from './ledger-error.js';
import type { Fence } from './ledger-types.js';
import { inviteCodeHash } from './rooms.js';

// T10.8, T11.12, T11.15: what the host's evening asks of the database: room-chips accounts and
// entries, who a player is, whether an invite seats its holder without asking.

/** One grant, top-up or adjustment of a room stack (T11.15); a replay of its key moves nothing. */
export async function roomChipsEntry(
  pool: pg.Pool,
  roomId: string,
  entry: {
    key: string;
    playerId: string;
    kind: 'GRANT' | 'TOP_UP' | 'ADJUST';
    amount: number;
    approvedBy: string;
    reason: string | null;
  },
  fence?: Fence,
): Promise<number> {
  try {
    const { rows } = await pool.query<{ balance: string }>({
      name: 'banco_room_chips_entry',
      text: `SELECT room_chips_entry(CASE WHEN fence.ok THEN $1::text END, $2, $3, $4, $5, $6, $7)
                    AS balance
               FROM banco_fence($8::text[], $9::bigint[]) AS fence(ok)`,
      values: [
        roomId,
        entry.playerId,
        entry.key,
        entry.kind,
        entry.amount,
        entry.approvedBy,
        entry.reason,
        ...fenceValues([fence]),
      ],
    });
    return fromPg(rows[0]!.balance);
  } catch (error) {
    throw ledgerErrorOf(error) ?? error;
  }
}

/** T11.12: a player's name, and whether they hold an account (a username) or are a guest. */
export async function eveningMember(
  pool: pg.Pool,
  playerId: string,
): Promise<{ player: { id: string; name: string }; account: boolean } | null> {
  const { rows } = await pool.query<{ id: string; name: string; account: boolean }>({
    name: 'banco_evening_member',
    text: 'SELECT id, name, username IS NOT NULL AS account FROM players WHERE id = $1',
    values: [playerId],
  });
  const row = rows[0];
  return row ? { player: { id: row.id, name: row.name }, account: row.account } : null;
}

/** T11.12: whether `code` is a live invite of this room made with autoApprove. */
export async function autoApproveInvite(
  pool: pg.Pool,
  roomId: string,
  code: string,
): Promise<boolean> {
  const { rows } = await pool.query({
    name: 'banco_auto_approve_invite',
    text: `SELECT 1 FROM room_invites
            WHERE code_hash = $1 AND table_id = $2 AND auto_approve AND expires_at > now()`,
    values: [inviteCodeHash(code), roomId],
  });
  return rows.length > 0;
}
