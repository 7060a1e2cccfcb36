/**
 * Baccara Banque tables (T16) over real sockets and Postgres: the bank auctioned after the shoe
 * is committed, stakes on each tableau and à cheval, a lone tableau natural paid while the other
 * plays on, a holder's choice on 5, the banker's choice with its exact values sent to him alone,
 * a Banco against a banker's natural, the cagnotte in the house account, a retired bank taken
 * over, refusals by code, and no card face in any frame before its time.
 */
import { type BaccaraBanqueSettings, type BanqueCards, type TableEvent } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDefinition } from '../cluster/registry.js';
import { HOUSE_ACCOUNT } from '../db/accounts.js';
import { checkLedger } from '../db/ledger-invariant.js';
import { auditBanqueFrames } from '../testing/banque-audit.js';
import { ownSettlement } from '../testing/banque-settlement.js';
import { quietTable } from '../testing/quiet-table.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

type Updated = Extract<TableEvent, { type: 'banque.updated' }>;
const updated =
  (what: Updated['what'], more: (e: Updated) => boolean = () => true) =>
  (e: TableEvent): e is Updated =>
    e.type === 'banque.updated' && e.what === what && more(e);

const SETTINGS: BaccaraBanqueSettings = {
  decks: 3,
  award: 'auction',
  bank: { min: 10_000, max: 100_000 },
  cagnotteBp: 125,
  choices: { mode: 'window', seconds: 20 },
  biddingSeconds: 30,
  watchersMayCover: false,
};

/** After the burn (AS shown, QS burned), coups are dealt right, left, banker, twice, then thirds. */
const FILL: CardCode[] = Array<CardCode>(40).fill('KH');
/** Right 4C 5D: a lone natural 9. Left 2H 3S: 5, its holder's choice; draws 7D (2). Banker KC 6H. */
const LONE_NATURAL: CardCode[] = ['4C', '2H', 'KC', '5D', '3S', '6H', '7D'];
/** Right 2C KH (2), left 3D KD (3), banker 9S KS: the banker's natural ends the coup. */
const BANKER_NATURAL: CardCode[] = ['2C', '3D', '9S', 'KH', 'KD', 'KS'];

const table = (id: string, cards: CardCode[]): TableDefinition => ({
  id,
  name: id,
  isPublic: true,
  settings: quietTable({
    seats: 12,
    decks: 3,
    cut: 10,
    lastHand: 'finish-current',
    baccaraBanque: SETTINGS,
  }),
  scriptedShoe: cards,
});

describe('Baccara Banque tables over real sockets and Postgres', () => {
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
      table('bb-a', ['AS', 'QS', ...LONE_NATURAL, ...BANKER_NATURAL, ...FILL]),
    ]);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
  });

  it('T16.1 T16.2 T16.3 T16.4 T16.5 T16.6 T16.7 T16.8 T16.10 T16.11 B2.1 B2.4 B2.5 B2.6 B2.7 B2.8 B5.3 an auctioned bank, a lone natural paid, both choices, a Banco, a take-over', async () => {
    const id = 'bb-a';
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const cat = await connect('Cat');
    const dan = await connect('Dan');
    const seats = [
      [ann, 1],
      [bob, 2],
      [cat, 7],
      [dan, 8],
    ] as const;
    // T16.1: the shoe is committed (shoe.new) before the auction opens.
    const auction = ann.next(updated('auction-opened'));
    for (const [c, n] of seats) {
      expect((await c.send('table.join', { tableId: id })).ok).toBe(true);
      expect((await c.send('seat.take', { tableId: id, seat: n })).ok).toBe(true);
    }
    await auction;
    const newAt = ann.events.findIndex((e) => e.type === 'shoe.new');
    const auctionAt = ann.events.findIndex(
      (e) => e.type === 'banque.updated' && e.what === 'auction-opened',
    );
    expect(newAt).toBeGreaterThan(-1);
    expect(auctionAt).toBeGreaterThan(newAt);
    const start = {
      ann: await balance(ann),
      bob: await balance(bob),
      cat: await balance(cat),
      dan: await balance(dan),
    };
    const houseBefore = await house();

    // T16.2: bids within the limits, whole chips; equal bids go to the earliest.
    const bidFor = (c: TestClient, amount: number) => c.send('banque.bid', { tableId: id, amount });
    expect(await bidFor(ann, 200_000)).toMatchObject({ ok: false, code: 'BANK_OUT_OF_LIMITS' });
    expect(await bidFor(ann, 50_050)).toMatchObject({ ok: false, code: 'FRACTIONAL_CHIPS' });
    expect(await bidFor(ann, 50_000)).toMatchObject({ ok: true });
    expect(await bidFor(cat, 50_000)).toMatchObject({ ok: true });
    expect(await bidFor(bob, 20_000)).toMatchObject({ ok: true });
    const awarded = bob.next(updated('awarded'));
    const opened = bob.next(updated('stakes-opened'));
    expect(await bidFor(dan, 10_000)).toMatchObject({ ok: true });
    expect((await awarded).view.tenure).toMatchObject({ banker: 1, bank: 50_000, coups: 0 });
    const coup1 = (await opened).view.coup!;
    // T16.5: each side's cards go first to the punter nearest the banker.
    expect(coup1).toMatchObject({
      coup: 1,
      banker: 1,
      bank: 50_000,
      holders: { right: 2, left: 7 },
    });

    const stake = (c: TestClient, call: unknown, coup = 1) =>
      c.send('banque.stake', { tableId: id, coup, call });
    expect(await ann.send('banque.bank.retire', { tableId: id })).toMatchObject({
      code: 'MUST_PLAY_ONE_COUP',
    });
    expect(await stake(ann, { kind: 'banco', on: 'right' })).toMatchObject({
      code: 'BANKER_CANNOT_STAKE',
    });
    expect(await stake(bob, { kind: 'stake', on: 'right', amount: 60_000 })).toMatchObject({
      code: 'INVALID_STAKE',
    });
    expect(await stake(bob, { kind: 'stake', on: 'right', amount: 10_000 }, 2)).toMatchObject({
      code: 'STALE_ROUND',
    });
    expect(await stake(bob, { kind: 'stake', on: 'right', amount: 10_000 })).toMatchObject({
      ok: true,
    });
    expect(await stake(bob, { kind: 'none' })).toMatchObject({ code: 'ALREADY_STAKED' });
    expect(await stake(cat, { kind: 'stake', on: 'cheval', amount: 20_000 })).toMatchObject({
      ok: true,
    });
    const dealt = ann.next(updated('dealt'));
    expect(await stake(dan, { kind: 'stake', on: 'left', amount: 20_000 })).toMatchObject({
      ok: true,
    });
    const deal = (await dealt).view.coup!;
    // T16.5: the right tableau's lone natural is turned over and paid; the left plays on.
    expect(deal.cards.right).toEqual(['4C', '5D']);
    expect(deal.cards.left).toEqual([null, null]);
    expect(deal.cards.banker).toEqual([null, null]);
    expect(deal.story.find((s) => s.kind === 'natural')).toMatchObject({
      hand: 'right',
      total: 9,
      paid: true,
    });
    expect(deal.pending).toMatchObject({ hand: 'left', seat: 7 });
    // T16.4: the bank whole and every accepted stake are held from the deal on.
    expect(await balance(ann)).toBe(start.ann - 50_000);
    expect(await balance(bob)).toBe(start.bob - 10_000);
    expect(await balance(cat)).toBe(start.cat - 20_000);
    expect(await balance(dan)).toBe(start.dan - 20_000);

    const choose = (c: TestClient, hand: 'left' | 'right' | 'banker', option: string) =>
      hand === 'banker'
        ? c.send('banque.banker.choose', { tableId: id, coup: 1, option })
        : c.send('banque.punto.choose', { tableId: id, coup: 1, tableau: hand, option });
    expect(await choose(dan, 'left', 'draw')).toMatchObject({ code: 'NOT_YOUR_CHOICE' });
    expect(await choose(ann, 'banker', 'draw')).toMatchObject({ code: 'NOT_YOUR_CHOICE' });
    const bankerTurn = bob.next(updated('chose', (e) => e.seat === 7));
    expect(await choose(cat, 'left', 'draw')).toMatchObject({ ok: true });
    const turn = (await bankerTurn).view.coup!;
    expect(turn.pending).toMatchObject({ hand: 'banker', seat: 1 });
    expect(turn.cards.left).toEqual([null, null, '7D']);

    // B5.3: the banker alone hears his cards with the exact value of each option (T16.7).
    const own = (c: TestClient) =>
      c.frames.flatMap((f) =>
        f.kind === 'private' && f.message.type === 'banque.cards' ? [f.message as BanqueCards] : [],
      );
    await expect.poll(() => own(ann).some((m) => m.window !== null)).toBe(true);
    const window = own(ann).find((m) => m.window !== null)!;
    expect(window).toMatchObject({ hand: 'banker', cards: ['KC', '6H'], choosing: true });
    expect(window.window!.best).toMatch(/^(draw|stand)$/);
    expect(window.window!.draw.right).toBeNull(); // the right's natural was paid already
    expect(window.window!.stand.left?.expected.fraction).toMatch(/^-?\d+(\/\d+)?$/);
    expect(own(cat)[0]).toMatchObject({ hand: 'left', cards: ['2H', '3S'], choosing: true });
    expect(own(bob)).toEqual([]); // his natural is everyone's to see
    expect(own(dan)).toEqual([]);

    const settled = dan.next(updated('settled'));
    // The next coup's stakes open in the same step as this one's settlement.
    const opened2 = dan.next(updated('stakes-opened', (e) => e.view.coup?.coup === 2));
    expect(await choose(ann, 'banker', 'stand')).toMatchObject({ ok: true });
    const end = (await settled).view;
    const last = end.last!;
    // T16.8: right 9 beat the banker's 6; left 2 lost to it; à cheval stands.
    const mine = ownSettlement(last, SETTINGS.cagnotteBp);
    expect(mine.outcomes).toEqual({ right: 'tableau', left: 'banker' });
    expect(last.settlement).toMatchObject({
      bankerGross: mine.gross,
      cagnotte: mine.cagnotte,
      bankAfter: mine.bankAfter,
    });
    expect([mine.gross, mine.cagnotte, mine.bankAfter]).toEqual([10_000, 120, 59_880]);
    expect(await balance(ann)).toBe(start.ann + 10_000 - 120);
    expect(await balance(bob)).toBe(start.bob + 10_000);
    expect(await balance(cat)).toBe(start.cat);
    expect(await balance(dan)).toBe(start.dan - 20_000);
    expect(await house()).toBe(houseBefore + 120);
    expect(end.tenure).toMatchObject({ banker: 1, bank: 59_880, coups: 1, mayRetire: true });
    // T16.5: the left lost, so its cards move along to Dan; the right keeps Bob.
    expect(end.holders).toEqual({ right: 2, left: 8 });
    for (const c of [ann, bob, cat, dan]) {
      const told = (await settled).balances.find((b) => b.playerId === c.playerId);
      expect(told?.balance).toBe(await balance(c));
    }

    // Coup 2: Bob calls Banco on the right; the banker's natural 9 ends the coup.
    await opened2;
    const second = dan.next(updated('settled'));
    const opened3 = dan.next(updated('stakes-opened', (e) => e.view.coup?.coup === 3));
    expect(await stake(bob, { kind: 'banco', on: 'right' }, 2)).toMatchObject({ ok: true });
    expect(await stake(cat, { kind: 'none' }, 2)).toMatchObject({ ok: true });
    expect(await stake(dan, { kind: 'stake', on: 'left', amount: 5_000 }, 2)).toMatchObject({
      ok: true,
    });
    const won = (await second).view;
    const two = ownSettlement(won.last!, SETTINGS.cagnotteBp);
    // T16.4: Banco took the whole bank; Dan's stake was not taken and never left his wallet.
    expect(won.last!.cover).toMatchObject({ kind: 'banco' });
    expect(won.last!.cover!.stakes).toEqual([
      { player: bob.playerId, seat: 2, on: 'right', amount: 59_880 },
    ]);
    expect([two.gross, two.cagnotte, two.bankAfter]).toEqual([59_880, 740, 119_020]);
    expect(won.last!.settlement).toMatchObject({ cagnotte: 740, bankAfter: 119_020 });
    expect(await balance(bob)).toBe(start.bob + 10_000 - 59_880);
    expect(await balance(dan)).toBe(start.dan - 20_000);
    expect(await balance(ann)).toBe(start.ann + 10_000 - 120 + 59_880 - 740);
    expect(await house()).toBe(houseBefore + 120 + 740);

    // T16.10: Ann retires with her bank before coup 3's first card: it is called off, and Bob,
    // next in seat order, is offered the bank to take over.
    await opened3;
    expect(await stake(bob, { kind: 'stake', on: 'right', amount: 1_000 }, 3)).toMatchObject({
      ok: true,
    });
    expect(await bob.send('banque.bank.retire', { tableId: id })).toMatchObject({
      code: 'NOT_YOUR_BANK',
    });
    const offered = dan.next(updated('offered'));
    const calledOff = dan.next(updated('not-dealt'));
    expect(await ann.send('banque.bank.retire', { tableId: id })).toMatchObject({ ok: true });
    expect((await calledOff).view.last).toMatchObject({ coup: 3, notDealt: 'called-off' });
    expect((await offered).view.stage).toMatchObject({
      stage: 'offer',
      kind: 'take-over',
      seat: 2,
    });
    expect((await offered).view.retired).toEqual([
      { seat: 1, playerId: ann.playerId, leavesWith: 119_020, net: 69_020 },
    ]);
    expect(await cat.send('banque.bank.take-over', { tableId: id, amount: 10_000 })).toMatchObject({
      code: 'NOT_YOUR_BANK',
    });
    const taken = dan.next(updated('taken-over'));
    expect(await bob.send('banque.bank.take-over', { tableId: id, amount: 10_000 })).toMatchObject({
      ok: true,
    });
    expect((await taken).view.tenure).toMatchObject({ banker: 2, bank: 10_000, coups: 0 });

    for (const [c, n] of seats) expect(auditBanqueFrames(c.frames, n)).toEqual([]);
    expect((await checkLedger(server.banco.prisma)).problems).toEqual([]);
  });
});
