/**
 * The room-chips bot game (T11.12–T11.16, T10.8–T10.9): a host bot and four player bots play a
 * private evening to its finish line: they ask to sit and the host approves, one goes broke and
 * the host approves its top-up, one sits out and comes back, one is sat out for idling and comes
 * back. Every stack is the bot's own reckoning from the events, the room's export is Postgres to
 * the chip, and the ledger audit (every room sums to zero) is clean.
 */
import {
  ledgerExportSchema,
  type CreateGuestReply,
  type Stake,
  type TableEvent,
} from '@banco/protocol';
import type { RuleSet } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { EveningBot } from '../testing/evening-bot.js';
import { call, newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const STACK = 5_000;
const ROUNDS = 10;
const MIN = 500;
/** Bob is seated with one minimum: staked whole on a tie, it is gone nine times in ten. */
const SHORT = MIN;
const RULES: RuleSet = { commission: 'no-commission', tiePays: 8, sideBets: ['super6'] };
const NAMES = ['host', 'ana', 'bob', 'cat', 'dan'] as const;
type Name = (typeof NAMES)[number];

const is =
  <T extends TableEvent['type']>(type: T) =>
  (e: TableEvent): e is Extract<TableEvent, { type: T }> =>
    e.type === type;

describe('the room-chips bot game (T11.12–T11.16, T10.8)', () => {
  let server: TestBanco;
  let prisma: PrismaClient;
  let roomId = '';
  const guests = {} as Record<Name, CreateGuestReply>;
  const bots = {} as Record<Name, EveningBot>;
  /**
   * The driver's eyes: a watcher who reads snapshots. The bots never do, so each hears every
   * event (a snapshot stands in for the held events it covers, P1.7).
   */
  let eye: TestClient;

  beforeAll(async () => {
    server = await startTestBanco([], { TABLE_TIMINGS: 'instant' });
    prisma = createPrisma(server.db.url);
    for (const name of NAMES) guests[name] = await newGuest(server.url, name);
    const settings = roomSettings({
      seats: 5,
      untimedBetting: true,
      cardTurning: false,
      limits: { min: MIN, max: 20_000, tie: { max: 20_000 }, side: { max: 2_000 } },
      evening: {
        seating: 'host-approves',
        chips: 'room',
        roomChips: { startingStack: STACK, topUps: { autoBelowMinimum: false, perNight: 1 } },
        waitlistMax: 2,
        offerSeconds: 60,
        autoSitOutRounds: 2,
        finish: { kind: 'rounds', count: ROUNDS },
      },
    });
    roomId = (await openRoom(server.url, guests.host.token, 'Bots night', settings)).room.id;
    for (const name of NAMES) {
      const client = await TestClient.connectAs(server.url, guests[name]);
      bots[name] = new EveningBot(client, roomId, RULES);
      expect(await client.send('table.join', { tableId: roomId })).toMatchObject({ ok: true });
    }
    eye = await TestClient.connect(server.url, 'eye');
    expect(await eye.send('table.join', { tableId: roomId })).toMatchObject({ ok: true });
  }, 60_000);

  afterAll(async () => {
    for (const bot of Object.values(bots)) bot.client.close();
    eye?.close();
    await prisma?.$disconnect();
    await server?.close();
  });

  const host = () => bots.host.client;
  const snapshot = async () => {
    const answer = await eye.send('table.snapshot', { tableId: roomId });
    if (!answer.ok) throw new Error(answer.code);
    return answer.snapshot;
  };
  const ended = () => bots.ana.client.events.some((e) => e.type === 'evening.ended');
  /** The next round whose betting is open, or null once the night has ended. */
  const nextRound = async (after: number): Promise<number | null> => {
    for (;;) {
      if (ended()) return null;
      const { phase } = await snapshot();
      if (phase.kind === 'betting' && phase.round > after) return phase.round;
      await eye
        .next((e) => e.type === 'betting.opened' || e.type === 'evening.ended', 2_000)
        .catch(() => undefined);
    }
  };

  /** P9.9: the host bot reads its queue from its own `evening.you`, and answers who is in it. */
  const inQueue = async (playerId: string) => {
    for (;;) {
      const told = host().frames.flatMap((f) =>
        f.kind === 'private' && f.message.type === 'evening.you'
          ? (f.message.evening.queue ?? [])
          : [],
      );
      const request = told.find((r) => r.player.id === playerId);
      if (request) return request;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('T11.12 T11.14 T11.15 T11.16 T10.8 T10.9: the bots play to the finish line; stacks, export and audit agree', async () => {
    const started = performance.now();
    // The host sits (its grant is its own approval), the others ask and the host bot answers
    // each request it is told of: bob is seated short, to go broke.
    expect(await host().send('seat.take', { tableId: roomId, seat: 1 })).toMatchObject({
      ok: true,
      balance: STACK,
    });
    for (const name of ['ana', 'bob', 'cat', 'dan'] as const) {
      const asked = host().next((e) => e.type === 'evening.seat-request' && e.change === 'asked');
      expect(await bots[name].client.send('seat.request', { tableId: roomId })).toMatchObject({
        ok: true,
      });
      await asked;
      const request = await inQueue(guests[name].player.id);
      expect(
        await host().send('room.seat.approve', {
          tableId: roomId,
          playerId: request.player.id,
          ...(name === 'bob' ? { stack: SHORT } : {}),
        }),
      ).toMatchObject({ ok: true });
    }

    let round = 0;
    let played = 0;
    let toppedUpAt = 0;
    for (;;) {
      const next = await nextRound(round);
      if (next === null) break;
      round = next;
      played += 1;
      const view = await snapshot();
      const seatOf = (name: Name) =>
        view.seats.find((s) => s.player.id === guests[name].player.id)!;
      const out = new Set(view.evening!.sittingOut.map((s) => s.seat));
      const stake = async (name: Name, bets: Stake[], balance = seatOf(name).balance) => {
        const seat = seatOf(name);
        const total = bets.reduce((sum, b) => sum + b.amount, 0);
        if (out.has(seat.seat)) return;
        if (total > balance) return bots[name].pass(round, seat.seat);
        return bots[name].bet(round, seat.seat, bets);
      };
      // cat sits out rounds 3 and 4 and is back for 5.
      if (played === 3) {
        expect(
          await bots.cat.client.send('seat.sit-out', { tableId: roomId, out: true }),
        ).toMatchObject({ ok: true });
        out.add(seatOf('cat').seat);
      }
      if (played === 5) {
        expect(
          await bots.cat.client.send('seat.sit-out', { tableId: roomId, out: false }),
        ).toMatchObject({ ok: true });
        out.delete(seatOf('cat').seat);
      }
      // dan lets rounds 6 and 7 pass; round 8 opens with him sat out (2 idle rounds), and he
      // comes back.
      if (out.has(seatOf('dan').seat) && played >= 8) {
        expect(
          await bots.dan.client.send('seat.sit-out', { tableId: roomId, out: false }),
        ).toMatchObject({ ok: true });
        out.delete(seatOf('dan').seat);
      }
      // bob stakes his whole stack on a tie until it is gone, asks for a top-up to the starting
      // stack, and the host bot approves what it is asked; then he plays the minimum.
      let bob = seatOf('bob').balance;
      if (toppedUpAt === 0 && bob < MIN) {
        const asked = host().next(
          (e): e is Extract<TableEvent, { type: 'evening.stack' }> =>
            e.type === 'evening.stack' && e.kind === 'top-up-asked',
        );
        expect(
          await bots.bob.client.send('chips.top-up', {
            tableId: roomId,
            amount: STACK - bob,
          }),
        ).toMatchObject({ ok: true });
        const { playerId } = await asked;
        const granted = bots.bob.client.next(
          (e) => e.type === 'evening.stack' && e.kind === 'top-up' && e.playerId === playerId,
        );
        expect(
          await host().send('room.top-up.approve', { tableId: roomId, playerId }),
        ).toMatchObject({ ok: true });
        await granted;
        toppedUpAt = played;
        bob = STACK;
      }
      await stake('host', [{ spot: 'banker', amount: MIN }]);
      await stake('ana', [{ spot: played % 2 === 1 ? 'player' : 'banker', amount: MIN }]);
      await stake(
        'bob',
        toppedUpAt > 0
          ? [{ spot: 'banker', amount: MIN }]
          : [{ spot: 'tie', amount: Math.min(bob, 20_000) }],
        bob,
      );
      await stake('cat', [{ spot: 'banker', amount: MIN }]);
      if (played === 6 || played === 7) await bots.dan.pass(round, seatOf('dan').seat);
      else await stake('dan', [{ spot: 'player', amount: MIN }]);
      if (performance.now() - started > 25_000) throw new Error(`too slow at round ${played}`);
    }

    // Each bot hears the night end and the room close: its events are then complete.
    for (const bot of Object.values(bots)) {
      if (!bot.client.events.some((e) => e.type === 'room.closed')) {
        await bot.client.next(is('room.closed'));
      }
    }
    const night = bots.ana.client.events.find(is('evening.ended'))!;
    expect(night.reason).toBe('rounds');
    expect(played).toBe(ROUNDS);
    const seen = bots.ana.client.events;
    const mine = (name: Name) => (e: { playerId: string }) => e.playerId === guests[name].player.id;
    // What happened, from the events: four approvals, bob broke and topped up by the host, cat
    // out and back by choice, dan sat out by the rule and back.
    expect(
      seen.filter((e) => e.type === 'evening.seat-request' && e.change === 'approved'),
    ).toHaveLength(4);
    const bobStacks = seen.filter(is('evening.stack')).filter(mine('bob'));
    expect(bobStacks.map((e) => [e.kind, e.approvedBy])).toEqual([
      ['grant', guests.host.player.id],
      ['top-up-asked', null],
      ['top-up', guests.host.player.id],
    ]);
    const sitOuts = seen.filter(is('evening.sit-out'));
    expect(sitOuts.filter(mine('cat')).map((e) => [e.out, e.by])).toEqual([
      [true, 'player'],
      [false, 'player'],
    ]);
    expect(sitOuts.filter(mine('dan')).map((e) => [e.out, e.by])).toEqual([
      [true, 'auto'],
      [false, 'player'],
    ]);

    // Every stack is the bot's own reckoning, in Postgres and on the podium.
    const stacks = new Map<string, number>();
    for (const name of NAMES) {
      const account = await prisma.account.findUnique({
        where: { id: `stack:${roomId}:${guests[name].player.id}` },
      });
      stacks.set(guests[name].player.id, Number(account!.balance));
      expect([name, Number(account!.balance)]).toEqual([name, bots[name].reckoning()]);
    }
    for (const line of night.podium) expect(line.stack).toBe(stacks.get(line.player.id));

    // The export equals Postgres (and the bots) to the chip, once the room is marked closed.
    const readLedger = async () =>
      ledgerExportSchema.parse(
        (await call(server.url, `/api/rooms/${roomId}/ledger`, { token: guests.host.token })).body,
      );
    await expect.poll(async () => (await readLedger()).closed).toBe(true);
    const ledger = await readLedger();
    expect(ledger).toMatchObject({ format: 1, chips: 'room', closed: true });
    expect(ledger.rounds).toHaveLength(ROUNDS);
    expect(await prisma.round.count({ where: { tableId: roomId, status: 'SETTLED' } })).toBe(
      ROUNDS,
    );
    for (const name of NAMES) {
      const bot = bots[name];
      const id = bot.playerId;
      const sessions = ledger.sessions.filter((s) => s.playerId === id);
      expect(sessions.at(-1)!.ended).toBe(stacks.get(id));
      for (const s of sessions) expect(s.started + s.granted + s.net).toBe(s.ended);
      const bets = await prisma.bet.findMany({
        where: { playerId: id, round: { tableId: roomId } },
      });
      const net = bets.reduce((sum, b) => sum + Number(b.returned ?? 0n) - Number(b.amount), 0);
      const total = ledger.totals.find((t) => t.playerId === id)!;
      const nets = bot.nets();
      const ownNet = [...nets.values()].reduce((sum, r) => sum + r.net, 0);
      expect([name, total.net, net]).toEqual([name, ownNet, ownNet]);
      expect(sessions[0]!.started + total.granted).toBe(bot.granted());
      // Round by round: the export's stake and net are the bot's.
      const exported = new Map(
        ledger.rounds.flatMap((r) =>
          r.players.filter((p) => p.playerId === id).map((p) => [r.seq, p] as const),
        ),
      );
      expect(
        [...exported].map(([seq, p]) => [seq, p.stake, p.net]).sort((a, b) => a[0]! - b[0]!),
      ).toEqual([...nets].map(([seq, r]) => [seq, r.stake, r.net]).sort((a, b) => a[0]! - b[0]!));
    }

    // T10.8: the audit is clean, this room's issuer + stacks + escrow + house sums to zero, and
    // what the issuer gave out is every grant and top-up the bots saw.
    const audit = await checkLedger(server.banco.prisma);
    expect(audit.problems).toEqual([]);
    const accounts = await prisma.account.findMany({
      where: { OR: [{ roomId }, { id: `escrow:${roomId}` }] },
    });
    expect(accounts.reduce((sum, a) => sum + Number(a.balance), 0)).toBe(0);
    const issuer = accounts.find((a) => a.id === `issuer:${roomId}`)!;
    const grants = NAMES.reduce((sum, name) => sum + bots[name].granted(), 0);
    expect(Number(issuer.balance)).toBe(-grants);
    console.info(
      `room-chips bot game: ${played} rounds, bob broke and topped up before round ${toppedUpAt}, ` +
        `${Math.round(performance.now() - started)} ms`,
    );
  }, 60_000);
});
