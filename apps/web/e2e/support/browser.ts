import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withOverrides } from '@banco/server/testing/with-overrides';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's headless shell (package chromium-headless-shell, the same Blink as /usr/bin/chromium,
 * without a browser window's own UI), else Debian's Chromium. The suite shares two cores with
 * the server's tests, and the shell costs less: half the CPU for a new context and its first
 * pages (3.8 against 7.6 CPU-s for two people who arrive, sit and watch), 14 % less over the
 * table, instruments and newcomer files (117 against 136 CPU-s). `BANCO_E2E_CHROMIUM` names
 * another browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM =
  process.env.BANCO_E2E_CHROMIUM ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/** CI installs Debian's Chromium, so there a missing browser fails instead of skipping. */
export const canRunBrowser = existsSync(CHROMIUM) || process.env.CI === 'true';

/** Screenshots land here (git-ignored); CI keeps them with the run. */
export const OUTPUT_DIR = fileURLToPath(new URL('../output/', import.meta.url));

export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The suite's one Chromium. The config runs every file in one worker with one module graph
 * (isolate: false), so the first file to ask launches it and the rest reuse it; playwright-core
 * closes it when the worker exits. The worker drives it itself: launched in vitest's main
 * process and reached over playwright's WebSocket, every call and event crossed one more process
 * and was encoded twice there (the runner's CPU over the table and instruments files: 16.2 →
 * 12.0 CPU-s).
 */
let suiteChromium: Promise<Browser> | undefined;

/**
 * A browser for one test file: the suite's Chromium, seen through a handle whose close() closes
 * only the contexts this file made. Each person is a context of their own, as isolated as a
 * separate browser.
 */
export async function launchChromium(): Promise<Browser> {
  suiteChromium ??= chromium.launch(CHROMIUM_LAUNCH);
  const browser = await suiteChromium;
  const made = new Set<BrowserContext>();
  return withOverrides(browser, {
    newContext: async (options) => {
      const context = await browser.newContext(options);
      made.add(context);
      context.once('close', () => made.delete(context));
      return context;
    },
    close: async () => {
      await Promise.all([...made].map((context) => context.close()));
    },
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  // Let entrance animations (cards flipping, the result banner rising) finish; looping ones never do.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const path = `${OUTPUT_DIR}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Every request a page makes and every console error or CSP violation it reports, so a test can
 * say the table fetched nothing from outside its own origin and broke no policy.
 */
export function watchPage(page: Page, origin: string) {
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      foreign.push(url);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    // A failed load is reported above with its URL; anything else (CSP included) is kept.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return { foreign, errors };
}

export interface Visitor {
  context: BrowserContext;
  page: Page;
  watch: ReturnType<typeof watchPage>;
}

/** A new browser context (an independent person) with one page; `prepare` runs before the page. */
export async function newVisitor(
  browser: Browser,
  origin: string,
  options: Parameters<Browser['newContext']>[0] = {},
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: origin, ...options });
  // A step that cannot happen should fail the test soon, not at the test's own timeout.
  context.setDefaultTimeout(15_000);
  await prepare?.(context);
  const page = await context.newPage();
  return { context, page, watch: watchPage(page, origin) };
}
