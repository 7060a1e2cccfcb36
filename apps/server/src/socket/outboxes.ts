import { TABLE_OWNER, TABLE_PRIVATE } from '@banco/protocol';
import type { TableOutbox } from '../table/runtime/table-port.js';
import { HeldBroadcasts, JoiningSockets, type HoldTimes } from './held-broadcasts.js';
import { playerRoom, tableRoom, type TableRooms } from './table-rooms.js';
import type { BancoServer, BancoSocket } from './typed-io.js';

/**
 * T13.16: a socket at this one table hears which node runs it, to reconnect there through the
 * proxy. A socket at several tables stays: its tables are served over the cluster bus.
 */
export function pointTo(socket: BancoSocket, tableId: string, node: string): void {
  if (socket.data.tables.size === 1 && socket.data.tables.has(tableId)) {
    socket.emit(TABLE_OWNER, { tableId, node });
  }
}

/**
 * Where each table's actor speaks: its events held a moment and sent to its room together
 * (P1.7), private messages to one player's sockets, kicks. A socket new at a table is sent what
 * it lacks only once its own ack is out (P6, P1.3).
 */
export class TableOutboxes {
  /** P1.7: each table's events waiting to go out together. */
  private readonly heldAt = new Map<string, HeldBroadcasts>();
  private readonly joining = new JoiningSockets();

  constructor(
    private readonly io: BancoServer,
    private readonly times: HoldTimes,
    private readonly rooms: TableRooms,
  ) {}

  outboxFor(tableId: string): TableOutbox {
    const { io } = this;
    const held = new HeldBroadcasts(io, tableRoom(tableId), this.times, () =>
      this.joining.of(tableId),
    );
    this.heldAt.set(tableId, held);
    const socketsOf = (playerId: string) =>
      [...(io.sockets.adapter.rooms.get(playerRoom(playerId, tableId)) ?? [])].flatMap(
        (id) => io.sockets.sockets.get(id) ?? [],
      );
    return {
      broadcast: (event) => held.broadcast(event),
      sendPrivate: (playerId, message) => {
        // A turner's cards come after the turn that gives them (P1.5).
        for (const socket of socketsOf(playerId)) held.catchUp(socket);
        // Local: other nodes' sockets hear it through the cluster bus (T13.8).
        io.local.to(playerRoom(playerId, tableId)).emit(TABLE_PRIVATE, message);
      },
      // T11.2: a kicked player's sockets leave the table; they are still connected otherwise.
      eject: (playerId) => {
        held.flush();
        for (const socket of socketsOf(playerId)) this.rooms.exit(socket, tableId, true);
      },
      pointTo: (node) => {
        held.flush();
        for (const id of io.sockets.adapter.rooms.get(tableRoom(tableId)) ?? []) {
          const socket = io.sockets.sockets.get(id);
          if (socket) pointTo(socket, tableId, node);
        }
      },
      release: () => {
        held.flush();
        // A room opened again under its id has a holder of its own by now.
        if (this.heldAt.get(tableId) === held) this.heldAt.delete(tableId);
      },
    };
  }

  /** The socket is new at the table and its command is on its way (P1.7). */
  startJoining(tableId: string, socket: BancoSocket): void {
    this.joining.start(tableId, socket.id);
  }

  /** The command failed: what was held back for the socket is dropped (its client asks again). */
  stopJoining(tableId: string, socket: BancoSocket): void {
    this.joining.finish(tableId, socket, Number.POSITIVE_INFINITY);
  }

  /**
   * P6, P1.7: before a command's ack, the socket gets the table's events it lacks, held ones
   * included; a snapshot or a resync's events stand for those up to `coveredUpTo`.
   */
  catchUp(tableId: string, socket: BancoSocket, coveredUpTo: number, wasJoining: boolean): void {
    const at = socket.data.tables.has(tableId);
    if (wasJoining)
      this.joining.finish(tableId, socket, at ? coveredUpTo : Number.POSITIVE_INFINITY);
    if (at) this.heldAt.get(tableId)?.catchUp(socket, coveredUpTo);
  }

  /** Everything held goes out now (the server is stopping). */
  flushAll(): void {
    for (const held of this.heldAt.values()) held.flush();
  }
}
