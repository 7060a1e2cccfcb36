/**
 * C6.1, B6.2, P5.1 in the browser: a Baccara Banque shoe on /shoes and /fairness. Ana opens a
 * room, Ben and Dev sit on its sides; Ana wins the bank at auction, Ben calls Banco on the right
 * and the coup plays out (each choice made on its page); Ana closes the room with the host's
 * button on her page (P9: every game's table has the host's controls), which ends the shoe
 * and publishes its seed (T11.7). /shoes shows the coup as Baccara Banque: each tableau's and the
 * banker's cards and totals, who drew and by whose choice, and each tableau's result, equal to
 * what the table settled; its verify link opens /fairness, which re-runs it by R25 and says ✓.
 * A fair shoe (not scripted), a fresh database, headless Chromium; desktop and phone, axe.
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
  recordFailure,
  type Friend,
} from './support/friends.js';
import type { TableObserver } from './support/observer.js';
import { arrive } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';

describe.runIf(canRunBrowser)('a Baccara Banque shoe on /shoes and /fairness', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let roomId: string;
  const friends: Friend[] = [];
  const who = (name: string) => friends.find((f) => f.name === name)!;
  let outcomes: { right: string; left: string } | undefined;

  beforeAll(async () => {
    server = await startServer({});
    browser = await launchChromium();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') console.error(server.output().slice(-6_000));
    await recordFailure(
      context,
      'banque-shoes',
      friends,
      observer,
      (e) => `${e.version} ${e.type}`,
    );
  });

  afterAll(() => closeAll(observer, browser, server));

  it('Ana opens a room, wins the bank, Ben calls Banco and the coup plays out; Ana closes the room', async () => {
    const visitor = await newVisitor(browser, server.url, DESKTOP);
    const { page } = visitor;
    await arrive(page, 'Ana');
    await page.goto('/lobby/?open=baccara-banque');
    await page.getByRole('textbox', { name: 'Room name' }).fill('Banque shoes');
    await page.getByLabel('Smallest bank').fill('400');
    await page.getByLabel('Seconds to bid for the bank or stake').fill('20');
    await page.getByLabel('Seconds for the auction').fill('10');
    const room = await openRoomAndSit(server.url, page);
    observer = room.observer;
    roomId = room.roomId;
    friends.push({ ...visitor, name: 'Ana', seat: 1, playerId: room.hostId });
    friends.push(await comeAndSit({ browser, server, ...room }, 'Ben', 2, DESKTOP));
    friends.push(await comeAndSit({ browser, server, ...room }, 'Dev', 7, DESKTOP));

    const [ana, ben, dev] = [who('Ana'), who('Ben'), who('Dev')];
    await expect
      .poll(() => ana.page.getByTestId('banque-stage').innerText())
      .toMatch(/up for auction/);
    await ana.page.getByLabel('Your bid for the bank').fill('400');
    await ana.page.getByTestId('bid').click();
    await observer.until('banque.updated', (e) => e.what === 'awarded');

    await expect.poll(() => ben.page.getByTestId('your-call').isVisible()).toBe(true);
    await ben.page.getByTestId('banco-right').click();
    await expect.poll(() => dev.page.getByTestId('your-call').isVisible()).toBe(true);
    await dev.page.getByTestId('no-stake').click();

    // The cards are the fair shoe's: whichever choices come, each is made on its own page.
    const done = nthEvent(observer, 'banque.updated', (e) => e.what === 'settled', 1);
    let settled = false;
    void done.then(() => (settled = true));
    const answer = async (p: Page) => {
      for (const id of ['holder-carry-on', 'banker-draw']) {
        const button = p.getByTestId(id);
        if (await button.isVisible().catch(() => false)) await button.click().catch(() => {});
      }
    };
    while (!settled) {
      for (const f of friends) await answer(f.page);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    outcomes = (await done).view.last?.settlement?.outcomes;
    expect(outcomes).toBeDefined();

    // P9, T11.7: the host runs the room from the Baccara Banque page as from any table's: the
    // controls show to her and to nobody else; she closes the room with her own button.
    const controls = ana.page.getByTestId('host-controls');
    await controls.waitFor();
    expect(await ben.page.getByTestId('host-controls').count()).toBe(0);
    for (const device of [DESKTOP, PHONE]) {
      await ana.page.setViewportSize(device.viewport);
      await controls.scrollIntoViewIfNeeded();
      await screenshot(ana.page, `banque-host-${device === PHONE ? 'phone' : 'desktop'}`);
      expect(await seriousViolations(ana.page)).toEqual([]);
    }
    await controls.getByRole('button', { name: 'Close the room' }).click();
    // Asked once more (it cannot be undone), then closed.
    await controls.getByRole('button', { name: 'Close the room' }).click();
    await observer.until('shoe.ended');
  });

  const RESULT = { tableau: 'the tableau wins', banker: 'the banker wins', tie: 'a tie, void' };

  for (const device of [DESKTOP, PHONE]) {
    const name = device === PHONE ? 'phone' : 'desktop';
    it(`/shoes shows the coup by hand and /fairness verifies it (${name})`, async () => {
      const { page } = await newVisitor(browser, server.url, device);
      await page.goto(`/shoes/?table=${encodeURIComponent(roomId)}`);
      const coup = page.getByTestId('banque-coup-1');
      await coup.waitFor();
      for (const hand of ['right', 'left', 'banker']) {
        // R20–R24: each hand's two or three cards and its total, never Player/Banker columns.
        expect(await coup.getByTestId(`coup-${hand}`).innerText()).toMatch(
          /^(\S+ ){1,2}\S+ \(\d\)$/,
        );
      }
      expect(await page.getByRole('columnheader', { name: 'Player' }).count()).toBe(0);
      expect(await coup.getByTestId('coup-result').innerText()).toBe(
        `Right: ${RESULT[outcomes!.right as 'tie']}; left: ${RESULT[outcomes!.left as 'tie']}`,
      );
      expect(await coup.getByTestId('coup-play').innerText()).toMatch(
        /natural|drew|stood|Every hand stood/,
      );
      await screenshot(page, `banque-shoes-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('verify-link').first().click();
      await page.waitForURL(/\/fairness\/\?shoe=.*&game=baccara-banque/);
      const verdict = page.getByTestId('fair-verdict');
      await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('verified');
      expect(await page.getByTestId('fair-source').innerText()).toMatch(
        /Baccara Banque shoe 1 of table .*, with its 1 coups? dealt/,
      );
      expect(await page.getByTestId('banque-coup-1').innerText()).toContain('✓ the same');
      await screenshot(page, `banque-fairness-${name}`);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
