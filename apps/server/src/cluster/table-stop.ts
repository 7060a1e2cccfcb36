import type { TableActor } from '../table/runtime/actor.js';
import type { LocalTables } from './local-tables.js';
import type { StartTablesDeps } from './registry.js';

// T13.5, T13.12, T13.14: tables stopped here, and their leases given up for the next owner.

/** T13.12: phases between two rounds: a table stopped here resumes elsewhere with nothing voided. */
const BETWEEN_ROUNDS: ReadonlySet<string> = new Set(['waiting', 'result', 'seeding', 'shuffling']);
const HAND_OVER_POLL_MS = 25;

type StopDeps = Pick<StartTablesDeps, 'leases' | 'log' | 'onChange'>;

/**
 * T13.12: stops the table here if it is between rounds (its state is stored at that
 * boundary): checked and stopped in one turn, so no timer of the table runs in between.
 */
export function stopBetweenRounds(tables: LocalTables, actor: TableActor): Promise<void> | null {
  if (!BETWEEN_ROUNDS.has(actor.current.phase.kind)) return null;
  const closing = actor.close();
  tables.live.delete(actor.id);
  return closing;
}

/** The lease given up at once, so the next owner need not wait for it to run out. */
export async function handedOver(deps: StopDeps, tableId: string): Promise<void> {
  await deps.leases.release([tableId]).catch((error: unknown) => {
    deps.log?.error({ err: error, table: tableId }, 'lease not given up');
  });
  deps.log?.info?.({ table: tableId }, 'table handed over');
  deps.onChange?.();
}

/**
 * T13.12: each table stops as soon as it is between rounds, or shuts down (T9.7) at the
 * deadline, and gives its lease up.
 */
export async function handOverAll(
  deps: StopDeps,
  tables: LocalTables,
  deadlineMs: number,
): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  await Promise.all(
    tables.actors().map(async (actor) => {
      for (;;) {
        await actor.idle();
        const closing = stopBetweenRounds(tables, actor);
        if (closing) {
          await closing;
          break;
        }
        if (performance.now() >= deadline) {
          tables.live.delete(actor.id);
          await actor.shutdown();
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, HAND_OVER_POLL_MS));
      }
      await handedOver(deps, actor.id);
    }),
  );
}

/** T13.14: gives one table up now if it is between rounds; false when it is not. */
export async function giveUpOne(
  deps: StopDeps,
  tables: LocalTables,
  actor: TableActor,
): Promise<boolean> {
  await actor.idle();
  const closing =
    tables.live.get(actor.id)?.actor === actor ? stopBetweenRounds(tables, actor) : null;
  if (!closing) return false;
  await closing;
  await handedOver(deps, actor.id);
  return true;
}

/** T13.5: stops the actors, then gives their leases up so another node need not wait. */
export async function stopAll(
  deps: StopDeps,
  tables: LocalTables,
  stop: (actor: TableActor) => Promise<void>,
): Promise<void> {
  const stopped = tables.actors();
  await Promise.all(stopped.map(stop));
  await deps.leases.release(stopped.map((actor) => actor.id)).catch((error: unknown) => {
    deps.log?.error({ err: error }, 'leases not given up: other nodes wait for them to expire');
  });
}
