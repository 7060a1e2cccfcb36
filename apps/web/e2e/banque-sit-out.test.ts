/**
 * P9.10 on the Baccara Banque felt: a seat whose player sits out is marked as the Seats of the
 * other games mark it (the words "sitting out", a dashed edge), and the mark goes when they are
 * back. A room with an evening (open seating, wallet chips), two friends. Built server and web
 * app, a fresh database, headless Chromium.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { canRunBrowser, launchChromium, newVisitor, screenshot } from './support/browser.js';
import { DESKTOP, PHONE } from './support/devices.js';
import { TableObserver } from './support/observer.js';
import { tokenOf } from './support/guest.js';
import { arrive } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';

const ROOM = {
  decks: 6,
  ruleSet: 'no-commission',
  tiePays: 8,
  sideBets: [],
  limits: { min: 500, max: 20_000, tie: { max: 5_000 }, side: { max: 2_000 } },
  seats: 6,
  bettingSeconds: 20,
  untimedBetting: false,
  cardTurning: false,
  cut: 14,
  lastHand: 'plus-one',
  seatHoldSeconds: 90,
  kind: 'baccara-banque',
  baccaraBanque: {
    decks: 6,
    award: 'auction',
    bank: { min: 10_000, max: null },
    cagnotteBp: 125,
    choices: { mode: 'window', seconds: 20 },
    biddingSeconds: 60,
    watchersMayCover: false,
  },
  evening: { seating: 'open', chips: 'wallet' },
};

describe.runIf(canRunBrowser)('Baccara Banque: a seat that sits out (P9.10)', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver | null = null;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  it('Ben sits out: the felt marks his seat in the Seats’ words; back, the mark goes', async () => {
    const ana = await newVisitor(browser, server.url, DESKTOP);
    await arrive(ana.page, 'Ana');
    const opened = await ana.page.request.post('/api/rooms', {
      headers: { authorization: `Bearer ${await tokenOf(ana.page)}` },
      data: { name: 'Banque night', settings: ROOM },
    });
    expect(opened.status()).toBe(201);
    const { link, room } = (await opened.json()) as { link: string; room: { id: string } };
    observer = await TableObserver.join(server.url, room.id);
    await ana.page.goto(link);
    await ana.page.getByRole('button', { name: 'Sit here: seat 1' }).click();
    await observer.until('seat.taken', (e) => e.seat === 1);

    const ben = await newVisitor(browser, server.url, PHONE);
    await arrive(ben.page, 'Ben');
    await ben.page.goto(link);
    await ben.page.getByRole('button', { name: 'Sit here: seat 2' }).click();
    await observer.until('seat.taken', (e) => e.seat === 2);

    await ben.page.getByTestId('sit-out').click();
    const mark = ana.page.getByTestId('seat-sitting-out-2');
    await mark.waitFor();
    expect(await mark.innerText()).toBe('sitting out');
    expect(await ana.page.getByTestId('seat-2').getAttribute('class')).toContain('seat--away');
    expect(await ana.page.getByTestId('seat-sitting-out-1').count()).toBe(0);
    await ben.page.getByTestId('seat-sitting-out-2').waitFor();

    await ana.page.getByTestId('seat-2').scrollIntoViewIfNeeded();
    await screenshot(ana.page, 'banque-sitting-out-desktop');
    await ben.page.getByTestId('seat-2').scrollIntoViewIfNeeded();
    await screenshot(ben.page, 'banque-sitting-out-phone');
    expect(await seriousViolations(ana.page)).toEqual([]);
    expect(await seriousViolations(ben.page)).toEqual([]);

    await ben.page.getByRole('button', { name: 'I’m back' }).click();
    await expect.poll(() => mark.count()).toBe(0);
    expect(await ana.page.getByTestId('seat-2').getAttribute('class')).not.toContain('seat--away');
  });
});
