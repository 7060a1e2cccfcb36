/**
 * A phone-sized player (390×844, touch) plays a whole round with the keyboard alone: no click,
 * no tap, only Tab, Enter, arrows and typing, from the age gate to the result.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { activate, focusIsVisible, tabTo } from './support/keyboard.js';
import { TableObserver } from './support/observer.js';
import { minorUnits } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';
import { scriptedShoe } from './support/shoe.js';

describe.runIf(canRunBrowser)('a phone, keyboard only', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let phone: Visitor;

  beforeAll(async () => {
    // Player 7 stands; Banker 3 draws a 6 (R6.1): Pia turns Banker's two cards, then its third.
    server = await startServer({
      TEST_SCRIPTED_SHOE: scriptedShoe([['7H', '3C', 'JD', 'KH', '6S']]),
      // The whole result pause: the phone reads the banner and its balance while it is up.
      TABLE_TIMINGS: 'patient',
    });
    browser = await launchChromium();
    observer = await TableObserver.join(server.url);
    phone = await newVisitor(browser, server.url, {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
  });

  // A failure leaves the phone's screen and the table's events behind.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    await screenshot(phone.page, 'failed-phone').catch(() => undefined);
    console.error(observer.events.map((e) => `${e.version} ${e.type}`).join('\n'));
  });

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  it('gets in, sits, bets, deals, turns the cards and sees the result by keyboard alone', async () => {
    const { page } = phone;
    await page.goto('/');
    await activate(page, 'I am 18 or older');
    await tabTo(page, 'Your name');
    await page.keyboard.type('Pia');
    await activate(page, 'Get my chips');
    await page.waitForURL(/\/lobby\/$/);
    await activate(page, /^Sit at/);
    await page.waitForURL(/\/table\/\?id=main/);
    const taken = await observer.until('seat.taken', (e) => e.player.name === 'Pia');

    const opened = await observer.until('betting.opened');
    // The chip tray is a radio group: arrows move along it (10 → 25 chips).
    await tabTo(page, '10');
    await page.keyboard.press('ArrowRight');
    await activate(page, /^Banker pays/);
    await page.keyboard.press('Enter');
    await activate(page, 'Confirm bets');
    const confirmed = await observer.until('bets.confirmed', (e) => e.round === opened.round);
    expect(confirmed.bets).toEqual([{ spot: 'banker', amount: 5_000 }]);

    // Alone at the table, Pia holds the shoe and deals.
    await tabTo(page, 'Deal');
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await observer.until('cards.dealt', (e) => e.round === opened.round);

    // Nobody bet on Player, so the house turns Player's cards; Pia, the holder, turns Banker's
    // two and then its third card.
    for (;;) {
      const turn = await Promise.race([
        observer.until('round.result', (r) => r.round === opened.round),
        observer.until(
          'turn.started',
          (t) =>
            t.round === opened.round &&
            t.turner === taken.seat &&
            !observer
              .of('cards.revealed')
              .some((r) => r.round === t.round && r.hand === t.hand && r.version > t.version),
        ),
      ]);
      if (turn.type === 'round.result') break;
      await tabTo(page, /^Squeeze card/);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await activate(page, 'Reveal');
      await observer.until(
        'cards.revealed',
        (r) => r.round === turn.round && r.hand === turn.hand && r.version > turn.version,
      );
    }
    const result = await observer.until('round.result', (r) => r.round === opened.round);
    const banker = observer.of('cards.revealed').filter((r) => r.hand === 'banker');
    expect(banker.map((r) => r.by)).toEqual([taken.seat, taken.seat]);
    expect(result).toMatchObject({ outcome: 'banker', player: { total: 7 }, banker: { total: 9 } });

    const banner = page.getByTestId('result-banner');
    await expect
      .poll(() => banner.innerText())
      .toMatch(new RegExp(`${result.player.total}|${result.banker.total}`));
    await expect
      .poll(() => minorUnits(page.getByTestId('balance-available')), { timeout: 10_000 })
      .toBe(await server.db.walletBalance(taken.player.id));
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'phone-table');
    expect(phone.watch.foreign).toEqual([]);
    expect(phone.watch.errors).toEqual([]);
  });
});
