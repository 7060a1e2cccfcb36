/**
 * One command, one address: the built server, started as README starts it, serves the web app
 * and the API at the one address it prints; the first page is the age gate.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunBrowser, launchChromium, newVisitor } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

describe.runIf(canRunBrowser)('the printed address', () => {
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

  it('is one local http address, printed once', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.output().match(/Banco is open:/g)).toHaveLength(1);
  });

  it('opens on the age gate, loading only its own files under its own policy', async () => {
    const { page, watch } = await newVisitor(browser, server.url);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await expect(page.getByRole('button', { name: 'I am 18 or older' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(
      page
        .getByText(/virtual/i)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    expect(watch.foreign).toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  it('answers the API at the same address, with JSON errors', async () => {
    const tables = await fetch(`${server.url}/api/tables`);
    expect(tables.status).toBe(200);
    expect(((await tables.json()) as { id: string }[]).map((t) => t.id)).toContain('main');
    const missing = await fetch(`${server.url}/api/nope`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("sends a browser's unknown page the app's 404 page, and /lobby to /lobby/", async () => {
    const { page } = await newVisitor(browser, server.url);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    const lobby = await fetch(`${server.url}/lobby`, { redirect: 'manual' });
    expect(lobby.status).toBe(301);
    expect(lobby.headers.get('location')).toBe('/lobby/');
  });
});
