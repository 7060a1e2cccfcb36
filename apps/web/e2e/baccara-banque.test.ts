/**
 * B1–B5 in the browser: six friends open a Baccara Banque room by its link, three a side. Dev
 * wins the bank at auction over Ana. Coup 1: Ben calls "Banco!" on the right tableau; Ana, who
 * holds its cards, stands on 5; Dev, at 5, sees the exact value of drawing and of standing and
 * draws. Coup 2: Ana and Cleo stake on the right, Fay on the left and Eve à cheval, more than the
 * bank holds (Eve's excess goes back); the right tableau's lone natural is paid at once while the
 * left plays on; Dev stands and loses both, and his bank runs dry. He retires and Eve takes the
 * bank over. After each coup every page shows the
 * balance Postgres holds. Built server and web app, a fresh database, headless Chromium; the
 * shoe is scripted (TEST_SCRIPTED_SHOE, test only).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { canRunBrowser, launchChromium, newVisitor, screenshot } from './support/browser.js';
import { DESKTOP, PHONE } from './support/devices.js';
import {
  closeAll,
  comeAndSit,
  nthEvent,
  openRoomAndSit,
  pagesShowTheLedger as ledgerOnEveryPage,
  recordFailure,
  type Friend,
} from './support/friends.js';
import { activate } from './support/keyboard.js';
import type { TableObserver } from './support/observer.js';
import { arrive, minorUnits } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';
import { scriptedShoe } from './support/shoe.js';

/** Dealing order (R20.3): right, left, banker, twice; then the third cards in turn. */
const SCRIPT = {
  /**
   * Right 2H 3D (5: Ana's choice, she stands); left 10S 4C (4) draws 3H → 7; the banker KC 5S
   * (5) chooses to draw: 4D → 9, and beats both.
   */
  1: ['2H', '10S', 'KC', '3D', '4C', '5S', '3H', '4D'],
  /**
   * Right 3C 5H: a natural 8, alone, paid at once; left 2D 2S (4) draws 3S → 7; the banker
   * QC 6H (6) chooses to stand and loses to it.
   */
  2: ['3C', '2D', 'QC', '5H', '2S', '6H', '3S'],
} as const;

/** The faces a hand shows on a page, "down" for one it may not see. */
function faces(page: Page, hand: 'right' | 'left' | 'banker') {
  const where =
    hand === 'banker' ? page.getByTestId('banque-banker') : page.getByTestId(`hand-${hand}`);
  return where
    .getByTestId('card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-face')));
}

describe.runIf(canRunBrowser)('Baccara Banque with friends', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  const friends: Friend[] = [];
  const who = (name: string) => friends.find((f) => f.name === name)!;

  beforeAll(async () => {
    server = await startServer({ TEST_SCRIPTED_SHOE: scriptedShoe([SCRIPT[1], SCRIPT[2]]) });
    browser = await launchChromium();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') console.error(server.output().slice(-6_000));
    await recordFailure(
      context,
      'banque',
      friends,
      observer,
      (e) => `${e.version} ${e.type}${'what' in e ? ` ${String(e.what)}` : ''}`,
    );
  });

  afterAll(() => closeAll(observer, browser, server));

  /** Every page shows, for every seat, the balance the ledger holds for its player. */
  const pagesShowTheLedger = () => ledgerOnEveryPage(server, friends);

  /** The table's `n`th settled coup, once it has come. */
  const settled = (n: number) =>
    nthEvent(observer, 'banque.updated', (e) => e.what === 'settled', n);

  it('Ana opens a Baccara Banque room; five friends come by its link and sit, three a side', async () => {
    const visitor = await newVisitor(browser, server.url, DESKTOP);
    const { page } = visitor;
    await arrive(page, 'Ana');
    // /history's paragraph opens the room form on the game.
    await page.goto('/history/');
    await page.getByRole('link', { name: 'Open a Baccara Banque room' }).click();
    await page.waitForURL((url) => url.search === '?open=baccara-banque');
    await page.getByRole('textbox', { name: 'Room name' }).fill('Banque');
    expect(await page.getByRole('radio', { name: /^Baccara Banque/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^6 decks: an open bank/ }).isChecked()).toBe(
      true,
    );
    expect(await page.getByTestId('banque-house-facts').innerText()).toMatch(/10 cards/);
    await page.getByLabel('Smallest bank').fill('400');
    await page.getByLabel('Seats', { exact: true }).fill('9');
    await page.getByLabel('Seconds to bid for the bank or stake').fill('20');
    await page.getByLabel('Seconds for the auction').fill('20');
    await screenshot(page, 'banque-room-form-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    const room = await openRoomAndSit(server.url, page);
    observer = room.observer;
    friends.push({ ...visitor, name: 'Ana', seat: 1, playerId: room.hostId });
    const others = [
      ['Ben', 2],
      ['Cleo', 3],
      ['Dev', 7],
      ['Eve', 8],
      ['Fay', 9],
    ] as const;
    for (const [name, seat] of others) {
      const device = name === 'Fay' ? PHONE : DESKTOP;
      friends.push(await comeAndSit({ browser, server, ...room }, name, seat, device));
    }
  });

  it('the bank goes to auction: Ana bids 400, Dev 500, and Dev holds it for the shoe', async () => {
    const [ana, dev] = [who('Ana'), who('Dev')];
    await expect
      .poll(() => ana.page.getByTestId('banque-stage').innerText())
      .toMatch(/up for auction/);
    await ana.page.getByLabel('Your bid for the bank').fill('400');
    await ana.page.getByTestId('bid').click();
    await observer.until('banque.updated', (e) => e.what === 'bid' && e.seat === 1);
    await dev.page.getByLabel('Your bid for the bank').fill('500');
    await dev.page.getByTestId('bid').click();
    await expect
      .poll(() => ana.page.getByTestId('banque-stage').innerText())
      .toBe('The bank is up for auction. Highest bid: 500 by Dev.');
    await screenshot(who('Fay').page, 'banque-auction-phone');
    await observer.until('banque.updated', (e) => e.what === 'awarded');
    await expect
      .poll(() => ana.page.getByTestId('banque-banker').textContent())
      .toMatch(/Banker · Dev/);
    expect(await minorUnits(ana.page.getByTestId('bank-amount'))).toBe(50_000);
  });

  it('coup 1: Ben calls Banco on the right; Ana stands on 5; Dev draws with the values shown and wins', async () => {
    const [ana, ben, cleo, dev, eve, fay] = [
      who('Ana'),
      who('Ben'),
      who('Cleo'),
      who('Dev'),
      who('Eve'),
      who('Fay'),
    ];
    await expect.poll(() => ben.page.getByTestId('your-call').isVisible()).toBe(true);
    expect(await ben.page.getByTestId('holder-right').innerText()).toMatch(/held by Ana/);
    await screenshot(ben.page, 'banque-staking-desktop');
    expect(await seriousViolations(ben.page)).toEqual([]);
    await ben.page.getByTestId('banco-right').click();
    for (const f of [ana, cleo, eve, fay]) {
      await f.page.getByTestId('no-stake').click();
    }
    // Ana holds the right tableau on 5: her choice, her cards only.
    await expect.poll(() => ana.page.getByTestId('holder-stand').isVisible()).toBe(true);
    expect(await faces(ana.page, 'right')).toEqual(['2H', '3D']);
    expect(await faces(cleo.page, 'right')).toEqual(['down', 'down']);
    await expect
      .poll(() => cleo.page.getByTestId('banque-stage').innerText())
      .toBe('Ana, holding the right tableau, is choosing whether to draw…');
    await screenshot(ana.page, 'banque-holder-choice-desktop');
    await activate(ana.page, /^Stand on 5/);
    // R23.3: the left's holder is asked too (so nobody learns who holds 5); on 4 the rule draws.
    await expect
      .poll(() => eve.page.getByTestId('holder-carry-on').textContent())
      .toBe('Draw on 4');
    await eve.page.getByTestId('holder-carry-on').click();

    // The banker's window: the exact value of each option; the others see only that he decides.
    // The exact values are worked out over the cards left in the shoe: they may take a moment.
    await dev.page.getByTestId('banker-values').waitFor({ timeout: 60_000 });
    expect(await dev.page.getByTestId('value-draw').getAttribute('aria-label')).toMatch(
      /^Drawing: [+−±]\d+\.\d\d against the right, [+−±]\d+\.\d\d against the left, [+−±]\d+\.\d\d in all$/,
    );
    await expect
      .poll(() => fay.page.getByTestId('banque-stage').innerText())
      .toBe('The banker is deciding whether to draw…');
    expect(await faces(fay.page, 'banker')).toEqual(['down', 'down']);
    expect(await fay.page.getByTestId('banker-values').count()).toBe(0);
    expect(await faces(dev.page, 'banker')).toEqual(['KC', '5S']);
    await screenshot(dev.page, 'banque-banker-choice-desktop');
    await screenshot(fay.page, 'banque-banker-deciding-phone');
    expect(await seriousViolations(dev.page)).toEqual([]);
    await dev.page.getByTestId('banker-draw').click();

    const done = await settled(1);
    expect(done.view.last?.settlement?.outcomes).toEqual({ right: 'banker', left: 'banker' });
    await pagesShowTheLedger();
    await expect
      .poll(() => eve.page.getByTestId('previous-story').innerText())
      .toMatch(
        /The right tableau stands on 5 by choice\.[\s\S]*The left tableau draws on 4: the 3 of hearts[\s\S]*The banker draws on 5 by choice: the 4 of diamonds/,
      );
    expect(await server.db.walletBalance(ben.playerId)).toBe(
      (await server.db.walletBalance(ana.playerId)) - 50_000,
    );
  });

  it('coup 2: stakes on each side and à cheval; the right’s lone natural is paid while the left plays on', async () => {
    const [ana, ben, cleo, dev, eve, fay] = [
      who('Ana'),
      who('Ben'),
      who('Cleo'),
      who('Dev'),
      who('Eve'),
      who('Fay'),
    ];
    await expect.poll(() => ana.page.getByTestId('your-call').isVisible()).toBe(true);
    await ana.page.getByRole('radio', { name: 'Right tableau' }).check();
    await ana.page.getByLabel('Chips').fill('400');
    await ana.page.getByTestId('stake').click();
    await cleo.page.getByRole('radio', { name: 'Right tableau' }).check();
    await cleo.page.getByLabel('Chips').fill('300');
    await cleo.page.getByTestId('stake').click();
    await eve.page.getByRole('radio', { name: 'À cheval (both)' }).check();
    await eve.page.getByLabel('Chips').fill('100');
    await eve.page.getByTestId('stake').click();
    await fay.page.getByRole('radio', { name: 'Left tableau' }).check();
    await fay.page.getByLabel('Chips').fill('200');
    await fay.page.getByTestId('stake').click();
    await ben.page.getByTestId('no-stake').click();

    // The right's natural is out; the left's holder (Fay, on a phone, after Eve lost) carries on.
    await expect
      .poll(() => fay.page.getByTestId('holder-carry-on').textContent())
      .toBe('Draw on 4');
    await screenshot(fay.page, 'banque-holder-call-phone');
    await fay.page.getByTestId('holder-carry-on').click();
    await dev.page.getByTestId('banker-values').waitFor({ timeout: 60_000 });
    // The right tableau's natural is paid before the banker chooses against the left.
    await expect
      .poll(() => ana.page.getByTestId('coup-story').innerText())
      .toMatch(/The right tableau turns over a natural 8: it is paid now/);
    expect(await faces(ana.page, 'right')).toEqual(['3C', '5H']);
    await screenshot(dev.page, 'banque-lone-natural-desktop');
    await screenshot(fay.page, 'banque-lone-natural-phone');
    await dev.page.getByTestId('banker-stand').click();

    const done = await settled(2);
    expect(done.view.last?.settlement?.outcomes).toEqual({ right: 'tableau', left: 'tableau' });
    // R24.3: 1,000 to pay from a bank of 993.80: paid in turn until it is empty.
    expect(done.view.last?.settlement?.bankAfter).toBe(0);
    await pagesShowTheLedger();
    await screenshot(eve.page, 'banque-settled-desktop');
    await screenshot(fay.page, 'banque-settled-phone');
  });

  it('the bank has run dry: Dev retires and Eve takes it over', async () => {
    const [ana, dev, eve] = [who('Ana'), who('Dev'), who('Eve')];
    await expect
      .poll(() => dev.page.getByTestId('banque-stage').innerText())
      .toMatch(/Your bank has run dry/);
    await screenshot(dev.page, 'banque-dry-desktop');
    await dev.page.getByTestId('retire').click();
    await expect
      .poll(() => eve.page.getByTestId('banque-stage').innerText())
      .toMatch(/you may take the bank over/);
    await eve.page.getByLabel('Your bank').fill('400');
    await eve.page.getByTestId('post-bank').click();
    await observer.until('banque.updated', (e) => e.what === 'taken-over');
    await expect
      .poll(() => ana.page.getByTestId('banque-banker').textContent())
      .toMatch(/Banker · Eve/);
    await pagesShowTheLedger();
    await screenshot(ana.page, 'banque-taken-over-desktop');
    expect(await seriousViolations(ana.page)).toEqual([]);
  });
});
