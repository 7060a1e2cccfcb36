/**
 * The Baccara Banque bot game (T16): eight bots play at least two whole 3-deck shoes with
 * auctions, stakes on each tableau and à cheval, Bancos, holders' choices on 5, the banker's
 * choices, dry banks topped up or retired and taken over; every balance is the bots' own
 * settlement recomputed from the revealed cards, the ledger audits clean and no frame showed a
 * card before its time. A ninth bot watches without a seat and covers what the seated leave
 * (R22.6, T16.13): its balance too is its own reckoning.
 */
import {
  shoeListReply,
  shoeReplySchema,
  type BaccaraBanqueSettings,
  type TableEvent,
} from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { auditBanqueFrames } from '../testing/banque-audit.js';
import { BanqueBot } from '../testing/banque-bot.js';
import { quietTable } from '../testing/quiet-table.js';
import { mulberry32 } from '../testing/seeded-random.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const TABLE = 'bb-bots';
const SHOES = 2;
/** Bank limits in minor units: 20 to 200 chips, so that banks run dry now and then. */
const BANK = { min: 2_000, max: 20_000 };
const SETTINGS: BaccaraBanqueSettings = {
  decks: 3,
  award: 'auction',
  bank: BANK,
  cagnotteBp: 125,
  choices: { mode: 'window', seconds: 20 },
  biddingSeconds: 30,
  watchersMayCover: true,
};
/**
 * The stakes' window (and the watchers' turn's, T16.13): bots call at once, so it only runs out
 * in a watchers' turn the watcher's one stake did not fill.
 */
const WINDOW_MS = 1_000;
/** Four seats on the banker's right side, four on his left. */
const SEATS = [1, 2, 3, 4, 7, 8, 9, 10];

describe('the Baccara Banque bot game', () => {
  let server: TestBanco;
  const bots: BanqueBot[] = [];

  beforeAll(async () => {
    server = await startTestBanco(
      [
        {
          id: TABLE,
          name: 'Bots',
          isPublic: true,
          settings: quietTable({
            seats: 12,
            decks: 3,
            cut: 10,
            lastHand: 'finish-current',
            bettingMs: WINDOW_MS,
            baccaraBanque: SETTINGS,
          }),
        },
      ],
      { LOG_LEVEL: process.env.BANQUE_BOT_LOG ?? 'silent' },
    );
  });
  afterAll(async () => {
    for (const bot of bots) bot.client.close();
    await server?.close();
  });

  /** Shoes the stop card ended, as the first bot saw them. */
  const shoesEnded = (seen: readonly TableEvent[]) =>
    seen.filter((e) => e.type === 'shoe.ended').length;

  it('T16.1 T16.2 T16.3 T16.4 T16.5 T16.6 T16.7 T16.8 T16.10 T16.11 T16.12 T16.13 R22.6 eight bots and a watcher play two whole shoes: balances, ledger and frames all agree', async () => {
    const started = performance.now();
    const seed = Number(process.env.BANQUE_BOT_SEED ?? 44);
    for (const [i, seat] of SEATS.entries()) {
      const client = await TestClient.connect(server.url, `Bot${seat}`);
      const start = await server.banco.ledger.balanceOf(client.playerId);
      const over = () => shoesEnded(bots[0]?.client.events ?? []) >= SHOES;
      bots.push(
        new BanqueBot(client, TABLE, seat, start, mulberry32(seed * 10 + i), BANK, 125, over),
      );
    }
    // R22.6: the watcher, who joins and never sits.
    const watching = await TestClient.connect(server.url, 'Watcher');
    const watcher = new BanqueBot(
      watching,
      TABLE,
      null,
      await server.banco.ledger.balanceOf(watching.playerId),
      mulberry32(seed * 10 + 9),
      BANK,
      125,
      () => shoesEnded(bots[0]?.client.events ?? []) >= SHOES,
    );
    for (const bot of [...bots, watcher]) {
      expect((await bot.client.send('table.join', { tableId: TABLE })).ok).toBe(true);
      if (bot.seat === null) continue;
      expect((await bot.client.send('seat.take', { tableId: TABLE, seat: bot.seat })).ok).toBe(
        true,
      );
    }
    bots.push(watcher);
    for (const bot of bots) bot.go();
    // Once two shoes have ended nobody asks anything more; every bot then has the table's last
    // event too (the same version), so its own account is complete.
    const last = () => bots[0]!.client.events.at(-1)?.version ?? 0;
    while (
      !bots[0]!.finished ||
      bots.some((b) => (b.client.events.at(-1)?.version ?? 0) < last())
    ) {
      if (performance.now() - started > 150_000) {
        throw new Error(
          `the bots did not finish in time: ${JSON.stringify(bots.map((b) => b.counts))}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const bot of bots) bot.stop();
    const ms = performance.now() - started;

    const sum = (k: keyof BanqueBot['counts']) => bots.reduce((a, b) => a + b.counts[k], 0);
    const events = bots[0]!.client.events.filter(
      (e): e is Extract<TableEvent, { type: 'banque.updated' }> => e.type === 'banque.updated',
    );
    const settled = events.filter((e) => e.what === 'settled').map((e) => e.view.last!);
    const story = settled.flatMap((c) => c.story);
    const chosen = (hand: 'right' | 'left' | 'banker') =>
      story.filter(
        (s) => (s.kind === 'draw' || s.kind === 'stand') && s.hand === hand && s.by === 'choice',
      ).length;
    const lone = story.filter((s) => s.kind === 'natural' && s.paid).length;
    const figures = {
      coups: settled.length,
      auctions: events.filter((e) => e.what === 'auction-opened').length,
      awarded: events.filter((e) => e.what === 'awarded').length,
      dry: events.filter((e) => e.what === 'dry').length,
      puntoChoices: chosen('right') + chosen('left'),
      bankerChoices: chosen('banker'),
      loneNaturals: lone,
      cagnotte: settled.reduce((a, c) => a + (c.settlement?.cagnotte ?? 0), 0),
      bancos: sum('bancos'),
      chevals: sum('chevals'),
      toppedUp: sum('toppedUp'),
      retired: sum('retired'),
      tookOver: sum('tookOver'),
      watcherStakes: sum('watcherStakes'),
    };
    expect(shoesEnded(bots[0]!.client.events)).toBeGreaterThanOrEqual(SHOES);
    expect(figures.auctions).toBeGreaterThanOrEqual(SHOES);
    expect(figures.awarded).toBeGreaterThanOrEqual(SHOES);
    expect(figures.bancos).toBeGreaterThan(0);
    expect(figures.chevals).toBeGreaterThan(0);
    expect(figures.puntoChoices).toBeGreaterThan(0);
    expect(figures.bankerChoices).toBeGreaterThan(0);
    expect(figures.cagnotte).toBeGreaterThan(0);
    // R22.6: the watcher's stakes were taken, and held against no seat.
    expect(figures.watcherStakes).toBeGreaterThan(0);
    expect(
      settled.some((c) => c.cover?.stakes.some((s) => s.player === watcher.client.playerId)),
    ).toBe(true);
    expect(sum('mismatches')).toBe(0);

    for (const bot of bots) {
      expect(await server.banco.ledger.balanceOf(bot.client.playerId)).toBe(bot.expected);
      expect(auditBanqueFrames(bot.client.frames, bot.seat)).toEqual([]);
    }
    const audit = await checkLedger(server.banco.prisma);
    expect(audit.problems).toEqual([]);
    // T16.12: each shoe the stop card ended says its game and verifies coup by coup.
    const get = async (path: string) => (await fetch(`${server.url}${path}`)).json();
    const list = shoeListReply.parse(await get(`/api/tables/${TABLE}/shoes`));
    const revealed = list.shoes.filter((s) => s.revealed);
    expect(revealed.length).toBeGreaterThanOrEqual(SHOES);
    for (const listed of revealed) {
      expect(listed.game).toBe('baccara-banque');
      const record = shoeReplySchema.parse(await get(`/api/shoes/${listed.id}`));
      expect(record.verification).toMatchObject({ verified: true, mismatches: [] });
      expect(record.verification!.roundsReplayed).toBeGreaterThan(5);
      // P5.1: once revealed, each dealt coup says its story: its hands, who drew and by whom.
      const dealt = record.rounds.filter((r) => r.cards.length > 0);
      expect(dealt.every((r) => r.story?.some((s) => s.kind === 'dealt'))).toBe(true);
      expect(dealt.some((r) => r.story?.some((s) => s.by === 'choice'))).toBe(true);
    }
    // P5.1: a shoe still in play never tells a coup's story (its choices), only its cards.
    for (const listed of list.shoes.filter((s) => !s.revealed)) {
      const record = shoeReplySchema.parse(await get(`/api/shoes/${listed.id}`));
      expect(record.serverSeed).toBeNull();
      expect(record.rounds.every((r) => r.story === null)).toBe(true);
    }
    console.info(`banque bot game: ${JSON.stringify(figures)}, ${Math.round(ms)} ms`);
  }, 180_000);
});
