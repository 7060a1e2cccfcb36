import type { TableLog, TableOutbox, TableRegistry } from '../table/runtime/table-port.js';
import type { LocalPresence } from './local-presence.js';

/** Builds the registry once the transport can deliver a table's messages. */
export type CreateTables = (
  outboxFor: (tableId: string) => TableOutbox,
  /** The server's logger, ready before any table starts (a resuming table logs at once). */
  log: TableLog,
  /** Who has a socket at each table on this node (the gateway keeps it). */
  presence: LocalPresence,
) => Promise<TableRegistry>;
