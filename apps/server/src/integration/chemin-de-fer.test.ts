/**
 * Chemin de Fer tables (T15) over real sockets and Postgres: the bank posted and covered, the
 * choices, the bank passing and declined, the cagnotte in the house account, refusals by code,
 * and no card face in any frame before its time.
 */
import { createGuestReply, type CheminDeFerSettings, type TableEvent } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDefinition } from '../cluster/registry.js';
import { HOUSE_ACCOUNT } from '../db/accounts.js';
import { checkLedger } from '../db/ledger-invariant.js';
import { quietTable } from '../testing/quiet-table.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';
import { auditCheminFrames } from '../testing/chemin-audit.js';

type Updated = Extract<TableEvent, { type: 'chemin.updated' }>;
const updated =
  (what: Updated['what'], tableId: string, more: (e: Updated) => boolean = () => true) =>
  (e: TableEvent): e is Updated =>
    e.type === 'chemin.updated' && e.tableId === tableId && e.what === what && more(e);

const chemin = (overrides: Partial<CheminDeFerSettings> = {}): CheminDeFerSettings => ({
  decks: 6,
  cagnottePercent: 5,
  bank: { min: 10_000, max: 100_000 },
  choices: { mode: 'window', seconds: 20 },
  ...overrides,
});

/** After the burn (AS shown, QS burned), coups dealt punto, banker, punto, banker, then thirds. */
const FILL: CardCode[] = Array<CardCode>(40).fill('KH');
const shoeOf = (...coups: CardCode[][]): CardCode[] => ['AS', 'QS', ...coups.flat(), ...FILL];
/** Punto 2H 3D (5: his choice), banker KC 5S (5); a 4D third puts the banker at 5 v 4. */
const CHOICES: CardCode[] = ['2H', 'KC', '3D', '5S', '4D'];
/** Punto KD QD (0, draws) and KS; banker 7H JC (7, stands): the banker wins. */
const BANKER_WINS: CardCode[] = ['KD', '7H', 'QD', 'JC', 'KS'];

const table = (
  id: string,
  cards: CardCode[],
  settings: Partial<CheminDeFerSettings> = {},
  bettingMs = 600_000,
): TableDefinition => ({
  id,
  name: id,
  isPublic: true,
  settings: quietTable({
    decks: 6,
    cut: 7,
    lastHand: 'finish-current',
    bettingMs,
    cheminDeFer: chemin(settings),
  }),
  scriptedShoe: cards,
});

async function seat(client: TestClient, tableId: string, n: number): Promise<void> {
  expect((await client.send('table.join', { tableId })).ok).toBe(true);
  expect((await client.send('seat.take', { tableId, seat: n })).ok).toBe(true);
}

describe('Chemin de Fer tables over real sockets and Postgres', () => {
  let server: TestBanco;
  const clients: TestClient[] = [];
  const connect = async (name: string) => {
    const client = await TestClient.connect(server.url, name);
    clients.push(client);
    return client;
  };
  const balance = (c: TestClient) => server.banco.ledger.balanceOf(c.playerId);
  const house = async () =>
    Number(
      (await server.banco.prisma.account.findUniqueOrThrow({ where: { id: HOUSE_ACCOUNT } }))
        .balance,
    );

  beforeAll(async () => {
    server = await startTestBanco([
      table('cdf-a', shoeOf(CHOICES, BANKER_WINS)),
      table('cdf-b', shoeOf(CHOICES), {}, 2_000),
      table('cdf-c', shoeOf(CHOICES), { choices: { mode: 'window', seconds: 5 } }),
      table('cdf-r', shoeOf(CHOICES), { choices: { mode: 'by-rule' } }),
      table('cdf-d', shoeOf(CHOICES)),
    ]);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
  });

  it('T15.1 T15.3 T15.4 T15.5 T15.6 T15.7 C2.1 C2.2 C2.3 C2.4 C3.1 a bank posted, covered avec la table and by a stake, both choices made, the bank moving on a loss', async () => {
    const id = 'cdf-a';
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const cat = await connect('Cat');
    const offered = ann.next(updated('offered', id));
    await seat(ann, id, 1);
    await seat(bob, id, 2);
    await seat(cat, id, 3);
    expect((await offered).view.offer).toEqual({ kind: 'fresh', seat: 1, declined: [] });
    const start = { ann: await balance(ann), bob: await balance(bob), cat: await balance(cat) };
    const houseBefore = await house();

    const post = (c: TestClient, amount: number, coup = 1) =>
      c.send('chemin.bank.post', { tableId: id, coup, amount });
    expect(await post(bob, 50_000)).toMatchObject({ ok: false, code: 'NOT_YOUR_BANK' });
    expect(await post(ann, 200_000)).toMatchObject({ ok: false, code: 'BANK_OUT_OF_LIMITS' });
    expect(await post(ann, 50_050)).toMatchObject({ ok: false, code: 'FRACTIONAL_CHIPS' });
    expect(await post(ann, 50_000, 2)).toMatchObject({ ok: false, code: 'STALE_ROUND' });
    const posted = cat.next(updated('posted', id));
    expect(await post(ann, 50_000)).toMatchObject({ ok: true });
    expect((await posted).view.coup).toMatchObject({ coup: 1, banker: 1, bank: 50_000 });

    const cover = (c: TestClient, call: unknown) =>
      c.send('chemin.cover', { tableId: id, coup: 1, call });
    expect(await cover(ann, { kind: 'banco' })).toMatchObject({ code: 'BANKER_CANNOT_COVER' });
    expect(await cover(cat, { kind: 'stake', amount: 50_100 })).toMatchObject({
      code: 'INVALID_STAKE',
    });
    expect(await cover(bob, { kind: 'avec-la-table' })).toMatchObject({ ok: true });
    expect(await cover(bob, { kind: 'none' })).toMatchObject({ code: 'ALREADY_CALLED' });
    expect(
      await ann.send('chemin.punto.choose', { tableId: id, coup: 1, option: 'draw' }),
    ).toMatchObject({ code: 'NO_CHOICE_PENDING' });
    const dealt = ann.next(updated('dealt', id));
    expect(await cover(cat, { kind: 'stake', amount: 10_000 })).toMatchObject({ ok: true });
    const deal = await dealt;
    // T15.4: exactly what plays is held: 35,000 of the bank, 25,000 and 10,000 of the covers.
    expect(deal.view.coup?.cover).toMatchObject({
      kind: 'avec-la-table',
      covered: 35_000,
      uncovered: 15_000,
      puntoSeat: 2,
    });
    expect(deal.view.coup?.pending).toEqual({
      hand: 'punto',
      seat: 2,
      deadline: expect.any(Number),
    });
    expect(await balance(ann)).toBe(start.ann - 35_000);
    expect(await balance(bob)).toBe(start.bob - 25_000);
    expect(await balance(cat)).toBe(start.cat - 10_000);

    expect(
      await ann.send('chemin.punto.choose', { tableId: id, coup: 1, option: 'draw' }),
    ).toMatchObject({ code: 'NOT_YOUR_CHOICE' });
    const choice = ann.next(updated('chose', id, (e) => e.seat === 2));
    expect(
      await bob.send('chemin.punto.choose', { tableId: id, coup: 1, option: 'draw' }),
    ).toMatchObject({ ok: true });
    expect((await choice).view.coup?.pending).toEqual({
      hand: 'banker',
      seat: 1,
      deadline: expect.any(Number),
    });
    const settled = cat.next(updated('settled', id));
    expect(
      await ann.send('chemin.banker.choose', { tableId: id, coup: 1, option: 'stand' }),
    ).toMatchObject({ ok: true });
    const end = await settled;
    // Punto 2+3+4 = 9 against the banker's 5: the punters win what they covered.
    expect(end.view.last?.settlement).toMatchObject({ outcome: 'player', cagnotte: 0 });
    expect(end.view.last?.story.find((s) => s.kind === 'stand')).toMatchObject({
      hand: 'banker',
      by: 'choice',
      cell: 'banker-5-vs-4',
    });
    expect(await balance(ann)).toBe(start.ann - 35_000);
    expect(await balance(bob)).toBe(start.bob + 25_000);
    expect(await balance(cat)).toBe(start.cat + 10_000);
    // T15.7: on a loss the bank moves to the next seat.
    expect(end.view.offer).toEqual({ kind: 'fresh', seat: 2, declined: [] });

    // The punto and the banker saw their own two cards; nobody else saw any face early.
    const own = (c: TestClient) =>
      c.frames.flatMap((f) =>
        f.kind === 'private' && f.message.type === 'chemin.cards' ? [f.message.cards] : [],
      );
    expect(own(bob)[0]).toEqual(['2H', '3D']);
    expect(own(ann)[0]).toEqual(['KC', '5S']);
    // R14.5: each chooser alone was told the cell of his choice.
    const cells = (c: TestClient) =>
      c.frames.flatMap((f) =>
        f.kind === 'private' && f.message.type === 'chemin.cards' ? [f.message.cell] : [],
      );
    expect(cells(bob)).toEqual(['punto-5']);
    expect(cells(ann)).toEqual([null, 'banker-5-vs-4']);
    expect(own(cat)).toEqual([]);
    for (const [c, n] of [
      [ann, 1],
      [bob, 2],
      [cat, 3],
    ] as const) {
      expect(auditCheminFrames(c.frames, n)).toEqual([]);
    }
    expect(await house()).toBe(houseBefore);

    // Coup 2: Bob declines, Cat takes the bank; Ann calls Banco! and loses to the bank.
    expect(await bob.send('chemin.bank.pass', { tableId: id })).toMatchObject({
      code: 'CANNOT_PASS',
    });
    const decline = bob.send('chemin.bank.decline', { tableId: id });
    expect(await decline).toMatchObject({ ok: true });
    expect(await bob.send('chemin.bank.decline', { tableId: id })).toMatchObject({
      code: 'NOT_YOUR_BANK',
    });
    expect(
      await cat.send('chemin.bank.post', { tableId: id, coup: 2, amount: 20_000 }),
    ).toMatchObject({ ok: true });
    expect(await cover(ann, { kind: 'banco' })).toMatchObject({ code: 'STALE_ROUND' });
    const cover2 = (c: TestClient, call: unknown) =>
      c.send('chemin.cover', { tableId: id, coup: 2, call });
    const second = cat.next(updated('settled', id));
    expect(await cover2(ann, { kind: 'banco' })).toMatchObject({ ok: true });
    expect(await cover2(bob, { kind: 'stake', amount: 5_000 })).toMatchObject({ ok: true });
    const won = await second;
    // Banco takes the whole bank; Bob's stake is not taken (T15.4: never held).
    expect(won.view.last?.cover).toMatchObject({ kind: 'banco', covered: 20_000, puntoSeat: 1 });
    expect(won.view.last?.settlement).toMatchObject({
      outcome: 'banker',
      banker: 39_000,
      cagnotte: 1_000,
    });
    // T15.6: the cagnotte is in the house account; the bank rides whole (R17.3).
    expect(await house()).toBe(houseBefore + 1_000);
    expect(won.view.offer).toEqual({ kind: 'ride', seat: 3, amount: 39_000 });
    expect(won.view.bancoSuivi).toBe(1);
    expect(await balance(cat)).toBe(start.cat + 10_000 + 19_000);
    expect(await balance(ann)).toBe(start.ann - 35_000 - 20_000);
    expect(await balance(bob)).toBe(start.bob + 25_000);
    for (const c of [ann, bob, cat]) {
      const seats = won.balances.find((b) => b.playerId === c.playerId);
      if (seats) expect(seats.balance).toBe(await balance(c));
    }

    // A riding bank posts whole or passes (C2.1, C2.5).
    expect(
      await cat.send('chemin.bank.post', { tableId: id, coup: 3, amount: 20_000 }),
    ).toMatchObject({ code: 'BANK_RIDES_WHOLE' });
    expect(await cat.send('chemin.bank.decline', { tableId: id })).toMatchObject({
      code: 'NOT_OFFERED',
    });
    expect(await ann.send('chemin.bank.pass', { tableId: id })).toMatchObject({
      code: 'NOT_YOUR_BANK',
    });
    const passed = ann.next(updated('passed', id));
    expect(await cat.send('chemin.bank.pass', { tableId: id })).toMatchObject({ ok: true });
    expect((await passed).view.offer).toEqual({ kind: 'fresh', seat: 1, declined: [3] });
    for (const [c, n] of [
      [ann, 1],
      [bob, 2],
      [cat, 3],
    ] as const) {
      expect(auditCheminFrames(c.frames, n)).toEqual([]);
    }
    expect((await checkLedger(server.banco.prisma)).problems).toEqual([]);
  });

  it('T15.3 T15.4 C5.2 a bank nobody covers by its time is not dealt and every chip stays', async () => {
    const id = 'cdf-b';
    const dan = await connect('Dan');
    const eve = await connect('Eve');
    const offered = dan.next(updated('offered', id));
    await seat(dan, id, 1);
    await seat(eve, id, 2);
    await offered;
    const before = [await balance(dan), await balance(eve)];
    const notDealt = eve.next(updated('not-dealt', id), 10_000);
    expect(
      await dan.send('chemin.bank.post', { tableId: id, coup: 1, amount: 30_000 }),
    ).toMatchObject({ ok: true });
    const ended = await notDealt;
    expect(ended.view.last).toMatchObject({ phase: 'not-dealt', notDealt: 'uncovered' });
    // R17.5: nothing was dealt, so the bank is offered as before.
    expect(ended.view.offer).toMatchObject({ kind: 'fresh', seat: 1 });
    expect([await balance(dan), await balance(eve)]).toEqual(before);
    expect(
      await eve.send('chemin.cover', { tableId: id, coup: 1, call: { kind: 'banco' } }),
    ).toMatchObject({ ok: false });
  });

  it('T15.5 C1.3 a choice not made in its window is made by the rule', async () => {
    const id = 'cdf-c';
    const fay = await connect('Fay');
    const gus = await connect('Gus');
    const offered = fay.next(updated('offered', id));
    await seat(fay, id, 1);
    await seat(gus, id, 2);
    await offered;
    const dealt = fay.next(updated('dealt', id));
    await fay.send('chemin.bank.post', { tableId: id, coup: 1, amount: 10_000 });
    await gus.send('chemin.cover', { tableId: id, coup: 1, call: { kind: 'banco' } });
    const deal = await dealt;
    const deadline = deal.view.coup?.pending?.deadline ?? 0;
    expect(deadline - deal.at).toBe(5_000);
    const byRule = fay.next(
      updated('chose', id, (e) => e.seat === null),
      15_000,
    );
    const chose = await byRule;
    expect(chose.at).toBeGreaterThanOrEqual(deadline);
    expect(
      chose.view.coup?.story.find((s) => s.kind === 'draw' && s.hand === 'punto'),
    ).toMatchObject({ by: 'rule' });
  });

  it('T15.5 C1.3 a by-rule room never waits: the punto on 5 draws at once', async () => {
    const id = 'cdf-r';
    const hal = await connect('Hal');
    const ivy = await connect('Ivy');
    const offered = hal.next(updated('offered', id));
    await seat(hal, id, 1);
    await seat(ivy, id, 2);
    await offered;
    const settled = hal.next(updated('settled', id));
    await hal.send('chemin.bank.post', { tableId: id, coup: 1, amount: 10_000 });
    await ivy.send('chemin.cover', { tableId: id, coup: 1, call: { kind: 'banco' } });
    const end = await settled;
    const rules = end.view.last?.story.filter((s) => s.kind === 'draw' || s.kind === 'stand');
    expect(rules?.map((s) => (s.kind === 'draw' || s.kind === 'stand' ? s.by : null))).toEqual([
      'rule',
      'rule',
    ]);
    for (const [c, n] of [
      [hal, 1],
      [ivy, 2],
    ] as const) {
      expect(auditCheminFrames(c.frames, n)).toEqual([]);
    }
    expect((await checkLedger(server.banco.prisma)).problems).toEqual([]);
  });

  it('C5.4 P1.5 a page that comes back mid-coup gets its own face-down cards again, and nobody else does', async () => {
    const id = 'cdf-d';
    const guest = async (name: string) =>
      createGuestReply.parse(
        await (
          await fetch(`${server.url}/api/guests`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          })
        ).json(),
      );
    const again = async (who: Awaited<ReturnType<typeof guest>>) => {
      const client = await TestClient.connectAs(server.url, who);
      clients.push(client);
      return client;
    };
    const jo = await guest('Jo');
    const kim = await guest('Kim');
    const joFirst = await again(jo);
    const kimFirst = await again(kim);
    const offered = joFirst.next(updated('offered', id));
    await seat(joFirst, id, 1);
    await seat(kimFirst, id, 2);
    await offered;
    const dealt = joFirst.next(updated('dealt', id));
    await joFirst.send('chemin.bank.post', { tableId: id, coup: 1, amount: 10_000 });
    await kimFirst.send('chemin.cover', { tableId: id, coup: 1, call: { kind: 'banco' } });
    expect((await dealt).view.coup?.pending).toMatchObject({ hand: 'punto', seat: 2 });
    const cardsOf = (c: TestClient) =>
      c.frames.flatMap((f) =>
        f.kind === 'private' && f.message.type === 'chemin.cards' ? [f.message] : [],
      );

    // Both pages reload (new sockets, the same players); a watcher comes in as well.
    joFirst.close();
    kimFirst.close();
    const kimBack = await again(kim);
    const joBack = await again(jo);
    const lee = await connect('Lee');
    for (const c of [kimBack, joBack, lee]) {
      expect((await c.send('table.join', { tableId: id })).ok).toBe(true);
    }
    await expect.poll(() => cardsOf(kimBack).length).toBe(1);
    const punto = cardsOf(kimBack)[0]!;
    expect(punto).toMatchObject({ coup: 1, hand: 'punto', cards: ['2H', '3D'] });
    // The choice Kim holds comes back with its odds, counted as when the cards were dealt.
    expect(punto.odds).not.toBeNull();
    expect(punto.odds).toEqual(cardsOf(kimFirst)[0]!.odds);
    await expect.poll(() => cardsOf(joBack).length).toBe(1);
    expect(cardsOf(joBack)[0]).toMatchObject({ hand: 'banker', cards: ['KC', '5S'], odds: null });

    // A resync from an old version sends them once more, to their own player alone.
    expect((await kimBack.send('table.resync', { tableId: id, since: 0 })).ok).toBe(true);
    await expect.poll(() => cardsOf(kimBack).length).toBe(2);
    expect(cardsOf(kimBack)[1]!.cards).toEqual(['2H', '3D']);

    const chose = lee.next(updated('chose', id, (e) => e.seat === 2));
    expect(
      await kimBack.send('chemin.punto.choose', { tableId: id, coup: 1, option: 'draw' }),
    ).toMatchObject({ ok: true });
    await chose;
    // The watcher had the whole coup up to the choice, and no face of it.
    expect(cardsOf(lee)).toEqual([]);
    // The pages that came back were told their cards before any event; the others audit whole.
    for (const [c, n] of [
      [kimFirst, 2],
      [joFirst, 1],
      [lee, null],
    ] as const) {
      expect(auditCheminFrames(c.frames, n)).toEqual([]);
    }
  });
});
