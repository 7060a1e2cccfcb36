/**
 * Chat and reactions (P11) in the browser: two seated players and a watcher at the main
 * table, each their own browser context. A line with markup in it reaches the others as text
 * (no element made of it, no script run); a reaction goes round; the watcher reads but cannot
 * write, in the page and at the server; a reload brings the history back; axe finds nothing
 * serious on the panel. Built server and web app, a fresh database, headless Chromium.
 */
import { seriousViolations } from './support/axe.js';
import { statSync } from 'node:fs';
import { PROTOCOL_VERSION } from '@banco/protocol';
import type { Browser, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  OUTPUT_DIR,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { tokenOf } from './support/guest.js';
import { tabTo } from './support/keyboard.js';
import { arrive, sitAtMain, watchMain } from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';

const XSS = '<img src=x onerror=alert(1)>';
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** A room as a host might open it (P8.2). */
const ROOM_SETTINGS = {
  decks: 6,
  ruleSet: 'standard',
  tiePays: 8,
  sideBets: [],
  limits: { min: 500, max: 20_000, tie: { max: 5_000 }, side: { max: 2_000 } },
  seats: 7,
  bettingSeconds: 30,
  untimedBetting: false,
  cardTurning: true,
  cut: 14,
  lastHand: 'plus-one',
  seatHoldSeconds: 90,
};

const chatLog = (page: Page) => page.getByTestId('chat-log');
const box = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** A page that would run a script from a message: any dialog is a failure, kept here. */
function noScriptsFrom(page: Page, dialogs: string[]) {
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

const axeOnChat = (page: Page) => seriousViolations(page, '[data-testid="chat"]');

describe.runIf(canRunBrowser)('chat at the table', () => {
  let server: RunningServer;
  let browser: Browser;
  let ann: Visitor;
  let bob: Visitor;
  let wes: Visitor;
  const dialogs: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    ann = await newVisitor(browser, server.url, DESKTOP);
    bob = await newVisitor(browser, server.url, PHONE);
    wes = await newVisitor(browser, server.url, DESKTOP);
    for (const v of [ann, bob, wes]) noScriptsFrom(v.page, dialogs);
  }, 120_000);

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const [name, v] of [
      ['ann', ann],
      ['bob', bob],
      ['wes', wes],
    ] as const) {
      await screenshot(v.page, `chat-failed-${name}`).catch(() => undefined);
    }
    console.error(server.output());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('two players sit at the main table, a third only watches; the chat is empty', async () => {
    await arrive(ann.page, 'Ann');
    await sitAtMain(ann.page, 1);
    await arrive(bob.page, 'Bob');
    await sitAtMain(bob.page, 2);
    await arrive(wes.page, 'Wes');
    await watchMain(wes.page);
    for (const { page } of [ann, bob, wes]) {
      await chatLog(page).getByText('No messages yet').waitFor();
    }
  }, 60_000);

  it('P11.3: a line with markup reaches the other pages as text, and nothing runs', async () => {
    // By keyboard: Tab to the box, type, Enter.
    await tabTo(ann.page, 'Message');
    await ann.page.keyboard.type(XSS);
    await ann.page.keyboard.press('Enter');
    await expect.poll(() => box(ann.page).inputValue()).toBe('');

    for (const { page } of [ann, bob, wes]) {
      const line = chatLog(page).getByTestId('chat-line').filter({ hasText: XSS });
      await line.waitFor();
      expect(await line.locator('.chat__text').innerText()).toBe(XSS);
      expect(await line.locator('.chat__who').innerText()).toBe('Ann');
      // The characters are there; no element was made of them.
      expect(await chatLog(page).locator('img').count()).toBe(0);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
    }
    expect(dialogs).toEqual([]);
  });

  it('P11.5: a quick reaction goes round with its words', async () => {
    await bob.page.getByRole('button', { name: 'React: Good luck' }).click();
    for (const { page } of [ann, bob, wes]) {
      await chatLog(page)
        .getByTestId('chat-line')
        .filter({ hasText: 'Good luck' })
        .filter({ hasText: 'Bob' })
        .waitFor();
    }
  });

  it('P11.7: a watcher at a public table reads but cannot write, in the page and at the server', async () => {
    // The words wait for the snapshot that says who is reading and where.
    await wes.page
      .getByTestId('chat-closed')
      .filter({ hasText: /take a seat/i })
      .waitFor();
    expect(await box(wes.page).count()).toBe(0);
    expect(await wes.page.getByRole('button', { name: /^React:/ }).count()).toBe(0);

    // What the page does not offer, the server refuses: the watcher's own session tries.
    const token = await tokenOf(wes.page);
    const socket = io(server.url, {
      transports: ['websocket'],
      auth: { token, protocolVersion: PROTOCOL_VERSION },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(
        await socket.timeout(10_000).emitWithAck('table.join', { tableId: 'main' }),
      ).toMatchObject({ ok: true });
      expect(
        await socket.timeout(10_000).emitWithAck('chat.send', { tableId: 'main', text: 'hi' }),
      ).toMatchObject({ ok: false, code: 'CHAT_NOT_ALLOWED' });
    } finally {
      socket.close();
    }
    expect(await chatLog(ann.page).getByText('hi', { exact: true }).count()).toBe(0);
  });

  it('P11.6: a reloaded page shows the history from the snapshot, still as text', async () => {
    await wes.page.reload();
    const line = chatLog(wes.page).getByTestId('chat-line').filter({ hasText: XSS });
    await line.waitFor();
    expect(await chatLog(wes.page).getByTestId('chat-line').count()).toBe(2);
    expect(await wes.page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('P11.2: a refusal is said in words beside the box', async () => {
    // Past the allowance (a burst of 5): the server's CHAT_RATE_LIMITED, told in the alert.
    const refusal = ann.page.getByTestId('chat-refusal');
    for (let i = 0; i < 10 && (await refusal.count()) === 0; i += 1) {
      await box(ann.page).fill(`line ${i}`);
      await box(ann.page).press('Enter');
      await expect
        .poll(async () => (await box(ann.page).inputValue()) === '' || (await refusal.count()) > 0)
        .toBe(true);
    }
    // What was refused stays in the box, to send again later.
    expect(await box(ann.page).inputValue()).toMatch(/^line \d$/);
    expect(await ann.page.getByTestId('chat-refusal').innerText()).toMatch(/slow down/i);
  });

  it('axe: no serious or critical violation on the panel, for a writer and a watcher', async () => {
    expect(await axeOnChat(ann.page)).toEqual([]);
    expect(await axeOnChat(wes.page)).toEqual([]);
    expect(await axeOnChat(bob.page)).toEqual([]);
  });

  it('screenshots: desktop and phone', async () => {
    await ann.page.getByTestId('chat').scrollIntoViewIfNeeded();
    const shots = [
      await screenshot(ann.page, 'chat-desktop'),
      await screenshot(wes.page, 'chat-desktop-watcher'),
    ];
    await bob.page.getByTestId('chat').scrollIntoViewIfNeeded();
    shots.push(await screenshot(bob.page, 'chat-phone'));
    const panel = `${OUTPUT_DIR}chat-phone-panel.png`;
    await bob.page.getByTestId('chat').screenshot({ path: panel });
    const desktopPanel = `${OUTPUT_DIR}chat-desktop-panel.png`;
    await ann.page.getByTestId('chat').screenshot({ path: desktopPanel });
    shots.push(panel, desktopPanel);
    for (const shot of shots) expect(statSync(shot).size).toBeGreaterThan(10_000);
  });

  it('P11.7: in a private room the host lets watchers write, then mutes one, from the page', async () => {
    const token = await tokenOf(ann.page);
    const opened = await ann.page.request.post('/api/rooms', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Chat room', settings: ROOM_SETTINGS },
    });
    expect(opened.status()).toBe(201);
    const { link } = (await opened.json()) as { link: string };
    await ann.page.goto(link);
    await ann.page.getByTestId('host-controls').waitFor();
    await wes.page.goto(link);
    await wes.page
      .getByTestId('chat-closed')
      .filter({ hasText: /ask the host/i })
      .waitFor();

    const open = ann.page.getByRole('button', { name: 'Watchers may write' });
    expect(await open.getAttribute('aria-pressed')).toBe('false');
    await open.click();
    await expect.poll(() => open.getAttribute('aria-pressed')).toBe('true');
    await box(wes.page).fill('hello from the rail');
    await box(wes.page).press('Enter');
    const line = chatLog(ann.page)
      .getByTestId('chat-line')
      .filter({ hasText: 'hello from the rail' });
    await line.waitFor();
    expect(await line.locator('.chat__who').innerText()).toBe('Wes (watching)');

    await ann.page.getByRole('button', { name: 'Mute Wes' }).click();
    await wes.page.getByTestId('chat-closed').filter({ hasText: /muted/ }).waitFor();
    expect(await box(wes.page).count()).toBe(0);
    await ann.page.getByRole('button', { name: 'Unmute Wes' }).waitFor();
    expect(await axeOnChat(ann.page)).toEqual([]);
    expect(await seriousViolations(ann.page, '[data-testid="host-controls"]')).toEqual([]);
    const shot = await screenshot(ann.page, 'chat-room-host');
    expect(statSync(shot).size).toBeGreaterThan(10_000);
  });
});
