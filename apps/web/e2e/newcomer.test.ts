/**
 * A first visit without a stumble: what a newcomer and a screen reader met at the table, the
 * instruments and the pages, checked in the built app by role, name and bounds (no pixel diffs).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  OUTPUT_DIR,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { TableObserver, type EventOf } from './support/observer.js';
import {
  arrive,
  confirmBets,
  draft,
  sitAtMain,
  squeezeAndReveal,
  watchMain,
} from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';
import { scriptedShoe } from './support/shoe.js';

/** Rounds in dealing order (P1 B1 P2 B2, then third cards). */
const SCRIPT = [
  // Player 2+4 = 6 stands (the Player rule's 6 lights); Banker K+7 = 7 stands: Banker wins.
  ['2H', 'KC', '4D', '7S'],
  // Player 7, Banker 7: a Tie.
  ['7H', '7C', 'KH', 'QS'],
  // Player 3+4 = 7 stands; Banker K K (0, a pair) draws a 9: Banker 9 wins.
  ['3H', 'KD', '4C', 'KS', '9D'],
] as const;

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const WIDTHS = [360, 390, 480, 600, 768, 820, 821, 900, 1024, 1180, 1280, 1366, 1440, 1600, 1920];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every seat on the felt and of the element `selector`, as the page lays them out. */
async function boxes(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const rect = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const target = document.querySelector(sel);
    return {
      target: target ? rect(target) : null,
      seats: [...document.querySelectorAll('.seats .seat')].map((s) => ({
        name: s.getAttribute('data-testid') ?? '?',
        box: rect(s),
      })),
    };
  }, selector);
}

async function expectClearOfSeats(page: Page, selector: string, what: string) {
  const { target, seats } = await boxes(page, selector);
  expect(target, `${what} is on the page`).not.toBeNull();
  expect(seats.length).toBeGreaterThan(0);
  const under = seats.filter((s) => overlaps(target!, s.box)).map((s) => s.name);
  expect(under, `${what} at ${page.viewportSize()?.width} px`).toEqual([]);
}

async function expectAccessible(page: Page, what: string) {
  expect((await seriousViolations(page)).map((v) => `${what}: ${v}`)).toEqual([]);
}

describe.runIf(canRunBrowser)('a newcomer’s first visit', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let ann: Visitor;
  let wes: Visitor;
  const results: EventOf<'round.result'>[] = [];

  beforeAll(async () => {
    server = await startServer({ TEST_SCRIPTED_SHOE: scriptedShoe(SCRIPT) });
    browser = await launchChromium();
    observer = await TableObserver.join(server.url);
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || !ann) return;
    await screenshot(ann.page, 'failed-newcomer').catch(() => undefined);
  });

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  it('the lobby’s footer links sit in the column of the tables, clear of “How a round goes”', async () => {
    wes = await newVisitor(browser, server.url, { viewport: DESKTOP });
    await arrive(wes.page, 'Wes');
    const { page } = wes;
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      const care = (await page.getByTestId('lobby-care').boundingBox())!;
      const table = (await page.getByTestId('lobby-table-main').boundingBox())!;
      const how = (await page.getByRole('heading', { name: 'How a round goes' }).boundingBox())!;
      const careLine = page.getByTestId('lobby-care');
      const link = (await careLine.getByRole('link', { name: 'Play responsibly' }).boundingBox())!;
      // The first link starts where the table's card starts, not at the page's edge.
      expect(Math.abs(link.x - table.x), `at ${size.width} px`).toBeLessThanOrEqual(24);
      expect(care.x + care.width).toBeLessThanOrEqual(table.x + table.width + 24);
      // A line's gap at least before the heading below.
      expect(how.y - (care.y + care.height)).toBeGreaterThanOrEqual(12);
      await screenshot(page, `newcomer-lobby-${size === DESKTOP ? 'desktop' : 'phone'}`);
      await expectAccessible(page, `lobby ${size.width}`);
    }
    await page.setViewportSize(DESKTOP);
  });

  it('the phase line has its own place: under no seat at any width from 360 to 1920 px', async () => {
    const { page } = wes;
    await watchMain(page);
    await expect.poll(() => page.getByTestId('phase').innerText()).toMatch(/./);
    await page.getByTestId('seat-14').waitFor();
    const long = 'A new shoe is being prepared (shoe 12). Waiting for a player to sit down.';
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectClearOfSeats(page, '[data-testid="phase"]', 'the phase line');
      // However long the line: the longest the table says, and longer, still clear of the seats.
      await page.evaluate((text) => {
        document.querySelector('[data-testid="phase"]')!.textContent = text;
      }, long);
      await expectClearOfSeats(page, '[data-testid="phase"]', 'a long phase line');
    }
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page.getByTestId('phase').waitFor();
    await screenshot(page, 'newcomer-table-waiting-desktop');
  });

  it('the instruments below the fold are named, with a way down, where the eye is', async () => {
    ann = await newVisitor(browser, server.url, { viewport: DESKTOP });
    await arrive(ann.page, 'Ann');
    await sitAtMain(ann.page, 1);
    const { page } = ann;
    const more = page.getByRole('link', { name: /Scoreboard, odds and why each card: below/ });
    const box = (await more.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    const instruments = page.locator('#instruments');
    await instruments.waitFor();
    // Below the fold at first, as the newcomer said; the link brings them into sight.
    expect((await instruments.boundingBox())!.y).toBeGreaterThan(DESKTOP.height);
    await more.click();
    await expect
      .poll(async () => (await instruments.boundingBox())!.y)
      .toBeLessThan(DESKTOP.height - 150);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  async function playRound(during?: (turn: EventOf<'turn.started'>) => Promise<void>) {
    const { page } = ann;
    const last = results.at(-1)?.round ?? 0;
    const opened = await observer.until('betting.opened', (e) => e.round > last);
    await draft(page, 'Banker', 25);
    await confirmBets(page);
    await observer.until('betting.closed', (e) => e.round === opened.round);
    await page.getByRole('button', { name: 'Deal' }).click();
    const result = await observer.turns(opened.round, async (turn) => {
      await during?.(turn);
      if (turn.turner === 1) await squeezeAndReveal(page);
    });
    results.push(result);
    return result;
  }

  it('Why: the Player rule’s lit 6 is in view at 1366 px; the Reveal button sits under no seat', async () => {
    const { page } = ann;
    await page.getByRole('tab', { name: 'Why' }).click();
    let checked = false;
    await playRound(async (turn) => {
      if (turn.hand !== 'banker' || turn.turner !== 1) return;
      const reveal = page.getByRole('button', { name: 'Reveal' });
      await reveal.waitFor();
      await reveal.scrollIntoViewIfNeeded();
      for (const width of [1280, 1366, 1920]) {
        await page.setViewportSize({ width, height: 768 });
        await expectClearOfSeats(page, '[data-testid="squeeze"] button', 'the Reveal button');
      }
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'newcomer-table-turning-desktop');
      checked = true;
    });
    expect(checked).toBe(true);
    // Player stood on 6: once the round is told, the rule's 6 is lit, and in sight.
    const rule = page.getByTestId('player-rule');
    const lit = rule.locator('td[data-lit="true"]');
    await expect.poll(() => lit.count(), { timeout: 10_000 }).toBe(1);
    expect(await lit.getAttribute('data-player')).toBe('6');
    const region = (await rule.locator('.tableau__scroll').boundingBox())!;
    const cell = (await lit.boundingBox())!;
    expect(cell.x).toBeGreaterThanOrEqual(region.x);
    expect(cell.x + cell.width).toBeLessThanOrEqual(region.x + region.width + 0.5);
    // Nothing of the rule is scrolled out of sight: all eight totals and its whole title.
    expect(
      await rule.locator('.tableau__scroll').evaluate((el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(await rule.locator('td').count()).toBe(8);
    await page.locator('#instruments').scrollIntoViewIfNeeded();
    await screenshot(page, 'newcomer-why-desktop');
  });

  it('after a Tie the scoreboard says the last round was a Tie', async () => {
    const { page } = ann;
    const tie = await playRound();
    expect(tie.outcome).toBe('tie');
    await page.getByRole('tab', { name: 'Scoreboard' }).click();
    const summary = page.getByTestId('road-summary');
    await expect.poll(() => summary.innerText()).toMatch(/^2 rounds in this shoe/);
    expect(await summary.innerText()).toContain(
      'The last round was a Tie; before it, Banker had won the round.',
    );
    expect(await summary.innerText()).not.toContain('has won the last');
    expect(await page.getByTestId('derived-explained').isVisible()).toBe(true);
    await page.locator('#instruments').scrollIntoViewIfNeeded();
    await screenshot(page, 'newcomer-scoreboard-desktop');
    await page.setViewportSize(PHONE);
    await page.locator('#instruments').scrollIntoViewIfNeeded();
    await screenshot(page, 'newcomer-scoreboard-phone');
    await expectAccessible(page, 'table with the scoreboard, phone');
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'table with the scoreboard, desktop');
  });

  it('an opened hand’s heading reads as a sentence: “Banker 9, a pair”', async () => {
    const { page } = ann;
    const third = await playRound();
    expect(third.banker).toMatchObject({ total: 9, pair: true });
    await page.getByTestId('pip-strip').locator('[data-outcome]').nth(2).click();
    await page.getByTestId('history-detail').waitFor();
    const banker = page.getByRole('heading', { name: 'Banker 9, a pair', exact: true });
    expect(await banker.count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Player 7', exact: true }).count()).toBe(1);
    await page.locator('#instruments').scrollIntoViewIfNeeded();
    await screenshot(page, 'newcomer-history-desktop');
    await page.setViewportSize(PHONE);
    await page.getByTestId('history-detail').scrollIntoViewIfNeeded();
    await screenshot(page, 'newcomer-history-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('chat lines are read as “Ann, 14:34: Good luck”, and reactions are drawn, not glyphs', async () => {
    const { page } = ann;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Good luck');
    await box.press('Enter');
    await page.getByRole('button', { name: 'React: On fire' }).click();
    const log = page.getByRole('log', { name: 'Chat messages' });
    await expect.poll(() => log.getByTestId('chat-line').count()).toBe(2);
    const snapshot = await log.ariaSnapshot();
    expect(snapshot).toMatch(/listitem: "?Ann, \d\d:\d\d: Good luck"?$/m);
    expect(snapshot).toMatch(/listitem: "?Ann, \d\d:\d\d: On fire"?$/m);
    // Each reaction is an inline picture with a size of its own, on the buttons and in the line.
    const pictures = page.locator('[data-testid="chat"] svg.chat__icon');
    expect(await pictures.count()).toBe(8);
    for (const svg of await pictures.all()) {
      const picture = (await svg.boundingBox())!;
      expect(picture.width).toBeGreaterThan(10);
      expect(picture.height).toBeGreaterThan(10);
    }
    expect(await page.getByTestId('chat').innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
    await page.getByTestId('chat').scrollIntoViewIfNeeded();
    await screenshot(page, 'newcomer-chat-desktop');
    await page.getByTestId('chat').screenshot({ path: `${OUTPUT_DIR}newcomer-chat-panel.png` });
    await page.setViewportSize(PHONE);
    await page.getByTestId('chat').scrollIntoViewIfNeeded();
    await screenshot(page, 'newcomer-chat-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('/fairness says which client seed to paste, and where it is found', async () => {
    const { page } = ann;
    await page.goto('/fairness/');
    const seed = page.getByRole('textbox', { name: 'Client seed' });
    const help = await seed.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(help).toMatch(/64 hex characters, not the words people typed/);
    expect(help).toMatch(/Past shoes/);
    await screenshot(page, 'newcomer-fairness-desktop');
  });

  it('axe: no serious or critical finding on any page, desktop and phone', async () => {
    const { page } = ann;
    const pages = [
      '/lobby/',
      '/table/?id=main',
      '/rules/',
      '/learn/',
      '/history/',
      '/fairness/',
      '/shoes/?table=main',
      '/play-responsibly/',
    ];
    const found: string[] = [];
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const path of pages) {
        await page.goto(path);
        await page.locator('main').first().waitFor();
        await page.waitForLoadState('networkidle').catch(() => undefined);
        found.push(...(await seriousViolations(page)).map((v) => `${path} ${size.width}: ${v}`));
        if (path === '/table/?id=main' && size === PHONE) {
          await screenshot(page, 'newcomer-table-phone');
        }
      }
    }
    expect(found).toEqual([]);
  });
});
