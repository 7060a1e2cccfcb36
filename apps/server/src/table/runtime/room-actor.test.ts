import type { TableEvent } from '@banco/protocol';
import { commitmentOf } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { ledgerDatabase } from '../../testing/ledger-database.js';
import { withOverrides } from '../../testing/with-overrides.js';
import { quietTable } from '../../testing/quiet-table.js';
import { TableActor } from './actor.js';

/** A private room's actor over the real ledger, as the rooms registry will start it. */
describe('a room’s actor over the real ledger', () => {
  const database = ledgerDatabase();

  async function startRoom(
    id: string,
    hostPlayerId: string,
    roomIdleMs = 600_000,
    ledger: typeof database.ledger = database.ledger,
    /** Stops the actor once it says it closed, as the registry does (start-tables.ts). */
    stopOnClose = false,
  ) {
    const table = {
      id,
      name: id,
      isPublic: false,
      settings: quietTable({ cardTurning: false, revealMs: 0 }),
      hostPlayerId,
    };
    await database.ledger.ensureTable(table);
    const events: TableEvent[] = [];
    const ejected: string[] = [];
    const closed: string[] = [];
    let onClosed = () => undefined as void;
    const closedOnce = new Promise<void>((resolve) => (onClosed = resolve));
    const started: { actor?: TableActor } = {};
    const actor = await TableActor.start({
      table,
      ledger,
      outbox: {
        broadcast: (event) => events.push(event),
        sendPrivate: () => undefined,
        eject: (playerId) => ejected.push(playerId),
      },
      roomIdleMs,
      onClosed: (tableId) => {
        closed.push(tableId);
        if (stopOnClose) void started.actor?.close();
        onClosed();
      },
    });
    started.actor = actor;
    return { actor, events, ejected, closed, closedOnce };
  }

  it('T11.7 T11.11: closing ends the shoe with its seed, tells onClosed, and survives a restart', async () => {
    const host = await database.ledger.createGuest('hana');
    const bob = await database.ledger.createGuest('bob');
    const first = await startRoom('room-close', host.player.id);
    const { actor, events } = first;
    actor.presence(host.player.id, true);
    const joined = await actor.command(host.player.id, 'table.join', { tableId: 'room-close' });
    expect(joined.ok && joined.snapshot.room).toMatchObject({ hostName: 'hana', locked: false });
    await actor.command(host.player.id, 'seat.take', { tableId: 'room-close', seat: 1 });
    expect(
      await actor.command(host.player.id, 'room.kick', {
        tableId: 'room-close',
        playerId: bob.player.id,
      }),
    ).toMatchObject({ ok: true });
    expect(first.ejected).toEqual([bob.player.id]);
    expect(await actor.admission(bob.player.id)).toMatchObject({ code: 'KICKED' });
    await actor.command(host.player.id, 'room.lock', { tableId: 'room-close', locked: true });
    await actor.close();

    // Restarted: the host controls come back from the stored state.
    const second = await startRoom('room-close', host.player.id);
    expect(second.actor.current.room).toMatchObject({ locked: true, kicked: [bob.player.id] });
    expect(await second.actor.admission(bob.player.id)).toMatchObject({ code: 'KICKED' });
    const stranger = await database.ledger.createGuest('sam');
    expect(await second.actor.admission(stranger.player.id)).toMatchObject({ code: 'ROOM_LOCKED' });
    second.actor.presence(host.player.id, true);
    await second.actor.idle();
    const shoe = second.actor.current.shoe!;
    expect(
      await second.actor.command(host.player.id, 'room.close', { tableId: 'room-close' }),
    ).toMatchObject({ ok: true });
    await second.closedOnce;
    expect(second.closed).toEqual(['room-close']);
    const ended = second.events.find((e) => e.type === 'shoe.ended');
    expect(ended).toMatchObject({ shoeId: shoe.id, commitment: commitmentOf(shoe.serverSeed) });
    expect(second.events.at(-1)).toMatchObject({ type: 'room.closed', reason: 'host' });
    const record = await database.ledger.shoeRecord(shoe.id);
    expect(record?.endedAt).not.toBeNull();
    expect(record?.serverSeed).toBe(shoe.serverSeed);
    expect(
      await second.actor.command(host.player.id, 'table.join', { tableId: 'room-close' }),
    ).toMatchObject({ ok: false, code: 'UNKNOWN_TABLE' });
    expect(
      await second.actor.command(host.player.id, 'room.pause', {
        tableId: 'room-close',
        paused: true,
      }),
    ).toMatchObject({ ok: false, code: 'ROOM_CLOSED' });
    await second.actor.close();

    // A room closed before a restart tells onClosed again, and says nothing new.
    const third = await startRoom('room-close', host.player.id);
    await third.closedOnce;
    expect(third.closed).toEqual(['room-close']);
    expect(third.events).toEqual([]);
    await third.actor.close();
    expect(events.every((e, i) => e.version === i + 1)).toBe(true);
  });

  it('T11.8: a room whose last connection is gone closes after the idle time', async () => {
    const host = await database.ledger.createGuest('ida');
    const { actor, events, closed, closedOnce } = await startRoom('room-idle', host.player.id, 150);
    actor.presence(host.player.id, true);
    await actor.command(host.player.id, 'seat.take', { tableId: 'room-idle', seat: 2 });
    await actor.idle();
    expect(actor.current.phase.kind).toBe('betting');
    actor.presence(host.player.id, false);
    await closedOnce;
    expect(closed).toEqual(['room-idle']);
    const types = events.map((e) => e.type);
    // Her seat away, the round was dropped at once (T1.5, T2.5); then the idle close.
    expect(types.slice(types.indexOf('seat.away'))).toEqual([
      'seat.away',
      'betting.closed',
      'round.voided',
      'room.updated',
      'shoe.ended',
      'seat.left',
      'room.closed',
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'room.closed', reason: 'idle' });
    await actor.close();
  });

  it('T11.7 T11.8: a join while the closed room publishes its seed hears of no such table', async () => {
    const host = await database.ledger.createGuest('iva');
    // The seed's publication held open: the close is reduced, its effects not yet all run.
    let shoeEnding = () => undefined as void;
    const ending = new Promise<void>((resolve) => (shoeEnding = resolve));
    let publish = () => undefined as void;
    const published = new Promise<void>((resolve) => (publish = resolve));
    const ledger = withOverrides(database.ledger, {
      endShoe: async (...args) => {
        shoeEnding();
        await published;
        return database.ledger.endShoe(...args);
      },
    });
    const { actor, closedOnce } = await startRoom('room-ending', host.player.id, 150, ledger);
    actor.presence(host.player.id, true);
    await actor.command(host.player.id, 'seat.take', { tableId: 'room-ending', seat: 1 });
    actor.presence(host.player.id, false);
    await ending;
    expect(actor.current.room).toMatchObject({ closed: true });
    expect(await actor.admission(host.player.id)).toMatchObject({ code: 'UNKNOWN_TABLE' });
    publish();
    await closedOnce;
    expect(await actor.admission(host.player.id)).toMatchObject({ code: 'UNKNOWN_TABLE' });
    await actor.close();
  });

  it('T11.7 P3: a command racing the room’s close hears ROOM_CLOSED or UNKNOWN_TABLE, never TABLE_CLOSING', async () => {
    const host = await database.ledger.createGuest('rae');
    const bob = await database.ledger.createGuest('ron');
    const id = 'room-race';
    const { actor, closedOnce } = await startRoom(id, host.player.id, 600_000, undefined, true);
    for (const [player, seat] of [
      [host.player.id, 1],
      [bob.player.id, 2],
    ] as const) {
      actor.presence(player, true);
      expect(await actor.command(player, 'table.join', { tableId: id })).toMatchObject({
        ok: true,
      });
      expect(await actor.command(player, 'seat.take', { tableId: id, seat })).toMatchObject({
        ok: true,
      });
    }
    await actor.idle();
    const round = actor.current.phase.kind === 'betting' ? actor.current.phase.round.seq : 1;
    const late = bob.player.id;
    const confirm = (confirmId: string) =>
      actor.command(late, 'bets.confirm', {
        tableId: id,
        round,
        seat: 2,
        confirmId,
        bets: [{ spot: 'player', amount: 500 }],
      });
    // Queued behind the close, as commands a gateway took in the same moment are.
    const closing = actor.command(host.player.id, 'room.close', { tableId: id });
    const behind = [
      actor.command(late, 'chat.send', { tableId: id, text: 'too late' }),
      actor.command(late, 'seat.leave', { tableId: id, seat: 2 }),
      confirm('late'),
    ];
    expect(await closing).toMatchObject({ ok: true });
    await closedOnce;
    // And after it, from a gateway that still held the table's port.
    const after = [
      actor.command(late, 'table.join', { tableId: id }),
      actor.command(late, 'table.resync', { tableId: id, since: 1 }),
      actor.command(late, 'chat.send', { tableId: id, text: 'later still' }),
      confirm('later'),
    ];
    const codes = (await Promise.all([...behind, ...after])).map((ack) =>
      ack.ok ? 'ok' : ack.code,
    );
    expect(codes).toEqual([
      'ROOM_CLOSED',
      'ROOM_CLOSED',
      'ROOM_CLOSED',
      'UNKNOWN_TABLE',
      'UNKNOWN_TABLE',
      'ROOM_CLOSED',
      'ROOM_CLOSED',
    ]);
  });
});
