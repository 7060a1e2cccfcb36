/**
 * P8, T10 in the browser: a host opens a private room (6 decks, no commission, a 10 s betting
 * window) by keyboard alone; two friends come by its link, one by an invite code; they play two
 * rounds, and the no-commission Banker win on 6 pays half, as the ledger in Postgres shows; the
 * host removes one friend and locks the room; someone without the link finds nothing of it.
 * Built server and web app, a fresh database, headless Chromium; the shoe is scripted
 * (TEST_SCRIPTED_SHOE, test only).
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { closeAll, comeAndSit, recordFailure, type Friend } from './support/friends.js';
import { activate, tabTo } from './support/keyboard.js';
import { TableObserver } from './support/observer.js';
import {
  arrive,
  arriveByLink,
  confirmBets,
  draft,
  minorUnits,
  playerOf,
} from './support/player.js';
import { startServer, type RunningServer } from './support/server.js';
import { scriptedShoe } from './support/shoe.js';

/** Dealing order P1 B1 P2 B2, then third cards. */
const SCRIPT = {
  /** Player K+2 = 2 draws a 2 → 4; Banker 3+3 = 6 stands on Player's 2 (R6): Banker wins on 6. */
  1: ['KH', '3D', '2C', '3S', '2H'],
  /** Player 2+3 = 5 against Banker 9+K = 9, a natural: Banker wins on 9. */
  2: ['2D', '9C', '3H', 'KD'],
} as const;

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { width: 390, height: 844 };
const ROOM_NAME = 'Friday night';

/** An HTTP answer as the page's own player sees it (their bearer token). */
async function ask(page: Page, path: string) {
  const { token } = await playerOf(page);
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status(), body: (await response.json().catch(() => null)) as unknown };
}

describe.runIf(canRunBrowser)('a private room for friends', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let host: Friend;
  const friends: Friend[] = [];
  let link = '';
  let roomId = '';
  let code = '';
  /** Visitors who never sit (a newcomer after the lock, someone without the link). */
  const passersBy: (Visitor & { name: string })[] = [];
  const everyone = () => [host, ...friends];
  const bySeat = (seat: number | null) => everyone().find((f) => f.seat === seat);

  beforeAll(async () => {
    server = await startServer({ TEST_SCRIPTED_SHOE: scriptedShoe([SCRIPT[1], SCRIPT[2]]) });
    browser = await launchChromium();
  });

  afterEach((context) =>
    recordFailure(context, 'rooms', [...everyone(), ...passersBy].filter(Boolean), observer),
  );

  afterAll(() => closeAll(observer, browser, server));

  /** The cards of a round are turned by whoever the server names, with the Reveal button. */
  const playOut = (round: number) =>
    observer.turns(round, async (turn) => {
      await bySeat(turn.turner)?.page.getByRole('button', { name: 'Reveal' }).click();
    });

  /** Everyone decides at once, as friends do: a bet (spot and chip) or no bet. */
  async function everyoneDecides(bets: [Friend, string, number][], noBet: Friend[]) {
    await Promise.all([
      ...bets.map(async ([friend, spot, chip]) => {
        await draft(friend.page, spot, chip);
        await confirmBets(friend.page);
      }),
      ...noBet.map((f) => f.page.getByRole('button', { name: 'No bet this round' }).click()),
    ]);
  }

  /** Every seated page shows the balance the ledger holds for its player. */
  async function expectPagesShowTheLedger() {
    for (const friend of everyone()) {
      const ledger = await server.db.walletBalance(friend.playerId);
      await expect
        .poll(() => minorUnits(friend.page.getByTestId(`seat-balance-${friend.seat}`)))
        .toBe(ledger);
    }
  }

  it('the host opens the room by keyboard alone: 6 decks, no commission, 10 s to bet', async () => {
    const visitor = await newVisitor(browser, server.url, DESKTOP);
    const { page } = visitor;
    await arrive(page, 'Hana');
    await activate(page, 'Open a private room');
    // The name field takes the focus as the form opens.
    await page.getByRole('textbox', { name: 'Room name' }).waitFor();
    await page.keyboard.type(ROOM_NAME);
    await tabTo(page, 'Decks in the shoe');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await tabTo(page, /^Standard/);
    await page.keyboard.press('ArrowDown');
    await tabTo(page, 'Seconds to bet');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('10');
    expect(await page.getByLabel('Decks in the shoe').inputValue()).toBe('6');
    expect(await page.getByRole('radio', { name: /^No commission/ }).isChecked()).toBe(true);
    // The form names each rule set's house edges for 6 decks, from the rules package.
    await expect
      .poll(() => page.getByTestId('edges-no-commission').innerText())
      .toMatch(/Banker \d\.\d\d% · Player \d\.\d\d%/);
    await screenshot(page, 'room-form-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'room-form-phone');
    await page.setViewportSize(DESKTOP.viewport);

    await activate(page, 'Open the room');
    link = await page.getByTestId('room-link').inputValue();
    roomId = new URL(link).searchParams.get('id') ?? '';
    expect(link).toBe(`${server.url}/table/?id=${roomId}`);
    // P8.1: at least 128 random bits.
    expect(roomId.length).toBeGreaterThanOrEqual(22);
    await activate(page, 'Make an invite code');
    code = await page.getByTestId('invite-code').innerText();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await screenshot(page, 'room-opened');

    const room = await ask(page, `/api/rooms/${roomId}`);
    expect(room.status).toBe(200);
    expect(room.body).toMatchObject({
      id: roomId,
      name: ROOM_NAME,
      isPublic: false,
      hostName: 'Hana',
      settings: {
        decks: 6,
        rules: { commission: 'no-commission' },
        bettingMs: 10_000,
        untimedBetting: false,
      },
    });

    observer = await TableObserver.join(server.url, roomId);
    // Into the room as a watcher first: paused, no round starts until everyone is seated.
    await page.goto(link);
    await page.getByTestId('host-controls').waitFor();
    await page.getByRole('button', { name: 'Pause after this round' }).click();
    await observer.until('room.updated', (e) => e.room.paused);
    await page.getByRole('button', { name: 'Sit here: seat 1' }).click();
    const taken = await observer.until('seat.taken', (e) => e.seat === 1);
    host = { ...visitor, name: 'Hana', seat: 1, playerId: taken.player.id };
    await expect.poll(() => page.getByTestId('room-bar').innerText()).toMatch(/You are the host/);
  });

  it('two friends come by the link and one by the code, and sit down', async () => {
    for (const [i, name] of ['Bob', 'Cat'].entries()) {
      const friend = await comeAndSit({ browser, server, observer, link }, name, i + 2, DESKTOP);
      friends.push(friend);
      await expect.poll(() => friend.page.getByTestId('room-host').innerText()).toBe('Host: Hana');
    }
    const visitor = await newVisitor(browser, server.url, DESKTOP);
    await arrive(visitor.page, 'Dan');
    await visitor.page.getByRole('textbox', { name: 'Join with a code' }).fill(code.toLowerCase());
    await visitor.page.getByRole('button', { name: 'Join', exact: true }).click();
    const taken = await observer.until('seat.taken', (e) => e.seat === 4);
    expect(taken.player.name).toBe('Dan');
    friends.push({ ...visitor, name: 'Dan', seat: 4, playerId: taken.player.id });
    await expect
      .poll(() => visitor.page.getByTestId('seat-4').getAttribute('aria-label'))
      .toMatch(/Dan \(you\)/);
  });

  it('round 1: a 10 s window; the no-commission Banker win on 6 pays half, as the ledger says', async () => {
    const [bob, cat, dan] = friends as [Friend, Friend, Friend];
    const before = new Map<string, number>();
    for (const f of everyone()) before.set(f.playerId, await server.db.walletBalance(f.playerId));
    await host.page.getByRole('button', { name: 'Resume play' }).click();
    const opened = await observer.until('betting.opened');
    const round = opened.round;
    expect(opened.closesAt! - opened.at).toBeGreaterThan(9_000);
    expect(opened.closesAt! - opened.at).toBeLessThanOrEqual(10_000);
    expect(observer.of('shoe.new').at(-1)?.decks).toBe(6);
    await expect
      .poll(async () =>
        Number(await bob.page.getByTestId('countdown').getAttribute('data-seconds')),
      )
      .toBeLessThanOrEqual(10);

    await everyoneDecides(
      [
        [host, 'Banker', 100],
        [bob, 'Player', 50],
        [cat, 'Banker', 10],
      ],
      [dan],
    );
    await observer.until('betting.closed', (e) => e.round === round);
    await host.page.getByRole('button', { name: 'Deal' }).click();
    const result = await playOut(round);
    expect(result).toMatchObject({ outcome: 'banker', banker: { total: 6 }, player: { total: 4 } });

    const paid = await observer.until('settlement.paid', (e) => e.round === round);
    const won = (seat: number) => {
      const winner = paid.winners.find((w) => w.seat === seat)!;
      return winner.returned - winner.stake;
    };
    // R9.7: a Banker win on 6 pays 1 to 2 under no-commission rules.
    expect(won(1)).toBe(5_000);
    expect(won(3)).toBe(500);
    const ledger = async (f: Friend) =>
      (await server.db.walletBalance(f.playerId)) - before.get(f.playerId)!;
    expect(await ledger(host)).toBe(5_000);
    expect(await ledger(cat)).toBe(500);
    expect(await ledger(bob)).toBe(-5_000);
    expect(await ledger(dan)).toBe(0);
    await expectPagesShowTheLedger();
  });

  it('round 2: a Banker win on 9 pays even money, and the host pauses after it', async () => {
    const [bob, cat, dan] = friends as [Friend, Friend, Friend];
    const round = observer.of('round.result').at(-1)!.round + 1;
    const before = new Map<string, number>();
    await observer.until('betting.opened', (e) => e.round === round);
    for (const f of everyone()) before.set(f.playerId, await server.db.walletBalance(f.playerId));
    await everyoneDecides(
      [
        [host, 'Banker', 50],
        [bob, 'Banker', 25],
        [cat, 'Player', 10],
      ],
      [dan],
    );
    await host.page.getByRole('button', { name: 'Pause after this round' }).click();
    await observer.until('betting.closed', (e) => e.round === round);
    await host.page.getByRole('button', { name: 'Deal' }).click();
    const result = await playOut(round);
    expect(result).toMatchObject({ outcome: 'banker', banker: { total: 9 } });
    await observer.until('settlement.paid', (e) => e.round === round);
    const ledger = async (f: Friend) =>
      (await server.db.walletBalance(f.playerId)) - before.get(f.playerId)!;
    expect(await ledger(host)).toBe(5_000);
    expect(await ledger(bob)).toBe(2_500);
    expect(await ledger(cat)).toBe(-1_000);
    await expectPagesShowTheLedger();
    for (const f of everyone()) {
      await expect.poll(() => f.page.getByTestId('room-paused').isVisible()).toBe(true);
    }
  });

  it('the host removes Dan and locks the room; Dan cannot come back, a newcomer cannot get in', async () => {
    const { page } = host;
    const dan = friends[2]!;
    await screenshot(page, 'host-controls-desktop');
    await page.setViewportSize(PHONE);
    await page.getByTestId('host-controls').scrollIntoViewIfNeeded();
    await screenshot(page, 'host-controls-phone');
    await page.setViewportSize(DESKTOP.viewport);

    // By keyboard: Remove asks first; its confirm button takes the focus.
    await activate(page, 'Remove Dan');
    await expect.poll(() => page.getByText(/cannot come back/).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await observer.until('player.kicked', (e) => e.playerId === dan.playerId);
    await dan.page.getByTestId('room-gone-kicked').waitFor();
    await screenshot(dan.page, 'room-kicked');
    await dan.page.reload();
    await dan.page.getByTestId('room-gone-kicked').waitFor();
    await expect.poll(() => page.getByTestId('seat-4').getAttribute('data-player-id')).toBeNull();

    await activate(page, 'Lock the room');
    await observer.until('room.updated', (e) => e.room.locked);
    for (const f of everyone().filter((f) => f !== dan)) {
      await expect.poll(() => f.page.getByTestId('room-locked').isVisible()).toBe(true);
    }
    const eve = { ...(await newVisitor(browser, server.url, DESKTOP)), name: 'Eve' };
    passersBy.push(eve);
    await arriveByLink(eve.page, link, 'Eve');
    await eve.page.getByTestId('room-gone-locked').waitFor();
    await screenshot(eve.page, 'room-locked');
  });

  it('someone without the link finds nothing of the room: lobby, API, history, a guessed id', async () => {
    const fay = { ...(await newVisitor(browser, server.url, DESKTOP)), name: 'Fay' };
    passersBy.push(fay);
    const { page } = fay;
    await arrive(page, 'Fay');
    expect(await page.locator(`[data-testid="lobby-table-${roomId}"]`).count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toContain(ROOM_NAME);
    const tables = await ask(page, '/api/tables');
    expect(tables.status).toBe(200);
    expect((tables.body as { id: string }[]).map((t) => t.id)).toEqual(['main']);

    const guess = `r_${randomBytes(16).toString('base64url')}`;
    for (const path of [`/api/rooms/${guess}`, `/api/tables/${guess}/rounds`]) {
      const answer = await ask(page, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toMatchObject({ code: 'UNKNOWN_TABLE' });
    }
    // The room's shoe is not reachable by its shoe id alone, nor is its history under main's.
    const shoeId = observer.of('shoe.new').at(-1)!.shoeId;
    const shoe = await ask(page, `/api/shoes/${shoeId}`);
    expect(shoe.status).toBe(404);
    const mainRounds = await ask(page, '/api/tables/main/rounds');
    expect(JSON.stringify(mainRounds.body)).not.toContain(shoeId);

    await page.goto(`/table/?id=${guess}`);
    await page.getByTestId('room-gone-unknown').waitFor();
  });

  it('no page fetched from outside the app or logged an error', () => {
    for (const { watch, name } of everyone()) {
      expect(watch.foreign, name).toEqual([]);
      // A removed player's refused rejoin is a page, not an error.
      expect(watch.errors, name).toEqual([]);
    }
  });
});
