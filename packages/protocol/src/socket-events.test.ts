import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  COMMAND_REFUSED,
  SERVER_MESSAGES,
  SESSION_ENDED,
  TABLE_OWNER,
  TABLE_EVENT,
  TABLE_PRIVATE,
  type ACKS,
  type Ack,
  type AckError,
  type AckOk,
  type ClientToServerEvents,
  type CommandName,
  type ServerToClientEvents,
  type TableEvent,
} from './index.js';

describe('socket.io event maps', () => {
  it('type every command with its payload and its ack, refusal included', () => {
    expectTypeOf<keyof ClientToServerEvents>().toEqualTypeOf<CommandName>();
    expectTypeOf<Parameters<ClientToServerEvents['seat.take']>[0]>().toEqualTypeOf<{
      tableId: string;
      seat: number;
    }>();
    type TakeAck = Parameters<Parameters<ClientToServerEvents['seat.take']>[1]>[0];
    expectTypeOf<TakeAck>().toEqualTypeOf<Ack<'seat.take'>>();
    // Ack is written as a union: the same type as its schema's.
    expectTypeOf<Ack<'seat.take'>>().toEqualTypeOf<z.infer<(typeof ACKS)['seat.take']>>();
    expectTypeOf<Ack<'bets.confirm'>>().toEqualTypeOf<z.infer<(typeof ACKS)['bets.confirm']>>();
    expectTypeOf<Extract<TakeAck, { ok: false }>>().toEqualTypeOf<AckError>();
    expectTypeOf<AckOk<'seat.take'>>().toEqualTypeOf<{
      ok: true;
      version: number;
      seat: number;
      balance: number;
    }>();
  });

  it('name every message the server sends, each with its schema', () => {
    expect(Object.keys(SERVER_MESSAGES).sort()).toEqual(
      [TABLE_EVENT, TABLE_PRIVATE, COMMAND_REFUSED, SESSION_ENDED, TABLE_OWNER].sort(),
    );
    expectTypeOf<Parameters<ServerToClientEvents['table.event']>[0]>().toEqualTypeOf<TableEvent>();
    const refused = { code: 'RATE_LIMITED', message: 'slow down' };
    expect(SERVER_MESSAGES[COMMAND_REFUSED].parse(refused)).toEqual(refused);
    expect(SERVER_MESSAGES[COMMAND_REFUSED].safeParse({ code: 'NOPE', message: '' }).success).toBe(
      false,
    );
    // P13.7: a table id as the commands take it, and a node.
    const owner = { tableId: 'main-2', node: 'server2' };
    expect(SERVER_MESSAGES[TABLE_OWNER].parse(owner)).toEqual(owner);
    expect(SERVER_MESSAGES[TABLE_OWNER].safeParse({ tableId: 'a b', node: 'x' }).success).toBe(
      false,
    );
  });
});
