import { chromium } from 'playwright-core';
import { BROWSER_ENDPOINT_ENV, CHROMIUM_LAUNCH, canRunBrowser } from './browser.js';

/**
 * vitest globalSetup: one Chromium for the whole suite, started before the test files (whose
 * workers inherit its endpoint) and closed after them, instead of a browser start per file.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (!canRunBrowser || process.env[BROWSER_ENDPOINT_ENV]) return async () => undefined;
  const server = await chromium.launchServer(CHROMIUM_LAUNCH);
  process.env[BROWSER_ENDPOINT_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[BROWSER_ENDPOINT_ENV];
    await server.close();
  };
}
