import type { TablePort, TableRegistry } from '../table/runtime/table-port.js';

/**
 * The tables this node runs as its gateway sees them: the actor's own answers, with presence
 * counted across nodes (T13.9). One port per actor, made again when the table's actor changes.
 */
export class LocalPorts {
  private readonly ports = new Map<string, { actor: TablePort; port: TablePort }>();

  constructor(
    /** T13.9: a socket here arrived at the table or left it. */
    private readonly presence: (tableId: string, playerId: string, connected: boolean) => void,
    /** The players with a socket at the table on this node. */
    private readonly playersHere: (tableId: string) => Iterable<string>,
  ) {}

  port(tableId: string, actor: TablePort): TablePort {
    const cached = this.ports.get(tableId);
    if (cached?.actor === actor) return cached.port;
    const port: TablePort = {
      id: actor.id,
      get name() {
        return actor.name;
      },
      get settings() {
        return actor.settings;
      },
      command: (playerId, name, payload) => actor.command(playerId, name, payload),
      snapshot: (playerId) => actor.snapshot(playerId),
      presence: (playerId, connected) => this.presence(tableId, playerId, connected),
      seatedCount: () => actor.seatedCount(),
      seatOf: (playerId) => actor.seatOf(playerId),
      ...(actor.seatsHeld ? { seatsHeld: () => actor.seatsHeld!() } : {}),
      spectatorCount: () => actor.spectatorCount(),
      admission: (playerId) => actor.admission(playerId),
      problems: () => actor.problems(),
      shutdown: () => actor.shutdown(),
      close: () => actor.close(),
    };
    this.ports.set(tableId, { actor, port });
    // The players here already were present at the table under its previous owner.
    for (const playerId of this.playersHere(tableId)) actor.presence(playerId, true);
    return port;
  }

  /** Drops the ports of tables no longer run here; returns their ids. */
  prune(live: TableRegistry): string[] {
    const gone = [...this.ports.keys()].filter((id) => !live.get(id));
    for (const id of gone) this.ports.delete(id);
    return gone;
  }
}
