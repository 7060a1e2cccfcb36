import type { Ack, AckError, CommandName, CommandPayload, TableSnapshot } from '@banco/protocol';
import type { Admission } from '../table/runtime/admission.js';
import type { TablePort } from '../table/runtime/table-port.js';
import { RequestFailed } from './bus.js';
import type { OwnedTable, Request } from './messages.js';

/** What a remote table needs of the cluster (cluster.ts implements it). */
export interface TableOwners {
  ask(request: Request): Promise<unknown>;
  lastKnown(tableId: string): OwnedTable | undefined;
  ownerOf(tableId: string): { node: string } | undefined;
  presence(tableId: string, playerId: string, connected: boolean): void;
}

/**
 * T13.10: what a player hears while their table has no live owner (its node died and the lease
 * has not run out yet, or it is being handed over): try again; the client does so by itself.
 */
export const MOVING: AckError = {
  ok: false,
  code: 'TABLE_CLOSING',
  message: 'this table is moving to another server: try again in a moment',
};

/** A table another node runs, as this node's gateway sees it (T13.8). */
export class RemoteTable implements TablePort {
  constructor(
    readonly id: string,
    private readonly cluster: TableOwners,
  ) {}

  private get known() {
    const table = this.cluster.lastKnown(this.id);
    if (!table) throw new Error(`table ${this.id} was never announced`);
    return table;
  }

  get name() {
    return this.known.definition.name;
  }

  get settings() {
    return this.known.definition.settings;
  }

  async command<N extends CommandName>(
    playerId: string,
    name: N,
    payload: CommandPayload<N>,
  ): Promise<Ack<N>> {
    try {
      return (await this.cluster.ask({
        k: 'cmd',
        tableId: this.id,
        playerId,
        name,
        payload,
      })) as Ack<N>;
    } catch (error) {
      if (error instanceof RequestFailed && error.moved) return MOVING as Ack<N>;
      throw error;
    }
  }

  async snapshot(playerId: string): Promise<TableSnapshot> {
    return (await this.cluster.ask({ k: 'snapshot', tableId: this.id, playerId })) as TableSnapshot;
  }

  /** T13.9: the owner counts this node's sockets with its own. */
  presence(playerId: string, connected: boolean): void {
    this.cluster.presence(this.id, playerId, connected);
  }

  seatedCount(): number {
    return this.cluster.lastKnown(this.id)?.seated ?? 0;
  }

  seatOf(playerId: string): { seat: number; away: boolean } | null {
    const held = this.cluster.lastKnown(this.id)?.seats?.find((s) => s.playerId === playerId);
    return held ? { seat: held.seat, away: held.away } : null;
  }

  spectatorCount(): number {
    return this.cluster.lastKnown(this.id)?.spectators ?? 0;
  }

  /** T13.8: asked of the owner; a table between owners says to try again. */
  async admission(playerId: string): Promise<Admission> {
    try {
      return (await this.cluster.ask({
        k: 'admit',
        tableId: this.id,
        playerId,
      })) as Admission;
    } catch (error) {
      if (error instanceof RequestFailed && error.moved) return MOVING;
      throw error;
    }
  }

  runsOn(): string | undefined {
    return this.cluster.ownerOf(this.id)?.node;
  }

  /** T13.19: no live node announces the table now (its owner left; it resumes elsewhere). */
  resuming(): boolean {
    return this.cluster.ownerOf(this.id) === undefined;
  }

  problems(): string[] {
    return [];
  }

  async shutdown(): Promise<void> {}

  async close(): Promise<void> {}
}
