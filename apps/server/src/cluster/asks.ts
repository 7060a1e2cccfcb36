import type { CommandName } from '@banco/protocol';
import { RequestFailed, type ClusterBus } from './bus.js';
import type { Members } from './members.js';
import type { Request } from './messages.js';

/**
 * Requests that only read or enter a table: asked again of a table's new owner when the one
 * asked lost it before answering (P13.2: a resync is answered as soon as the table is back).
 * Anything else is answered MOVING and sent again by the client (P13.2).
 */
const ASKED_AGAIN: ReadonlySet<CommandName> = new Set([
  'table.join',
  'table.resync',
  'table.snapshot',
]);

interface Asking {
  tableId: string;
  node: string;
  epoch: number;
  controller: AbortController;
}

/** T13.8, T13.10: this node's requests to the owners of tables other nodes run. */
export class OwnerAsks {
  /** Requests waiting for an owner's answer: dropped at once when the table leaves that owner. */
  private readonly asking = new Set<Asking>();

  constructor(
    private readonly bus: ClusterBus,
    private readonly members: Pick<Members, 'ownerOf'>,
    /** Whether this node has a socket at the table (then it hears the table's events). */
    private readonly hasSockets: (tableId: string) => boolean,
  ) {}

  /**
   * Asks the table's owner; RequestFailed (moved) when there is none right now, or as soon as
   * the owner asked is gone or another node runs the table: then a read or an entry is asked
   * again of the new owner, once, if there is one already.
   */
  async ask(request: Request): Promise<unknown> {
    const again = request.k !== 'cmd' || ASKED_AGAIN.has(request.name);
    for (let attempt = 0; ; attempt++) {
      const owner = this.members.ownerOf(request.tableId);
      if (!owner) throw new RequestFailed(`no live node runs ${request.tableId} right now`, true);
      const asking: Asking = {
        tableId: request.tableId,
        node: owner.node,
        epoch: owner.table.epoch,
        controller: new AbortController(),
      };
      this.asking.add(asking);
      try {
        // P6 across nodes: the events a command causes are heard here before its ack.
        if (this.hasSockets(request.tableId)) await this.bus.watch(request.tableId);
        return await this.bus.ask(owner.node, request, asking.controller.signal);
      } catch (error) {
        const left = asking.controller.signal.aborted;
        if (!left || !again || attempt > 0) throw error;
      } finally {
        this.asking.delete(asking);
      }
    }
  }

  /** Requests to an owner that no longer runs their table will get no answer: end them now. */
  dropStale(): void {
    for (const asking of this.asking) {
      const owner = this.members.ownerOf(asking.tableId);
      if (owner?.node === asking.node && owner.table.epoch === asking.epoch) continue;
      asking.controller.abort();
    }
  }
}
