import type { TableOutbox } from '../table/runtime/table-port.js';
import type { ClusterBus } from './bus.js';
import type { KnownTables } from './known-tables.js';
import type { TableLeases } from './leases.js';
import type { TableMessage } from './messages.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The gateway's outboxes here, by table. */
export type OutboxesHere = (tableId: string) => TableOutbox;

/**
 * T13.8: a table's word (its events, private messages and kicks) on the bus: said by the node
 * that runs it, replayed by every other node to its own sockets at it.
 */
export class TableWord {
  /** The gateway's outboxes for tables other nodes run. */
  private readonly mirrors = new Map<string, TableOutbox>();

  constructor(
    private readonly nodeId: string,
    private readonly bus: ClusterBus,
    private readonly leases: Pick<TableLeases, 'epochOf'>,
    private readonly known: KnownTables,
    /** How long after a table came here its word always crosses (three beats). */
    private readonly graceMs: number,
    /** Whether another node has a socket at the table. */
    private readonly socketsElsewhere: (tableId: string) => boolean,
  ) {}

  /** The outbox a table running here speaks through: its sockets here, and the other nodes. */
  outboxFor(tableId: string, local: TableOutbox): TableOutbox {
    // The table is ours now: what another owner said of it is no longer replayed here.
    this.mirrors.get(tableId)?.release?.();
    this.mirrors.delete(tableId);
    const since = performance.now();
    /**
     * T13.8: the table's word crosses the bus only while another node has a socket at it (its
     * presence reaches this node before any command of that socket does). For three beats after
     * the table came here it always does: the other nodes' players are heard of a beat later.
     */
    const heardElsewhere = () =>
      this.socketsElsewhere(tableId) || performance.now() - since < this.graceMs;
    const say = (message: DistributiveOmit<TableMessage, 'node' | 'epoch'>): boolean => {
      const epoch = this.leases.epochOf(tableId);
      // T13.3: a table whose lease this node no longer trusts says nothing more, here or there.
      if (epoch === undefined) return false;
      this.known.raiseFloor(tableId, epoch);
      if (heardElsewhere()) {
        this.bus.publishTable(tableId, { ...message, node: this.nodeId, epoch } as TableMessage);
      }
      return true;
    };
    return {
      broadcast: (event) => {
        if (say({ k: 'event', event })) local.broadcast(event);
      },
      sendPrivate: (playerId, message) => {
        if (say({ k: 'private', playerId, message })) local.sendPrivate(playerId, message);
      },
      eject: (playerId) => {
        say({ k: 'eject', playerId });
        local.eject(playerId);
      },
      release: () => local.release?.(),
    };
  }

  /**
   * An owner's event, private message or kick, replayed to this node's sockets (`outboxes`):
   * none when the table runs here, or when nobody here is at it (`watchers` is 0).
   */
  mirror(
    tableId: string,
    message: TableMessage,
    here: { runs: boolean; watchers: number; outboxes: OutboxesHere } | undefined,
  ): void {
    if (message.node === this.nodeId || here?.runs) return;
    // T13.10: a fenced (zombie) owner's word is dropped: the table has a newer epoch.
    if (this.known.stale(tableId, message.epoch)) return;
    this.known.raiseFloor(tableId, message.epoch);
    if (!here?.watchers) return;
    const outbox = this.mirrorOf(tableId, here.outboxes);
    switch (message.k) {
      case 'event':
        return outbox.broadcast(message.event);
      case 'private':
        return outbox.sendPrivate(message.playerId, message.message);
      case 'eject':
        return outbox.eject(message.playerId);
    }
  }

  /** The gateway's outbox for a table another node runs: its sockets here. */
  mirrorOf(tableId: string, outboxes: OutboxesHere): TableOutbox {
    let outbox = this.mirrors.get(tableId);
    if (!outbox) {
      outbox = outboxes(tableId);
      this.mirrors.set(tableId, outbox);
    }
    return outbox;
  }
}
