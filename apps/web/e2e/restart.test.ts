/**
 * T9.11, P7.6 in the browser: a deploy stops the server with SIGTERM and starts it again on the
 * same port and database; the open table page comes back Live by itself, in the same seat, with
 * no reload.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { socketDiary } from './support/page-sockets.js';
import { arrive, sitAtMain } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';

/** socket.io-client backs off to 5 s between tries; a restart takes a few seconds more. */
const BACK_WITHIN_MS = 30_000;

describe.runIf(canRunBrowser)('a graceful restart with a browser open', () => {
  let server: RunningServer;
  let browser: Browser;
  let ann: Visitor;

  beforeAll(async () => {
    // At info, the server's log says when each stage of its stop ended (for a failure's message).
    server = await startServer({ TABLE_TIMINGS: 'patient', LOG_LEVEL: 'info' });
    browser = await launchChromium();
    ann = await newVisitor(browser, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('T9.11 P7.6 P7.3: SIGTERM, restart on the same port: Live again by itself, same seat, no reload', async () => {
    const { page } = ann;
    const diary = socketDiary(page);
    const story = () => `the page's sockets:\n${diary()}\nthe server:\n${server.output()}`;
    await arrive(page, 'Ann');
    await sitAtMain(page, 1);
    const connection = page.getByTestId('connection');
    await connection.filter({ hasText: /^Live$/ }).waitFor();
    // The screen's parts load on demand after it paints: a chunk still on its way when the
    // server stops would fail, which is another story (a page whose code is cut off mid-load).
    await page.waitForLoadState('networkidle');
    // A reload would start a new document and lose this mark.
    await page.evaluate(() => Object.assign(window, { bancoSameDocument: true }));

    expect(await server.terminate(), story()).toBe(0);
    await connection.filter({ hasText: 'Reconnecting' }).waitFor({ timeout: BACK_WITHIN_MS });
    await screenshot(page, 'restart-reconnecting');

    await server.restart();
    await connection
      .filter({ hasText: /^Live$/ })
      .waitFor({ timeout: BACK_WITHIN_MS })
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\n${story()}`);
      });
    expect(await page.getByTestId('seat-1').getAttribute('aria-label')).toMatch(/Ann.*\(you\)/);
    expect(await page.evaluate(() => 'bancoSameDocument' in window)).toBe(true);
    await screenshot(page, 'restart-live-again');
  });
});
