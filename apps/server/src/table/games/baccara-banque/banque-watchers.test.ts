/**
 * Watchers covering a Baccara Banque bank (R22.6, T16.13), through the pure reducer: refused
 * where the room does not allow it, before the seated have called, and for a banco; in a room
 * that allows it, their plain stakes are held against no seat (T16.4) and settled like any other.
 */
import type { BaccaraBanqueSettings, TableEvent } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import type { TableState } from '../../core/state.js';
import { ReducerHarness } from '../../testing/reducer-harness.js';
import { watchersMayCover } from './windows.js';

type Updated = Extract<TableEvent, { type: 'banque.updated' }>;

const SETTINGS: BaccaraBanqueSettings = {
  decks: 3,
  award: 'auction',
  bank: { min: 10_000, max: 100_000 },
  cagnotteBp: 125,
  choices: { mode: 'by-rule' },
  biddingSeconds: 30,
  watchersMayCover: true,
};
const WINDOW = 10_000;
/** Right 4C 5D: a lone natural 9. Left 2H 3S: 5. Banker KC 6H; then kings. */
const CARDS: CardCode[] = ['AS', 'QS', '4C', '2H', 'KC', '5D', '3S', '6H', '7D'];

/** Ann holds a bank of 50,000; Bob (right side) and Cat (left side) are seated punters. */
function table(watchersMayCover = true): ReducerHarness {
  const t = new ReducerHarness(
    {
      seats: 12,
      decks: 3,
      cut: 10,
      lastHand: 'finish-current',
      bettingMs: WINDOW,
      baccaraBanque: { ...SETTINGS, watchersMayCover },
    },
    [[...CARDS, ...Array<CardCode>(40).fill('KH')]],
  );
  t.sit('ann', 1);
  t.sit('bob', 2);
  t.sit('cat', 7);
  for (const [who, amount] of [
    ['ann', 50_000],
    ['bob', 20_000],
    ['cat', 10_000],
  ] as const) {
    expect(t.command(who, 'banque.bid', { amount })).toMatchObject({ ok: true });
  }
  for (const watcher of ['wat', 'wes']) t.wallets.set(watcher, 100_000);
  return t;
}

const stake = (t: ReducerHarness, who: string, on: 'right' | 'left', amount: number) =>
  t.command(who, 'banque.stake', { coup: 1, call: { kind: 'stake', on, amount } });
const updates = (t: ReducerHarness): Updated[] => t.ofType('banque.updated');

describe('watchers covering the bank (R22.6, T16.13)', () => {
  it('R22.6 T16.13 a room that does not allow it refuses a watcher NOT_SEATED, nothing changed', () => {
    const t = table(false);
    const version = t.state.version;
    expect(stake(t, 'wat', 'right', 10_000)).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(t.state.version).toBe(version);
    expect(stake(t, 'bob', 'right', 10_000)).toMatchObject({ ok: true });
    expect(stake(t, 'cat', 'left', 10_000)).toMatchObject({ ok: true });
    // No watchers' turn: the seated have called, the coup is dealt at once.
    expect(updates(t).some((e) => e.what === 'watchers-turn')).toBe(false);
    expect(updates(t).some((e) => e.what === 'dealt')).toBe(true);
  });

  it('R22.6 T16.13 a watcher waits for the seated, never calls banco, then stakes in call order and is settled (T16.4)', () => {
    const t = table();
    const version = t.state.version;
    expect(stake(t, 'wat', 'right', 40_000)).toMatchObject({
      ok: false,
      code: 'WATCHERS_AFTER_SEATED',
    });
    const banco = t.command('wat', 'banque.stake', {
      coup: 1,
      call: { kind: 'banco', on: 'right' },
    });
    expect(banco).toMatchObject({ ok: false, code: 'BANCO_SEATED_ONLY' });
    expect(t.state.version).toBe(version);

    expect(stake(t, 'bob', 'right', 10_000)).toMatchObject({ ok: true });
    expect(stake(t, 'cat', 'left', 10_000)).toMatchObject({ ok: true });
    // The seated left 40,000 on each tableau: the watchers' turn, with a window of its own.
    const turn = updates(t).at(-1)!;
    expect(turn).toMatchObject({ what: 'watchers-turn', seat: null });
    expect(turn.view.coup).toMatchObject({ watchersTurn: true, stakesCloseAt: t.now + WINDOW });

    expect(stake(t, 'wat', 'right', 40_000)).toMatchObject({ ok: true });
    expect(updates(t).at(-1)).toMatchObject({ what: 'called', seat: null });
    // The left tableau is still short: the stakes stay open for the next watcher.
    expect(updates(t).some((e) => e.what === 'dealt')).toBe(false);
    expect(stake(t, 'wes', 'left', 50_000)).toMatchObject({ ok: true });

    // Covered: held at once, the watchers against no seat, and dealt.
    const escrow = t.effects.find((e) => e.type === 'escrow-all');
    expect(
      escrow?.type === 'escrow-all' && escrow.escrows.map((e) => [e.playerId, e.seat]),
    ).toEqual([
      ['ann', 1],
      ['bob', 2],
      ['cat', 7],
      ['wat', null],
      ['wes', null],
    ]);
    const dealt = updates(t).find((e) => e.what === 'dealt')!;
    expect(dealt.view.coup?.cover?.stakes).toEqual([
      { player: 'bob', seat: 2, on: 'right', amount: 10_000 },
      { player: 'cat', seat: 7, on: 'left', amount: 10_000 },
      { player: 'wat', seat: null, on: 'right', amount: 40_000 },
      // R22.7: cut to what the left tableau had left.
      { player: 'wes', seat: null, on: 'left', amount: 40_000 },
    ]);
    expect(dealt.balances).toContainEqual({ seat: null, playerId: 'wat', balance: 60_000 });

    const settled = updates(t).find((e) => e.what === 'settled')!;
    const payouts = settled.view.last!.settlement!.payouts;
    for (const watcher of ['wat', 'wes']) {
      const mine = payouts.filter((p) => p.player === watcher);
      const net = mine.reduce((sum, p) => sum + p.back - p.amount, 0);
      expect(t.wallets.get(watcher)).toBe(100_000 + net);
      expect(settled.balances).toContainEqual({
        seat: null,
        playerId: watcher,
        balance: 100_000 + net,
      });
    }
    // The right tableau's natural 9 won against the banker's 6: Wat is paid even money.
    expect(t.wallets.get('wat')).toBe(140_000);
  });

  it('T16.13 the seated run out of time: the watchers get their turn, then the stakes close', () => {
    const t = table();
    expect(stake(t, 'bob', 'right', 10_000)).toMatchObject({ ok: true });
    t.advance(WINDOW);
    expect(updates(t).at(-1)).toMatchObject({ what: 'watchers-turn' });
    expect(stake(t, 'wat', 'right', 20_000)).toMatchObject({ ok: true });
    t.advance(WINDOW);
    const dealt = updates(t).find((e) => e.what === 'dealt')!;
    expect(dealt.view.coup?.cover?.stakes.map((s) => s.player)).toEqual(['bob', 'wat']);
    expect(updates(t).some((e) => e.what === 'settled')).toBe(true);
  });

  it('T16.13 a bank the seated covered opens no watchers’ turn', () => {
    const t = table();
    expect(
      t.command('bob', 'banque.stake', { coup: 1, call: { kind: 'banco', on: 'right' } }),
    ).toMatchObject({ ok: true });
    expect(stake(t, 'cat', 'left', 10_000)).toMatchObject({ ok: true });
    expect(updates(t).some((e) => e.what === 'watchers-turn')).toBe(false);
    expect(updates(t).some((e) => e.what === 'dealt')).toBe(true);
  });

  it('T16.13 T11.15 a room that plays room chips gives watchers no turn: its chips go with the seats', () => {
    const t = table();
    expect(watchersMayCover(t.state)).toBe(true);
    const roomChips: TableState = {
      ...t.state,
      room: t.state.room ?? ({} as NonNullable<TableState['room']>),
      settings: {
        ...t.state.settings,
        evening: {
          seating: 'open',
          chips: 'room',
          roomChips: {
            startingStack: 100_000,
            topUps: { autoBelowMinimum: false, perNight: null },
          },
          waitlistMax: 10,
          offerSeconds: 60,
          autoSitOutRounds: null,
          finish: null,
        },
      },
    };
    expect(watchersMayCover(roomChips)).toBe(false);
  });
});
