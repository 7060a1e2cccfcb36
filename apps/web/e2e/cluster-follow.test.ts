/**
 * T13.16 in the browser: two server processes over one Postgres and one Redis, the repository's
 * HAProxy in front, two players' pages at the table through it. The table's owner is killed
 * (a failover), then the node that took it over is stopped for a deploy (a hand-over): each time
 * both pages follow the table to its new node by themselves, with no reload, and play on there.
 */
import { startNode, TestProxy, TestRedis } from '@banco/server/testing/cluster-harness';
import { freePort, type ServerProcess } from '@banco/server/testing/server-process';
import { TEST_LEASE_MS } from '@banco/server/testing/test-lease';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { createDatabase, type Database } from './support/database.js';
import { lastVersion, watchSockets, type PageSocket } from './support/page-sockets.js';
import { arrive, confirmBets, draft, minorUnits, pips, sitAtMain } from './support/player.js';
import { scriptedShoe } from './support/shoe.js';

const DESKTOP = { viewport: { width: 1280, height: 900 } };

interface Node {
  id: string;
  port: number;
  process: ServerProcess;
}

interface Player extends Visitor {
  name: string;
  seat: number;
  sockets: PageSocket[];
  navigations: number;
}

const confirmsOn = async (node: Node) => (await metricsOf(node)).confirms;

/** A node's own count of what it serves (GET /metrics, asked of the node, not the proxy). */
async function metricsOf(node: Node) {
  const text = await (await fetch(`http://127.0.0.1:${node.port}/metrics`)).text();
  const value = (test: (line: string) => boolean) =>
    Number(
      text
        .split('\n')
        .find((line) => !line.startsWith('#') && test(line))
        ?.split(' ')
        .pop() ?? 0,
    );
  return {
    sockets: value((line) => line.startsWith('banco_sockets ')),
    confirms: value(
      (line) =>
        line.startsWith('banco_commands_total{') &&
        line.includes('command="bets.confirm"') &&
        line.includes('result="ok"'),
    ),
    startedAt: value((line) => line.startsWith('process_start_time_seconds ')),
  };
}

/** Polls outside a test (expect.poll is for tests only): resolves once `ready` holds. */
async function until(ready: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${ready}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The holder turns Banker's cards as a keyboard user does (each corner lifted with End, then
 * Reveal): at this width the empty seat 6 lies over the Reveal button for a pointer.
 */
async function turnByKeyboard(page: Page) {
  const sliders = page.getByRole('slider', { name: /^Squeeze card/ });
  await sliders.first().waitFor();
  for (let i = 0; i < (await sliders.count()); i++) {
    await sliders.nth(i).focus();
    await page.keyboard.press('End');
  }
  await page.getByRole('button', { name: 'Reveal' }).press('Enter');
}

describe.runIf(canRunBrowser)('a table’s players follow it from node to node (T13.16)', () => {
  let db: Database;
  let redis: TestRedis;
  let proxy: TestProxy;
  let browser: Browser;
  const nodes = new Map<string, Node>();
  const players: Player[] = [];
  let restarted: Promise<Node>;

  const env = () => ({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    TABLE_TIMINGS: 'browser',
    // Banker naturals only: every round is one deal and one reveal, no third card.
    TEST_SCRIPTED_SHOE: scriptedShoe([]),
    LEASE_MS: String(TEST_LEASE_MS),
    TRUST_PROXY: 'loopback',
  });
  const start = async (id: string, port: number) => {
    const node = { id, port, process: await startNode(env(), id, port) };
    nodes.set(id, node);
    return node;
  };
  const node = (id: string) => nodes.get(id)!;

  beforeAll(async () => {
    [db, redis] = await Promise.all([createDatabase(), TestRedis.start()]);
    const ports = [await freePort(), await freePort()];
    // node-b first, so it claims main (T13.7) before node-a is there to share it. The proxy's
    // hash puts `?table=main` on node-a's slot: the pages arrive on the node that does not run
    // main and are sent on to the one that does (asserted below, so a change of hash shows).
    await start('node-b', ports[1]!);
    await until(async () => (await db.tableOwner('main')) === 'node-b');
    [proxy, browser] = await Promise.all([
      start('node-a', ports[0]!).then(() => TestProxy.start(ports, ['node-a', 'node-b'])),
      launchChromium(),
    ]);
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const p of players)
      await screenshot(p.page, `cluster-follow-failed-${p.name}`).catch(() => undefined);
    // The proxy's health checks would fill a node's log: its own lines are what tell.
    for (const n of nodes.values()) {
      const lines = n.process.lines.filter(
        (l) => !/"(incoming request|request completed)"/.test(l),
      );
      console.error(`--- ${n.id}\n${lines.slice(-40).join('\n')}`);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([...nodes.values()].map((n) => n.process.kill('SIGKILL')));
    await proxy?.stop();
    await redis?.stop();
    await db?.drop();
  });

  /** Both pages Live, both sockets on `owner` (its own count: only the pages connect), in their seats. */
  async function expectBothOn(owner: Node) {
    await expect
      .poll(async () => (await metricsOf(owner)).sockets, { timeout: 15_000 })
      .toBe(players.length);
    for (const p of players) {
      await p.page
        .getByTestId('connection')
        .filter({ hasText: /^Live$/ })
        .waitFor();
      expect(await p.page.getByTestId(`seat-${p.seat}`).getAttribute('aria-label')).toMatch(
        new RegExp(`${p.name}.*\\(you\\)`),
      );
    }
  }

  /** Each page shows the wallet the ledger holds. */
  async function expectBalancesAreTheLedgers() {
    for (const p of players) {
      const seated = p.sockets.flatMap((s) => s.seated).find((s) => s.name === p.name)!;
      const ledger = await db.walletBalance(seated.playerId);
      await expect.poll(() => minorUnits(p.page.getByTestId('balance-available'))).toBe(ledger);
    }
  }

  /** No page was reloaded or navigated since it sat down. */
  async function expectSameDocuments() {
    for (const p of players) {
      expect(await p.page.evaluate(() => (window as { bancoFollow?: number }).bancoFollow)).toBe(1);
      expect(p.navigations, `${p.name}'s page navigated`).toBe(0);
    }
  }

  /** The node each page's current socket asked the proxy for (`?node=`, P13.7). */
  const namedBy = (socket: { url: string }) =>
    new URL(socket.url).searchParams.get('node') ?? 'none';
  const named = () => players.map((p) => namedBy(p.sockets.at(-1)!));

  /** Both seated players confirm 10 on Banker; each confirm is acknowledged by `owner`. */
  async function bothBet(owner: Node) {
    const confirmed = await confirmsOn(owner);
    for (const p of players) {
      await draft(p.page, 'Banker', 10);
      await confirmBets(p.page);
    }
    await expect.poll(() => confirmsOn(owner)).toBe(confirmed + players.length);
  }

  it('T13.16 T13.10 P13.7 P13.3: arriving on the node the hash picks, both pages are sent on to main’s owner; killed (SIGKILL), they follow main to the node that claims it, no reload: same seats, balances = ledger, next bets acknowledged there', async () => {
    const arrivals = ['Ann', 'Bob'].map(async (name) => {
      const visitor = await newVisitor(browser, proxy.url, DESKTOP);
      await arrive(visitor.page, name);
      return { visitor, name };
    });
    // Together to the lobby, one at a time to the table: "Sit" takes the first free seat.
    for (const [i, { visitor, name }] of (await Promise.all(arrivals)).entries()) {
      const sockets = watchSockets(visitor.page);
      await sitAtMain(visitor.page, i + 1);
      const player: Player = { ...visitor, name, seat: i + 1, sockets, navigations: 0 };
      // A reload would start a new document and lose this mark.
      await visitor.page.evaluate(() => Object.assign(window, { bancoFollow: 1 }));
      // A history change (replaceState) is a navigation too; only a load is a new document.
      visitor.page.on('load', () => player.navigations++);
      players.push(player);
    }
    const [ann] = players as [Player, Player];
    const a = node('node-a');
    const b = node('node-b');
    // T13.16: the hash put them on node-a; node-a told them node-b runs main (table.owner).
    await expectBothOn(b);
    expect(players.map((p) => new URL(p.sockets[0]!.url).searchParams.get('node'))).toEqual([
      null,
      null,
    ]);
    expect(named()).toEqual(['node-b', 'node-b']);
    expect((await metricsOf(a)).sockets).toBe(0);

    const confirmed = await confirmsOn(b);
    await draft(ann.page, 'Banker', 10);
    await confirmBets(ann.page);
    await expect.poll(() => confirmsOn(b)).toBe(confirmed + 1);
    const before = Math.max(...players.map((p) => lastVersion(p.sockets)));
    const socketsBefore = players.map((p) => p.sockets.length);

    await b.process.kill('SIGKILL');
    // T13.10: node-a claims main once node-b's lease has run out, and resumes it.
    await expect.poll(() => db.tableOwner('main'), { timeout: 15_000 }).toBe('node-a');
    // node-b back on its port for the hand-over below: a node that joins takes no table from
    // one holding no more than its share (T13.14), so main stays on node-a meanwhile.
    restarted = start('node-b', b.port);
    await expectBothOn(a);
    // P13.7: after a drop the page connects by its table alone (node-b may never come back):
    // no socket opened since names node-b. One may name node-a: a page that reached node-b
    // back on its port was told main is on node-a and moved there, the hinted move.
    for (const [i, p] of players.entries()) {
      const since = p.sockets.slice(socketsBefore[i]).map(namedBy);
      expect(since, `${p.name}'s sockets since the kill`).not.toContain('node-b');
      expect(['none', 'node-a']).toContain(since.at(-1));
      console.log(`after the kill, ${p.name}'s new sockets named: ${since.join(', ')}`);
    }
    for (const [i, p] of players.entries()) {
      // P13.3: the page heard main again, past the version it had, on a socket opened since.
      await expect
        .poll(() => lastVersion(p.sockets.slice(socketsBefore[i])))
        .toBeGreaterThan(before);
    }
    // T9.2, T13.4: Ann's bet was in a round still in betting: voided and refunded.
    await ann.page.getByTestId('voided-banner').waitFor();
    await expectBalancesAreTheLedgers();

    await bothBet(a);
    await expectBalancesAreTheLedgers();
    await expectSameDocuments();
  });

  it('T13.12 T13.16 P13.4 P13.7: the owner stopped for a deploy (SIGTERM) hands main over between rounds; both pages follow it, no reload, nothing voided, and bet on there', async () => {
    const [ann] = players as [Player, Player];
    const a = node('node-a');
    const b = await restarted;
    // The proxy puts `?node=node-b` on the node-b just started before node-a sends them there.
    const startedAt = (await metricsOf(b)).startedAt;
    await proxy.until(async () => {
      const text = await (await fetch(`${proxy.url}/metrics?node=node-b`)).text();
      return text.includes(`process_start_time_seconds ${startedAt}`);
    });
    const before = Math.max(...players.map((p) => lastVersion(p.sockets)));
    const socketsBefore = players.map((p) => p.sockets.length);

    // Betting is closed (both confirmed): node-a drains until the round is over (T13.12).
    const stopped = a.process.kill('SIGTERM');
    const resultsBefore = (await pips(ann.page)).length;
    await ann.page.getByRole('button', { name: 'Deal' }).click();
    await turnByKeyboard(ann.page);
    // The round's result reached the page: a pip more (the banner is up only for the pause).
    await expect.poll(async () => (await pips(ann.page)).length).toBe(resultsBefore + 1);
    expect((await stopped).code).toBe(0);
    await expect.poll(() => db.tableOwner('main')).toBe('node-b');
    // Told where main went (table.owner) or closed by node-a once it let main go (whichever
    // comes first: node-a does not wait for node-b's claim), each page is on node-b now.
    await expectBothOn(b);
    for (const [i, p] of players.entries()) {
      await expect
        .poll(() => lastVersion(p.sockets.slice(socketsBefore[i])))
        .toBeGreaterThan(before);
    }
    await expectBalancesAreTheLedgers();

    await bothBet(b);
    // P13.4: handed over between rounds, so nothing was voided on the way: only round 1 was.
    for (const p of players) {
      const voided = p.page.getByTestId('voided-banner');
      if (await voided.count()) expect(await voided.getAttribute('data-round')).toBe('1');
    }
    await expectBalancesAreTheLedgers();
    await expectSameDocuments();
  });
});
