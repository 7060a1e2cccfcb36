import type { CommandName, TableEvent, TablePrivate } from '@banco/protocol';
import type { TableDefinition } from './registry.js';
import type { HeldSeat } from '../table/runtime/table-port.js';

// T12: what nodes say to each other over Redis. Only Banco's own nodes publish on these channels
// (Redis is inside the deployment, like Postgres), so the shapes are typed, not validated: what
// a client sends was checked by the gateway of the node it reached before it got here.

export const nodeChannel = (nodeId: string): string => `banco:node:${nodeId}`;
export const TABLE_PREFIX = 'banco:table:';

/**
 * What every node hears (a table's word, a beat) starts with its sender's id: each node gets
 * its own back from Redis and drops it unread instead of parsing it.
 */
export const signed = (nodeId: string, json: string): string => `${nodeId}\n${json}`;
export function unsign(text: string): { node: string; json: string } {
  const cut = text.indexOf('\n');
  return { node: text.slice(0, cut), json: text.slice(cut + 1) };
}
export const tableChannel = (tableId: string): string => `${TABLE_PREFIX}${tableId}`;
export const HEARTBEATS = 'banco:nodes';
/** Each node's latest beat, kept for as long as it counts as alive: what a new node reads first. */
export const beatKey = (nodeId: string): string => `banco:beat:${nodeId}`;
export const BEAT_KEYS = 'banco:beat:*';

/** Asked of a table's owner by the node a player's socket is on; answered by a `reply`. */
export type Request =
  | { k: 'cmd'; tableId: string; playerId: string; name: CommandName; payload: unknown }
  | { k: 'snapshot'; tableId: string; playerId: string }
  | { k: 'admit'; tableId: string; playerId: string };

export type NodeMessage =
  | ({ id: number; from: string } & Request)
  | { k: 'reply'; id: number; ok: true; value: unknown }
  | { k: 'reply'; id: number; ok: false; moved: boolean; error: string }
  /** T13.9: a player's first socket at a table on this node arrived, or its last one left. */
  | { k: 'presence'; from: string; tableId: string; playerId: string; connected: boolean };

/** What a table's owner says to every node with sockets at it, in the order it said it. */
export type TableMessage = { node: string; epoch: number } & (
  | { k: 'event'; event: TableEvent }
  | { k: 'private'; playerId: string; message: TablePrivate }
  | { k: 'eject'; playerId: string }
);

/** What a beat says of a table only when it changed (and every few beats, T13.6). */
export interface TableDetails {
  definition: Omit<TableDefinition, 'scriptedShoe'>;
  /** P10.6: who sits where, so any node can tell a player where they hold a seat. */
  seats?: HeldSeat[];
}

/** One table in a beat: its epoch and counts every beat, its details when they changed. */
export interface BeatTable {
  id: string;
  epoch: number;
  seated: number;
  spectators: number;
  details?: TableDetails;
}

/** One table as the other nodes know it: its latest beat and its latest details. */
export interface OwnedTable {
  epoch: number;
  definition: Omit<TableDefinition, 'scriptedShoe'>;
  seated: number;
  spectators: number;
  /** P10.6: who sits where, so any node can tell a player where they hold a seat. */
  seats?: HeldSeat[];
}

/** T13.6: every node says which tables it runs, every beat and at once when that changes. */
export interface Heartbeat {
  node: string;
  draining: boolean;
  tables: BeatTable[];
  /**
   * T13.9: the players with a socket on this node at each table another node runs. Each owner
   * takes it as the whole truth for this node, every beat: a presence message lost (Redis
   * restarting) is mended by the next beat.
   */
  present?: { tableId: string; players: string[] }[];
}
