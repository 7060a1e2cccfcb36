import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as rules from './index.js';

const CHROMIUM = '/usr/bin/chromium';
const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
// CI installs Chromium, so there a missing browser is a failure rather than a skip.
const runHere = existsSync(CHROMIUM) || process.env.CI === 'true';

async function bundleForBrowser(): Promise<string> {
  const output = await build({
    logLevel: 'silent',
    configFile: false,
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'BancoRules', fileName: 'rules' },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunk = (outputs[0] as Rolldown.RolldownOutput).output[0];
  return chunk.code;
}

/**
 * The web client re-runs revealed shoes itself, so the rules package (fair shuffle included)
 * must run as-is in a browser: bundle it for the browser and play the test vector in Chromium.
 */
describe.runIf(runHere)('R11 the rules package in a real browser', () => {
  let browser: Browser;
  let bundle: string;

  beforeAll(async () => {
    bundle = await bundleForBrowser();
    browser = await chromium.launch({
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
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('R11.1–R11.5 the browser bundle plays the whole test-vector shoe exactly as Node does', async () => {
    expect(bundle).not.toMatch(/\bfrom\s*["']node:|require\(["']node:/);
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>rules</title>');
    await page.addScriptTag({ content: bundle });
    const request = { serverSeed: 'a'.repeat(64), clientSeed: 'table-1', shoeNumber: 1 };
    const inBrowser = await page.evaluate((input) => {
      const inPage = (globalThis as unknown as { BancoRules: typeof rules }).BancoRules;
      const played = inPage.playShoe(input);
      return JSON.parse(JSON.stringify(played)) as unknown;
    }, request);
    const inNode = JSON.parse(JSON.stringify(rules.playShoe(request))) as unknown;
    expect(inBrowser).toEqual(inNode);
    const firstRound = (inBrowser as { value: { rounds: { player: { cards: string[] } }[] } }).value
      .rounds[0];
    expect(firstRound?.player.cards).toEqual(['QC', '2S', '4S']);
    await page.close();
  });
});
