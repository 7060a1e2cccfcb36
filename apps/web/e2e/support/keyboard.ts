import type { Page } from 'playwright-core';

/** What a screen reader would call the focused element (enough for our own controls). */
function focusedName(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', role: '' };
    const label =
      el.getAttribute('aria-label') ??
      ((el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && el.labels?.[0]
        ? el.labels[0].textContent
        : null) ??
      el.textContent ??
      '';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    return { name: label.replace(/\s+/g, ' ').trim(), role };
  });
}

/**
 * Moves focus with Tab alone until the focused control's name matches, as a keyboard user
 * would; throws if a whole lap of the page does not reach it.
 */
export async function tabTo(page: Page, name: string | RegExp, maxPresses = 120): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let i = 0; i < maxPresses; i++) {
    if (matches((await focusedName(page)).name)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(
    `Tab never reached ${String(name)} (last: ${JSON.stringify(await focusedName(page))})`,
  );
}

/** Tab to a button and press Enter. */
export async function activate(page: Page, name: string | RegExp): Promise<void> {
  await tabTo(page, name);
  await page.keyboard.press('Enter');
}

/** The focused control shows where focus is (an outline or a ring), as WCAG 2.4.7 asks. */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
}
