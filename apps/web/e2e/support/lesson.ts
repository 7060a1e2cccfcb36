import type { Page } from 'playwright-core';
import { tabTo } from './keyboard.js';

/**
 * How a learner answers the lesson: by mouse (and taps), or by keyboard alone. The lesson
 * walk is written once against this, and run both ways.
 */
export interface Answerer {
  /** Pick the choice labelled `label` in the quiz `quiz` (a data-testid) and press Check. */
  choose(quiz: string, label: string): Promise<void>;
  /** Type `text` into the quiz's amount box and press Check. */
  type(quiz: string, text: string): Promise<void>;
  /** Press the button (or follow the link) with this accessible name. */
  press(name: string | RegExp): Promise<void>;
  /** Look up one cell of the interactive Banker tableau. */
  pickCell(banker: number, third: number | null): Promise<void>;
}

const cellSelector = (banker: number, third: number | null) =>
  `td[data-banker="${banker}"][data-third="${third === null ? 'none' : third}"]`;

export function mouse(page: Page): Answerer {
  return {
    async choose(quiz, label) {
      const form = page.getByTestId(quiz);
      await form.getByLabel(label, { exact: true }).check();
      await form.getByRole('button', { name: 'Check' }).click();
    },
    async type(quiz, text) {
      const form = page.getByTestId(quiz);
      await form.getByRole('textbox').fill(text);
      await form.getByRole('button', { name: 'Check' }).click();
    },
    async press(name) {
      await page
        .getByRole('button', { name, exact: typeof name === 'string' })
        .or(page.getByRole('link', { name, exact: typeof name === 'string' }))
        .first()
        .click();
    },
    async pickCell(banker, third) {
      await page.locator(`[role="grid"] ${cellSelector(banker, third)}`).click();
    },
  };
}

type Target = 'radio' | 'input' | 'grid-cell';

/** Presses Tab until the focus is on a control of this kind (inside the quiz, if given). */
async function tabUntil(page: Page, target: Target, quiz = '', maxPresses = 150) {
  for (let i = 0; i < maxPresses; i++) {
    const reached = await page.evaluate(
      ([kind, id]) => {
        const el = document.activeElement as HTMLInputElement | null;
        if (!el) return false;
        if (kind === 'grid-cell') return el.tagName === 'TD' && !!el.closest('[role="grid"]');
        const inQuiz = !!el.closest(`[data-testid="${id}"]`);
        return inQuiz && (kind === 'radio' ? el.type === 'radio' : el.tagName === 'INPUT');
      },
      [target, quiz] as const,
    );
    if (reached) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached a ${target} ${quiz}`);
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  });

export function keyboard(page: Page): Answerer {
  return {
    async choose(quiz, label) {
      await tabUntil(page, 'radio', quiz);
      // Arrow keys move (and tick) within the group; Space ticks the first one.
      for (let i = 0; i < 12 && (await focusedLabel(page)) !== label; i++) {
        await page.keyboard.press('ArrowDown');
      }
      if ((await focusedLabel(page)) !== label) throw new Error(`no choice "${label}" in ${quiz}`);
      await page.keyboard.press('Space');
      await tabTo(page, 'Check');
      await page.keyboard.press('Enter');
    },
    async type(quiz, text) {
      await tabUntil(page, 'input', quiz);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    },
    async press(name) {
      await tabTo(page, name);
      await page.keyboard.press('Enter');
    },
    async pickCell(banker, third) {
      await tabUntil(page, 'grid-cell');
      const at = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return { banker: Number(el.dataset.banker), third: el.dataset.third! };
      });
      const column = (t: string | number | null) => (t === null || t === 'none' ? -1 : Number(t));
      const down = banker - at.banker;
      const right = column(third) - column(at.third);
      for (let i = 0; i < Math.abs(down); i++) {
        await page.keyboard.press(down > 0 ? 'ArrowDown' : 'ArrowUp');
      }
      for (let i = 0; i < Math.abs(right); i++) {
        await page.keyboard.press(right > 0 ? 'ArrowRight' : 'ArrowLeft');
      }
      const focused = await page.evaluate(
        (sel) => document.activeElement === document.querySelector(`[role="grid"] ${sel}`),
        cellSelector(banker, third),
      );
      if (!focused) throw new Error(`the arrow keys did not reach Banker ${banker} / ${third}`);
      await page.keyboard.press('Enter');
    },
  };
}
