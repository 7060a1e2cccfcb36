import { SPOTS } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import {
  ACKS,
  COMMANDS,
  ERROR_CODES,
  PROTOCOL_VERSION,
  SPOT_NAMES,
  cardsPeekMessage,
  confirmBetsCommand,
  handshakeAuthSchema,
  layoutSchema,
  tableEventSchema,
} from './index.js';

const confirm = {
  tableId: 'main',
  round: 41,
  seat: 3,
  confirmId: 'c-41-ann-1',
  bets: [{ spot: 'banker', amount: 5_000 }],
};

describe('commands (P1.1, P2)', () => {
  it('P2.6: the example confirm of the protocol doc is valid', () => {
    expect(confirmBetsCommand.parse(confirm)).toEqual(confirm);
  });

  it('P1.1: payloads are strict: unknown keys, wrong types and bad ids are refused', () => {
    expect(confirmBetsCommand.safeParse({ ...confirm, extra: 1 }).success).toBe(false);
    expect(confirmBetsCommand.safeParse({ ...confirm, seat: 15 }).success).toBe(false);
    expect(confirmBetsCommand.safeParse({ ...confirm, confirmId: 'has space' }).success).toBe(
      false,
    );
    expect(confirmBetsCommand.safeParse({ ...confirm, bets: [] }).success).toBe(false);
    expect(
      confirmBetsCommand.safeParse({ ...confirm, bets: [{ spot: 'banker', amount: 10.5 }] })
        .success,
    ).toBe(false);
    expect(
      confirmBetsCommand.safeParse({ ...confirm, bets: [{ spot: 'moon', amount: 100 }] }).success,
    ).toBe(false);
    expect(confirmBetsCommand.safeParse({ ...confirm, tableId: 'Main Table' }).success).toBe(false);
  });

  it('P1.1: every command has an acknowledgement schema that accepts a refusal', () => {
    expect(Object.keys(ACKS).sort()).toEqual(Object.keys(COMMANDS).sort());
    for (const ack of Object.values(ACKS)) {
      expect(ack.safeParse({ ok: false, code: 'WRONG_PHASE', message: 'no' }).success).toBe(true);
      expect(ack.safeParse({ ok: false, code: 'NOT_A_CODE', message: 'no' }).success).toBe(false);
    }
  });

  it('P3: error codes are unique', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('P0.3: the handshake carries a token and the protocol version', () => {
    expect(
      handshakeAuthSchema.parse({ token: 'x'.repeat(43), protocolVersion: PROTOCOL_VERSION }),
    ).toMatchObject({ protocolVersion: PROTOCOL_VERSION });
    expect(handshakeAuthSchema.safeParse({ token: 'x'.repeat(43) }).success).toBe(false);
  });
});

describe('events (P1.2, P1.4, P1.5, P4)', () => {
  const base = { tableId: 'main', version: 46, at: 1_764_441_600_000 };

  it('P1.2: every event carries a positive version', () => {
    const dealt = {
      ...base,
      type: 'cards.dealt',
      round: 12,
      by: 3,
      layout: { player: [null, null], banker: [null, null] },
    };
    expect(tableEventSchema.parse(dealt)).toEqual(dealt);
    expect(tableEventSchema.safeParse({ ...dealt, version: 0 }).success).toBe(false);
    expect(tableEventSchema.safeParse({ ...dealt, type: 'cards.shown' }).success).toBe(false);
  });

  it('P1.4: a layout holds card codes or null for a face-down card, at most three a hand', () => {
    expect(layoutSchema.safeParse({ player: ['9H', null], banker: [null, null] }).success).toBe(
      true,
    );
    expect(layoutSchema.safeParse({ player: ['9X'], banker: [] }).success).toBe(false);
    expect(layoutSchema.safeParse({ player: [null, null, null, null], banker: [] }).success).toBe(
      false,
    );
  });

  it('P1.5: a peek names its hand, stage and deadline', () => {
    const peek = {
      tableId: 'main',
      type: 'cards.peek',
      round: 41,
      hand: 'player',
      stage: 'initial',
      cards: ['9H', 'KD'],
      deadline: 1_764_441_604_000,
    };
    expect(cardsPeekMessage.parse(peek)).toEqual(peek);
  });

  it('P2.6: the spots are the rules package spots', () => {
    expect(SPOT_NAMES).toBe(SPOTS);
    expect(
      confirmBetsCommand.safeParse({ ...confirm, bets: [{ spot: 'super6', amount: 100 }] }).success,
    ).toBe(true);
  });
});

describe('host controls (P9)', () => {
  const base = { tableId: 'room-a', version: 7, at: 1_764_441_600_000 };
  const room = {
    hostPlayerId: 'p-1',
    hostName: 'Hana',
    locked: true,
    paused: false,
    closing: false,
    nextSettings: null,
    watchersWrite: false,
    muted: [],
  };

  it('P9.1: host commands are strict and answered with the version', () => {
    expect(COMMANDS['room.lock'].safeParse({ tableId: 'room-a', locked: true }).success).toBe(true);
    expect(COMMANDS['room.lock'].safeParse({ tableId: 'room-a', locked: 'yes' }).success).toBe(
      false,
    );
    expect(COMMANDS['room.kick'].safeParse({ tableId: 'room-a', playerId: '' }).success).toBe(
      false,
    );
    expect(COMMANDS['bets.close'].safeParse({ tableId: 'room-a', now: true }).success).toBe(false);
    expect(COMMANDS['room.settings'].safeParse({ tableId: 'room-a', settings: {} }).success).toBe(
      false,
    );
    expect(ACKS['room.close'].parse({ ok: true, version: 12 })).toEqual({ ok: true, version: 12 });
  });

  it('P9.2 P9.6: room events validate; a closed room says why', () => {
    for (const event of [
      { ...base, type: 'room.updated', room },
      { ...base, type: 'player.kicked', playerId: 'p-2', seat: null },
      { ...base, type: 'room.closed', reason: 'idle' },
    ]) {
      expect(tableEventSchema.parse(event)).toEqual(event);
    }
    expect(
      tableEventSchema.safeParse({ ...base, type: 'room.closed', reason: 'bored' }).success,
    ).toBe(false);
  });

  it('P9.4: untimed betting opens with no closing time', () => {
    const opened = {
      ...base,
      type: 'betting.opened',
      round: 3,
      shoeRound: 3,
      closesAt: null,
      lastBetsAt: null,
    };
    expect(tableEventSchema.parse(opened)).toEqual(opened);
  });
});
