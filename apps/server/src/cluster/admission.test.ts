import { randomUUID } from 'node:crypto';
import type { AckError, TableSettings } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDatabase } from '../testing/ledger-database.js';
import { quietTable } from '../testing/quiet-table.js';
import { withOverrides } from '../testing/with-overrides.js';
import { TableActor } from '../table/runtime/actor.js';
import type { TablePort } from '../table/runtime/table-port.js';
import { quietLink } from '../testing/quiet-link.js';
import { Cluster } from './cluster.js';
import type { TableLeases } from './leases.js';
import type { LiveTables, TableDefinition } from './registry.js';
import { SoloPort } from './solo-port.js';

/** The machine's Redis; this file's channels and keys are under node ids fresh to the run. */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
/** No beat falls inside the test: node b knows what node a announced when it attached. */
const BEAT_MS = 60_000;

type Code = AckError['code'] | null;

/**
 * T9.4, T11.1, T11.2, T11.7, T13.8, T13.15: "may this player act here from a socket that has not
 * joined?", answered alike by every port a gateway may hold for a table: the actor itself, the
 * solo node's port, the cluster owner's own port and another node's remote port (over Redis).
 */
describe('admission on every table port', () => {
  const database = ledgerDatabase();
  const actors = new Map<string, TableActor>();
  const definitions = new Map<string, TableDefinition>();
  const players: Record<string, string> = {};
  let owner: Cluster;
  let other: Cluster;
  /** The closing room's void, held until the cases have been asked. */
  let releaseVoid = () => undefined as void;

  async function start(id: string, hostPlayerId: string | null, ledger = database.ledger) {
    const settings: TableSettings = quietTable({ cardTurning: false, revealMs: 0 });
    const table = { id, name: id, isPublic: hostPlayerId === null, settings, hostPlayerId };
    await database.ledger.ensureTable(table);
    definitions.set(id, table);
    const actor = await TableActor.start({
      table,
      ledger,
      outbox: { broadcast: () => undefined, sendPrivate: () => undefined, eject: () => undefined },
    });
    actors.set(id, actor);
    return actor;
  }

  const act = (actor: TableActor, player: string, ...[name, payload]: [string, object]) =>
    actor.command(players[player]!, name as never, { tableId: actor.id, ...payload } as never);

  async function node(name: string, live: LiveTables): Promise<Cluster> {
    const cluster = new Cluster({
      redisUrl: REDIS_URL,
      nodeId: `${name}-${randomUUID()}`,
      leases: { epochOf: (id: string) => (live.get(id) ? 1 : undefined) } as TableLeases,
      beatMs: BEAT_MS,
    });
    await cluster.connect();
    await cluster.attach(quietLink(live));
    return cluster;
  }

  beforeAll(async () => {
    for (const name of ['sam', 'wes', 'sue', 'hana', 'mia', 'sid', 'kit', 'ida', 'cleo']) {
      players[name] = (await database.ledger.createGuest(name)).player.id;
    }
    const suffix = randomUUID().slice(0, 8);

    // A public table: sam sits, wes joins to watch.
    const pub = await start(`pub-${suffix}`, null);
    await act(pub, 'sam', 'seat.take', { seat: 1 });
    await act(pub, 'wes', 'table.join', {});

    // T9.4: wes joined before a restart.
    const before = await start(`restart-${suffix}`, null);
    before.presence(players.wes!, true);
    await act(before, 'wes', 'table.join', {});
    await before.idle();
    await before.close();
    await start(`restart-${suffix}`, null);

    // A locked room: its host and sid sit, mia joined before the lock, kit was kicked.
    const room = await start(`room-${suffix}`, players.hana!);
    await act(room, 'hana', 'seat.take', { seat: 1 });
    await act(room, 'sid', 'seat.take', { seat: 2 });
    await act(room, 'mia', 'table.join', {});
    await act(room, 'kit', 'table.join', {});
    expect(await act(room, 'hana', 'room.kick', { playerId: players.kit })).toMatchObject({
      ok: true,
    });
    expect(await act(room, 'hana', 'room.lock', { locked: true })).toMatchObject({ ok: true });

    // T11.7: a room closing while its empty round is voided (the void held).
    let voiding = () => undefined as void;
    const voidAsked = new Promise<void>((resolve) => (voiding = resolve));
    const released = new Promise<void>((resolve) => (releaseVoid = resolve));
    const ledger = withOverrides(database.ledger, {
      voidRound: async (...args) => {
        voiding();
        await released;
        return database.ledger.voidRound(...args);
      },
    });
    const closing = await start(`closing-${suffix}`, players.ida!, ledger);
    closing.presence(players.ida!, true);
    await act(closing, 'ida', 'seat.take', { seat: 1 });
    await closing.idle();
    expect(closing.current.phase.kind).toBe('betting');
    void act(closing, 'ida', 'room.close', {});
    await voidAsked;

    // T11.7: a room its host closed.
    const closed = await start(`closed-${suffix}`, players.cleo!);
    await act(closed, 'cleo', 'room.close', {});
    await closed.idle();
    expect(closed.current.room).toMatchObject({ closed: true });

    // T9.7: a table whose server is stopping.
    const stopping = await start(`stopping-${suffix}`, null);
    await act(stopping, 'sam', 'seat.take', { seat: 3 });
    await stopping.shutdown();

    const live = {
      list: () => [...actors.values()],
      get: (id: string) => actors.get(id),
      definition: (id: string) => definitions.get(id),
    } as unknown as LiveTables;
    owner = await node('owner', live);
    other = await node('other', { ...live, list: () => [], get: () => undefined } as LiveTables);
  });

  afterAll(async () => {
    releaseVoid();
    await Promise.all([owner?.close(), other?.close()]);
    await Promise.all([...actors.values()].map((actor) => actor.close()));
  });

  /** T13.15: the solo node's port for a table, while `actor` runs it (or none does). */
  const soloPort = (tableId: string, actor: TableActor | undefined) =>
    new SoloPort({
      id: tableId,
      name: tableId,
      settings: quietTable(),
      actor: () => actor,
      present: () => [],
    });

  /** Every port a gateway may hold for a running table. */
  function ports(tableId: string): Record<string, TablePort> {
    const actor = actors.get(tableId)!;
    const solo = soloPort(tableId, actor);
    return { actor, solo, owner: owner.port(tableId)!, remote: other.port(tableId)! };
  }

  const table = (prefix: string) => [...actors.keys()].find((id) => id.startsWith(prefix))!;

  /** [case, table, player, the answer's code (null: may act)] */
  const cases: [string, string, string, Code][] = [
    ['seated at a public table', 'pub-', 'sam', null],
    ['watching a public table', 'pub-', 'wes', 'NOT_AT_TABLE'],
    ['a stranger at a public table', 'pub-', 'sue', 'NOT_AT_TABLE'],
    ['joined before a restart (T9.4)', 'restart-', 'wes', null],
    ['a stranger after a restart', 'restart-', 'sue', 'NOT_AT_TABLE'],
    ['the host, seated', 'room-', 'hana', null],
    ['seated in a locked room', 'room-', 'sid', null],
    ['member of a locked room', 'room-', 'mia', 'NOT_AT_TABLE'],
    ['a stranger at a locked room', 'room-', 'sue', 'ROOM_LOCKED'],
    ['kicked', 'room-', 'kit', 'KICKED'],
    ['seated in a closing room', 'closing-', 'ida', 'ROOM_CLOSED'],
    ['a stranger at a closing room', 'closing-', 'sue', 'ROOM_CLOSED'],
    ['the host of a closed room', 'closed-', 'cleo', 'UNKNOWN_TABLE'],
    ['seated, stopping', 'stopping-', 'sam', null],
    ['a stranger, stopping', 'stopping-', 'sue', 'NOT_AT_TABLE'],
  ];

  it.each(cases)('%s (%s%s): %s from every port', async (_, prefix, player, code) => {
    const tableId = table(prefix);
    const answers: Record<string, unknown> = {};
    for (const [kind, port] of Object.entries(ports(tableId))) {
      answers[kind] = await port.admission(players[player]!);
    }
    const local = answers.actor as AckError | null;
    expect(local?.code ?? null).toBe(code);
    if (code === 'NOT_AT_TABLE') expect(local?.message).toBe(`join table ${tableId} first`);
    expect(answers).toEqual({ actor: local, solo: local, owner: local, remote: local });
  });

  it('T13.15: a solo port with no actor running says to try again', async () => {
    const solo = soloPort('resuming', undefined);
    expect(await solo.admission(players.sam!)).toMatchObject({
      code: 'TABLE_CLOSING',
      message: expect.stringContaining('resumes once it can'),
    });
  });

  it('T13.10: a remote port whose owner no longer runs the table says to try again', async () => {
    const tableId = table('pub-');
    const remote = other.port(tableId)!;
    const actor = actors.get(tableId)!;
    actors.delete(tableId);
    try {
      expect(await remote.admission(players.sam!)).toMatchObject({
        code: 'TABLE_CLOSING',
        message: expect.stringContaining('moving to another server'),
      });
    } finally {
      actors.set(tableId, actor);
    }
  });
});
