import type { AckError, CommandName } from '@banco/protocol';
import type { TableRegistry } from '../table/runtime/table-port.js';
import { RequestFailed } from './bus.js';
import type { Request } from './messages.js';

/** Commands that carry their own entry check at the table (T11.1): the rest are checked first. */
const ENTRY_COMMANDS: ReadonlySet<CommandName> = new Set([
  'table.join',
  'table.resync',
  'table.leave',
  'table.snapshot',
]);

/** T13.8: a request from another node for a table this node runs. */
export async function serveRequest(
  nodeId: string,
  live: TableRegistry | undefined,
  request: Request & { from: string },
): Promise<unknown> {
  const actor = live?.get(request.tableId);
  if (!actor) throw new RequestFailed(`${nodeId} does not run ${request.tableId}`, true);
  const { playerId } = request;
  switch (request.k) {
    case 'cmd': {
      if (!ENTRY_COMMANDS.has(request.name)) {
        const barred = actor.entryRefusal(playerId);
        if (barred) return barred;
      }
      return actor.command(playerId, request.name, request.payload as never);
    }
    case 'snapshot':
      return actor.snapshot(playerId);
    case 'admit': {
      const barred: AckError | null =
        actor.entryRefusal(playerId) ??
        (actor.knows(playerId)
          ? null
          : { ok: false, code: 'NOT_AT_TABLE', message: `join table ${request.tableId} first` });
      return barred;
    }
    default: {
      const unknown: never = request;
      throw new TypeError(`unknown request ${JSON.stringify(unknown)}`);
    }
  }
}
