/**
 * T1.5 in the browser: when every connection of a seated player drops, the others see the seat
 * marked away (held for them), and unmarked again when they come back.
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
import { TableObserver } from './support/observer.js';
import { arrive, sitAtMain } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';

describe.runIf(canRunBrowser)('a seat whose player is away', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let ann: Visitor;
  let bob: Visitor;

  beforeAll(async () => {
    server = await startServer({ TABLE_TIMINGS: 'patient' });
    browser = await launchChromium();
    observer = await TableObserver.join(server.url);
    ann = await newVisitor(browser, server.url);
    bob = await newVisitor(browser, server.url);
  });

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  it('T1.5: is marked away while its player is gone, and no longer once they are back', async () => {
    await arrive(ann.page, 'Ann');
    await sitAtMain(ann.page, 1);
    await arrive(bob.page, 'Bob');
    await sitAtMain(bob.page, 2);
    const bobSeat = ann.page.getByTestId('seat-2');

    // Bob closes his only tab: his socket drops and the table holds his seat.
    await bob.page.close();
    await observer.until('seat.away', (e) => e.seat === 2);
    await expect.poll(() => bobSeat.getAttribute('aria-label')).toBe('Seat 2: Bob, away');
    expect(await bobSeat.getAttribute('class')).toContain('seat--away');
    await screenshot(ann.page, 'seat-away');

    const back = await bob.context.newPage();
    await back.goto('/table/?id=main');
    await observer.until('seat.back', (e) => e.seat === 2);
    await expect.poll(() => bobSeat.getAttribute('aria-label')).toBe('Seat 2: Bob');
  });
});
