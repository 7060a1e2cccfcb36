/**
 * T16.9 (T9.2, T9.3, T9.7): a Baccara Banque room's real server process stopped mid-coup three
 * times, its players on the table client the web page runs (they come back by themselves):
 * killed with SIGKILL while the bank and stakes sit in escrow and no card is out (the coup is
 * called off and every chip refunded, the bank intact); killed with SIGKILL with a holder's or
 * the banker's choice pending (the coup is finished by the rule, R23.6, and settled once); and
 * stopped with SIGTERM with a choice pending (the house finishes it before the process exits).
 * Each time every wallet equals the players' own settlement and Postgres, the ledger audits
 * clean, no frame showed a card before its time, and at the end the shoe verifies (T16.12).
 */
import {
  shoeListReply,
  shoeReplySchema,
  type BaccaraBanqueSettings,
  type BanqueCoupView,
  type BanqueStep,
  type CreateGuestReply,
} from '@banco/protocol';
import { handTotal, type CardCode } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { auditBanqueFrames } from '../testing/banque-audit.js';
import { BanquePage } from '../testing/banque-page.js';
import { ownSettlement } from '../testing/banque-settlement.js';
import { newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { freePort, ServerProcess } from '../testing/server-process.js';

const SETTINGS: BaccaraBanqueSettings = {
  decks: 3,
  award: 'auction',
  bank: { min: 10_000, max: 100_000 },
  cagnotteBp: 125,
  // Windows longer than the test: a choice is only ever made by its holder or by a restart.
  choices: { mode: 'window', seconds: 60 },
  biddingSeconds: 60,
  watchersMayCover: false,
};
const BANK = 50_000;
/** Small against the bank, so that it cannot run dry in the few coups the test plays. */
const STAKE = 3_000;
/** Ann holds the bank from seat 1; Bob sits on the right, Cat and Dan on the left (R22.1). */
const SEATS = { ann: 1, bob: 2, cat: 7, dan: 8 } as const;
type Name = keyof typeof SEATS;
/** Each punter's call: a side's own tableau, and Cat à cheval across both (R22.5). */
const CALLS = {
  bob: { on: 'right' },
  cat: { on: 'cheval' },
  dan: { on: 'left' },
} as const;

describe('Baccara Banque coups survive a crash and a stop (T16.9)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let server: ServerProcess;
  let port: number;
  let roomId = '';
  const guests = {} as Record<Name, CreateGuestReply>;
  const pages = {} as Record<Name, BanquePage>;
  const all = () => Object.values(pages);
  /** Each wallet as the players' own settlements of every coup leave it. */
  const expected = new Map<string, number>();
  /** What each stop interrupted, for the report: the signal and the choice it left pending. */
  const stops: string[] = [];
  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: db.url,
    PORT: String(port),
    TABLE_TIMINGS: 'patient',
    ...extra,
  });

  const wallet = async (playerId: string) =>
    Number(
      (await prisma.account.findUniqueOrThrow({ where: { id: `wallet:${playerId}` } })).balance,
    );
  const roundStatus = async (seq: number) =>
    (await prisma.round.findFirst({ where: { tableId: roomId, seq } }))?.status ?? null;
  async function until(check: () => Promise<boolean>, what: string): Promise<void> {
    const started = performance.now();
    while (!(await check())) {
      if (performance.now() - started > 20_000) throw new Error(`never: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** T8.1: every wallet in Postgres is what the settlements say. */
  async function walletsAsExpected(): Promise<void> {
    for (const page of all()) {
      expect(await wallet(page.playerId), page.guest.player.name).toBe(expected.get(page.playerId));
    }
  }
  /** T16.8 recomputed from the revealed cards, with no code of the server's or the rules'. */
  function book(last: BanqueCoupView): void {
    const mine = ownSettlement(last, SETTINGS.cagnotteBp);
    expect(last.settlement).toMatchObject({ bankAfter: mine.bankAfter, cagnotte: mine.cagnotte });
    const add = (player: string, amount: number) =>
      expected.set(player, expected.get(player)! + amount);
    add(last.bankerId, mine.bankAfter - last.bank);
    for (const [player, staked] of mine.staked) add(player, (mine.back.get(player) ?? 0) - staked);
  }

  /** The coup whose stakes are open now, as every page sees it. */
  async function openCoup(): Promise<BanqueCoupView> {
    await Promise.all(
      all().map((p) => p.until((q) => q.view?.coup?.phase === 'staking', 'the stakes open')),
    );
    return pages.ann.view!.coup!;
  }
  /** Its punters call in seat order (R22.3); the last call closes the stakes (T16.3). */
  async function stakeAll(coup: BanqueCoupView, awaitLast = true) {
    const callers = (Object.keys(CALLS) as (keyof typeof CALLS)[]).filter((name) =>
      coup.punters.includes(SEATS[name]),
    );
    expect(callers.length).toBeGreaterThan(0);
    let lastAck: Promise<unknown> = Promise.resolve();
    for (const [i, name] of callers.entries()) {
      const ack = pages[name].client.banqueStake(coup.coup, {
        kind: 'stake',
        ...CALLS[name],
        amount: STAKE,
      });
      if (i < callers.length - 1 || awaitLast) expect(await ack).toMatchObject({ ok: true });
      else lastAck = ack;
    }
    return lastAck;
  }
  /**
   * Plays coups until one is dealt with a choice pending; coups a natural ended on the deal are
   * settled and booked on the way. Returns the pending coup as the table shows it.
   */
  async function toPendingChoice(): Promise<BanqueCoupView> {
    for (let tries = 0; tries < 6; tries++) {
      const coup = await openCoup();
      await stakeAll(coup);
      const n = coup.coup;
      await pages.ann.until(
        (p) =>
          (p.view?.coup?.coup === n && p.view.coup.pending !== null) || p.view?.last?.coup === n,
        `coup ${n} dealt`,
      );
      const view = pages.ann.view!;
      if (view.coup?.coup === n) return view.coup;
      // T16.5: the naturals ended it on the deal; it is settled and the next coup opens.
      expect(view.last).toMatchObject({ coup: n, phase: 'settled' });
      book(view.last!);
      await until(async () => (await roundStatus(n)) === 'SETTLED', `coup ${n} settled`);
    }
    throw new Error('six coups in a row ended on their deal');
  }
  /** Each holder asked calls (draw); resolves with the coup once the banker must choose. */
  async function toBankerChoice(coup: BanqueCoupView): Promise<BanqueCoupView> {
    let view = coup;
    while (view.pending!.hand !== 'banker') {
      const { hand, seat } = view.pending!;
      const holder = all().find((p) => SEATS[p.guest.player.name as Name] === seat)!;
      expect(
        await holder.client.banqueChoosePunto(view.coup, hand as 'right' | 'left', 'draw'),
      ).toMatchObject({ ok: true });
      await pages.ann.until(
        (p) => p.view?.coup?.pending !== undefined && p.view.coup.pending?.hand !== hand,
        `the ${hand} holder's call heard`,
      );
      view = pages.ann.view!.coup!;
    }
    return view;
  }

  /** Every page is back by itself (P7.6, T9.11) and holds the coup `n` as it ended. */
  async function backWith(n: number, test: (last: BanqueCoupView) => boolean, what: string) {
    await Promise.all(
      all().map((p) =>
        p.until(
          (q) => q.statuses.at(-1) === 'live' && q.view?.last?.coup === n && test(q.view.last),
          what,
        ),
      ),
    );
    for (const page of all()) expect(page.statuses).toContain('reconnecting');
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    port = await freePort();
    // The first life holds each coup's escrow once stored: the kill lands with chips held.
    server = await ServerProcess.start(env({ TEST_HOLD_ESCROW_MS: '30000' }));
  }, 60_000);
  afterAll(async () => {
    for (const page of all()) page.close();
    if (server && server.child.exitCode === null) await server.kill('SIGKILL');
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('T16.9 T9.2 T9.3 T9.7 T16.4 T16.6 T16.7 T16.8 T16.11 T16.12 R23.6: refunded before the deal, finished by the rule after it, settled once', async () => {
    for (const name of Object.keys(SEATS) as Name[]) {
      guests[name] = await newGuest(server.url, name);
    }
    const settings = roomSettings({
      kind: 'baccara-banque',
      seats: 12,
      bettingSeconds: 60,
      seatHoldSeconds: 600,
      baccaraBanque: SETTINGS,
    });
    roomId = (await openRoom(server.url, guests.ann.token, 'Banque', settings)).room.id;
    for (const name of Object.keys(SEATS) as Name[]) {
      pages[name] = new BanquePage(server.url, guests[name], roomId);
    }
    for (const name of Object.keys(SEATS) as Name[]) {
      await pages[name].until((p) => p.view !== undefined, 'at the table');
      expect(
        await pages[name].client.send('seat.take', { tableId: roomId, seat: SEATS[name] }),
      ).toMatchObject({ ok: true });
    }
    for (const page of all()) expected.set(page.playerId, await wallet(page.playerId));
    const start = new Map(expected);

    // T16.2: Ann's bid is the highest; every present seat has bid, so the auction closes.
    await pages.ann.until((p) => p.view?.stage.stage === 'auction', 'the auction opens');
    expect(await pages.ann.client.banqueBid(BANK)).toMatchObject({ ok: true });
    for (const name of ['bob', 'cat', 'dan'] as const) {
      expect(await pages[name].client.banqueBid(SETTINGS.bank.min)).toMatchObject({ ok: true });
    }

    // (a) Coup 1: the stakes close and are stored in escrow with the bank; the server is killed
    // before any card leaves the shoe.
    const coup1 = await openCoup();
    expect(coup1).toMatchObject({ coup: 1, banker: SEATS.ann, bank: BANK });
    const held = server.waitFor(/test hook: escrow held/);
    const lastCall = await stakeAll(coup1, false);
    await held;
    // T16.4: the bank whole and each stake are held…
    expect(await wallet(guests.ann.player.id)).toBe(start.get(guests.ann.player.id)! - BANK);
    for (const name of ['bob', 'cat', 'dan'] as const) {
      expect(await wallet(guests[name].player.id)).toBe(start.get(guests[name].player.id)! - STAKE);
    }
    // …and no page has heard of a deal: the table answers the escrow only after the hold.
    for (const page of all()) {
      expect(page.view?.coup).toMatchObject({ coup: 1, phase: 'staking' });
    }
    await server.kill('SIGKILL');
    void lastCall;
    server = await ServerProcess.start(env());
    // T16.9, T9.2: called off, every held chip refunded; the bank is Ann's as it was.
    await until(async () => (await roundStatus(1)) === 'VOIDED', 'coup 1 voided');
    await backWith(1, (last) => last.notDealt === 'called-off', 'coup 1 called off');
    await walletsAsExpected();
    expect(pages.bob.view?.tenure).toMatchObject({ banker: SEATS.ann, bank: BANK, coups: 0 });
    expect((await checkLedger(prisma)).problems).toEqual([]);

    // (b) Coups until one waits on a holder's or the banker's choice; the server is killed.
    let pending = await toPendingChoice();
    await expectKilledAndFinished(pending, 'SIGKILL');

    // (c) SIGTERM with the banker's choice pending (each holder having called: R20.5 asks every
    // holder first): the house makes it by the rule and settles before the process exits (T9.7),
    // and the pages find the table again by themselves.
    pending = await toBankerChoice(await toPendingChoice());
    await expectKilledAndFinished(pending, 'SIGTERM');

    // The host closes the room: the coup in play is called off, and the shoe is revealed (P9.6).
    const closingCoup = await openCoup();
    expect(await pages.ann.client.send('room.close', { tableId: roomId })).toMatchObject({
      ok: true,
    });
    await stakeAllNone(closingCoup);
    await pages.ann.until(
      (p) => p.frames.some((f) => f.kind === 'event' && f.event.type === 'room.closed'),
      'the room closed',
    );
    await walletsAsExpected();
    expect((await checkLedger(prisma)).problems).toEqual([]);
    // T16.11: no page was ever shown a face-down card, a hidden total or a result early.
    for (const page of all()) {
      expect(auditBanqueFrames(page.frames, SEATS[page.guest.player.name as Name])).toEqual([]);
    }
    // T16.12, T9.6: the shoe with its called-off coups and its restarts re-deals from its seeds.
    const get = async (path: string) => (await fetch(`${server.url}${path}`)).json();
    const list = shoeListReply.parse(await get(`/api/tables/${roomId}/shoes`));
    expect(list.shoes).toHaveLength(1);
    expect(list.shoes[0]).toMatchObject({ game: 'baccara-banque', revealed: true });
    const record = shoeReplySchema.parse(
      await get(`/api/shoes/${list.shoes[0]!.id}?tableId=${roomId}`),
    );
    expect(record.verification).toMatchObject({ verified: true, mismatches: [] });
    console.info(
      `banque crash: ${JSON.stringify({ stops, coups: record.verification!.roundsReplayed })}`,
    );
  }, 60_000);

  /** Every punter of the coup calls nothing: the coup ends `not-dealt` (T16.4). */
  async function stakeAllNone(coup: BanqueCoupView) {
    for (const name of ['bob', 'cat', 'dan'] as const) {
      if (!coup.punters.includes(SEATS[name])) continue;
      expect(await pages[name].client.banqueStake(coup.coup, { kind: 'none' })).toMatchObject({
        ok: true,
      });
    }
  }

  /**
   * The server stops with the coup's choice pending; after the restart the coup is settled once,
   * each choice still pending made by the rule: a holder by the punto rule, drawing on 5 (T16.6,
   * R23.3; every holder is asked, whatever his total, R20.5), the banker taking
   * the option of greater expectation, the one his window named best (T16.7, R23.6).
   */
  async function expectKilledAndFinished(coup: BanqueCoupView, signal: 'SIGKILL' | 'SIGTERM') {
    const n = coup.coup;
    const waiting = coup.pending!.hand;
    const windowOf = (p: BanquePage) =>
      p.own.find((m) => m.coup === n && m.hand === 'banker' && m.window !== null)?.window;
    // B5.3: the banker's window (his cards and the exact value of each option) reaches him.
    if (waiting === 'banker') await pages.ann.until((p) => windowOf(p) !== undefined, 'a window');
    const bankerWindow = windowOf(pages.ann);
    expect(await roundStatus(n)).toBe('OPEN');
    stops.push(
      `${signal} coup ${n} ${waiting}${bankerWindow ? ` (window: ${bankerWindow.best})` : ''}`,
    );
    const stopped = await server.kill(signal);
    if (signal === 'SIGTERM') {
      expect(stopped.code).toBe(0);
      // T9.7: settled before the process ended, not by the next one.
      expect(await roundStatus(n)).toBe('SETTLED');
    }
    server = await ServerProcess.start(env());
    await until(async () => (await roundStatus(n)) === 'SETTLED', `coup ${n} settled`);
    await backWith(n, (last) => last.phase === 'settled', `coup ${n} settled`);
    const last = pages.bob.view!.last!;
    const chosen = last.story.filter(
      (s): s is Extract<BanqueStep, { kind: 'draw' | 'stand' }> =>
        s.kind === 'draw' || s.kind === 'stand',
    );
    // The pending choice, and every one after it, were the rule's.
    const at = chosen.findIndex((s) => s.hand === waiting);
    expect(at).toBeGreaterThanOrEqual(0);
    const byRule = chosen.slice(at);
    for (const step of byRule) expect(step).toMatchObject({ by: 'rule' });
    for (const step of byRule.filter((s) => s.hand !== 'banker')) {
      // R23.3: the punto rule: draw on 0–5 (5 being the holder's call), stand on 6 or 7.
      const two = handTotal(last.cards[step.hand].slice(0, 2) as CardCode[]);
      expect(step).toMatchObject({ kind: two <= 5 ? 'draw' : 'stand' });
    }
    const banker = chosen.find((s) => s.hand === 'banker');
    if (bankerWindow) expect(banker).toMatchObject({ by: 'rule', kind: bankerWindow.best });
    book(last);
    await walletsAsExpected();
    expect((await checkLedger(prisma)).problems).toEqual([]);
  }
});
