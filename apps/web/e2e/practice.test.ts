/**
 * P12, T12: a newcomer practises alone. One click from the lobby opens their own table;
 * they play three rounds by keyboard alone, switching spots once and changing the stake, and the
 * balance the page shows is the ledger's after every round.
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
import { playerIdOf } from './support/guest.js';
import { focusIsVisible, tabTo } from './support/keyboard.js';
import { arrive, minorUnits, watchMain } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';

describe.runIf(canRunBrowser)('a practice table of your own (T12)', () => {
  let server: RunningServer;
  let browser: Browser;
  let visitor: Visitor;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    visitor = await newVisitor(browser, server.url, { viewport: { width: 1280, height: 800 } });
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    await screenshot(visitor.page, 'failed-practice').catch(() => undefined);
    console.error(server.output().slice(-3000));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Deal by keyboard (focus is on Deal, or Tab gets there), then wait for this round's result. */
  async function dealAndSettle(page: Page, round: number) {
    await tabTo(page, 'Deal');
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('result-banner').getAttribute('data-round'), { timeout: 20_000 })
      .toBe(String(round));
    // The result waits for the player: New round has the focus, and nothing else moves.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('New round');
  }

  async function balanceMatchesLedger(page: Page, playerId: string) {
    await expect
      .poll(
        async () =>
          (await minorUnits(page.getByTestId('practice-balance'))) -
          (await server.db.walletBalance(playerId)),
      )
      .toBe(0);
    return server.db.walletBalance(playerId);
  }

  it('T12.1 T12.2 T12.3 three rounds by keyboard: a spot switched, the stake changed', async () => {
    const { page } = visitor;
    await arrive(page, 'Nova');
    const playerId = await playerIdOf(page);
    await tabTo(page, 'Practise alone');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/table\/\?id=r_/);
    await page.getByTestId('practice-table').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Deal' }).isVisible()).toBe(true);
    // Seated by the one click: the spots open once the first round takes bets.
    await expect
      .poll(() => page.getByRole('radio', { name: /^Player/ }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
    expect(await minorUnits(page.getByTestId('practice-balance'))).toBe(100_000);
    await expect
      .poll(() => page.getByTestId('practice-edges').innerText())
      .toMatch(/Banker: [\d.]+% in your favour/);
    // Deal does two things here that a live table does in two steps: said beside the button.
    expect(await page.getByTestId('practice-deal-note').innerText()).toMatch(
      /Deal places your bet and deals in one press\. At a live table you press Confirm bets, and the player holding the shoe deals\./,
    );

    // Round 1: Player, stake raised from 10 to 30.
    await tabTo(page, /^Player/);
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: /^Player/ }).isChecked()).toBe(true);
    await tabTo(page, 'Raise the stake by 10');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('practice-stake').innerText()).toBe('30');
    await screenshot(page, 'practice-betting');
    const round1 = Number(await page.getByTestId('round-number').getAttribute('data-round'));
    await dealAndSettle(page, round1);
    expect(await page.getByTestId('practice-yours').innerText()).toMatch(/^You bet 30 on player/);
    let ledger = await balanceMatchesLedger(page, playerId);
    await screenshot(page, 'practice-result');
    expect(await seriousViolations(page)).toEqual([]);

    // Round 2: New round (already focused), then the bet moves to Banker with the arrow key.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('round-number').getAttribute('data-round'))
      .toBe(String(round1 + 1));
    await expect.poll(() => page.getByRole('radio', { name: /^Banker/ }).isEnabled()).toBe(true);
    await tabTo(page, /^Player/);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: /^Banker/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Player/ }).isChecked()).toBe(false);
    const before2 = ledger;
    await dealAndSettle(page, round1 + 1);
    expect(await page.getByTestId('practice-yours').innerText()).toMatch(/^You bet 30 on banker/);
    ledger = await balanceMatchesLedger(page, playerId);
    // Even money: a Banker bet of 30 wins 30, loses 30 or comes back on a tie.
    expect([before2 + 3_000, before2 - 3_000, before2]).toContain(ledger);

    // Round 3: the stake lowered by one step, still on Banker.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('round-number').getAttribute('data-round'))
      .toBe(String(round1 + 2));
    await expect.poll(() => page.getByRole('radio', { name: /^Banker/ }).isEnabled()).toBe(true);
    await tabTo(page, 'Lower the stake by 10');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('practice-stake').innerText()).toBe('20');
    await dealAndSettle(page, round1 + 2);
    expect(await page.getByTestId('practice-yours').innerText()).toMatch(/^You bet 20 on banker/);
    await balanceMatchesLedger(page, playerId);
    // Three rounds, three pips, each with its scores on focus.
    expect(await page.getByTestId('pip-strip').locator('[data-outcome]').count()).toBe(3);
    await tabTo(page, /^Hand \d+: /);
    await expect.poll(() => page.getByRole('tooltip').innerText()).toMatch(/^Hand 1: /);

    // One practice table a player: the lobby's button leads back to the same one.
    const url = page.url();
    await page.goto('/lobby/');
    await page.getByRole('button', { name: 'Practise alone' }).click();
    await page.waitForURL(/\/table\/\?id=r_/);
    expect(new URL(page.url()).searchParams.get('id')).toBe(new URL(url).searchParams.get('id'));
    expect(visitor.watch.errors).toEqual([]);
  });

  it('a live table shows three first-time tips, each dismissed for good', async () => {
    const guest = await newVisitor(browser, server.url, { viewport: { width: 1280, height: 800 } });
    const { page } = guest;
    await arrive(page, 'Tove');
    await watchMain(page);
    const tip = page.getByTestId('first-time-tip');
    await expect.poll(() => tip.getByRole('heading').innerText()).toBe('Tip 1 of 3: Where to bet');
    expect(await page.getByRole('link', { name: 'Play responsibly' }).getAttribute('href')).toBe(
      '/play-responsibly/',
    );
    // The tip itself; the live table's own seats are another issue's (see the report).
    expect(await seriousViolations(page, '[data-testid="first-time-tip"]')).toEqual([]);
    await screenshot(page, 'table-tip');
    await tabTo(page, 'Got it');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => tip.getByRole('heading').innerText())
      .toBe('Tip 2 of 3: What Confirm does');
    await page.reload();
    await expect
      .poll(() => tip.getByRole('heading').innerText())
      .toBe('Tip 2 of 3: What Confirm does');
    await tip.getByRole('button', { name: 'Got it' }).click();
    await expect
      .poll(() => tip.getByRole('heading').innerText())
      .toBe('Tip 3 of 3: The shoe marker');
    await tip.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => tip.count()).toBe(0);
    await page.reload();
    await page.getByTestId('pip-strip').waitFor();
    expect(await tip.count()).toBe(0);
    await guest.context.close();
  });

  it("T12.1: the lesson's last step opens the learner's own practice table", async () => {
    const { page } = visitor;
    // Nova, from the first test, has a name and a practice table; the lesson is at its end.
    await page.goto(`${server.url}/learn/`);
    await page.evaluate(() =>
      localStorage.setItem(
        'banco.learn.v1',
        JSON.stringify({ current: 7, done: [0, 1, 2, 3, 4, 5, 6, 7] }),
      ),
    );
    await page.reload();
    await page.getByTestId('lesson-practice').click();
    await page.waitForURL(/\/table\/\?id=r_/);
    await page.getByTestId('practice-table').waitFor();
    const after = new URL(page.url()).searchParams.get('id');
    // The same table "Practise alone" gives back: one practice table per player (T12.1).
    const theirs = await page.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('banco.guest')!) as { token: string };
      const answer = await fetch('/api/rooms/practice', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return {
        status: answer.status,
        id: ((await answer.json()) as { room: { id: string } }).room.id,
      };
    });
    expect(theirs).toEqual({ status: 200, id: after });
  });

  it('works on a phone (390×844): screenshot, no serious axe finding', async () => {
    const phone = await newVisitor(browser, server.url, { viewport: { width: 390, height: 844 } });
    await arrive(phone.page, 'Pico');
    await phone.page.getByRole('button', { name: 'Practise alone' }).click();
    await phone.page.getByTestId('practice-table').waitFor();
    await expect
      .poll(() => phone.page.getByRole('radio', { name: /^Tie/ }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
    await phone.page.getByText('Tie', { exact: true }).click();
    await phone.page.getByRole('button', { name: 'Deal' }).click();
    await phone.page.getByTestId('result-banner').waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'practice-phone');
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });
});
