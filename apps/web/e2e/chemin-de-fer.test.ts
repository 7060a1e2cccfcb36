/**
 * C1–C5 in the browser: four friends open a Chemin de Fer room by its link. Ana posts a bank;
 * Ben calls "Banco!" and, playing the punto on 5, chooses to stand; Ana wins and her bank rides.
 * Cleo covers half of it "avec la table", Dev a stake of his own (a partial cover); Ana, at 5
 * against a third card of 4, makes a free choice (she stands) and loses; the bank passes to Ben,
 * who declines it, and it is offered to Cleo. After each coup every page shows the balance
 * Postgres holds. Ana closes the room, which ends the shoe and publishes its seed (T11.7): /shoes
 * shows both coups as Chemin de Fer (C6.3), each hand, who drew or stood and who decided, never
 * Punto Banco's fixed table. Built server and web app, a fresh database, headless Chromium; the
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
import { arrive } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';
import { scriptedShoe } from './support/shoe.js';

/** Dealing order: punto, banker, punto, banker, then the third cards. */
const SCRIPT = {
  /** Punto 2H 3D (5: his choice, he stands); banker KC 5S (5) draws on a standing punto: 4D → 9. */
  1: ['2H', 'KC', '3D', '5S', '4D'],
  /** Punto 2C 2D (4) draws 4S → 8; banker KD 5C (5) against a 4: her choice, she stands and loses. */
  2: ['2C', 'KD', '2D', '5C', '4S'],
} as const;

/** A laptop's screen, the smallest the table is laid out for beside a phone's. */
const LAPTOP = { width: 1366, height: 768 };

/** The element is on screen as the page stands: nobody has to scroll to reach it. */
function onScreen(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });
}

describe.runIf(canRunBrowser)('Chemin de Fer with friends', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let roomId: string;
  const friends: Friend[] = [];
  const at = (seat: number) => friends.find((f) => f.seat === seat)!;

  beforeAll(async () => {
    server = await startServer({ TEST_SCRIPTED_SHOE: scriptedShoe([SCRIPT[1], SCRIPT[2]]) });
    browser = await launchChromium();
  });

  afterEach((context) => recordFailure(context, 'chemin', friends, observer));

  afterAll(() => closeAll(observer, browser, server));

  /** Every page shows, for every seat, the balance the ledger holds for its player. */
  const pagesShowTheLedger = () => ledgerOnEveryPage(server, friends);

  /** The table's `n`th settled coup, once it has come. */
  const settled = (n: number) =>
    nthEvent(observer, 'chemin.updated', (e) => e.what === 'settled', n);

  it('Ana opens a Chemin de Fer room; three friends come by its link and sit', async () => {
    const visitor = await newVisitor(browser, server.url, DESKTOP);
    const { page } = visitor;
    await arrive(page, 'Ana');
    await page.getByRole('button', { name: 'Open a private room' }).click();
    await page.getByRole('textbox', { name: 'Room name' }).fill('Chemin');
    await page.getByRole('radio', { name: /^Chemin de Fer/ }).check();
    expect(await page.getByLabel('Decks in the shoe').inputValue()).toBe('6');
    await page.getByLabel('Seconds to post or cover a bank').fill('60');
    await screenshot(page, 'chemin-room-form-desktop');
    const room = await openRoomAndSit(server.url, page);
    observer = room.observer;
    roomId = room.roomId;
    friends.push({ ...visitor, name: 'Ana', seat: 1, playerId: room.hostId });
    for (const [i, name] of ['Ben', 'Cleo', 'Dev'].entries()) {
      const device = i === 2 ? PHONE : DESKTOP;
      friends.push(await comeAndSit({ browser, server, ...room }, name, i + 2, device));
    }
    await expect.poll(() => page.getByTestId('offer').innerText()).toMatch(/offered to you/);
    // P9: the host runs a Chemin de Fer room as any other: her controls, and nobody else's.
    const controls = page.getByTestId('host-controls');
    await controls.waitFor();
    expect(await controls.getByRole('button', { name: 'Close the room' }).isEnabled()).toBe(true);
    expect(await at(2).page.getByTestId('host-controls').count()).toBe(0);
    for (const device of [PHONE, DESKTOP]) {
      await page.setViewportSize(device.viewport);
      await controls.scrollIntoViewIfNeeded();
      await screenshot(page, `chemin-host-${device === PHONE ? 'phone' : 'desktop'}`);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it('coup 1: Ana posts 200, Ben calls Banco! and stands on 5, Ana wins and the house takes 10', async () => {
    const [ana, ben, cleo, dev] = [at(1), at(2), at(3), at(4)];
    await ben.page.setViewportSize(LAPTOP);
    await ana.page.getByLabel('Your bank').fill('200');
    await ana.page.getByRole('button', { name: 'Put up the bank' }).click();
    await expect.poll(() => ben.page.getByTestId('your-call').isVisible()).toBe(true);
    await screenshot(ben.page, 'chemin-cover-desktop');
    await ben.page.getByRole('button', { name: /^Banco!/ }).click();
    await cleo.page.getByRole('button', { name: 'No call' }).click();
    await dev.page.getByRole('button', { name: 'No call' }).click();

    // Ben's choice on 5, by keyboard, with the exact odds in front of him; the others wait.
    await ben.page.getByTestId('choice-odds').waitFor();
    // On a laptop the choice is in view the moment it is Ben's, without his scrolling to it.
    await expect.poll(() => onScreen(ben.page, 'choose-stand')).toBe(true);
    expect(await onScreen(ben.page, 'choose-draw')).toBe(true);
    expect(await ben.page.getByTestId('odds-draw').getAttribute('aria-label')).toMatch(
      /^draw: win \d+\.\d{4} % · lose \d+\.\d{4} % · tie \d+\.\d{4} %$/,
    );
    await expect
      .poll(() => dev.page.getByTestId('choosing').innerText())
      .toBe('Ben (punto) is choosing whether to draw…');
    // R14.5: the others are not told the cell, nor so the punto's total.
    expect(await dev.page.getByTestId('choosing').innerText()).not.toMatch(/\d/);
    const hidden = await ana.page
      .getByTestId('hand-punto')
      .getByTestId('card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-face')));
    expect(hidden).toEqual(['down', 'down']);
    await screenshot(ben.page, 'chemin-punto-choice-desktop');
    await screenshot(dev.page, 'chemin-choice-watched-phone');
    expect(await seriousViolations(ben.page)).toEqual([]);
    await activate(ben.page, 'Stand');

    const done = await settled(1);
    expect(done.view.last?.settlement).toMatchObject({ outcome: 'banker', cagnotte: 1_000 });
    await pagesShowTheLedger();
    expect(await server.db.walletBalance(ana.playerId)).toBe(
      (await server.db.walletBalance(ben.playerId)) + 20_000 + 19_000,
    );
    await expect
      .poll(() => cleo.page.getByTestId('coup-story').innerText())
      .toMatch(/The punto stands on 5 by choice[\s\S]*The house takes its cagnotte: 10\./);
  });

  it('coup 2: the bank of 390 rides; avec la table and a partial cover; Ana stands at 5 v 4 and loses', async () => {
    const [ana, ben, cleo, dev] = [at(1), at(2), at(3), at(4)];
    await ana.page.setViewportSize(LAPTOP);
    await ana.page.getByRole('button', { name: 'Let it ride: 390' }).click();
    await expect
      .poll(() => ben.page.getByTestId('your-call').innerText())
      .toMatch(/first claim to call it again/);
    await ben.page.getByRole('button', { name: 'No call' }).click();
    await cleo.page.getByRole('button', { name: /^Avec la table/ }).click();
    // Dev calls on a phone: his call is brought into view when it is his.
    await expect.poll(() => onScreen(dev.page, 'call-stake')).toBe(true);
    await dev.page.getByLabel('A stake of').fill('100');
    await dev.page.getByRole('button', { name: 'Cover 100' }).click();

    await ana.page.getByTestId('choice-odds').waitFor();
    await expect.poll(() => onScreen(ana.page, 'choose-stand')).toBe(true);
    expect(await ana.page.getByTestId('your-choice').innerText()).toMatch(
      /on 5 against a third card of 4\? The rule would draw\./,
    );
    await screenshot(ana.page, 'chemin-banker-choice-desktop');
    await ana.page.getByRole('button', { name: 'Stand' }).click();

    const done = await settled(2);
    expect(done.view.last?.cover).toMatchObject({
      covered: 29_500,
      uncovered: 9_500,
      puntoSeat: 3,
    });
    expect(done.view.last?.settlement).toMatchObject({ outcome: 'player', bankerNet: -29_500 });
    await pagesShowTheLedger();
    await screenshot(cleo.page, 'chemin-settled-desktop');
    await screenshot(dev.page, 'chemin-settled-phone');
  });

  it('the bank passes to Ben on the loss; he declines it and it is offered to Cleo', async () => {
    const [ben, cleo] = [at(2), at(3)];
    await expect.poll(() => ben.page.getByTestId('offer').innerText()).toMatch(/offered to you/);
    await ben.page.getByRole('button', { name: 'Decline the bank' }).click();
    await expect
      .poll(() => cleo.page.getByTestId('offer').innerText())
      .toBe('The bank is offered to you (Ben declined it): put one up or decline it.');
    await screenshot(cleo.page, 'chemin-bank-offered-desktop');
    expect(await seriousViolations(cleo.page)).toEqual([]);
  });

  it('Ana closes the room: the shoe ends and its seed is published (T11.7)', async () => {
    const controls = at(1).page.getByTestId('host-controls');
    await controls.getByRole('button', { name: 'Close the room' }).click();
    // Asked once more (it cannot be undone), then closed.
    await controls.getByRole('button', { name: 'Close the room' }).click();
    await observer.until('shoe.ended');
  });

  for (const device of [DESKTOP, PHONE]) {
    const name = device === PHONE ? 'phone' : 'desktop';
    it(`/shoes shows each coup as Chemin de Fer: the hands, who decided, the result (${name})`, async () => {
      const { page } = await newVisitor(browser, server.url, device);
      await page.goto(`/shoes/?table=${encodeURIComponent(roomId)}`);
      const coup = (n: number) => page.getByTestId(`chemin-coup-${n}`);
      await coup(1).waitFor();
      // C6.3: the punto's 5 is his to choose (R16.1): Ben stood, where Punto Banco's table draws.
      expect(await coup(1).getByTestId('coup-punto').innerText()).toMatch(/^\S+ \S+ \(5\)$/);
      expect(await coup(1).getByTestId('coup-banker').innerText()).toMatch(/^(\S+ ){2}\S+ \(9\)$/);
      expect(await coup(1).getByTestId('coup-play').innerText()).toBe(
        "Punto stood on 5 by the punto's own choice. Banker drew on 5 by the drawing table",
      );
      expect(await coup(1).getByTestId('coup-result').innerText()).toBe('Banker wins, 9 to 5');
      // R16.3: 5 against a third card of 4 is the banker's cell: Ana stood, by her own choice.
      expect(await coup(2).getByTestId('coup-play').innerText()).toBe(
        "Punto drew on 4 by the drawing table. Banker stood on 5 against a third card of 4 by the banker's own choice",
      );
      expect(await coup(2).getByTestId('coup-result').innerText()).toBe('Punto wins, 8 to 5');
      expect(await page.getByRole('columnheader', { name: 'Player' }).count()).toBe(0);
      expect(await page.getByTestId('verify-link').count()).toBe(1);
      // A Chemin de Fer shoe counts coups, as its rows do.
      expect(await page.getByTestId('shoe-1').locator('summary').innerText()).toMatch(
        /^Shoe 1 · 2 coups · started /,
      );
      await screenshot(page, `chemin-shoes-${name}`);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
