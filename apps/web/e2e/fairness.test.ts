/**
 * P5: the fairness page re-runs, in the browser, a shoe a bot played to its end at a
 * one-deck room, and says ✓; fed one altered round (the history response rewritten on its way
 * in) it names that round as the first difference. /shoes lists the shoe with its rounds and the
 * verify link; /play-responsibly is one click from the lobby. Every page: axe, phone, keyboard.
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
import { tabTo } from './support/keyboard.js';
import { arrive } from './support/player.js';
import { playShortShoe } from './support/room-bot.js';
import { startServer, type RunningServer } from './support/server.js';

interface StoredShoe {
  rounds: { number: number; cards: string[]; outcome: string | null; voided: boolean }[];
  verification: { verified: boolean } | null;
}

describe.runIf(canRunBrowser)('checking a shoe in the browser (P5)', () => {
  let server: RunningServer;
  let browser: Browser;
  let visitor: Visitor;
  let played: { roomId: string; shoeId: string };
  let stored: StoredShoe;

  beforeAll(async () => {
    server = await startServer({ TABLE_TIMINGS: 'fast' });
    browser = await launchChromium();
    visitor = await newVisitor(browser, server.url, { viewport: { width: 1280, height: 800 } });
    played = await playShortShoe(server.url);
    const response = await fetch(
      `${server.url}/api/shoes/${played.shoeId}?tableId=${played.roomId}`,
    );
    stored = (await response.json()) as StoredShoe;
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    await screenshot(visitor.page, 'failed-fairness').catch(() => undefined);
    console.error(server.output().slice(-3000));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const verdict = (page: Page) => page.getByTestId('fair-verdict');

  it('/shoes lists the ended shoe with its rounds; its verify link, by keyboard, says ✓', async () => {
    const { page } = visitor;
    // The server's own re-run agrees: this is an honest shoe to start from.
    expect(stored.verification?.verified).toBe(true);
    const dealt = stored.rounds.filter((r) => r.cards.length > 0);
    expect(dealt.length).toBeGreaterThanOrEqual(2);

    await page.goto(`/shoes/?table=${encodeURIComponent(played.roomId)}`);
    const shoe = page.getByTestId('shoe-1');
    await expect.poll(() => shoe.locator('tbody tr').count()).toBe(dealt.length);
    expect(await shoe.locator('summary').innerText()).toMatch(/Shoe 1 · \d+ rounds/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'shoes');

    await tabTo(page, 'Verify shoe 1');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/fairness\/\?shoe=/);
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('verified');
    expect(await verdict(page).innerText()).toContain(
      `Verified. The server seed hashes to the commitment, and all ${dealt.length} recorded rounds`,
    );
    expect(await page.locator('[data-same="true"]').count()).toBe(dealt.length);
    // Every published vector re-ran to the same numbers in this browser.
    const vectors = page.getByTestId('fair-vector');
    expect(await vectors.count()).toBe(3);
    expect(await vectors.evaluateAll((n) => n.map((e) => e.getAttribute('data-agrees')))).toEqual([
      'true',
      'true',
      'true',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'fairness-verified');
    // Run again by keyboard: the same answer.
    await tabTo(page, 'Re-run the shoe');
    await page.keyboard.press('Enter');
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('verified');
    expect(visitor.watch.errors).toEqual([]);
  });

  it('flags the first altered round when the recorded shoe is tampered with', async () => {
    const page = await visitor.context.newPage();
    const target = stored.rounds.find((r) => r.cards.length > 0 && r.number >= 2)!;
    const swapped = target.cards[0] === 'KS' ? 'QH' : 'KS';
    await page.route('**/api/shoes/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as StoredShoe;
      body.rounds = body.rounds.map((r) =>
        r.number === target.number ? { ...r, cards: [swapped, ...r.cards.slice(1)] } : r,
      );
      await route.fulfill({ response, json: body });
    });
    await page.goto(
      `/fairness/?shoe=${encodeURIComponent(played.shoeId)}&table=${encodeURIComponent(played.roomId)}`,
    );
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('different');
    expect(await verdict(page).innerText()).toContain(`Round ${target.number} differs.`);
    expect(await page.getByTestId('fair-difference').innerText()).toContain(
      `the table recorded the cards ${[swapped, ...target.cards.slice(1)].join(' ')}; the shoe deals ${target.cards.join(' ')}`,
    );
    expect(await page.locator('[data-same="false"]').count()).toBe(1);
    await page.getByTestId(`fair-round-${target.number}`).scrollIntoViewIfNeeded();
    await screenshot(page, 'fairness-tampered');
    await page.close();
  });

  it('re-runs a pasted shoe: the published vector’s 81 rounds', async () => {
    const page = await visitor.context.newPage();
    await page.goto('/fairness/');
    await page.getByLabel('Server seed (64 hex characters)').fill('a'.repeat(64));
    await page.getByRole('textbox', { name: 'Client seed', exact: true }).fill('table-1');
    await page.getByRole('button', { name: 'Re-run the shoe' }).click();
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('replayed');
    expect(await page.locator('[data-testid^="fair-round-"]').count()).toBe(81);
    await page.getByLabel('Server seed (64 hex characters)').fill('A'.repeat(64));
    await page.getByRole('button', { name: 'Re-run the shoe' }).click();
    await expect.poll(() => verdict(page).innerText()).toMatch(/cannot be re-run/);
    await page.close();
  });

  it('every new page at 390×844, reachable from the lobby, with no serious axe finding', async () => {
    const phone = await newVisitor(browser, server.url, { viewport: { width: 390, height: 844 } });
    const { page } = phone;
    await arrive(page, 'Tess');
    await tabTo(page, 'Play responsibly');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/play-responsibly\/$/);
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Take your time',
      'Walk away when it stops being fun',
      'No real money, ever',
      '18 and over',
      'Have a glass of water',
    ]);
    const pages = [
      '/play-responsibly/',
      `/shoes/?table=${encodeURIComponent(played.roomId)}`,
      `/fairness/?shoe=${encodeURIComponent(played.shoeId)}&table=${encodeURIComponent(played.roomId)}`,
    ];
    for (const path of pages) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (path.startsWith('/fairness')) {
        await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('verified');
      }
      if (path.startsWith('/shoes'))
        await page.getByTestId('shoe-1').locator('tbody tr').first().waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toEqual([]);
      const name = path.split('/')[1]!;
      await screenshot(page, `${name}-phone`);
    }
    expect(phone.watch.errors).toEqual([]);
    await phone.context.close();
  });
});
