/**
 * The states that used to leave a player guessing, in the built app against the built server:
 * a page reloaded while a result is up, a page open across a crash that voided its round, the
 * lobby's chips and held seat, axe on the table mid-round and on the lobby, and scripts that
 * arrive compressed.
 */
import { seriousViolations as allSeriousViolations } from './support/axe.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { TableObserver } from './support/observer.js';
import { arrive, confirmBets, draft, minorUnits, sitAtMain } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';
import { scriptedShoe } from './support/shoe.js';

/** Player 2+3 = 5 draws a K → 5; Banker 9 (natural) stands: Banker wins 9 to 5 every round. */
const ROUND = ['2C', '9H', '3D', 'KD'];

/** Serious and critical axe violations, with the experimental name-matches-content rule on. */
const seriousViolations = (page: Page) =>
  allSeriousViolations(page, undefined, { 'label-content-name-mismatch': { enabled: true } });

describe.runIf(canRunBrowser)('nothing left to guess', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let ann: Visitor;
  const scripts: { url: string; encoding: string | undefined; bytes: number }[] = [];

  beforeAll(async () => {
    server = await startServer({
      TEST_SCRIPTED_SHOE: scriptedShoe([ROUND, ROUND, ROUND, ROUND]),
      TABLE_TIMINGS: 'patient',
    });
    browser = await launchChromium();
    observer = await TableObserver.join(server.url);
    ann = await newVisitor(browser, server.url, { viewport: { width: 1280, height: 800 } });
    ann.page.on('response', (response) => {
      if (/\/_next\/static\/.*\.js$/.test(response.url())) {
        const headers = response.headers();
        scripts.push({
          url: response.url(),
          encoding: headers['content-encoding'],
          bytes: Number(headers['content-length'] ?? Infinity),
        });
      }
    });
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    await screenshot(ann.page, 'failed-guessing').catch(() => undefined);
    console.error(observer.events.map((e) => `${e.version} ${e.type}`).join('\n'));
    console.error(server.output().slice(-3_000));
  });

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  /** Ann bets 10 on Banker, deals, and turns Banker's cards; resolves with the result. */
  async function playRound(page: Page, seat: number, axeMidRound = false) {
    const opened = await observer.until(
      'betting.opened',
      (e) => !observer.of('round.result').some((r) => r.round === e.round),
    );
    await draft(page, 'Banker', 10);
    await confirmBets(page);
    await observer.until('bets.confirmed', (e) => e.round === opened.round);
    await page.getByRole('button', { name: 'Deal' }).click();
    await observer.until('cards.dealt', (e) => e.round === opened.round);
    for (;;) {
      const next = await Promise.race([
        observer.until('round.result', (r) => r.round === opened.round),
        observer.until(
          'turn.started',
          (t) =>
            t.round === opened.round &&
            t.turner === seat &&
            !observer
              .of('cards.revealed')
              .some((r) => r.round === t.round && r.hand === t.hand && r.version > t.version),
        ),
      ]);
      if (next.type === 'round.result') return next;
      if (axeMidRound) {
        expect(await seriousViolations(page)).toEqual([]);
        axeMidRound = false;
      }
      await page.getByRole('button', { name: 'Reveal' }).click();
      await observer.until(
        'cards.revealed',
        (r) => r.round === next.round && r.hand === next.hand && r.version > next.version,
      );
    }
  }

  it('the lobby shows your chips and passes axe', async () => {
    const { page } = ann;
    await arrive(page, 'Ann');
    await expect.poll(() => minorUnits(page.getByTestId('lobby-balance'))).toBe(100_000);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'guessing-lobby');
  });

  it('a page reloaded while the result is up shows the result and the settlement as they were', async () => {
    const { page } = ann;
    await sitAtMain(page, 1);
    const result = await playRound(page, 1, true);
    expect(result).toMatchObject({ outcome: 'banker', banker: { total: 9 } });
    await page.getByTestId('result-banner').waitFor();
    const settlementBefore = await page.getByTestId('settlement').innerText();

    await page.reload();
    const banner = page.getByTestId('result-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-round')).toBe(String(result.round));
    expect(await banner.innerText()).toMatch(/Banker wins 9 to 5/);
    expect(await page.getByTestId('settlement').innerText()).toBe(settlementBefore);
    // Settled bets are no longer on the table, nor "bet" on the seat: the seat shows its win.
    expect(await minorUnits(page.getByTestId('balance-committed'))).toBe(0);
    expect(await page.getByTestId('seat-1').innerText()).not.toMatch(/\bbet\b/);
    expect(await page.getByTestId('seat-won-1').innerText()).toMatch(/\+9\.5/);
    expect(await page.getByTestId('round-number').innerText()).toMatch(/Round \d+ · hand 1/);
    expect(await page.getByRole('button', { name: /^Hand 1: Banker wins 9 to 5/ }).count()).toBe(1);
    await screenshot(page, 'guessing-result-after-reload');
  });

  it('the watcher count on the page is the server’s', async () => {
    const { page } = ann;
    const bob = await newVisitor(browser, server.url);
    await arrive(bob.page, 'Bob');
    await bob.page.goto('/table/?id=main');
    await bob.page.getByTestId('pip-strip').waitFor();
    const count = async () => {
      const tables = (await (await fetch(`${server.url}/api/tables`)).json()) as {
        id: string;
        spectators: number;
      }[];
      return tables.find((t) => t.id === 'main')!.spectators;
    };
    // The observer and Bob watch; Ann sits.
    await expect.poll(count).toBe(2);
    for (const p of [page, bob.page]) {
      await expect.poll(() => p.getByTestId('watchers').innerText()).toBe('2 watching');
    }
    await bob.context.close();
    await expect.poll(count).toBe(1);
    await expect.poll(() => page.getByTestId('watchers').innerText()).toBe('1 watching');
  });

  it('a page open across a crash that voided its round says so, and the stake is back', async () => {
    const { page } = ann;
    // Bob sits and takes his time, so betting stays open after Ann's bet (T2.3).
    const bob = await newVisitor(browser, server.url);
    await arrive(bob.page, 'Bob');
    await sitAtMain(bob.page, 2);
    const opened = await observer.until(
      'betting.opened',
      (e) => !observer.of('round.result').some((r) => r.round === e.round),
    );
    await observer.until('seat.taken', (e) => e.seat === 2);
    const before = await minorUnits(page.getByTestId('balance-available'));
    await draft(page, 'Banker', 10);
    await confirmBets(page);
    await observer.until('bets.confirmed', (e) => e.round === opened.round);
    await expect.poll(() => minorUnits(page.getByTestId('balance-available'))).toBe(before - 1_000);

    // kill -9 in the betting window: the restarted server voids the round (T9.2).
    await server.restart('SIGKILL');
    const voided = page.getByTestId('voided-banner');
    await voided.waitFor({ timeout: 30_000 });
    expect(await voided.getAttribute('data-round')).toBe(String(opened.round));
    expect(await voided.innerText()).toMatch(/table restarted.*Every stake was returned/s);
    await expect
      .poll(() => page.getByTestId('shoe-story').innerText())
      .toMatch(new RegExp(`Round ${opened.round} was called off when the table restarted`));
    await expect.poll(() => minorUnits(page.getByTestId('balance-available'))).toBe(before);
    await expect.poll(() => page.getByTestId('connection').innerText()).toBe('Live');
    expect(await bob.page.getByTestId('voided-banner').innerText()).toMatch(/called off/);
    await screenshot(page, 'guessing-voided-after-crash');
    await bob.context.close();
  });

  it('after a shutdown that ends the socket (io server disconnect) the page comes back by itself', async () => {
    const { page } = ann;
    await expect.poll(() => page.getByTestId('connection').innerText()).toBe('Live');
    const before = observer.events.length;
    await server.restart('SIGTERM');
    // The table said it was closing before the socket went (P7.3) …
    await expect
      .poll(() => observer.events.slice(before).some((e) => e.type === 'table.closing'))
      .toBe(true);
    // … and the page reconnects without a reload, on its own backoff.
    await expect
      .poll(() => page.getByTestId('connection').innerText(), { timeout: 30_000 })
      .toBe('Live');
    expect(await page.getByTestId('seat-1').getAttribute('aria-label')).toMatch(/\(you\)/);
  });

  it('a phone sees the same table, and the lobby names the seat still held', async () => {
    const phone = await newVisitor(
      browser,
      server.url,
      {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
      async (context) => {
        // The same person on a phone: Ann's stored guest, by her page's own storage.
        const state = await ann.context.storageState();
        await context.addInitScript((origins) => {
          for (const origin of origins) {
            if (origin.origin !== window.location.origin) continue;
            for (const { name, value } of origin.localStorage) localStorage.setItem(name, value);
          }
        }, state.origins);
      },
    );
    await phone.page.goto('/lobby/');
    const held = phone.page.getByTestId('lobby-held-main');
    await held.waitFor();
    expect(await held.innerText()).toMatch(/seat 1 at Main/i);
    await screenshot(phone.page, 'guessing-lobby-phone');
    await held.getByRole('link', { name: 'Back to your seat' }).click();
    await expect
      .poll(() => phone.page.getByTestId('seat-1').getAttribute('aria-label'))
      .toMatch(/\(you\)/);
    await screenshot(phone.page, 'guessing-table-phone');
    await phone.context.close();
  });

  it('scripts arrive compressed', () => {
    expect(scripts.length).toBeGreaterThan(3);
    // The build leaves files under 1 KB as they are: compressing them would save nothing.
    expect(scripts.filter((s) => s.encoding !== 'br' && s.bytes >= 1_024)).toEqual([]);
    expect(scripts.filter((s) => s.encoding === 'br').length).toBeGreaterThan(3);
  });
});
