import { createHash } from 'node:crypto';
import { tableSettingsSchema, type TableSettings } from '@banco/protocol';
import { escrowAccount, issuerAccount, roomHouseAccount } from './accounts.js';
import type { Prisma, PrismaClient } from './prisma.js';

// Private rooms and their invite codes (T10): which rooms are open, who hosts them, and the
// codes that lead to them.

type Json = Prisma.InputJsonValue;

const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

export interface StoredRoom {
  id: string;
  name: string;
  settings: TableSettings;
  hostPlayerId: string;
  hostName: string;
}

export type CreateRoomResult =
  { ok: true } | { ok: false; code: 'TOO_MANY_ROOMS'; message: string };

export type InviteLookup =
  { ok: true; roomId: string } | { ok: false; code: 'UNKNOWN_TABLE' | 'INVITE_EXPIRED' };

/** Invite codes are stored as their sha256: a copy of the database opens no room. */
export const inviteCodeHash = (code: string): string =>
  createHash('sha256').update(code, 'utf8').digest('hex');

/** One lock for every room opening, so the per-host and server-wide counts cannot race. */
const ROOM_OPENING_LOCK = 0x726f_6f6d;

export class RoomStore {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * T10.2: stores a new OPEN room with its escrow account, unless its host already has
   * `perHost` open rooms or the server `total` of them.
   */
  async create(
    room: { id: string; name: string; settings: TableSettings; hostPlayerId: string },
    caps: { perHost: number; total: number },
  ): Promise<CreateRoomResult> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ROOM_OPENING_LOCK}::bigint)`;
      const open = { isPublic: false, status: 'OPEN' } as const;
      const [mine, all] = await Promise.all([
        tx.table.count({ where: { ...open, hostPlayerId: room.hostPlayerId } }),
        tx.table.count({ where: open }),
      ]);
      if (mine >= caps.perHost) {
        return {
          ok: false,
          code: 'TOO_MANY_ROOMS',
          message: `a host may have ${caps.perHost} open rooms at once; close one first`,
        } as const;
      }
      if (all >= caps.total) {
        return {
          ok: false,
          code: 'TOO_MANY_ROOMS',
          message: 'this server has as many open rooms as it can run; try again later',
        } as const;
      }
      await tx.table.create({
        data: {
          id: room.id,
          name: room.name,
          isPublic: false,
          settings: room.settings as Json,
          hostPlayerId: room.hostPlayerId,
        },
      });
      await tx.account.create({
        data: { id: escrowAccount(room.id), kind: 'ESCROW', tableId: room.id },
      });
      // T10.8: a room with room chips mints its stacks from an issuer of its own.
      if (room.settings.evening?.chips === 'room') {
        await tx.account.createMany({
          data: [
            { id: issuerAccount(room.id), kind: 'ROOM_ISSUER', roomId: room.id },
            { id: roomHouseAccount(room.id), kind: 'ROOM_HOUSE', roomId: room.id },
          ],
        });
      }
      return { ok: true } as const;
    }, TX_OPTIONS);
  }

  /** An OPEN private room, or null (unknown, public or closed alike). */
  async openRoom(roomId: string): Promise<StoredRoom | null> {
    const row = await this.prisma.table.findFirst({
      where: { id: roomId, isPublic: false, status: 'OPEN', hostPlayerId: { not: null } },
      select: roomColumns,
    });
    return row ? toStoredRoom(row) : null;
  }

  /**
   * T10.4: every OPEN private room, oldest first, to start again after a restart; the ids of
   * any whose stored settings no longer parse (they stay OPEN for an operator to look at).
   */
  async openRooms(): Promise<{ rooms: StoredRoom[]; unreadable: string[] }> {
    const rows = await this.prisma.table.findMany({
      where: { isPublic: false, status: 'OPEN', hostPlayerId: { not: null } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: roomColumns,
    });
    const rooms: StoredRoom[] = [];
    const unreadable: string[] = [];
    for (const row of rows) {
      const room = toStoredRoom(row);
      if (room) rooms.push(room);
      else unreadable.push(row.id);
    }
    return { rooms, unreadable };
  }

  /** T10.5: idempotent; true when this call closed it. */
  async close(roomId: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.table.updateMany({
      where: { id: roomId, isPublic: false, status: 'OPEN' },
      data: { status: 'CLOSED', closedAt: at },
    });
    if (count > 0) await this.prisma.roomInvite.deleteMany({ where: { tableId: roomId } });
    return count > 0;
  }

  async createInvite(invite: {
    code: string;
    roomId: string;
    createdBy: string;
    expiresAt: Date;
    autoApprove?: boolean;
  }): Promise<void> {
    await this.prisma.roomInvite.create({
      data: {
        codeHash: inviteCodeHash(invite.code),
        tableId: invite.roomId,
        createdBy: invite.createdBy,
        expiresAt: invite.expiresAt,
        autoApprove: invite.autoApprove === true,
      },
    });
  }

  /** T10.3: the open room a code leads to; a code of a closed room is unknown. */
  async resolveInvite(code: string, now: Date): Promise<InviteLookup> {
    const invite = await this.prisma.roomInvite.findUnique({
      where: { codeHash: inviteCodeHash(code) },
      select: { tableId: true, expiresAt: true, table: { select: { status: true } } },
    });
    if (!invite || invite.table.status !== 'OPEN') return { ok: false, code: 'UNKNOWN_TABLE' };
    if (invite.expiresAt <= now) return { ok: false, code: 'INVITE_EXPIRED' };
    return { ok: true, roomId: invite.tableId };
  }
}

const roomColumns = {
  id: true,
  name: true,
  settings: true,
  hostPlayerId: true,
  host: { select: { name: true } },
} as const;

function toStoredRoom(row: {
  id: string;
  name: string;
  settings: unknown;
  hostPlayerId: string | null;
  host: { name: string } | null;
}): StoredRoom | null {
  const settings = tableSettingsSchema.safeParse(row.settings);
  if (!settings.success || row.hostPlayerId === null || row.host === null) return null;
  return {
    id: row.id,
    name: row.name,
    settings: settings.data,
    hostPlayerId: row.hostPlayerId,
    hostName: row.host.name,
  };
}
