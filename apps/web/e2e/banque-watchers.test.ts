/**
 * R22.6, T16.13, B2.4 in the browser: Ana opens a Baccara Banque room that lets watchers cover
 * what the seated leave; Ben and Dev sit a side each, Wat watches on a desktop and Pia on a
 * phone. Ana wins the bank. While the seated call, the watchers are told to wait; once both have
 * called, each watcher's page offers a plain stake with a button in words, and what they cover is
 * held in Postgres before the cards. Built server and web app, a fresh database, headless
 * Chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { DESKTOP, PHONE } from './support/devices.js';
import { TableObserver } from './support/observer.js';
import { arrive } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';

interface Friend extends Visitor {
  name: string;
  playerId: string;
}

async function arriveByLink(page: Page, link: string, name: string) {
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('next'));
  await page.getByRole('button', { name: 'I am 18 or older' }).click();
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('button', { name: 'Get my chips' }).click();
  await page.waitForURL((url) => url.pathname === '/table/' && url.search.startsWith('?id='));
}

describe.runIf(canRunBrowser)('watchers covering a Baccara Banque bank', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  const friends: Friend[] = [];
  const who = (name: string) => friends.find((f) => f.name === name)!;

  beforeAll(async () => {
    server = await startServer({});
    browser = await launchChromium();
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const f of friends) {
      await screenshot(f.page, `failed-banque-watchers-${f.name}`).catch(() => undefined);
    }
    console.error(server.output().slice(-6_000));
  });

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  it('R22.6 T16.13 B2.4 watchers wait for the seated, then cover what they left with a button in words', async () => {
    const visitor = await newVisitor(browser, server.url, DESKTOP);
    const { page } = visitor;
    await arrive(page, 'Ana');
    await page.goto('/history/');
    await page.getByRole('link', { name: 'Open a Baccara Banque room' }).click();
    await page.waitForURL((url) => url.search === '?open=baccara-banque');
    await page.getByRole('textbox', { name: 'Room name' }).fill('Banque with watchers');
    await page.getByLabel('Smallest bank').fill('400');
    await page.getByLabel('Seconds to bid for the bank or stake').fill('60');
    await page.getByRole('checkbox', { name: 'Watchers may cover what the seated leave' }).check();
    await page.getByRole('button', { name: 'Open the room' }).click();
    const link = await page.getByTestId('room-link').inputValue();
    const roomId = new URL(link).searchParams.get('id')!;
    observer = await TableObserver.join(server.url, roomId);
    await page.getByRole('link', { name: 'Go to your room' }).click();
    const ana = await observer.until('seat.taken', (e) => e.seat === 1);
    friends.push({ ...visitor, name: 'Ana', playerId: ana.player.id });
    for (const [name, seat] of [
      ['Ben', 2],
      ['Dev', 7],
    ] as const) {
      const friend = await newVisitor(browser, server.url, DESKTOP);
      await arriveByLink(friend.page, link, name);
      await friend.page.getByRole('button', { name: `Sit here: seat ${seat}` }).click();
      const taken = await observer.until('seat.taken', (e) => e.seat === seat);
      friends.push({ ...friend, name, playerId: taken.player.id });
    }
    for (const [name, device] of [
      ['Wat', DESKTOP],
      ['Pia', PHONE],
    ] as const) {
      const friend = await newVisitor(browser, server.url, device);
      await arriveByLink(friend.page, link, name);
      friends.push({ ...friend, name, playerId: '' });
    }

    // The bank to Ana at auction.
    for (const [name, amount] of [
      ['Ana', '500'],
      ['Ben', '400'],
      ['Dev', '400'],
    ] as const) {
      const p = who(name).page;
      await expect.poll(() => p.getByTestId('banque-stage').innerText()).toMatch(/auction/);
      await p.getByLabel('Your bid for the bank').fill(amount);
      await p.getByTestId('bid').click();
    }
    await observer.until('banque.updated', (e) => e.what === 'stakes-opened');

    const [ben, dev, wat, pia] = [who('Ben'), who('Dev'), who('Wat'), who('Pia')];
    // R22.6: while the seated call, a watcher is told to wait, and offered nothing.
    await expect
      .poll(() => wat.page.getByTestId('banque-stage').innerText())
      .toMatch(/Watchers may cover what they leave once every one of them has called/);
    expect(await wat.page.getByTestId('watcher-cover').count()).toBe(0);

    await ben.page.getByRole('radio', { name: 'Right tableau' }).check();
    await ben.page.getByLabel('Chips').fill('100');
    await ben.page.getByTestId('stake').click();
    await dev.page.getByRole('radio', { name: 'Left tableau' }).check();
    await dev.page.getByLabel('Chips').fill('100');
    await dev.page.getByTestId('stake').click();
    await observer.until('banque.updated', (e) => e.what === 'watchers-turn');

    await expect
      .poll(() => wat.page.getByTestId('banque-stage').innerText())
      .toBe(
        'Watchers’ turn: 400 is still open on the right tableau and 400 on the left. You may cover part of it.',
      );
    await wat.page.getByRole('radio', { name: 'Right tableau' }).check();
    await wat.page.getByLabel('Chips').fill('300');
    const cover = wat.page.getByRole('button', {
      name: 'Cover 300 on the right tableau as a watcher',
    });
    await cover.waitFor();
    await screenshot(wat.page, 'banque-watcher-cover-desktop');
    expect(await seriousViolations(wat.page)).toEqual([]);
    await pia.page.getByTestId('watcher-cover').scrollIntoViewIfNeeded();
    await screenshot(pia.page, 'banque-watcher-cover-phone');
    expect(await seriousViolations(pia.page)).toEqual([]);

    await cover.click();
    const called = await observer.until(
      'banque.updated',
      (e) => e.what === 'called' && e.seat === null,
    );
    const watId = called.view.coup!.calls.find((c) => c.seat === null)!.player;
    await expect
      .poll(() => pia.page.getByTestId('banque-stage').innerText())
      .toMatch(/400 on the left/);
    await pia.page.getByRole('radio', { name: 'Left tableau' }).check();
    await pia.page.getByLabel('Chips').fill('400');
    const walletBefore = await server.db.walletBalance(watId);
    await pia.page.getByRole('button', { name: /^Cover 400 on the left tableau/ }).click();
    // Covered: held in Postgres, against no seat, and the cards go out.
    const dealt = await observer.until('banque.updated', (e) => e.what === 'dealt');
    expect(dealt.view.coup!.cover!.stakes.filter((s) => s.seat === null)).toHaveLength(2);
    expect(await server.db.walletBalance(watId)).toBe(walletBefore - 30_000);
    expect(dealt.balances).toContainEqual({
      seat: null,
      playerId: watId,
      balance: walletBefore - 30_000,
    });
  }, 120_000);
});
