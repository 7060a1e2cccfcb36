import {
  COMMAND_REFUSED,
  COMMANDS,
  textRefusal,
  type AckError,
  type CommandName,
} from '@banco/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { TablePort, TableRegistry } from '../table/runtime/table-port.js';
import {
  coveredBy,
  invalidSetting,
  payloadBytes,
  refusal,
  splitArgs,
  type AckFn,
} from './command-args.js';
import { pointTo, type TableOutboxes } from './outboxes.js';
import type { TableRooms } from './table-rooms.js';
import type { TokenBucket } from '../token-bucket.js';
import type { BancoSocket } from './typed-io.js';

export interface CommandDeps {
  config: Config;
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** P1.6: null when the command may go on, else its refusal. */
  overBudget: (socket: BancoSocket, bucket: TokenBucket) => AckError | null;
  rooms: TableRooms;
  outboxes: TableOutboxes;
  registry: () => TableRegistry | undefined;
}

/**
 * One socket command from its arrival to its ack: an ack callback, its size, its budget and its
 * shape are checked before the table sees it (P1.4, P1.6); the socket enters the table when it
 * joins or first acts there; the events before the ack (P6).
 */
export function commandHandlers(deps: CommandDeps) {
  const { config, metrics, log, overBudget, rooms, outboxes } = deps;

  function record(command: string, result: string, startedAt: number): void {
    metrics.commands.inc({ command, result });
    metrics.commandSeconds.observe({ command }, (performance.now() - startedAt) / 1000);
  }

  // Functions of their own rather than closures made for each command: every bet is a command.
  function answer(
    ack: AckFn,
    name: CommandName,
    startedAt: number,
    response: { ok: true } | AckError,
  ): void {
    record(name, response.ok ? 'ok' : response.code, startedAt);
    ack(response);
  }

  /** The socket enters the table; its ack is awaited as a newcomer's (P1.7). */
  function enter(socket: BancoSocket, tableId: string, table: TablePort): boolean {
    outboxes.startJoining(tableId, socket);
    return rooms.enter(socket, table);
  }

  async function command(
    socket: BancoSocket,
    bucket: TokenBucket,
    name: CommandName,
    args: unknown[],
  ): Promise<void> {
    const startedAt = performance.now();
    const { payload, ack } = splitArgs(args);
    if (!ack) {
      record(name, 'INVALID_PAYLOAD', startedAt);
      socket.emit(COMMAND_REFUSED, {
        code: 'INVALID_PAYLOAD',
        message: `${name} must be sent with an acknowledgement callback`,
      });
      return;
    }
    const bytes = payloadBytes(payload);
    if (bytes > config.socketMaxPayloadBytes) {
      return answer(
        ack,
        name,
        startedAt,
        refusal(
          'PAYLOAD_TOO_LARGE',
          Number.isFinite(bytes)
            ? `${name}: payload is ${bytes} bytes; the limit is ${config.socketMaxPayloadBytes}`
            : `${name}: payload has no JSON form`,
        ),
      );
    }
    const limited = overBudget(socket, bucket);
    if (limited) return answer(ack, name, startedAt, limited);
    const parsed = COMMANDS[name].safeParse(payload);
    if (!parsed.success) {
      const text = textRefusal(parsed.error.issues);
      const setting = name === 'room.settings' ? invalidSetting(parsed.error) : null;
      return answer(
        ack,
        name,
        startedAt,
        (text && refusal(text.code, `${name}: ${text.message}`)) ??
          setting ??
          refusal('INVALID_PAYLOAD', `${name}: ${z.prettifyError(parsed.error)}`),
      );
    }
    const { tableId } = parsed.data;
    const table = deps.registry()?.get(tableId);
    if (!table)
      return answer(ack, name, startedAt, refusal('UNKNOWN_TABLE', `no table ${tableId}`));

    const playerId = socket.data.player.id;
    let entered = false;
    /** Set while the command's ack is awaited by a socket new at the table (P1.7). */
    let joining = false;
    try {
      if (name === 'table.join' || name === 'table.resync') {
        if (!socket.data.tables.has(tableId)) {
          joining = true;
          entered = enter(socket, tableId, table);
        }
      } else if (name === 'table.leave') {
        rooms.exit(socket, tableId, true);
      } else if (!socket.data.tables.has(tableId)) {
        // T9.4: after a restart a client's new socket carries on where its old one was; T11.2: a
        // removed player hears why, not merely that they have not joined.
        const barred = await table.admission(playerId);
        if (barred) return answer(ack, name, startedAt, barred);
        // It may have entered meanwhile (a join of its own, answered during the admission).
        if (!socket.data.tables.has(tableId)) {
          joining = true;
          enter(socket, tableId, table);
        }
      }
      const response = await table.command(playerId, name, parsed.data);
      // A refused join leaves nothing behind: no rooms, no presence.
      if (entered && !response.ok) rooms.exit(socket, tableId, true);
      outboxes.catchUp(tableId, socket, coveredBy(response), joining);
      answer(ack, name, startedAt, response);
      const owner = response.ok && entered ? table.runsOn?.() : undefined;
      if (owner) pointTo(socket, tableId, owner);
    } catch (error) {
      if (joining) outboxes.stopJoining(tableId, socket);
      if (entered) rooms.exit(socket, tableId, true);
      log.error({ err: error, command: name, tableId, playerId }, 'command failed');
      answer(ack, name, startedAt, refusal('INTERNAL', 'internal error'));
    }
  }

  /** A command name the protocol does not have: refused, and counted against the budget. */
  function unknown(socket: BancoSocket, bucket: TokenBucket, event: string, args: unknown[]) {
    const startedAt = performance.now();
    const { ack } = splitArgs(args);
    const response =
      overBudget(socket, bucket) ??
      refusal('UNKNOWN_COMMAND', `unknown command ${JSON.stringify(event).slice(0, 80)}`);
    record('unknown', response.code, startedAt);
    if (ack) ack(response);
    else socket.emit(COMMAND_REFUSED, { code: response.code, message: response.message });
  }

  return { command, unknown };
}
