/**
 * /rules and /history: the house edges on the page are what `pnpm banco odds` prints for the
 * same deck count (the CLI is run here), axe finds nothing serious on either page, both fit a
 * 390×844 phone, and the lobby links to them and to the lesson.
 */
import { bankerDecision, playerDecision } from '@banco/rules';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { canRunBrowser, launchChromium, newVisitor, screenshot } from './support/browser.js';
import { activate, tabTo } from './support/keyboard.js';
import { DESKTOP, PHONE } from './support/devices.js';
import { banco } from './support/cli.js';
import { startServer, type RunningServer } from './support/server.js';

/** What the CLI prints for one shoe: its edges by key (JSON) and its printed table (text). */
async function cliOdds(decks: number) {
  const args = ['odds', '--decks', String(decks)];
  const [json, printed] = await Promise.all([banco(...args, '--json'), banco(...args)]);
  const { edges } = JSON.parse(json) as { edges: Record<string, number> };
  return { edges, printed };
}

describe.runIf(canRunBrowser)('/rules and /history', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the house edges `pnpm banco odds` prints, for 1 to 8 decks', async () => {
    const { page, context } = await newVisitor(browser, server.url, DESKTOP);
    await page.goto('/rules/');
    const cells = await page
      .getByTestId('edges')
      .locator('td[data-edge]')
      .evaluateAll((tds) =>
        tds.map((td) => ({
          key: td.getAttribute('data-edge')!,
          decks: Number(td.getAttribute('data-decks')),
          text: td.textContent!.replace('−', '-'),
        })),
      );
    let compared = 0;
    for (let decks = 1; decks <= 8; decks++) {
      const { edges, printed } = await cliOdds(decks);
      for (const [key, fraction] of Object.entries(edges)) {
        const cell = cells.find((c) => c.key === key && c.decks === decks);
        expect(cell, `${key} for ${decks} decks is on the page`).toBeDefined();
        // The page writes each edge exactly as the CLI's table does, and the CLI printed it.
        const shown = `${(fraction * 100).toFixed(4)} %`;
        expect(cell!.text).toBe(shown);
        expect(printed).toContain(shown);
        compared++;
      }
    }
    // 13 edges a deck count, 8 deck counts: nothing was skipped.
    expect(compared).toBe(13 * 8);
    await context.close();
  });

  it('draws the Player rule and the whole Banker tableau from the rules package', async () => {
    const { page, context } = await newVisitor(browser, server.url, DESKTOP);
    await page.goto('/rules/');
    const banker = await page
      .locator('[role="grid"] td')
      .evaluateAll((tds) =>
        tds.map((td) => [
          td.getAttribute('data-banker'),
          td.getAttribute('data-third'),
          td.getAttribute('data-draws'),
        ]),
      );
    expect(banker).toHaveLength(88);
    for (const [b, t, draws] of banker) {
      expect(draws).toBe(String(bankerDecision(Number(b), t === 'none' ? null : Number(t)).draws));
    }
    const player = await page
      .getByTestId('player-rule')
      .locator('td')
      .evaluateAll((tds) =>
        tds.map((td) => [td.getAttribute('data-player'), td.getAttribute('data-draws')]),
      );
    expect(player).toHaveLength(8);
    for (const [total, draws] of player) {
      expect(draws).toBe(String(playerDecision(Number(total)).draws));
    }
    // A look-up by keyboard: the sentence under the grid follows the cell picked.
    await tabTo(page, /^[DS](draws|stands)$/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('tableau-why').textContent())
      .toContain('Banker has 5');
    await context.close();
  });

  for (const [device, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`/rules and /history read well on a ${device}, with nothing serious for axe`, async () => {
      const { page, context, watch } = await newVisitor(browser, server.url, options);
      for (const path of ['/rules/', '/history/']) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} is no wider than the screen`).toBeLessThanOrEqual(
          options.viewport.width,
        );
        await screenshot(page, `${path.replace(/\//g, '')}-${device}`);
      }
      expect(watch.errors).toEqual([]);
      expect(watch.foreign).toEqual([]);
      await context.close();
    });
  }

  it('the lobby leads to the lesson, the rules and the history', async () => {
    const { page, context } = await newVisitor(browser, server.url, DESKTOP);
    await page.goto('/');
    await activate(page, 'I am 18 or older');
    await tabTo(page, 'Your name');
    await page.keyboard.type('Ines');
    await activate(page, 'Get my chips');
    await page.waitForURL(/\/lobby\/$/);
    await page.getByRole('link', { name: 'Rules and odds' }).waitFor();
    await screenshot(page, 'lobby-learn-links-desktop');
    for (const [name, path] of [
      ['Rules and odds', '/rules/'],
      ['History', '/history/'],
      ['New to baccarat? Take the lesson', '/learn/'],
    ] as const) {
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(path);
    }
    await activate(page, 'New to baccarat? Take the lesson');
    await page.waitForURL(/\/learn\/$/);
    await expect
      .poll(() => page.locator('#lesson-step-title').textContent())
      .toBe('Two hands, three results');
    await context.close();
  });
});
