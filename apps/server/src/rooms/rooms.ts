import {
  roomTableSettings,
  type CreateRoomBody,
  type HouseEdgesReply,
  type PlayerInfo,
  type RoomState,
  type RoomSummary,
  type TableSettings,
} from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { isUniqueViolation } from '../db/ledger-error.js';
import type { InviteLookup, RoomStore } from '../db/rooms.js';
import type { LiveTables } from '../cluster/registry.js';
import { TIMINGS, type TimingName } from '../table/core/settings.js';
import { turnedAway } from '../table/runtime/admission.js';
import type { TablePort } from '../table/runtime/table-port.js';
import { houseEdgeTable } from './house-edges.js';
import { isPracticeTable, PRACTICE_ROOM_NAME, practiceTableSettings } from './practice.js';
import { newInviteCode, newRoomId } from './room-ids.js';

export type RoomRefusal<C extends string> = { ok: false; code: C; message: string };

export interface RoomsDeps {
  store: RoomStore;
  /** The live tables, once they exist. */
  tables: () => LiveTables | undefined;
  playerName: (playerId: string) => Promise<string | null>;
  pace: TimingName;
  roomsPerHost: number;
  maxOpenRooms: number;
  clock?: () => number;
  log?: { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
  /** Waits between tries of marking a room closed (ms); tests shorten them. */
  closeRetryMs?: readonly number[];
  /** TEST ONLY (config TEST_SCRIPTED_SHOE): rooms opened here deal this card order too. */
  scriptedShoe?: readonly CardCode[];
}

const CLOSE_RETRY_MS = [200, 1_000, 5_000, 15_000, 30_000] as const;

/** Private rooms: opened over HTTP, kept in Postgres, played by the table registry (T10). */
export class Rooms {
  private readonly clock: () => number;

  constructor(private readonly deps: RoomsDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  private live(): LiveTables {
    const tables = this.deps.tables();
    if (!tables) throw new Error('rooms used before the tables started');
    return tables;
  }

  /** T10.1, T10.2: stores the room and starts its table at once. */
  async create(
    host: PlayerInfo,
    body: CreateRoomBody,
  ): Promise<{ ok: true; room: RoomSummary } | RoomRefusal<'TOO_MANY_ROOMS'>> {
    return this.openTable(
      host,
      body.name,
      roomTableSettings(body.settings, TIMINGS[this.deps.pace]),
    );
  }

  private async openTable(
    host: PlayerInfo,
    name: string,
    settings: TableSettings,
  ): Promise<{ ok: true; room: RoomSummary } | RoomRefusal<'TOO_MANY_ROOMS'>> {
    const tables = this.live();
    const id = newRoomId();
    const stored = await this.deps.store.create(
      { id, name, settings, hostPlayerId: host.id },
      { perHost: this.deps.roomsPerHost, total: this.deps.maxOpenRooms },
    );
    if (!stored.ok) return stored;
    let table: TablePort;
    try {
      table = await tables.open({
        id,
        name,
        isPublic: false,
        hostPlayerId: host.id,
        settings,
        ...(this.deps.scriptedShoe ? { scriptedShoe: this.deps.scriptedShoe } : {}),
      });
    } catch (error) {
      // A room whose table never started must not come back at the next restart either.
      await this.deps.store.close(id, new Date(this.clock())).catch(() => undefined);
      throw error;
    }
    this.deps.log?.info({ table: id, host: host.id }, 'room opened');
    return { ok: true, room: await this.summaryOf(table) };
  }

  /**
   * T12.1: the player's practice table: the one they already have open, or a new one. It is a
   * private room like any other (stored, restarted, closed when idle) with the practice preset.
   */
  async openPractice(
    host: PlayerInfo,
  ): Promise<{ ok: true; room: RoomSummary; reused: boolean } | RoomRefusal<'TOO_MANY_ROOMS'>> {
    const tables = this.live();
    for (const table of tables.list()) {
      if (!isPracticeTable(table.settings)) continue;
      if (tables.definition(table.id)?.hostPlayerId !== host.id) continue;
      // Still open to its host: not closing, closed or resuming.
      if (turnedAway(await table.admission(host.id))) continue;
      return { ok: true, room: await this.summaryOf(table), reused: true };
    }
    const opened = await this.openTable(
      host,
      PRACTICE_ROOM_NAME,
      practiceTableSettings(TIMINGS[this.deps.pace]),
    );
    return opened.ok ? { ...opened, reused: false } : opened;
  }

  /** T10.6: a live table by its exact id; null for an unknown or closed one. */
  async summary(tableId: string): Promise<RoomSummary | null> {
    const table = this.deps.tables()?.get(tableId);
    return table ? this.summaryOf(table) : null;
  }

  private async summaryOf(table: TablePort): Promise<RoomSummary> {
    const definition = this.live().definition(table.id);
    const isPublic = definition?.isPublic ?? false;
    const host = await this.hostOf(table);
    return {
      id: table.id,
      name: table.name,
      settings: table.settings,
      seated: table.seatedCount(),
      spectators: table.spectatorCount(),
      isPublic,
      hostPlayerId: host?.hostPlayerId ?? null,
      hostName: host?.hostName ?? null,
      locked: host?.locked ?? false,
    };
  }

  /** The host now: the table's own room state once it keeps one, else who opened the room. */
  private async hostOf(
    table: TablePort,
  ): Promise<{ hostPlayerId: string; hostName: string; locked: boolean } | null> {
    // A table resuming or moving cannot answer for a moment: its opener stands in.
    const room = await this.roomStateOf(table).catch(() => null);
    if (room) return room;
    const opener = this.live().definition(table.id)?.hostPlayerId ?? null;
    if (opener === null) return null;
    return {
      hostPlayerId: opener,
      hostName: (await this.deps.playerName(opener)) ?? '',
      locked: false,
    };
  }

  private async roomStateOf(table: TablePort): Promise<RoomState | null> {
    if (table.roomState) return table.roomState();
    // The cluster's ports have no roomState yet: a snapshot carries it (for no seat's viewer).
    return (await table.snapshot('')).room ?? null;
  }

  /** T10.3: only the room's host makes codes; each leads to the room until it expires. */
  async createInvite(
    player: PlayerInfo,
    roomId: string,
    ttlMinutes: number,
    autoApprove = false,
  ): Promise<
    { ok: true; code: string; expiresAt: Date } | RoomRefusal<'UNKNOWN_TABLE' | 'NOT_HOST'>
  > {
    const table = this.deps.tables()?.get(roomId);
    if (!table) return { ok: false, code: 'UNKNOWN_TABLE', message: `no table ${roomId}` };
    const host = await this.hostOf(table);
    if (host?.hostPlayerId !== player.id) {
      return { ok: false, code: 'NOT_HOST', message: 'only the host of this room may do that' };
    }
    const expiresAt = new Date(this.clock() + ttlMinutes * 60_000);
    for (let attempt = 1; ; attempt++) {
      const code = newInviteCode();
      try {
        await this.deps.store.createInvite({
          code,
          roomId,
          createdBy: player.id,
          expiresAt,
          autoApprove,
        });
        return { ok: true, code, expiresAt };
      } catch (error) {
        // 31^8 codes: a clash is rare, three in a row is a broken generator.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  /** T10.3: a code leads to its room only while both are alive. */
  async resolveInvite(code: string): Promise<InviteLookup> {
    const found = await this.deps.store.resolveInvite(code, new Date(this.clock()));
    if (found.ok && !this.deps.tables()?.get(found.roomId)) {
      return { ok: false, code: 'UNKNOWN_TABLE' };
    }
    return found;
  }

  /** R13.6 for the room form: computed once, then the same table for every caller. */
  houseEdges(): HouseEdgesReply {
    return houseEdgeTable();
  }

  /**
   * T10.5: the table has finished closing: nobody reaches it from now on, and it stays closed
   * across restarts. Marking it is retried (it is idempotent) and gives up loudly.
   */
  async closed(tableId: string): Promise<void> {
    await this.deps.tables()?.closed(tableId);
    const waits = this.deps.closeRetryMs ?? CLOSE_RETRY_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.deps.store.close(tableId, new Date(this.clock()));
        this.deps.log?.info({ table: tableId }, 'room closed');
        return;
      } catch (error) {
        const wait = waits[attempt];
        if (wait === undefined) {
          this.deps.log?.error(
            { err: error, table: tableId },
            'room could not be marked closed: it will start again at the next restart',
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
}
