import type { Browser, Page } from 'playwright-core';
import { expect, type TestContext } from 'vitest';
import { newVisitor, screenshot, type Visitor } from './browser.js';
import { TableObserver, type EventOf } from './observer.js';
import { arriveByLink, minorUnits } from './player.js';
import type { RunningServer } from './server.js';

/**
 * A private room of friends, the steps every room test takes the same way: the host opens the
 * room and sits, friends come by its link and sit, every page is checked against the ledger,
 * and a failed test leaves its pages' screenshots. The game is the test's own business.
 */

/** Someone seated at the room, by name. */
export interface Friend extends Visitor {
  name: string;
  seat: number;
  playerId: string;
}

/**
 * The host, on the room form, opens the room and goes to it; an observer joins the room and
 * sees the host take seat 1.
 */
export async function openRoomAndSit(serverUrl: string, page: Page) {
  await page.getByRole('button', { name: 'Open the room' }).click();
  const link = await page.getByTestId('room-link').inputValue();
  const roomId = new URL(link).searchParams.get('id')!;
  const observer = await TableObserver.join(serverUrl, roomId);
  await page.getByRole('link', { name: 'Go to your room' }).click();
  const taken = await observer.until('seat.taken', (e) => e.seat === 1);
  return { link, roomId, observer, hostId: taken.player.id };
}

/** A friend comes by the room's link on a device of their own and sits in `seat`. */
export async function comeAndSit(
  room: { browser: Browser; server: RunningServer; observer: TableObserver; link: string },
  name: string,
  seat: number,
  device: Parameters<typeof newVisitor>[2],
): Promise<Friend> {
  const friend = await newVisitor(room.browser, room.server.url, device);
  await arriveByLink(friend.page, room.link, name);
  await friend.page.getByRole('button', { name: `Sit here: seat ${seat}` }).click();
  const taken = await room.observer.until('seat.taken', (e) => e.seat === seat);
  expect(taken.player.name).toBe(name);
  return { ...friend, name, seat, playerId: taken.player.id };
}

/** Every page in `viewers` shows, for every friend's seat, the balance the ledger holds. */
export async function pagesShowTheLedger(
  server: RunningServer,
  friends: readonly Friend[],
  viewers: readonly Friend[] = friends,
) {
  for (const f of friends) {
    const ledger = await server.db.walletBalance(f.playerId);
    for (const viewer of viewers) {
      await expect
        .poll(() => minorUnits(viewer.page.getByTestId(`seat-balance-${f.seat}`)))
        .toBe(ledger);
    }
  }
}

/** The table's `n`th event of a type that passes `test`, once it has come. */
export async function nthEvent<T extends Parameters<TableObserver['of']>[0]>(
  observer: TableObserver,
  type: T,
  test: (e: EventOf<T>) => boolean,
  n: number,
): Promise<EventOf<T>> {
  const all = () => observer.of(type).filter(test);
  await observer.until(type, () => all().length >= n);
  return all()[n - 1]!;
}

/**
 * After a failed test: a screenshot of every page, named by test and person, and the events the
 * observer saw (each written by `line`).
 */
export async function recordFailure(
  context: TestContext,
  prefix: string,
  people: readonly (Visitor & { name: string })[],
  observer: TableObserver | undefined,
  line: (e: TableObserver['events'][number]) => string = (e) => `${e.version} ${e.type}`,
) {
  if (context.task.result?.state !== 'fail') return;
  const test = context.task.name.split(':')[0]!.replace(/\W+/g, '-');
  for (const p of people) {
    await screenshot(p.page, `failed-${prefix}-${test}-${p.name}`).catch(() => undefined);
  }
  if (observer) console.error(observer.events.map(line).join('\n'));
}

/** The end of a test file: the observer, the browser and the server go, whichever started. */
export async function closeAll(
  observer: TableObserver | undefined,
  browser: Browser | undefined,
  server: RunningServer | undefined,
) {
  observer?.close();
  await browser?.close();
  await server?.stop();
}
