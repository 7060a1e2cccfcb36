import type { TableSettings } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import type { TableLeases } from './leases.js';
import { sweepOrphans } from './orphans.js';
import type { Ledger } from '../db/ledger.js';
import { TableActor, type TableActorDeps, type TableObserver } from '../table/actor.js';
import { fencedLedger, type TableLease } from '../table/fenced-ledger.js';
import { SoloPort } from '../table/solo-port.js';
import type { TableLedger } from '../table/table-ledger.js';
import type { FencedTable, TableOutbox, TablePort, TableRegistry } from '../table/table-port.js';

export interface TableDefinition {
  readonly id: string;
  readonly name: string;
  readonly isPublic: boolean;
  /** Who opened a private room (T10.1); null (or absent) for a public table. */
  readonly hostPlayerId?: string | null;
  readonly settings: TableSettings;
  /** TEST ONLY: see TableActorDeps' table.scriptedShoe. */
  readonly scriptedShoe?: readonly CardCode[];
}

export interface StartTablesDeps {
  ledger: TableLedger &
    Pick<Ledger, 'closeAbandoned'> & {
      ensureTable(table: {
        id: string;
        name: string;
        isPublic: boolean;
        settings: unknown;
      }): Promise<void>;
    };
  tables: readonly TableDefinition[];
  /** T12: the leases this process runs its tables under. */
  leases: TableLeases;
  /**
   * T13.1: one node alone (no REDIS_URL) claims every table at once, whoever held it: a
   * predecessor that died is fenced off by the new epoch. Several nodes claim only free tables.
   */
  solo: boolean;
  outboxFor: (tableId: string) => TableOutbox;
  observer?: TableObserver;
  log?: TableActorDeps['log'];
  clock?: () => number;
  testHoldSettlementMs?: number;
  /** T11.8: how long a room with nobody connected stays open. */
  roomIdleMs?: number;
  /**
   * A room has settled its last round, ended its shoe and published the seed (T10.5): the
   * caller marks it closed and drops it from the registry.
   */
  onClosed?: (tableId: string) => void;
  /** T13.6: a table started or stopped here (the cluster announces it at once). */
  onChange?: () => void;
  /** Who has a socket at a table here (the gateway's count): told to an actor started again. */
  present?: (tableId: string) => Iterable<string>;
}

/** The live tables, which rooms join and leave while the server runs (T10.1, T10.5). */
export interface LiveTables extends TableRegistry {
  /** Stores a new table's definition and starts its actor now. */
  open(definition: TableDefinition): Promise<TablePort>;
  /** Drops a closed table: from now on its id is unknown to every route and socket. */
  closed(tableId: string): Promise<void>;
  definition(tableId: string): TableDefinition | undefined;
  /** T13.3: tables this process ran until another node claimed them, and why they stopped. */
  fenced(): readonly FencedTable[];
  /** T13.1: claims the table if it is free and starts it here; false when another node has it. */
  adopt(definition: TableDefinition): Promise<boolean>;
  /**
   * T13.12: a drain. Each table stops as soon as it is between rounds (its state is stored at
   * that boundary) and gives its lease up, so another node resumes it with no round voided; a
   * table still mid-round at the deadline shuts down as in T9.7.
   */
  handOver(deadlineMs: number): Promise<void>;
  /**
   * T13.14: gives one table up now if it is between rounds, for a node with fewer tables to
   * claim; false (and nothing changed) when it is mid-round or not here.
   */
  giveUp(tableId: string): Promise<boolean>;
  /** T13.18: closes what tables no node runs left open (orphans.ts). */
  sweep(tableIds: readonly string[]): Promise<void>;
}

/** T13.12: phases between two rounds: a table stopped here resumes elsewhere with nothing voided. */
const BETWEEN_ROUNDS: ReadonlySet<string> = new Set(['waiting', 'result', 'seeding', 'shuffling']);
const HAND_OVER_POLL_MS = 25;

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

/** Stores each table's definition and starts one actor per table in this process. */
export async function startTables(deps: StartTablesDeps): Promise<LiveTables> {
  const live = new Map<
    string,
    { actor: TableActor; definition: TableDefinition; epoch: number; silence: () => void }
  >();
  const fencedTables = new Map<string, FencedTable>();
  const { leases } = deps;

  /** T13.3: the table's lease is gone: it stops at once, writing nothing more. */
  const fenceOff = (tableId: string, reason: string, epoch?: number): void => {
    const table = live.get(tableId);
    if (!table || fencedTables.has(tableId)) return;
    // An actor stopped before reports its own lease, not the one its successor runs under.
    if (epoch !== undefined && table.epoch !== epoch) return;
    fencedTables.set(tableId, {
      id: tableId,
      isPublic: table.definition.isPublic,
      reason: `fenced off: ${reason}`,
    });
    leases.forget(tableId);
    live.delete(tableId);
    table.silence();
    deps.log?.error({ table: tableId, reason }, 'table fenced off: stopped at once');
    void table.actor.close();
    deps.onChange?.();
  };
  /** Tables being claimed and started: a second start of one waits for none and does nothing. */
  const starting = new Set<string>();
  /**
   * T13.5: the tables one node alone runs (its public tables and the rooms it opened): one whose
   * lease it lost (Postgres was out of reach for longer than a lease) is claimed and resumed
   * again as soon as Postgres answers.
   */
  const wanted = new Map<string, TableDefinition>();
  /** T13.15: one node alone answers for each of its tables through one port, actor or none. */
  const soloPorts = new Map<string, SoloPort>();
  const soloPort = (table: TableDefinition): SoloPort => {
    let port = soloPorts.get(table.id);
    if (!port) {
      port = new SoloPort({
        id: table.id,
        name: table.name,
        settings: table.settings,
        actor: () => live.get(table.id)?.actor,
        present: () => deps.present?.(table.id) ?? [],
      });
      soloPorts.set(table.id, port);
    }
    return port;
  };

  /**
   * The lease one actor runs under: its own epoch only. A table fenced off and claimed again
   * here runs a new actor under a new epoch while the old one may still be finishing a write
   * Postgres had not answered (T13.15); the old actor must not write under the new epoch.
   */
  const leaseOf = (tableId: string, claimed: number): TableLease => ({
    tableId,
    epoch: () => {
      const epoch = leases.epochOf(tableId);
      return epoch === claimed ? epoch : undefined;
    },
    lost: (reason) => fenceOff(tableId, reason, claimed),
  });

  /** Claims the table and starts its actor; null when another node holds it. */
  const start = async (table: TableDefinition): Promise<TableActor | null> => {
    if (starting.has(table.id) || live.has(table.id)) return null;
    starting.add(table.id);
    try {
      const actor = await claimAndStart(table);
      if (actor) deps.onChange?.();
      return actor;
    } finally {
      starting.delete(table.id);
    }
  };
  const claimAndStart = async (table: TableDefinition): Promise<TableActor | null> => {
    if (deps.solo) {
      wanted.set(table.id, table);
      soloPort(table);
    }
    await deps.ledger.ensureTable(table);
    const epoch = (await leases.claim([table.id], deps.solo)).get(table.id);
    if (epoch === undefined) return null;
    fencedTables.delete(table.id);
    const outbox = silenceable(deps.outboxFor(table.id));
    const actor = await TableActor.start({
      table,
      ledger: fencedLedger(deps.ledger, leaseOf(table.id, epoch)),
      outbox,
      observer: deps.observer,
      log: deps.log,
      clock: deps.clock,
      testHoldSettlementMs: deps.testHoldSettlementMs,
      onClosed: deps.onClosed,
      roomIdleMs: deps.roomIdleMs,
    });
    live.set(table.id, { actor, definition: table, epoch, silence: outbox.silence });
    soloPorts.get(table.id)?.started(actor);
    await closeAbandoned(deps, actor, epoch);
    // What an operator follows a failover or a hand-over by (and the cluster tests time).
    deps.log?.info?.({ table: table.id, epoch }, 'table claimed and resumed here');
    return actor;
  };

  const actors = () => [...live.values()].map((table) => table.actor);
  for (const table of deps.tables) await start(table);
  /** Set once the tables stop: a room asked for then would outlive its server's shutdown. */
  let stopping = false;
  const lostLeases = (lost: readonly string[]) => {
    for (const tableId of lost) fenceOff(tableId, 'its lease could not be renewed in time');
  };
  /** A renewal still waiting for Postgres: the next beat sends none of its own. */
  let renewing = false;
  // T13.2: every lease of this node renewed in one statement, three times a lease. The local
  // deadlines are judged every beat, not when a renewal answers: with Postgres cut off by a
  // partition no answer comes until the client's query timeout (T13.15).
  const renewal = setInterval(
    () => {
      lostLeases(leases.expire());
      if (renewing) return;
      renewing = true;
      void leases
        .renew()
        .then(lostLeases, (error: unknown) =>
          deps.log?.error({ err: error }, 'lease renewal failed'),
        )
        .finally(() => {
          renewing = false;
        });
    },
    Math.max(50, Math.floor(leases.leaseMs / 3)),
  );
  renewal.unref();
  const again = setInterval(
    () => {
      if (stopping) return;
      for (const table of wanted.values()) {
        if (live.has(table.id)) continue;
        void start(table).catch((error: unknown) =>
          deps.log?.error({ err: error, table: table.id }, 'table not resumed yet'),
        );
      }
    },
    Math.max(100, leases.leaseMs),
  );
  again.unref();
  /**
   * T13.12: stops the table here if it is between rounds (its state is stored at that
   * boundary): checked and stopped in one turn, so no timer of the table runs in between.
   */
  const stopBetweenRounds = (actor: TableActor): Promise<void> | null => {
    if (!BETWEEN_ROUNDS.has(actor.current.phase.kind)) return null;
    const closing = actor.close();
    live.delete(actor.id);
    return closing;
  };
  /** The lease given up at once, so the next owner need not wait for it to run out. */
  const handedOver = async (tableId: string): Promise<void> => {
    await leases.release([tableId]).catch((error: unknown) => {
      deps.log?.error({ err: error, table: tableId }, 'lease not given up');
    });
    deps.log?.info?.({ table: tableId }, 'table handed over');
    deps.onChange?.();
  };
  /** T13.5: stops the actors, then gives their leases up so another node need not wait. */
  const stopAll = async (stop: (actor: TableActor) => Promise<void>): Promise<void> => {
    stopping = true;
    clearInterval(renewal);
    clearInterval(again);
    const stopped = actors();
    await Promise.all(stopped.map(stop));
    await leases.release(stopped.map((actor) => actor.id)).catch((error: unknown) => {
      deps.log?.error({ err: error }, 'leases not given up: other nodes wait for them to expire');
    });
  };
  return {
    fenced: () => [...fencedTables.values()],
    adopt: async (definition) => !stopping && (await start(definition)) !== null,
    get: (tableId: string): TablePort | undefined =>
      deps.solo && wanted.has(tableId) ? soloPorts.get(tableId) : live.get(tableId)?.actor,
    list: actors,
    listPublic: () =>
      [...live.values()].filter((table) => table.definition.isPublic).map((table) => table.actor),
    definition: (tableId) => live.get(tableId)?.definition,
    open: async (definition) => {
      if (stopping) throw new Error(`table ${definition.id} asked for while the tables stop`);
      if (live.has(definition.id)) throw new Error(`table ${definition.id} is already open`);
      const actor = await start(definition);
      if (!actor) throw new Error(`table ${definition.id} is held by another node`);
      return soloPorts.get(definition.id) ?? actor;
    },
    closed: async (tableId) => {
      wanted.delete(tableId);
      soloPorts.delete(tableId);
      const table = live.get(tableId);
      if (!table) return;
      live.delete(tableId);
      await table.actor.close();
      await leases.release([tableId]);
      deps.onChange?.();
    },
    shutdown: () => stopAll((actor) => actor.shutdown()),
    handOver: async (deadlineMs) => {
      const deadline = performance.now() + deadlineMs;
      stopping = true;
      clearInterval(again);
      await Promise.all(
        actors().map(async (actor) => {
          for (;;) {
            await actor.idle();
            const closing = stopBetweenRounds(actor);
            if (closing) {
              await closing;
              break;
            }
            if (performance.now() >= deadline) {
              live.delete(actor.id);
              await actor.shutdown();
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, HAND_OVER_POLL_MS));
          }
          await handedOver(actor.id);
        }),
      );
      clearInterval(renewal);
    },
    giveUp: async (tableId) => {
      const actor = live.get(tableId)?.actor;
      if (!actor || stopping) return false;
      await actor.idle();
      const closing = live.get(tableId)?.actor === actor ? stopBetweenRounds(actor) : null;
      if (!closing) return false;
      await closing;
      await handedOver(tableId);
      return true;
    },
    sweep: (tableIds) =>
      sweepOrphans(
        { leases, ledger: deps.ledger, log: deps.log },
        tableIds.filter((id) => !live.has(id)),
      ),
    close: () => stopAll((actor) => actor.close()),
  };
}
