import {
  ACKS,
  ackErrorSchema,
  COMMAND_NAMES,
  COMMAND_REFUSED,
  COMMANDS,
  commandRefusedSchema,
  createGuestReply,
  TABLE_EVENT,
  tableEventSchema,
  type CommandName,
  type CreateGuestReply,
} from '@banco/protocol';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainTable, startBanco, type Banco } from '../banco.js';
import { loadConfig } from '../config.js';
import { checkLedger } from '../db/ledger-invariant.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { errorReplySchema } from '../http/errors.js';
import { openApiOperations, requestFor, safeJson } from '../testing/fuzz-requests.js';
import { Fuzz, seededRandom } from '../testing/fuzz-values.js';
import { openRoom, roomSettings } from '../testing/rooms.js';
import { TestClient } from '../testing/test-banco.js';

/**
 * P1 P3 T9.12: a bounded fuzz of the whole surface. Every socket command (COMMANDS) and every
 * route of the OpenAPI document is sent well-formed and mutated payloads, from players seated at
 * a public table, a private room, a Chemin de Fer room and a practice table, with forged, guest,
 * logged-out and missing tokens. It fails on a 5xx, an INTERNAL, an ack or reply whose code is
 * not documented, an error the server logs, a ledger that does not add up, or a table whose
 * stored state fell behind it. FUZZ_SEED replays a run; FUZZ_MS sets its length.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const BUDGET_MS = Number(process.env.FUZZ_MS ?? 20_000);
const ACK_TIMEOUT_MS = 10_000;
const LANES_PER_SOCKET = 4;
/** Commands that end a room for good wait for the last quarter, so the rooms are fuzzed first. */
const LATE = new Set<string>(['room.close']);
/** Hashing a password costs the server ~50 ms of a core: these routes are drawn less often. */
const COSTLY = new Set(['POST /api/account/claim', 'POST /api/session/login']);

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const sorted = (map: Map<string, number>) =>
  Object.fromEntries([...map].sort((a, b) => b[1] - a[1]));

describe(`fuzz of every command and route (seed ${SEED})`, () => {
  let db: TestDatabase;
  let banco: Banco;
  let url: string;
  const logged: { level: number; msg: string; line: string }[] = [];
  const guests: CreateGuestReply[] = [];
  const sockets: Socket[] = [];
  const rounds = new Map<string, number>();
  const tableIds: string[] = ['main'];

  let made = 0;
  const post = async (path: string, body: unknown, token?: string) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // Its own address each time: the fuzz's players are not what the limits are about.
        'x-forwarded-for': `10.251.${Math.floor(made / 250)}.${(made++ % 250) + 1}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const newGuest = async (name: string) =>
    createGuestReply.parse(await (await post('/api/guests', { name })).json());

  beforeAll(async () => {
    db = await createTestDatabase();
    banco = await startBanco({
      config: loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        TRUST_PROXY: 'loopback',
        TABLE_TIMINGS: 'fast',
        // The fuzz is the load: the socket and player budgets must not stop it at the gate.
        SOCKET_RATE_PER_SECOND: '10000',
        SOCKET_RATE_BURST: '100000',
        PLAYER_RATE_PER_SECOND: '10000',
        PLAYER_RATE_BURST: '100000',
      }),
      databaseUrl: db.url,
      tables: [mainTable('fast')],
      logger: {
        level: 'warn',
        stream: {
          write: (line: string) => {
            const { level, msg } = JSON.parse(line) as { level: number; msg: string };
            logged.push({ level, msg, line: line.slice(0, 600) });
          },
        },
      },
    });
    url = (await banco.listen()).url;
    for (const name of ['Hana', 'Pia', 'Wes', 'Kim']) guests.push(await newGuest(name));
    const [hana, pia] = guests as [CreateGuestReply, CreateGuestReply];
    const room = await openRoom(url, hana.token, 'Den', roomSettings({ bettingSeconds: 5 }));
    const chemin = await openRoom(
      url,
      hana.token,
      'Chemmy',
      roomSettings({
        bettingSeconds: 5,
        kind: 'chemin-de-fer',
        cheminDeFer: {
          decks: 6,
          cagnottePercent: 5,
          bank: { min: 500, max: 20_000 },
          choices: { mode: 'window', seconds: 5 },
        },
      }),
    );
    const practice = (await (await post('/api/rooms/practice', {}, pia.token)).json()) as {
      room: { id: string };
    };
    tableIds.push(room.room.id, chemin.room.id, practice.room.id);

    for (const [i, guest] of guests.entries()) {
      // Its raw socket: payloads go out as the fuzz makes them, acks come back unparsed.
      const { socket } = await TestClient.connectAs(url, guest);
      sockets.push(socket);
      for (const tableId of tableIds) {
        await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('table.join', { tableId });
        await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('seat.take', { tableId, seat: i + 1 });
      }
    }
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await banco?.close();
    await db?.drop();
  });

  it(
    'P1 P3 T9.12: no 5xx, no INTERNAL, no undocumented code, no logged error; the ledger adds up and every table keeps storing its state',
    async () => {
      const random = seededRandom(SEED);
      const fuzz = new Fuzz(random, {
        tableIds: () => tableIds,
        playerIds: () => [...guests.map((g) => g.player.id), 'stranger-1'],
        round: (tableId) => rounds.get(tableId) ?? 1,
      });
      const failures: string[] = [];
      const fail = (what: string) => {
        if (failures.length < 30) failures.push(what);
      };
      const figures = {
        messages: 0,
        unacked: 0,
        events: 0,
        disconnects: new Map<string, number>(),
        acks: new Map<string, number>(),
        requests: 0,
        statuses: new Map<string, number>(),
        replies: new Map<string, number>(),
      };

      for (const socket of sockets) {
        socket.on(TABLE_EVENT, (event: Record<string, unknown>) => {
          figures.events += 1;
          if (!tableEventSchema.safeParse(event).success) {
            fail(`event not in the protocol: ${JSON.stringify(event).slice(0, 200)}`);
          }
          const seq = typeof event.round === 'number' ? event.round : event.coup;
          if (typeof event.tableId === 'string' && typeof seq === 'number') {
            rounds.set(event.tableId, Math.max(seq, rounds.get(event.tableId) ?? 0));
          }
        });
        socket.on(COMMAND_REFUSED, (refused: unknown) => {
          if (!commandRefusedSchema.safeParse(refused).success) {
            fail(`command.refused not in the protocol: ${JSON.stringify(refused)}`);
          }
        });
        socket.on('disconnect', (reason) => count(figures.disconnects, reason));
      }

      const started = performance.now();
      const deadline = started + BUDGET_MS;
      const late = started + BUDGET_MS * 0.75;

      async function socketLane(socket: Socket, guest: CreateGuestReply): Promise<void> {
        while (performance.now() < deadline) {
          if (!socket.connected) {
            socket.connect();
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          const unknown = fuzz.chance(0.03);
          const name = unknown
            ? fuzz.pick(['admin.grant', '__proto__', 'table', 'chat.send ', ''])
            : fuzz.pick(COMMAND_NAMES);
          if (LATE.has(name) && performance.now() < late) continue;
          const schema = unknown ? undefined : ACKS[name as CommandName];
          const base = unknown ? {} : fuzz.fromZod(COMMANDS[name as CommandName]);
          const payload = fuzz.chance(0.45) ? fuzz.mutate(base) : base;
          figures.messages += 1;
          if (fuzz.chance(0.03)) {
            figures.unacked += 1;
            socket.emit(name, payload);
            continue;
          }
          const extra = fuzz.chance(0.02) ? [fuzz.hostile()] : [];
          try {
            const ack = (await socket
              .timeout(ACK_TIMEOUT_MS)
              .emitWithAck(name, payload, ...extra)) as Record<string, unknown>;
            const checked = (schema ?? ackErrorSchema).safeParse(ack);
            const code = ack?.ok === true ? 'ok' : String(ack?.code);
            count(figures.acks, code);
            const what = `${guest.player.name} ${name} ${JSON.stringify(payload)?.slice(0, 200)}`;
            if (!checked.success) fail(`ack not in the protocol: ${what} → ${JSON.stringify(ack)}`);
            // Nothing here stops the server or moves a table: TABLE_CLOSING is never right.
            if (code === 'INTERNAL' || code === 'TABLE_CLOSING') fail(`${code}: ${what}`);
          } catch (error) {
            // A socket the server closed answers nothing: counted with the disconnects.
            if (socket.connected) fail(`no ack: ${name} ${String(error)}`);
          }
        }
      }

      const operations = await openApiOperations(url);
      /** Tokens of players who hold no socket: these may be logged out, claimed, anything. */
      const spare: string[] = [];
      const ended: string[] = [];
      for (const name of ['Ivy', 'Jon', 'Lea']) spare.push((await newGuest(name)).token);

      async function httpLane(): Promise<void> {
        while (performance.now() < deadline) {
          const op = fuzz.pick(operations);
          const route = `${op.method} ${op.path}`;
          if (COSTLY.has(route) && !fuzz.chance(0.15)) continue;
          const logout = op.path.startsWith('/api/session/logout');
          const token = fuzz.pick([
            undefined,
            'forged-token-0000000000000000',
            fuzz.pick(spare),
            fuzz.pick(ended.length > 0 ? ended : spare),
            // Players at the tables: never logged out here, or their sockets would close.
            logout ? fuzz.pick(spare) : fuzz.pick(guests).token,
          ]);
          const target = requestFor(fuzz, op);
          const headers: Record<string, string> = {
            'x-forwarded-for': `10.${fuzz.int(250)}.${fuzz.int(250)}.${1 + fuzz.int(250)}`,
          };
          if (token) headers.authorization = `Bearer ${token}`;
          if (target.body !== undefined) headers['content-type'] = 'application/json';
          figures.requests += 1;
          const response = await fetch(`${url}${target.url}`, {
            method: op.method,
            headers,
            ...(target.body !== undefined ? { body: target.body } : {}),
          });
          const text = await response.text();
          count(figures.statuses, String(response.status));
          const seen = `${route} ${target.url} ${target.body?.slice(0, 160)} → ${response.status} ${text.slice(0, 200)}`;
          if (response.status >= 500) fail(`5xx: ${seen}`);
          if (response.status >= 400) {
            const reply = errorReplySchema.safeParse(safeJson(text));
            if (!reply.success) fail(`reply not documented: ${seen}`);
            else count(figures.replies, reply.data.code);
          }
          if (logout && response.ok && token && spare.includes(token)) {
            spare.splice(spare.indexOf(token), 1, (await newGuest('Spare')).token);
            ended.push(token);
          }
        }
      }

      await Promise.all([
        // Several commands in flight per socket, as a client clicking fast has.
        ...sockets.flatMap((socket, i) =>
          Array.from({ length: LANES_PER_SOCKET }, () => socketLane(socket, guests[i]!)),
        ),
        httpLane(),
        httpLane(),
      ]);
      const seconds = (performance.now() - started) / 1000;

      // Every table the server still runs has stored a state at least as new as what it sent.
      const live = banco.tables.list();
      for (const table of live) {
        const snapshot = await table.snapshot(guests[0]!.player.id);
        const row = await banco.prisma.tableStateRow.findUnique({ where: { tableId: table.id } });
        // A table nothing has happened at yet has stored nothing, and sent nothing.
        if ((row?.version ?? 0) < snapshot.version) {
          fail(`table ${table.id} at version ${snapshot.version} stored ${row?.version}`);
        }
        if (table.problems().length > 0) fail(`table ${table.id}: ${table.problems().join('; ')}`);
      }
      const health = await fetch(`${url}/health`);
      const healthBody = (await health.json()) as { status: string };
      if (health.status !== 200 || healthBody.status !== 'ok') {
        fail(`health ${health.status} ${JSON.stringify(healthBody)}`);
      }
      const metrics = await (await fetch(`${url}/metrics`)).text();
      if (!/^banco_tables_not_saving 0$/m.test(metrics)) fail('a table is not saving its state');
      if (/^banco_table_state_save_failures_total\{/m.test(metrics)) fail('a state save failed');
      const ledger = await checkLedger(banco.prisma, { liveTables: live.map((t) => t.id) });
      for (const problem of ledger.problems) fail(`ledger: ${problem}`);
      for (const entry of logged.filter((l) => l.level >= 50)) fail(`logged: ${entry.line}`);

      console.log(
        JSON.stringify({
          seed: SEED,
          seconds: Math.round(seconds * 10) / 10,
          socketMessages: figures.messages,
          unacked: figures.unacked,
          acks: sorted(figures.acks),
          events: figures.events,
          disconnects: sorted(figures.disconnects),
          httpRequests: figures.requests,
          statuses: sorted(figures.statuses),
          httpCodes: sorted(figures.replies),
          tablesLive: live.length,
          warnings: logged.filter((l) => l.level === 40).length,
        }),
      );
      expect(failures, `FUZZ_SEED=${SEED} replays this run`).toEqual([]);
    },
    BUDGET_MS + 60_000,
  );
});
