/**
 * Three friends and a watcher at the real table: the built web app in headless Chromium, the
 * built server started as README starts it, a fresh database on the local Postgres. The shoe
 * is scripted (TEST_SCRIPTED_SHOE, test-only) so that the shoe passes when the test needs it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { domLog, firstSight, recordDom } from './support/face-watch.js';
import { TableObserver, type EventOf } from './support/observer.js';
import {
  arrive,
  confirmBets,
  draft,
  handFaces,
  minorUnits,
  pips,
  sitAtMain,
  squeezeAndReveal,
  watchMain,
} from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';
import { scriptedShoe } from './support/shoe.js';

/** Three rounds in dealing order (P1 B1 P2 B2, then third cards), no card code in common. */
const SCRIPT = {
  /** Player 9 (natural) beats Banker 5: the shoe moves from seat 1 to seat 2 (T4.2). */
  1: ['9H', '2C', 'KD', '3S'],
  /** Player 5 draws 4 → 9, Banker 0 draws 5 → 5: Player wins, the shoe moves from seat 1 to 2. */
  2: ['2H', 'KC', '3D', 'QS', '4C', '5S'],
  /** Player 5 against Banker 9 (natural): Banker wins, the holder keeps the shoe. */
  3: ['2D', '9C', '3H', 'KH'],
} as const;

const EXPECTED = {
  1: { outcome: 'player', banner: /Player wins 9 to 5/ },
  2: { outcome: 'player', banner: /Player wins 9 to 5/ },
  3: { outcome: 'banker', banner: /Banker wins 9 to 5/ },
} as const;

const DESKTOP = { viewport: { width: 1280, height: 900 } };

interface Friend extends Visitor {
  name: string;
  seat: number;
  playerId: string;
}

describe.runIf(canRunBrowser)('three friends and a watcher at one table', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let watcher: Visitor;
  const friends: Friend[] = [];
  const shots: string[] = [];
  const pages = () => [...friends.map((f) => f.page), watcher.page];
  const bySeat = (seat: number | null) => friends.find((f) => f.seat === seat);

  beforeAll(async () => {
    server = await startServer({
      TEST_SCRIPTED_SHOE: scriptedShoe([SCRIPT[1], SCRIPT[2], SCRIPT[3]]),
      // The whole result pause: the settlement is photographed while it is up.
      TABLE_TIMINGS: 'patient',
    });
    browser = await launchChromium();
    observer = await TableObserver.join(server.url);
  });

  // A failing step leaves a picture of every page behind, beside the screenshots.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const test = context.task.name.split(':')[0]!.replace(/\W+/g, '-');
    for (const [i, visitor] of [...friends, watcher].entries()) {
      const who = friends[i]?.name ?? 'watcher';
      if (visitor) await screenshot(visitor.page, `failed-${test}-${who}`).catch(() => undefined);
    }
  });

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  /** Reveal times: the first event that turned each card face up (server clock). */
  const revealedAt = (round: number) => {
    const at = new Map<string, number>();
    for (const e of observer.of('cards.revealed').filter((r) => r.round === round)) {
      for (const card of e.cards) if (!at.has(card)) at.set(card, e.at);
    }
    return at;
  };

  /** Drives one round's card turning: whoever the server names squeezes and reveals. */
  async function turnCards(round: number, onSqueeze?: (page: Page) => Promise<void>) {
    return observer.turns(round, async (turn) => {
      const turner = bySeat(turn.turner);
      if (!turner) return; // the house turns at once (T5.1, T5.2)
      const during = onSqueeze;
      onSqueeze = undefined;
      await squeezeAndReveal(turner.page, during && (() => during(turner.page))).catch(
        (error: Error) => {
          throw new Error(`${turner.name} could not turn ${turn.hand}'s cards: ${error.message}`);
        },
      );
    });
  }

  /** Every page shows the same cards, result and pip strip, as the server dealt them. */
  async function expectSameTableEverywhere(result: EventOf<'round.result'>) {
    const expected = EXPECTED[result.round as 1 | 2 | 3];
    expect(result.outcome).toBe(expected.outcome);
    const outcomes = observer.of('round.result').map((r) => r.outcome);
    await Promise.all(
      pages().map(async (page) => {
        await expect.poll(() => handFaces(page, 'player')).toEqual(result.player.cards);
        await expect.poll(() => handFaces(page, 'banker')).toEqual(result.banker.cards);
        await expect
          .poll(() => page.getByTestId('result-banner').innerText())
          .toMatch(expected.banner);
        await expect.poll(() => pips(page)).toEqual(outcomes);
      }),
    );
  }

  /** The balance each friend's page shows is the wallet the ledger holds. */
  async function expectBalancesAreTheLedgers() {
    for (const friend of friends) {
      const ledger = await server.db.walletBalance(friend.playerId);
      await expect
        .poll(() => minorUnits(friend.page.getByTestId('balance-available')), { timeout: 10_000 })
        .toBe(ledger);
    }
  }

  /** The watcher's DOM never named a card before the server revealed it, and did after. */
  async function expectWatcherSawNoFaceEarly(round: number) {
    const dealt = await observer.until('cards.dealt', (e) => e.round === round);
    const log = await domLog(watcher.page);
    for (const [card, at] of revealedAt(round)) {
      const seen = firstSight(log, card, dealt.at);
      expect(seen, `${card} never appeared on the watcher's page`).not.toBeNull();
      expect(seen!, `${card} was in the watcher's DOM before its reveal`).toBeGreaterThanOrEqual(
        at,
      );
    }
  }

  /**
   * Betting has been decided: the holder deals, the turners turn, and every check of a round
   * follows (same table everywhere, no early face for the watcher, balances = ledger).
   */
  async function dealAndSettle(
    round: number,
    holder: Friend,
    during: { squeezing?: (page: Page) => Promise<void>; settled?: () => Promise<void> } = {},
  ) {
    await observer.until('betting.closed', (e) => e.round === round);
    await holder.page.getByRole('button', { name: 'Deal' }).click();
    const dealt = await observer.until('cards.dealt', (e) => e.round === round);
    expect(dealt.by).toBe(holder.seat);
    const result = await turnCards(round, during.squeezing);
    await expectSameTableEverywhere(result);
    await during.settled?.();
    await expectWatcherSawNoFaceEarly(round);
    await expectBalancesAreTheLedgers();
    return result;
  }

  it('they arrive as new players (age gate, name, lobby) and sit in seats 1–3; a watcher watches', async () => {
    for (const [i, name] of ['Ann', 'Bob', 'Cat'].entries()) {
      const visitor = await newVisitor(browser, server.url, DESKTOP);
      await arrive(visitor.page, name, async (what) => {
        if (i === 0) shots.push(await screenshot(visitor.page, what));
      });
      if (i === 0) shots.push(await screenshot(visitor.page, 'lobby'));
      await sitAtMain(visitor.page, i + 1);
      const taken = await observer.until('seat.taken', (e) => e.seat === i + 1);
      expect(taken.player.name).toBe(name);
      friends.push({ ...visitor, name, seat: i + 1, playerId: taken.player.id });
    }
    watcher = await newVisitor(browser, server.url, DESKTOP, recordDom);
    const { page } = watcher;
    await arrive(page, 'Wes');
    await watchMain(page);
    await expect(page.getByRole('button', { name: 'Confirm bets' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Deal' }).count()).resolves.toBe(0);
    // Ann sat first: the lowest occupied seat takes the shoe (T4.1).
    await expect
      .poll(() => friends[0]!.page.getByTestId('seat-1').getAttribute('data-holder'))
      .toBe('true');
  });

  it('round 1: different spots, one refused bet; the holder deals, the turner squeezes and reveals', async () => {
    const [ann, bob, cat] = friends as [Friend, Friend, Friend];
    const opened = await observer.until('betting.opened', (e) => e.round >= 1);
    const round = opened.round;

    await draft(ann.page, 'Banker', 25);
    await confirmBets(ann.page);
    // Tie takes at most 100 chips: two 100-chip chips are refused next to the spot, in words.
    await draft(bob.page, 'Tie', 100, 2);
    const refusal = bob.page.getByTestId('refusal');
    await expect.poll(() => refusal.getAttribute('data-code')).toBe('OVER_MAX');
    expect(await refusal.innerText()).toMatch(/100/);
    await bob.page.getByRole('button', { name: 'Clear' }).click();
    await draft(bob.page, 'Player', 50);
    await confirmBets(bob.page);
    await draft(cat.page, 'Player', 10);
    await draft(cat.page, 'Tie', 10);
    await confirmBets(cat.page);
    await expect.poll(() => minorUnits(bob.page.getByTestId('balance-committed'))).toBe(5_000);

    await dealAndSettle(round, ann, {
      squeezing: async (page) => {
        shots.push(await screenshot(page, 'table-mid-squeeze'));
      },
      settled: async () => {
        await expect.poll(() => ann.page.getByTestId('settlement').isVisible()).toBe(true);
        shots.push(await screenshot(ann.page, 'settlement'));
      },
    });
    // Bob, the largest Player bettor, turned Player's cards; Ann, the holder, Banker's (T5.1–2).
    const reveals = observer.of('cards.revealed').filter((e) => e.round === round);
    expect(reveals.filter((e) => e.hand === 'player').map((e) => e.by)).toContain(2);
    expect(reveals.filter((e) => e.hand === 'banker').map((e) => e.by)).toContain(1);
  });

  it('round 2: the Player win moved the shoe to seat 2, who passes it; seat 3 refuses, seat 1 accepts; a reload keeps seat and bets', async () => {
    const [ann, bob, cat] = friends as [Friend, Friend, Friend];
    const round = observer.of('round.result').at(-1)!.round + 1;
    // T4.2: after a Player win the next seat holds the shoe, and every page says so.
    const passed = await observer.until('shoe.holder', (e) => e.reason === 'player-win');
    expect(passed.seat).toBe(2);
    for (const page of pages()) {
      await expect.poll(() => page.getByTestId('seat-2').getAttribute('data-holder')).toBe('true');
      await expect.poll(() => page.getByTestId('shoe-story').innerText()).toMatch(/Bob/);
    }

    await observer.until('betting.opened', (e) => e.round === round);
    // T4.5, T4.6: Bob passes; Cat refuses, so the offer moves on to Ann, who accepts.
    await bob.page.getByRole('button', { name: 'Pass the shoe' }).click();
    await observer.until('shoe.offered', (e) => e.seat === 3);
    await cat.page.getByRole('button', { name: 'Refuse the shoe' }).click();
    await observer.until('shoe.refused', (e) => e.seat === 3);
    await observer.until('shoe.offered', (e) => e.seat === 1);
    await ann.page.getByRole('button', { name: 'Accept the shoe' }).click();
    await observer.until('shoe.holder', (e) => e.seat === 1 && e.reason === 'accepted');
    await expect
      .poll(() => cat.page.getByTestId('seat-1').getAttribute('data-holder'))
      .toBe('true');

    await draft(bob.page, 'Player', 25);
    await confirmBets(bob.page);
    await draft(cat.page, 'Banker', 50);
    await confirmBets(cat.page);
    // Cat reloads mid-round: back in seat 3, the confirmed bet still shown as committed.
    await cat.page.reload();
    await expect
      .poll(() => cat.page.getByTestId('seat-3').getAttribute('aria-label'), { timeout: 15_000 })
      .toMatch(/Cat \(you\)/);
    await expect.poll(() => minorUnits(cat.page.getByTestId('committed-banker'))).toBe(5_000);
    await expect.poll(() => minorUnits(cat.page.getByTestId('balance-committed'))).toBe(5_000);
    await ann.page.getByRole('button', { name: 'No bet this round' }).click();

    await dealAndSettle(round, ann);
  });

  it('round 3: the next Player win took the shoe to seat 2, who deals; Banker wins and Bob keeps it', async () => {
    const [ann, bob, cat] = friends as [Friend, Friend, Friend];
    const round = observer.of('round.result').at(-1)!.round + 1;
    const lastDeal = observer.of('cards.dealt').find((e) => e.round === round - 1)!;
    const moved = await observer.until(
      'shoe.holder',
      (e) => e.reason === 'player-win' && e.version > lastDeal.version,
    );
    expect(moved.seat).toBe(2);

    await observer.until('betting.opened', (e) => e.round === round);
    await draft(ann.page, 'Player', 100);
    await confirmBets(ann.page);
    await draft(cat.page, 'Banker', 10, 3);
    await confirmBets(cat.page);
    await draft(bob.page, 'Banker', 50);
    await confirmBets(bob.page);

    await dealAndSettle(round, bob);
    // A Banker win keeps the shoe where it is (T4.3).
    await expect
      .poll(() => ann.page.getByTestId('seat-2').getAttribute('data-holder'))
      .toBe('true');
    expect(observer.of('shoe.holder').at(-1)).toMatchObject({ seat: 2, reason: 'player-win' });
  });

  it('no page fetched anything from outside the app or logged an error (CSP included)', () => {
    for (const { watch } of [...friends, watcher]) {
      expect(watch.foreign).toEqual([]);
      expect(watch.errors).toEqual([]);
    }
    expect(shots.map((path) => path.split('/').at(-1))).toEqual([
      'age-gate.png',
      'lobby.png',
      'table-mid-squeeze.png',
      'settlement.png',
    ]);
  });
});
