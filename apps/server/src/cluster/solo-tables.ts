import type { TableActor } from '../table/runtime/actor.js';
import { SoloPort } from './solo-port.js';
import type { StartTablesDeps, TableDefinition } from './registry.js';

/**
 * T13.5, T13.15: the tables one node alone runs (its public tables and the rooms it opened),
 * each answered for through one port, actor or none: one whose lease it lost (Postgres was out
 * of reach for longer than a lease) is claimed and resumed again as soon as Postgres answers.
 */
export class SoloTables {
  private readonly wanted = new Map<string, TableDefinition>();
  private readonly ports = new Map<string, SoloPort>();
  private again: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: Pick<StartTablesDeps, 'present'>,
    private readonly actorOf: (tableId: string) => TableActor | undefined,
  ) {}

  /** The table is one of this node's own from now on. */
  want(table: TableDefinition): void {
    this.wanted.set(table.id, table);
    if (this.ports.has(table.id)) return;
    this.ports.set(
      table.id,
      new SoloPort({
        id: table.id,
        name: table.name,
        settings: table.settings,
        actor: () => this.actorOf(table.id),
        present: () => this.deps.present?.(table.id) ?? [],
      }),
    );
  }

  wants(tableId: string): boolean {
    return this.wanted.has(tableId);
  }

  port(tableId: string): SoloPort | undefined {
    return this.ports.get(tableId);
  }

  started(actor: TableActor): void {
    this.ports.get(actor.id)?.started(actor);
  }

  /** A room closed: never claimed again. */
  forget(tableId: string): void {
    this.wanted.delete(tableId);
    this.ports.delete(tableId);
  }

  /** Each `everyMs`, starts again every wanted table not running here (`start` logs nothing). */
  resumeEvery(
    everyMs: number,
    start: (table: TableDefinition) => Promise<unknown>,
    log: StartTablesDeps['log'],
  ): void {
    this.again = setInterval(() => {
      for (const table of this.wanted.values()) {
        if (this.actorOf(table.id)) continue;
        void start(table).catch((error: unknown) =>
          log?.error({ err: error, table: table.id }, 'table not resumed yet'),
        );
      }
    }, everyMs);
    this.again.unref();
  }

  stop(): void {
    clearInterval(this.again);
  }
}
