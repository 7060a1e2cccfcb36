import type { TablePort, TableRegistry } from '../table/runtime/table-port.js';
import type { Heartbeat } from './messages.js';

/**
 * T13.9: at the tables this node runs, the players with sockets on other nodes, and which
 * nodes: a table's actor hears the union with this node's own sockets (first in, last out).
 */
export class RemotePresence {
  /** Table → player → the other nodes where the player has a socket at it. */
  private readonly present = new Map<string, Map<string, Set<string>>>();

  constructor(
    /** Whether the player has a socket at the table on this node. */
    private readonly here: (tableId: string, playerId: string) => boolean,
  ) {}

  /** True when another node has a socket of the player at the table. */
  elsewhere(tableId: string, playerId: string): boolean {
    return (this.present.get(tableId)?.get(playerId)?.size ?? 0) > 0;
  }

  /** True when another node has any socket at the table. */
  any(tableId: string): boolean {
    return (this.present.get(tableId)?.size ?? 0) > 0;
  }

  /** A player's first socket at the table on `node` arrived, or its last one left. */
  set(actor: TablePort, playerId: string, node: string, connected: boolean): void {
    const tableId = actor.id;
    let players = this.present.get(tableId);
    if (!players) this.present.set(tableId, (players = new Map()));
    const nodes = players.get(playerId) ?? new Set<string>();
    const here = this.here(tableId, playerId);
    const before = nodes.size > 0 || here;
    if (connected) nodes.add(node);
    else nodes.delete(node);
    if (nodes.size > 0) players.set(playerId, nodes);
    else players.delete(playerId);
    const after = nodes.size > 0 || here;
    if (before !== after) actor.presence(playerId, after);
  }

  /**
   * Another node's beat is the whole truth of its players: whatever presence message was lost
   * on the way (Redis restarting) is mended.
   */
  reconcile(beat: Heartbeat, live: TableRegistry): void {
    const listed = new Map((beat.present ?? []).map((p) => [p.tableId, new Set(p.players)]));
    for (const actor of live.list()) {
      const want = listed.get(actor.id) ?? new Set<string>();
      const have = this.present.get(actor.id);
      for (const [playerId, nodes] of have ? [...have] : []) {
        if (nodes.has(beat.node) && !want.has(playerId)) {
          this.set(actor, playerId, beat.node, false);
        }
      }
      for (const playerId of want) {
        if (!have?.get(playerId)?.has(beat.node)) this.set(actor, playerId, beat.node, true);
      }
    }
  }

  /** The sockets of a node gone silent are gone too. */
  nodeGone(node: string, live: TableRegistry | undefined): void {
    for (const [tableId, players] of this.present) {
      const actor = live?.get(tableId);
      for (const [playerId, nodes] of players) {
        if (actor && nodes.has(node)) this.set(actor, playerId, node, false);
      }
    }
  }

  /** The table no longer runs here. */
  forget(tableId: string): void {
    this.present.delete(tableId);
  }
}
