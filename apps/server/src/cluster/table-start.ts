import { TableActor } from '../table/runtime/actor.js';
import { fencedLedger } from '../table/runtime/fenced-ledger.js';
import type { TableOutbox } from '../table/runtime/table-port.js';
import type { LocalTables } from './local-tables.js';
import type { StartTablesDeps, TableDefinition } from './registry.js';
import type { SoloTables } from './solo-tables.js';

/**
 * T9.5, T13.4: once a table this node has just claimed has resumed (its own round voided or
 * finished), whatever else of it is open is closed: OPEN rounds refunded, unfinished shoes
 * ended and their seeds published. Per table, under its fence: never a sweep of other tables.
 */
async function closeAbandoned(
  deps: StartTablesDeps,
  actor: TableActor,
  epoch: number,
): Promise<void> {
  await actor.idle();
  const closed = await deps.ledger.closeAbandoned({
    tableId: actor.id,
    roundSeq: actor.roundInPlay(),
    shoeId: actor.shoeInPlay(),
    fence: { tableId: actor.id, epoch },
  });
  if (closed.voided.length > 0 || closed.endedShoes.length > 0) {
    deps.log?.error(
      { table: actor.id, ...closed },
      'rounds and shoes no table will finish: refunded and revealed',
    );
  }
}

/**
 * T13.3: a fenced actor says nothing more, even what it finishes after the fence (a write
 * Postgres answers late): its successor, here or on another node, speaks for the table.
 */
function silenceable(outbox: TableOutbox): TableOutbox & { silence(): void } {
  let silent = false;
  return {
    broadcast: (event) => {
      if (!silent) outbox.broadcast(event);
    },
    sendPrivate: (playerId, message) => {
      if (!silent) outbox.sendPrivate(playerId, message);
    },
    eject: (playerId) => {
      if (!silent) outbox.eject(playerId);
    },
    release: () => outbox.release?.(),
    silence: () => {
      silent = true;
    },
  };
}

/** T13.1, T13.4: claims a table and starts its actor here, resumed from its stored state. */
export class TableStarts {
  /** Tables being claimed and started: a second start of one waits for none and does nothing. */
  private readonly starting = new Set<string>();

  constructor(
    private readonly deps: StartTablesDeps,
    private readonly tables: LocalTables,
    /** One node alone: the tables it keeps claiming back (T13.5); undefined with several. */
    private readonly solo: SoloTables | undefined,
  ) {}

  /** Claims the table and starts its actor; null when another node holds it. */
  async start(table: TableDefinition): Promise<TableActor | null> {
    if (this.starting.has(table.id) || this.tables.live.has(table.id)) return null;
    this.starting.add(table.id);
    try {
      const actor = await this.claimAndStart(table);
      if (actor) this.deps.onChange?.();
      return actor;
    } finally {
      this.starting.delete(table.id);
    }
  }

  private async claimAndStart(table: TableDefinition): Promise<TableActor | null> {
    const { deps } = this;
    this.solo?.want(table);
    await deps.ledger.ensureTable(table);
    const epoch = (await deps.leases.claim([table.id], deps.solo)).get(table.id);
    if (epoch === undefined) return null;
    this.tables.claimed(table.id);
    const outbox = silenceable(deps.outboxFor(table.id));
    const actor = await TableActor.start({
      table,
      ledger: fencedLedger(deps.ledger, this.tables.leaseOf(table.id, epoch)),
      outbox,
      observer: deps.observer,
      log: deps.log,
      clock: deps.clock,
      testHoldSettlementMs: deps.testHoldSettlementMs,
      testHoldEscrowMs: deps.testHoldEscrowMs,
      testHoldRoomChipsMs: deps.testHoldRoomChipsMs,
      onClosed: deps.onClosed,
      roomIdleMs: deps.roomIdleMs,
    });
    this.tables.live.set(table.id, { actor, definition: table, epoch, silence: outbox.silence });
    this.solo?.started(actor);
    await closeAbandoned(deps, actor, epoch);
    // What an operator follows a failover or a hand-over by (and the cluster tests time).
    deps.log?.info?.({ table: table.id, epoch }, 'table claimed and resumed here');
    return actor;
  }
}
