import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * What a person does in the browser, by role and accessible name (apps/web's contract in
 * notes/web-contract.md): the same steps for every test.
 */

/** Age gate → name → lobby, as a first-time visitor. */
export async function arrive(page: Page, name: string, shot?: (what: string) => Promise<void>) {
  await page.goto('/');
  await page.getByRole('button', { name: 'I am 18 or older' }).waitFor();
  await shot?.('age-gate');
  await page.getByRole('button', { name: 'I am 18 or older' }).click();
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('button', { name: 'Get my chips' }).click();
  await page.waitForURL(/\/lobby\/$/);
  await page.getByTestId('lobby-table-main').waitFor();
}

/** Someone opening a room link for the first time: age gate and name, then back to the room. */
export async function arriveByLink(page: Page, link: string, name: string) {
  await page.goto(link);
  // Without a name the table page sends the visitor home with a full page load: wait for that
  // page to load, or the click can land on its button before the page's script is running.
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('next'));
  await page.getByRole('button', { name: 'I am 18 or older' }).click();
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('button', { name: 'Get my chips' }).click();
  await page.waitForURL((url) => url.pathname === '/table/' && url.search.startsWith('?id='));
}

/** The guest the page is signed in as (its token and player), from its local storage. */
export const playerOf = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('banco.guest') ?? 'null') as {
        token: string;
        player: { id: string };
      },
  );

export async function sitAtMain(page: Page, seat: number) {
  await page.getByTestId('lobby-table-main').getByRole('link', { name: /^Sit/ }).click();
  await page.waitForURL(/\/table\/\?id=main/);
  await expect
    .poll(() => page.getByTestId(`seat-${seat}`).getAttribute('aria-label'), { timeout: 15_000 })
    .toMatch(/\(you\)/);
}

export async function watchMain(page: Page) {
  await page
    .getByTestId('lobby-table-main')
    .getByRole('link', { name: /^Watch/ })
    .click();
  await page.waitForURL(/\/table\/\?id=main/);
  await page.getByTestId('pip-strip').waitFor();
}

/** Puts `count` chips of `value` whole chips on `spot` in the draft. */
export async function draft(page: Page, spot: string, value: number, count = 1) {
  await page.getByRole('radio', { name: String(value), exact: true }).check();
  // A spot's button is named by what it shows: "Banker pays 0.95 to 1".
  const button = page.getByRole('button', { name: new RegExp(`^${spot} pays`) });
  for (let i = 0; i < count; i++) await button.click();
}

export async function confirmBets(page: Page) {
  await page.getByRole('button', { name: 'Confirm bets' }).click();
  await expect
    .poll(() => page.getByRole('button', { name: 'Confirm bets' }).isDisabled())
    .toBe(true);
}

/** An amount the page shows: `data-minor` when present, else its text in chips. */
export async function minorUnits(locator: Locator): Promise<number> {
  const attribute = await locator.getAttribute('data-minor');
  if (attribute !== null) return Number(attribute);
  const text = (await locator.innerText()).replace(/[^0-9.−-]/g, '').replace('−', '-');
  return Math.round(Number(text) * 100);
}

/** The faces of a hand as the page shows them, in order ("down" for a card still face down). */
export async function handFaces(page: Page, hand: 'player' | 'banker'): Promise<string[]> {
  const cards = page.getByTestId(`hand-${hand}`).getByTestId('card');
  return cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-face') ?? '?'));
}

export async function pips(page: Page): Promise<string[]> {
  return page
    .getByTestId('pip-strip')
    .locator('[data-outcome]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-outcome') ?? '?'));
}

/**
 * The turner lifts each card's corner (a drag on the first, keys on the rest), then reveals.
 * `during` runs while the first card's corner is up (for the mid-squeeze screenshot).
 */
export async function squeezeAndReveal(page: Page, during?: () => Promise<void>) {
  // Card numbers follow the hand: a third card is "Squeeze card 3".
  const sliders = page.getByRole('slider', { name: /^Squeeze card/ });
  const first = sliders.first();
  await first.waitFor();
  // A click on the bet panel may have scrolled the felt away, as a player's own scroll would.
  await first.scrollIntoViewIfNeeded();
  const box = (await first.boundingBox())!;
  // Drag up-left from the bottom-right corner, like bending a real card.
  await page.mouse.move(box.x + box.width - 4, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 30, box.y + box.height - 30, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => Number(await first.getAttribute('aria-valuenow')))
    .toBeGreaterThan(0);
  await during?.();
  for (let i = 1; i < (await sliders.count()); i++) {
    await sliders.nth(i).focus();
    await page.keyboard.press('End');
  }
  await page.getByRole('button', { name: 'Reveal' }).click();
}
