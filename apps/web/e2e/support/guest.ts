import type { Page } from 'playwright-core';

/** The session token the page keeps for its guest. */
export const tokenOf = (page: Page): Promise<string> =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('banco.guest')!) as { token: string }).token,
  );

/** The player id of the guest this page is signed in as (the web app's own storage). */
export const playerIdOf = (page: Page): Promise<string> =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('banco.guest')!) as { player: { id: string } }).player.id,
  );
