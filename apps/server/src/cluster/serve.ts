import type { CommandName } from '@banco/protocol';
import { turnedAway } from '../table/runtime/admission.js';
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
      // Every command waits for the same answer, so they reach the table in the order they came.
      const admitted = await actor.admission(playerId);
      // T11.2, T11.7: the socket there joined, so the owner need not know the player; it still
      // turns them away once kicked or closed.
      if (!ENTRY_COMMANDS.has(request.name) && turnedAway(admitted)) return admitted;
      return actor.command(playerId, request.name, request.payload as never);
    }
    case 'snapshot':
      return actor.snapshot(playerId);
    case 'admit':
      return actor.admission(playerId);
    default: {
      const unknown: never = request;
      throw new TypeError(`unknown request ${JSON.stringify(unknown)}`);
    }
  }
}
