/**
 * T12.4, T8.2 at the practice table: the chips are the player's real wallet, and once it is
 * below the 10-chip minimum the next round tops it up. The room deals a scripted shoe of Banker
 * naturals (TEST_SCRIPTED_SHOE, test only), so two 500-chip Player bets empty the wallet.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunBrowser, launchChromium, newVisitor, type Visitor } from './support/browser.js';
import { playerIdOf } from './support/guest.js';
import { arrive, minorUnits } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';
import { scriptedShoe } from './support/shoe.js';

describe.runIf(canRunBrowser)('the practice table tops up an empty wallet (T12.4)', () => {
  let server: RunningServer;
  let browser: Browser;
  let visitor: Visitor;

  beforeAll(async () => {
    server = await startServer({ TEST_SCRIPTED_SHOE: scriptedShoe([]) });
    browser = await launchChromium();
    visitor = await newVisitor(browser, server.url, { viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const balance = (page: Page) => minorUnits(page.getByTestId('practice-balance'));

  async function losePlayerBet(page: Page, round: number) {
    await expect.poll(() => page.getByRole('radio', { name: /^Player/ }).isEnabled()).toBe(true);
    await page.locator('.practice-spot--player').click();
    const raise = page.getByRole('button', { name: 'Raise the stake by 10' });
    while (await raise.isEnabled()) await raise.click();
    expect(await page.getByTestId('practice-stake').innerText()).toBe('500');
    await page.getByRole('button', { name: 'Deal' }).click();
    await expect
      .poll(() => page.getByTestId('result-banner').getAttribute('data-round'))
      .toBe(String(round));
    expect(await page.getByTestId('result-banner').getAttribute('data-outcome')).toBe('banker');
  }

  it('T12.4 T8.2: two lost 500-chip bets, then New round brings the wallet back to 1,000', async () => {
    const { page } = visitor;
    await arrive(page, 'Rita');
    const playerId = await playerIdOf(page);
    await page.getByRole('button', { name: 'Practise alone' }).click();
    await page.getByTestId('practice-table').waitFor();
    await losePlayerBet(page, 1);
    await expect.poll(() => balance(page)).toBe(50_000);
    await page.getByRole('button', { name: 'New round' }).click();
    await losePlayerBet(page, 2);
    await expect.poll(() => balance(page)).toBe(0);
    expect(await server.db.walletBalance(playerId)).toBe(0);
    await page.getByRole('button', { name: 'New round' }).click();
    await expect
      .poll(() => page.getByTestId('refill-notice').innerText())
      .toMatch(/topped up by 1,000 chips/);
    await expect.poll(() => balance(page)).toBe(100_000);
    expect(await server.db.walletBalance(playerId)).toBe(100_000);
    expect(visitor.watch.errors).toEqual([]);
  });
});
