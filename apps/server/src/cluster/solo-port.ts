import type {
  Ack,
  AckError,
  CommandName,
  CommandPayload,
  RoomState,
  TableSnapshot,
} from '@banco/protocol';
import type { Admission } from '../table/runtime/admission.js';
import type { TablePort } from '../table/runtime/table-port.js';

/**
 * T13.15: what a player hears while one node alone waits to claim back a table whose lease it
 * lost (Postgres out of reach): nothing was done; send it again shortly.
 */
export const RESUMING: AckError = {
  ok: false,
  code: 'TABLE_CLOSING',
  message: 'this table cannot reach its database and resumes once it can: try again in a moment',
};

/** What a solo port needs of the registry: the actor running the table now, if any. */
export interface SoloTable {
  readonly id: string;
  readonly name: string;
  readonly settings: TablePort['settings'];
  actor(): TablePort | undefined;
  /** The players connected to the table here (the gateway's count, LocalPresence). */
  present(): Iterable<string>;
}

/**
 * T13.15: one node alone, the same port for a table across the actors that run it. An actor
 * started again after a lost lease hears of the players still connected (as a cluster node's
 * own port does for a table it takes over); while no actor runs, it answers RESUMING.
 */
export class SoloPort implements TablePort {
  constructor(private readonly table: SoloTable) {}

  get id() {
    return this.table.id;
  }
  get name() {
    return this.table.actor()?.name ?? this.table.name;
  }
  get settings() {
    return this.table.actor()?.settings ?? this.table.settings;
  }

  /** A new actor runs the table: the players connected meanwhile are present at it. */
  started(actor: TablePort): void {
    for (const playerId of this.table.present()) actor.presence(playerId, true);
  }

  command<N extends CommandName>(
    playerId: string,
    name: N,
    payload: CommandPayload<N>,
  ): Promise<Ack<N>> {
    const actor = this.table.actor();
    if (!actor) return Promise.resolve(RESUMING);
    return actor.command(playerId, name, payload);
  }

  async roomState(): Promise<RoomState | null> {
    return (await this.table.actor()?.roomState?.()) ?? null;
  }

  snapshot(playerId: string): Promise<TableSnapshot> {
    const actor = this.table.actor();
    if (!actor) return Promise.reject(new Error(`table ${this.id} is resuming`));
    return actor.snapshot(playerId);
  }

  presence(playerId: string, connected: boolean): void {
    this.table.actor()?.presence(playerId, connected);
  }

  seatedCount(): number {
    return this.table.actor()?.seatedCount() ?? 0;
  }
  spectatorCount(): number {
    return this.table.actor()?.spectatorCount() ?? 0;
  }
  seatOf(playerId: string): { seat: number; away: boolean } | null {
    return this.table.actor()?.seatOf(playerId) ?? null;
  }
  seatsHeld() {
    return this.table.actor()?.seatsHeld?.() ?? [];
  }
  /**
   * While no actor runs, a socket that has not joined hears RESUMING and is let in nowhere: the
   * port cannot tell who a private room would refuse (T11.2).
   */
  admission(playerId: string): Promise<Admission> {
    return this.table.actor()?.admission(playerId) ?? Promise.resolve(RESUMING);
  }
  problems(): string[] {
    return this.table.actor()?.problems() ?? [];
  }
  /** The registry stops the actors itself. */
  async shutdown(): Promise<void> {}
  async close(): Promise<void> {}
}
