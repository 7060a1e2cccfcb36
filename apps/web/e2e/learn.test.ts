/**
 * /learn as a newcomer walks it: all eight steps, once by mouse on a desktop and once by
 * keyboard alone on a phone. Each answer is worked out here with @banco/rules from what the
 * page shows (the cards, the totals, the stakes), so every number on screen is checked
 * against the rules package, not against figures copied into the test.
 */
import {
  CARDS_PER_DECK,
  RANKS,
  STANDARD_RULES,
  SUITS,
  bankerDecision,
  cardValue,
  compareTotals,
  handTotal,
  isCardCode,
  isNatural,
  payoutFor,
  playerDecision,
  settle,
  type CardCode,
  type RoundFacts,
  type Spot,
} from '@banco/rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import {
  canRunBrowser,
  launchChromium,
  newVisitor,
  screenshot,
  type Visitor,
} from './support/browser.js';
import { keyboard, mouse, type Answerer } from './support/lesson.js';
import { DESKTOP, PHONE } from './support/devices.js';
import { startServer, type RunningServer } from './support/server.js';

/** "109.50" → 10950, as the page writes chips (see apps/web/src/lib/format.ts). */
function minor(text: string): number {
  const [whole, cents = '0'] = text.replace(/[,\s]/g, '').split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}
const chipsText = (m: number) => (m % 100 === 0 ? String(m / 100) : (m / 100).toFixed(2));

async function faces(page: Page, side: 'player' | 'banker'): Promise<CardCode[]> {
  const codes = await page
    .getByTestId(`lesson-hand-${side}`)
    .locator('[data-testid="card"]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-face') ?? ''));
  return codes.map((code) => {
    if (!isCardCode(code)) throw new Error(`not a card on the table: ${code}`);
    return code;
  });
}

async function shownTotal(page: Page, side: 'player' | 'banker'): Promise<number> {
  const text = await page.getByTestId(`lesson-total-${side}`).textContent();
  return Number(text!.replace(/\D/g, ''));
}

const facts = (player: number, banker: number): RoundFacts => ({
  playerTotal: player,
  bankerTotal: banker,
  playerNatural: false,
  bankerNatural: false,
  playerPair: false,
  bankerPair: false,
});

async function expectSolved(page: Page, quiz: string) {
  await expect.poll(() => page.getByTestId(quiz).getAttribute('data-solved')).toBe('true');
}

async function feedbackOf(page: Page, quiz: string) {
  return (await page.getByTestId(quiz).getByTestId('feedback').textContent()) ?? '';
}

/** Deal one card at a time and check each goes to the hand the order P, B, P, B says. */
async function deal(page: Page, answer: Answerer, sides: ('player' | 'banker')[]) {
  for (const side of sides) {
    const before = (await faces(page, side)).length;
    await answer.press('Deal the next card');
    await expect.poll(async () => (await faces(page, side)).length).toBe(before + 1);
  }
}

interface Walk {
  page: Page;
  answer: Answerer;
  /** Where screenshots are named from: desktop or phone. */
  device: string;
  axe: string[];
}

async function checkAxe(walk: Walk, where: string) {
  for (const v of await seriousViolations(walk.page)) walk.axe.push(`${where}: ${v}`);
}

async function next(walk: Walk, title: string) {
  await walk.answer.press(`Next: ${title}`);
  await expect.poll(() => walk.page.locator('#lesson-step-title').textContent()).toBe(title);
}

async function walkLesson(walk: Walk) {
  const { page, answer, device } = walk;
  await page.goto('/learn/');
  await expect.poll(() => page.locator('main[data-loaded]').count()).toBe(1);

  // 1. Two hands, three results.
  await checkAxe(walk, 'step 1');
  await screenshot(page, `learn-step1-${device}`);
  await answer.choose('quiz-decide', 'Nothing: I only chose the result I expect');
  await expectSolved(page, 'quiz-decide');
  await answer.choose('quiz-results', 'Three: Player, Banker or Tie');
  await expectSolved(page, 'quiz-results');
  await next(walk, 'Suits, ranks and values');

  // 2. Suits and ranks: every count and value is the rules package's.
  expect(Number(await page.getByTestId('deck-cards').textContent())).toBe(
    SUITS.length * RANKS.length,
  );
  expect(SUITS.length * RANKS.length).toBe(CARDS_PER_DECK);
  expect(Number(await page.getByTestId('shoe-cards').textContent())).toBe(8 * CARDS_PER_DECK);
  const ranks = await page
    .getByTestId('rank-value')
    .evaluateAll((items) =>
      items.map((li) => [
        li.getAttribute('data-card'),
        li.querySelector('.lesson-ranks__value')?.textContent,
      ]),
    );
  expect(ranks).toHaveLength(RANKS.length);
  for (const [card, value] of ranks) expect(Number(value)).toBe(cardValue(card as CardCode));
  await checkAxe(walk, 'step 2');
  await screenshot(page, `learn-step2-${device}`);
  await answer.choose('quiz-king', String(cardValue('KS')));
  await answer.choose('quiz-ace', String(cardValue('AD')));
  await answer.choose('quiz-suit', `No, both count ${cardValue('7C')}`);
  await expectSolved(page, 'quiz-suit');
  await next(walk, 'Counting: keep the last digit');

  // 3. Counting, on a deal dealt one click a card.
  await answer.choose('quiz-seven-eight', String(handTotal(['7C', '8D'])));
  await deal(page, answer, ['player', 'banker', 'player', 'banker']);
  const player3 = await faces(page, 'player');
  const banker3 = await faces(page, 'banker');
  // One wrong total first: the page explains the sum in plain words, then takes the right one.
  const wrong = (handTotal(player3) + 1) % 10;
  await answer.choose('quiz-player-total', String(wrong));
  await expect
    .poll(() => feedbackOf(page, 'quiz-player-total'))
    .toContain(`${player3.map(cardValue).join(' + ')} =`);
  expect(await feedbackOf(page, 'quiz-player-total')).toMatch(/^Not quite/);
  await answer.choose('quiz-player-total', String(handTotal(player3)));
  await expectSolved(page, 'quiz-player-total');
  await answer.choose('quiz-banker-total', String(handTotal(banker3)));
  await expectSolved(page, 'quiz-banker-total');
  expect(await shownTotal(page, 'player')).toBe(handTotal(player3));
  expect(await shownTotal(page, 'banker')).toBe(handTotal(banker3));
  await checkAxe(walk, 'step 3');
  await screenshot(page, `learn-step3-${device}`);
  await next(walk, 'Your first stake');

  // 4. The first stake: a wrong draft is refused with a reason, then 100 becomes 90 + 10.
  const startBalance = minor((await page.getByTestId('lesson-balance').textContent())!);
  expect(startBalance).toBe(100_00);
  await answer.press('Banker');
  await answer.press('Stake 10');
  await answer.press('Confirm');
  await expect
    .poll(() => page.getByTestId('beat-bet').getByTestId('feedback').textContent())
    .toContain('asks for Player');
  await answer.press('Player');
  await answer.press('Confirm');
  await expect.poll(() => page.getByTestId('lesson-balance').textContent()).toBe('90');
  expect(minor((await page.getByTestId('lesson-committed').textContent())!)).toBe(10_00);
  expect(startBalance - 10_00).toBe(minor('90'));
  await expect.poll(() => page.getByRole('button', { name: 'Banker' }).isDisabled()).toBe(true);
  await answer.choose('quiz-not-lost', 'No, the 10 is committed and waits for the result');
  await answer.choose('quiz-final', 'No, a confirmed bet cannot change');
  await expectSolved(page, 'quiz-final');
  await checkAxe(walk, 'step 4');
  await screenshot(page, `learn-step4-${device}`);
  await next(walk, 'Naturals: nobody draws');

  // 5. Naturals.
  const p5 = await faces(page, 'player');
  const b5 = await faces(page, 'banker');
  expect(await shownTotal(page, 'player')).toBe(handTotal(p5));
  expect(await shownTotal(page, 'banker')).toBe(handTotal(b5));
  const natural = isNatural(handTotal(p5.slice(0, 2))) || isNatural(handTotal(b5.slice(0, 2)));
  expect(natural).toBe(true);
  expect(p5.length + b5.length).toBe(4);
  const outcome5 = compareTotals(handTotal(p5), handTotal(b5));
  expect(await page.getByTestId('lesson-result').textContent()).toMatch(
    new RegExp(`^${{ player: 'Player wins', banker: 'Banker wins', tie: 'Tie' }[outcome5]} `),
  );
  await answer.choose('quiz-banker-draws', natural ? 'No, nobody draws' : 'Yes, a low hand draws');
  const bankerBet = payoutFor('banker', facts(handTotal(p5), handTotal(b5)), STANDARD_RULES);
  const betLabels = {
    win: 'It wins: they were part of the round',
    lose: 'It loses: Banker’s hand lost',
    push: 'It comes back: nobody drew a card',
  };
  await answer.choose('quiz-bet-result', betLabels[bankerBet.result]);
  await expectSolved(page, 'quiz-bet-result');
  await checkAxe(walk, 'step 5');
  await screenshot(page, `learn-step5-${device}`);
  await next(walk, 'Settlement: what comes back');

  // 6. Settlement: the odds shown, and five balances, each settled by the rules package.
  const oddsText = (p: { numerator: number; denominator: number }) =>
    p.denominator === 1 ? `${p.numerator}:1` : `${p.numerator / p.denominator}:1`;
  expect(await page.getByTestId('odds-player').textContent()).toBe(
    oddsText(payoutFor('player', facts(8, 5), STANDARD_RULES)),
  );
  expect(await page.getByTestId('odds-banker').textContent()).toBe(
    oddsText(payoutFor('banker', facts(5, 8), STANDARD_RULES)),
  );
  expect(await page.getByTestId('odds-tie').textContent()).toBe(
    oddsText(payoutFor('tie', facts(3, 3), STANDARD_RULES)),
  );
  const seen: number[] = [];
  for (const id of ['player-wins', 'player-loses', 'player-pushes', 'tie-wins', 'banker-wins']) {
    const quiz = `settle-${id}`;
    const text = (await page.getByTestId(quiz).locator('.quiz__question').textContent())!;
    const found =
      /You bet ([\d.,]+) on (Player|Banker|Tie)\. Balance while it waits: ([\d.,]+)\. The cards: Player (\d), Banker (\d)/.exec(
        text,
      );
    if (!found) throw new Error(`cannot read the exercise: ${text}`);
    const [, stakeText, spotName, beforeText, p, b] = found;
    const spot = spotName!.toLowerCase() as Spot;
    const stake = minor(stakeText!);
    const before = minor(beforeText!);
    const settled = settle([{ id, spot, amount: stake }], facts(+p!, +b!), STANDARD_RULES);
    if (!settled.ok) throw new Error(settled.error.message);
    const after = before + settled.value[0]!.returned;
    seen.push(after);
    if (id === 'player-wins') {
      // The usual slip: the winnings added, the returned stake forgotten.
      await answer.type(quiz, chipsText(before + (settled.value[0]!.returned - stake)));
      await expect.poll(() => feedbackOf(page, quiz)).toContain('the stake comes back too');
      expect(await feedbackOf(page, quiz)).toMatch(/^Not quite/);
    }
    await answer.type(quiz, chipsText(after));
    await expectSolved(page, quiz);
  }
  // The seed lesson's five balances, as the rules package settles them.
  expect(seen).toEqual([110_00, 90_00, 100_00, 180_00, 109_50]);
  await checkAxe(walk, 'step 6');
  await screenshot(page, `learn-step6-${device}`);
  await next(walk, 'Drawing a third card');

  // 7. Drawing without a natural.
  await deal(page, answer, ['player', 'banker', 'player', 'banker']);
  const p7 = await faces(page, 'player');
  const b7 = await faces(page, 'banker');
  const playerDraws = playerDecision(handTotal(p7)).draws;
  expect(playerDraws).toBe(true);
  await answer.choose('quiz-player-draws', playerDraws ? 'It draws a third card' : 'It stands');
  await deal(page, answer, ['player']);
  const p7full = await faces(page, 'player');
  expect(await shownTotal(page, 'player')).toBe(handTotal(p7full));
  await answer.choose('quiz-new-total', String(handTotal(p7full)));
  const third = cardValue(p7full[2]!);
  const bankerDraws = bankerDecision(handTotal(b7), third).draws;
  await answer.choose('quiz-banker-stands', bankerDraws ? 'It draws a third card' : 'It stands');
  expect((await faces(page, 'banker')).length).toBe(bankerDraws ? 3 : 2);
  const outcome7 = compareTotals(handTotal(p7full), handTotal(await faces(page, 'banker')));
  await answer.choose(
    'quiz-outcome',
    { player: 'Player wins', banker: 'Banker wins', tie: 'Tie' }[outcome7],
  );
  await expectSolved(page, 'quiz-outcome');
  await checkAxe(walk, 'step 7');
  await screenshot(page, `learn-step7-${device}`);
  await next(walk, 'The drawing table');

  // 8. The tableau: every cell is the rules package's; three look-ups, one missed first.
  const cells = await page
    .locator('[role="grid"] td')
    .evaluateAll((tds) =>
      tds.map((td) => [
        td.getAttribute('data-banker'),
        td.getAttribute('data-third'),
        td.textContent,
      ]),
    );
  expect(cells).toHaveLength(8 * 11);
  for (const [b, t, text] of cells) {
    const draws = bankerDecision(Number(b), t === 'none' ? null : Number(t)).draws;
    expect(text).toBe(draws ? 'Ddraws' : 'Sstands');
  }
  const playerCells = await page
    .getByTestId('player-rule')
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-player'), td.textContent]));
  for (const [total, text] of playerCells) {
    expect(text).toBe(playerDecision(Number(total)).draws ? 'Ddraws' : 'Sstands');
  }
  for (let i = 0; i < 3; i++) {
    const task = (await page.getByTestId('lookup-task').textContent())!;
    const [, b, t] = /Banker has (\d), Player’s third card is worth (\d)/.exec(task)!;
    if (i === 0) {
      await answer.pickCell(+b!, (+t! + 1) % 10);
      await expect
        .poll(() => page.getByTestId('beat-lookups').getByTestId('feedback').first().textContent())
        .toContain('Right row, wrong column');
    }
    await answer.pickCell(+b!, +t!);
    const verb = bankerDecision(+b!, +t!).draws ? 'draws' : 'stands';
    await expect
      .poll(() => page.getByTestId('beat-lookups').getByTestId('feedback').first().textContent())
      .toContain(`Banker ${verb}.`);
  }
  await answer.choose('quiz-column', `${third}, the value of the card Player drew`);
  await expectSolved(page, 'quiz-column');
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Lesson complete' }).count())
    .toBe(1);
  await expect.poll(() => page.getByTestId('lesson-count').textContent()).toBe('8 of 8 steps done');
  await checkAxe(walk, 'step 8');
  await screenshot(page, `learn-step8-${device}`);
  expect(await page.getByTestId('lesson-practice').getAttribute('href')).toMatch(/^\//);
}

describe.runIf(canRunBrowser)('/learn', () => {
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

  const run = async (visitor: Visitor, answer: Answerer, device: string) => {
    const walk: Walk = { page: visitor.page, answer, device, axe: [] };
    try {
      await walkLesson(walk);
    } catch (error) {
      await screenshot(visitor.page, `failed-learn-${device}`).catch(() => undefined);
      throw error;
    }
    expect(walk.axe).toEqual([]);
    expect(visitor.watch.errors).toEqual([]);
    expect(visitor.watch.foreign).toEqual([]);
  };

  it('a newcomer walks all eight steps with the mouse, and the browser keeps their place', async () => {
    const visitor = await newVisitor(browser, server.url, DESKTOP);
    await run(visitor, mouse(visitor.page), 'desktop');
    const { page } = visitor;

    // Progress survives a reload; restarting a step asks its exercises again.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('lesson-count').textContent())
      .toBe('8 of 8 steps done');
    await expect
      .poll(() => page.locator('#lesson-step-title').textContent())
      .toBe('The drawing table');
    await page.getByRole('button', { name: 'Restart this step' }).click();
    await expect
      .poll(() => page.getByTestId('lesson-count').textContent())
      .toBe('7 of 8 steps done');
    expect(await page.getByTestId('lookup-task').textContent()).toMatch(/^Look-up 1 of 3/);
    await page.getByTestId('lesson-step-3').click();
    await expect
      .poll(() => page.getByTestId('lesson-hand-player').locator('[data-testid="card"]').count())
      .toBe(0);
    await visitor.context.close();
  });

  it('a newcomer on a phone walks the whole lesson by keyboard alone', async () => {
    const visitor = await newVisitor(browser, server.url, PHONE);
    await run(visitor, keyboard(visitor.page), 'phone');
    // Nothing on the phone is wider than its screen.
    expect(
      await visitor.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await visitor.context.close();
  });
});
