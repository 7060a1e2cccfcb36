/**
 * A room with untimed betting and no card turning, in the browser: no countdown but who the
 * round waits for, the host's "Close bets now", and cards that turn over by themselves. The
 * server runs TABLE_TIMINGS=fast, so the table's own steps (deal, reveals) take 200 ms.
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
import { TableObserver } from './support/observer.js';
import { arrive } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';

describe.runIf(canRunBrowser)('an untimed room where the cards turn by themselves', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver | undefined;
  let host: Visitor;

  beforeAll(async () => {
    server = await startServer({ TABLE_TIMINGS: 'fast' });
    browser = await launchChromium();
    host = await newVisitor(browser, server.url, { viewport: { width: 1280, height: 900 } });
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    await screenshot(host.page, 'failed-rooms-untimed').catch(() => undefined);
    if (observer) console.error(observer.events.map((e) => `${e.version} ${e.type}`).join('\n'));
  });

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  it('waits for the players, closes when the host says, and deals and turns by itself', async () => {
    const { page } = host;
    await arrive(page, 'Uma');
    await page.getByRole('button', { name: 'Open a private room' }).click();
    await page.getByRole('textbox', { name: 'Room name' }).fill('Slow table');
    await page.getByRole('checkbox', { name: /^Untimed/ }).check();
    await page.getByRole('checkbox', { name: 'Players squeeze and turn the cards' }).uncheck();
    await page.getByRole('button', { name: 'Open the room' }).click();
    const link = await page.getByTestId('room-link').inputValue();
    const roomId = new URL(link).searchParams.get('id')!;
    observer = await TableObserver.join(server.url, roomId);

    await page.getByRole('link', { name: 'Go to your room' }).click();
    const opened = await observer.until('betting.opened');
    // P9.5: untimed betting has no closing time and no last call.
    expect(opened).toMatchObject({ closesAt: null, lastBetsAt: null });
    await expect
      .poll(() => page.getByTestId('untimed').innerText())
      .toBe('Waiting for 1 player to decide.');
    expect(await page.getByTestId('countdown').count()).toBe(0);
    expect(await page.getByTestId('self-turning').isVisible()).toBe(true);
    await screenshot(page, 'room-untimed');

    await page.getByRole('button', { name: 'Close bets now' }).click();
    await observer.until('betting.closed', (e) => e.round === opened.round);
    const result = await observer.until('round.result', (e) => e.round === opened.round);
    // T11.10: nobody turned: every reveal was the table's.
    const reveals = observer.of('cards.revealed').filter((e) => e.round === opened.round);
    expect(reveals.length).toBeGreaterThanOrEqual(2);
    expect(reveals.every((e) => e.by === null)).toBe(true);
    expect(
      observer.of('turn.started').filter((e) => e.round === opened.round && e.turner !== null),
    ).toEqual([]);
    await expect
      .poll(() => page.getByTestId('result-banner').innerText())
      .toMatch(result.outcome === 'tie' ? /Tie/ : /wins/);
    expect(host.watch.errors).toEqual([]);
  });
});
