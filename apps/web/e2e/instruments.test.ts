/**
 * The table's instruments in the built app against the built server: scoreboard roads, the
 * shoe's exact odds, why, hand history and your session, each drawn from what the server sent
 * and checked against the rules package (the server's roads, `pnpm banco odds`).
 */
import { seriousViolations } from './support/axe.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  OUTPUT_DIR,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { TableObserver, type EventOf } from './support/observer.js';
import { arrive, confirmBets, draft, sitAtMain, squeezeAndReveal } from './support/player.js';
import { banco } from './support/cli.js';
import { startServer, type RunningServer } from './support/server.js';
import { scriptedShoe } from './support/shoe.js';

/** Rounds in dealing order (P1 B1 P2 B2, then third cards); no card code twice. */
const SCRIPT = [
  // Player 5 draws a 2 (→ 7); Banker 4 against a third card of 2 draws (R7.4) a 5 → 9.
  ['2H', 'KC', '3D', '4S', '2C', '5H'],
  // Player 7 and Banker 7 both stand: a tie.
  ['7H', '7C', 'KH', 'QS'],
  // Player 8♥ 8♣ (a pair, 6) stands; Banker 2 draws (R6.1) a 3 → 5: Player wins 6 to 5.
  ['8H', '2D', '8C', 'JD', '3S'],
  // Then the filler: Player 5 against a Banker natural 9, round after round.
] as const;

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { width: 390, height: 844 };

describe.runIf(canRunBrowser)('the table instruments', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let ann: Visitor & { playerId: string };
  const results: EventOf<'round.result'>[] = [];

  beforeAll(async () => {
    server = await startServer({ TEST_SCRIPTED_SHOE: scriptedShoe(SCRIPT) });
    browser = await launchChromium();
    observer = await TableObserver.join(server.url);
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || !ann) return;
    await screenshot(ann.page, 'failed-instruments').catch(() => undefined);
  });

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  type Turn = EventOf<'turn.started'>;
  /** Ann bets 25 on Banker, deals, and turns Banker's cards (the house turns Player's). */
  async function playRound(
    page: Page,
    beforeTurn?: (turn: Turn) => Promise<void>,
  ): Promise<EventOf<'round.result'>> {
    const last = results.at(-1)?.round ?? 0;
    const opened = await observer.until('betting.opened', (e) => e.round > last);
    await draft(page, 'Banker', 25);
    await confirmBets(page);
    await observer.until('betting.closed', (e) => e.round === opened.round);
    await page.getByRole('button', { name: 'Deal' }).click();
    const result = await observer.turns(opened.round, async (turn) => {
      await beforeTurn?.(turn);
      if (turn.turner === 1) await squeezeAndReveal(page);
    });
    results.push(result);
    return result;
  }

  const openTab = async (page: Page, name: string) => {
    await page.getByRole('tab', { name }).click();
    await expect
      .poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected'))
      .toBe('true');
  };

  /** axe finds no serious or critical violation inside the instruments. */
  async function expectAccessible(page: Page, what: string) {
    const found = await seriousViolations(page, '#instruments');
    expect(found.map((v) => `${what}: ${v}`)).toEqual([]);
  }

  /** The instruments alone, as a person looking at them sees them. */
  async function panelShot(page: Page, name: string) {
    await page
      .locator('#instruments')
      .screenshot({ path: `${OUTPUT_DIR}${name}.png`, animations: 'disabled' });
  }

  async function shots(page: Page, name: string) {
    await page.locator('#instruments').scrollIntoViewIfNeeded();
    await screenshot(page, `instruments-${name}-desktop`);
    await panelShot(page, `instruments-${name}-desktop-panel`);
    await page.setViewportSize(PHONE);
    try {
      await page.locator('#instruments').scrollIntoViewIfNeeded();
      await screenshot(page, `instruments-${name}-phone`);
      await panelShot(page, `instruments-${name}-phone-panel`);
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await expectAccessible(page, `${name} (phone)`);
    } finally {
      await page.setViewportSize(DESKTOP.viewport);
    }
  }

  it('Ann arrives and sits at the main table', async () => {
    const visitor = await newVisitor(browser, server.url, DESKTOP);
    await arrive(visitor.page, 'Ann');
    await sitAtMain(visitor.page, 1);
    const taken = await observer.until('seat.taken', (e) => e.seat === 1);
    ann = { ...visitor, playerId: taken.player.id };
  });

  it('Why lights the Banker-4 cell against a Player third card of 2 (R7.4) as the round plays', async () => {
    const { page } = ann;
    await openTab(page, 'Why');
    const litIn = (testId: string) => page.getByTestId(testId).locator('td[data-lit="true"]');
    let checkedMidRound = false;
    const result = await playRound(page, async (turn) => {
      if (turn.hand !== 'banker' || turn.stage !== 'third') return;
      // Mid-round: Player's third card is out, so the Player rule's row is lit; Banker's cell
      // lights only once Banker's own third card is turned.
      await expect.poll(() => litIn('player-rule').getAttribute('data-player')).toBe('5');
      expect(await litIn('banker-tableau').count()).toBe(0);
      checkedMidRound = true;
    });
    expect(checkedMidRound).toBe(true);
    expect(result.trace.find((t) => t.hand === 'banker')).toMatchObject({
      action: 'draw',
      total: 4,
      playerThirdValue: 2,
      rule: 'R7.4',
    });
    const lit = page.getByTestId('banker-tableau').locator('td[data-lit="true"]');
    await expect.poll(() => lit.count()).toBe(1);
    expect(await lit.getAttribute('data-banker')).toBe('4');
    expect(await lit.getAttribute('data-third')).toBe('2');
    expect(await lit.getAttribute('data-draws')).toBe('true');
    const row = page.getByTestId('player-rule').locator('td[data-lit="true"]');
    expect(await row.getAttribute('data-player')).toBe('5');
    expect(await page.getByTestId('why-story').innerText()).toMatch(
      /Banker has 4 and Player’s third card counts 2, so Banker draws/,
    );
    await expectAccessible(page, 'why');
    await shots(page, 'why');
  });

  it('after a few rounds the bead plate and big road are the rules package’s roads', async () => {
    const { page } = ann;
    for (let i = 0; i < 4; i++) await playRound(page);
    await openTab(page, 'Scoreboard');
    // The roads the server computed with @banco/rules (allRoads) for the rounds played.
    const roads = results.at(-1)!.roads;
    expect(roads.beadPlate.beads.map((b) => b.outcome)).toEqual(results.map((r) => r.outcome));
    const beads = await page
      .getByTestId('bead-plate')
      .locator('g.bead')
      .evaluateAll((nodes) =>
        nodes.map((n) => ({
          col: Number(n.getAttribute('data-col')),
          row: Number(n.getAttribute('data-row')),
          outcome: n.getAttribute('data-outcome'),
          playerPair: n.hasAttribute('data-player-pair'),
        })),
      );
    expect(beads).toEqual(
      roads.beadPlate.beads.map((b) => ({
        col: b.col,
        row: b.row,
        outcome: b.outcome,
        playerPair: b.playerPair,
      })),
    );
    const big = await page
      .getByTestId('big-road')
      .locator('g.big')
      .evaluateAll((nodes) =>
        nodes.map((n) => ({
          col: Number(n.getAttribute('data-col')),
          row: Number(n.getAttribute('data-row')),
          side: n.getAttribute('data-side'),
          ties: Number(n.getAttribute('data-ties') ?? 0),
        })),
      );
    expect(big).toEqual(
      roads.bigRoad.columns.flatMap((c) =>
        c.entries.map((e) => ({ col: e.col, row: e.row, side: e.side, ties: e.ties })),
      ),
    );
    // Banker, tie (a slash on it), Player, then Banker naturals: two runs of Banker around one Player.
    expect(big.map((e) => e.side)).toEqual(['banker', 'player', 'banker', 'banker']);
    expect(big[0]!.ties).toBe(1);
    // The ask row is the rules package's own ask road.
    for (const side of ['banker', 'player'] as const) {
      for (const name of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) {
        const cell = page
          .getByTestId('ask-roads')
          .locator(`tr:has([data-testid="ask-${side}"]) td[data-road="${name}"]`);
        expect(await cell.getAttribute('data-colour')).toBe(roads.ask[side][name] ?? 'none');
      }
    }
    expect(await page.getByTestId('road-summary').innerText()).toMatch(
      /5 rounds in this shoe: Banker 3, Player 1, Tie 1\..*Banker has won the last 2 in a row.*Pairs: Player 1, Banker 0\..*natural: 2/s,
    );
    await page.getByTestId('ask-player').click();
    await expect.poll(() => page.locator('#instruments .road__ask').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'scoreboard');
    await shots(page, 'scoreboard');
    await page.getByTestId('ask-player').click();
  });

  it('the odds panel shows what `pnpm banco odds --remaining` counts for the cards left', async () => {
    const { page } = ann;
    await openTab(page, 'The shoe, exactly');
    const panel = page.getByTestId('odds-panel');
    const unseen = results.at(-1)!.odds!.unseen;
    await expect.poll(() => panel.getAttribute('data-unseen')).toBe(unseen.join(','));
    const stdout = await banco('odds', '--remaining', unseen.join(','), '--json');
    const cli = JSON.parse(stdout) as {
      probabilities: Record<string, number>;
      edges: Record<string, number>;
    };
    const value = async (id: string) =>
      Number(await page.getByTestId(id).getAttribute('data-value'));
    const text = async (id: string) => (await page.getByTestId(id).innerText()).trim();
    const percent = (f: number) => `${(f * 100).toFixed(4)} %`;
    for (const spot of ['player', 'banker', 'tie'] as const) {
      expect(await value(`odds-p-${spot}`)).toBe(cli.probabilities[spot]);
      expect(await text(`odds-p-${spot}`)).toBe(percent(cli.probabilities[spot]!));
    }
    // The main table: Banker pays 0.95 to 1, Tie 8 to 1.
    const edges: [string, string][] = [
      ['odds-edge-player', 'player'],
      ['odds-edge-banker', 'banker'],
      ['odds-edge-tie', 'tie8'],
      ['odds-edge-playerExcludingTies', 'playerExcludingTies'],
      ['odds-edge-bankerExcludingTies', 'bankerExcludingTies'],
    ];
    for (const [id, key] of edges) {
      expect(await value(id)).toBeCloseTo(cli.edges[key]!, 14);
      expect((await text(id)).startsWith(percent(cli.edges[key]!))).toBe(true);
    }
    const cards = unseen.reduce((a, b) => a + b, 0);
    expect(await page.getByTestId('odds-cards').innerText()).toBe(String(cards));
    await expectAccessible(page, 'odds');
    await shots(page, 'odds');
  });

  it('a pip of the result strip opens that round in the hand history; your session adds up', async () => {
    const { page } = ann;
    // The third round: Player's pair, a Player win, Ann's Banker bet lost.
    await page.getByTestId('pip-strip').locator('[data-outcome]').nth(2).click();
    const detail = page.getByTestId('history-detail');
    await detail.waitFor();
    expect(await detail.getAttribute('data-round')).toBe('3');
    expect(await page.getByTestId('history-player-total').innerText()).toBe('6');
    expect(await page.getByTestId('history-banker-total').innerText()).toBe('5');
    expect(
      await detail
        .locator('[data-face]')
        .evaluateAll((n) => n.map((e) => e.getAttribute('data-face'))),
    ).toEqual(['8H', '8C', '2D', 'JD', '3S']);
    expect(await page.getByTestId('history-net').innerText()).toBe('−25');
    await detail.getByTestId('verify-pending').waitFor();
    await expectAccessible(page, 'hand history');
    await shots(page, 'history');

    await openTab(page, 'Your session');
    // Five rounds of 25 on Banker: three won at 0.95 to 1, the tie pushed, round 3 lost.
    expect(await page.getByTestId('session-rounds').innerText()).toBe('5');
    expect(await page.getByTestId('session-wagered').innerText()).toBe('125');
    expect(await page.getByTestId('session-net').innerText()).toBe('+46.25');
    expect(await page.getByTestId('session-biggest').innerText()).toBe('+23.75');
    await expectAccessible(page, 'session');
    await shots(page, 'session');
  });

  it('the instruments are used by keyboard alone: arrows move between the tabs', async () => {
    const { page } = ann;
    await page.getByRole('tab', { name: 'Your session' }).focus();
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Scoreboard');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() =>
        page.getByRole('tab', { name: 'The shoe, exactly' }).getAttribute('aria-selected'),
      )
      .toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
      'tabpanel',
    );
  });
});

describe.runIf(canRunBrowser)('hand history once the shoe is over', () => {
  let server: RunningServer;
  let browser: Browser;
  let observer: TableObserver;
  let page: Page;

  beforeAll(async () => {
    // 32 cards and a cut 16 from the back: the fourth round is the shoe's last (R10.5).
    const cards = ['AS', '10H', ...SCRIPT[0], ...SCRIPT[1]];
    while (cards.length < 32) cards.push('5D', '9S', 'QD', 'JC');
    server = await startServer({ TEST_SCRIPTED_SHOE: cards.join(' ') });
    browser = await launchChromium();
    observer = await TableObserver.join(server.url);
  });

  afterAll(async () => {
    observer?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a round of a finished shoe links to the shoe’s verification and says what the re-run found', async () => {
    ({ page } = await newVisitor(browser, server.url, DESKTOP));
    await arrive(page, 'Ben');
    await sitAtMain(page, 1);
    let round = 0;
    while (observer.of('shoe.ended').length === 0) {
      const opened = await observer.until('betting.opened', (e) => e.round > round);
      round = opened.round;
      await draft(page, 'Banker', 10);
      await confirmBets(page);
      await observer.until('betting.closed', (e) => e.round === round);
      await page.getByRole('button', { name: 'Deal' }).click();
      await observer.turns(round, async (turn) => {
        if (turn.turner === 1) await squeezeAndReveal(page);
      });
    }
    const ended = observer.of('shoe.ended')[0]!;
    expect(ended.rounds).toBe(4);
    await page.getByRole('tab', { name: 'Hands' }).click();
    const first = page.locator('[data-testid="history-row"][data-shoe="1"][data-round="1"]');
    await first.click();
    const link = page.getByTestId('verify-link');
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain(`/api/shoes/${ended.shoeId}`);
    const reply = await page.request.get(href);
    const shoe = (await reply.json()) as {
      serverSeed: string;
      verification: { verified: boolean; mismatches: number[] };
    };
    expect(shoe.serverSeed).toBe(ended.serverSeed);
    // A scripted shoe (test only) is not the seeds' shuffle: the re-run says so, and so does the page.
    expect(shoe.verification.verified).toBe(false);
    const said = page.getByTestId('verify-ready');
    expect(await said.getAttribute('data-verified')).toBe('false');
    expect(await said.innerText()).toMatch(/does not give the cards that were played/);
    await screenshot(page, 'instruments-history-verify-desktop');
  });
});
