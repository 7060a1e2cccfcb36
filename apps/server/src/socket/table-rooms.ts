import type { FastifyBaseLogger } from 'fastify';
import { LocalPresence } from '../cluster/local-presence.js';
import type { TablePort, TableRegistry } from '../table/runtime/table-port.js';
import type { BancoSocket } from './typed-io.js';

export const tableRoom = (tableId: string): string => `table:${tableId}`;
export const playerRoom = (playerId: string, tableId: string): string =>
  `player:${playerId}:${tableId}`;

/**
 * A socket's place at tables: it enters a table's room and its player's room there, and the
 * table hears when a player's first socket here arrives or their last one leaves (T1.5), from
 * the one count of who is here (LocalPresence).
 */
export class TableRooms {
  readonly presence = new LocalPresence();

  constructor(
    private readonly registry: () => TableRegistry | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The socket enters the table; false when it was there already. */
  enter(socket: BancoSocket, table: TablePort): boolean {
    const { player, tables } = socket.data;
    if (tables.has(table.id)) return false;
    tables.add(table.id);
    void socket.join([tableRoom(table.id), playerRoom(player.id, table.id)]);
    if (this.presence.arrive(table.id, player.id)) this.tell(table, player.id, true);
    return true;
  }

  /** The socket leaves the table (its rooms too, unless it is disconnecting anyway). */
  exit(socket: BancoSocket, tableId: string, leaveRooms: boolean): void {
    const { player, tables } = socket.data;
    if (!tables.delete(tableId)) return;
    if (leaveRooms) {
      void socket.leave(tableRoom(tableId));
      void socket.leave(playerRoom(player.id, tableId));
    }
    if (!this.presence.depart(tableId, player.id)) return;
    const table = this.registry()?.get(tableId);
    if (table) this.tell(table, player.id, false);
  }

  private tell(table: TablePort, playerId: string, connected: boolean): void {
    try {
      table.presence(playerId, connected);
    } catch (error) {
      this.log.error({ err: error, tableId: table.id, playerId }, 'table.presence failed');
    }
  }
}
