/**
 * A Baccara Banque table driven through the pure reducer (T16): choices left to their windows
 * are made by the rule, the banker alone is sent his values, and a restart finishes a dealt coup
 * by the rule from its stored state.
 */
import type { BaccaraBanqueSettings, BanqueCards, TableEvent } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { ReducerHarness } from '../../testing/reducer-harness.js';

type Updated = Extract<TableEvent, { type: 'banque.updated' }>;

const SETTINGS: BaccaraBanqueSettings = {
  decks: 3,
  award: 'auction',
  bank: { min: 10_000, max: 100_000 },
  cagnotteBp: 125,
  choices: { mode: 'window', seconds: 20 },
  biddingSeconds: 30,
  watchersMayCover: false,
};
const WINDOW = 20_000;
/** Right 4C 5D: a lone natural 9. Left 2H 3S: 5. Banker KC 6H; then kings. */
const LONE_NATURAL: CardCode[] = ['4C', '2H', 'KC', '5D', '3S', '6H', '7D'];

/** A 3-deck Baccara Banque table whose shoe starts with the burn card, then `cards`, then kings. */
function banqueTable(cards: CardCode[], room: { host?: string } = {}): ReducerHarness {
  return new ReducerHarness(
    {
      seats: 12,
      decks: 3,
      cut: 10,
      lastHand: 'finish-current',
      bettingMs: 10_000,
      baccaraBanque: SETTINGS,
    },
    [['AS', 'QS', ...cards, ...Array<CardCode>(40).fill('KH')]],
    room,
  );
}

function dealtTable(): ReducerHarness {
  const t = banqueTable(LONE_NATURAL);
  t.sit('ann', 1);
  t.sit('bob', 2);
  t.sit('cat', 7);
  expect(t.command('ann', 'banque.bid', { amount: 50_000 })).toMatchObject({ ok: true });
  expect(t.command('bob', 'banque.bid', { amount: 20_000 })).toMatchObject({ ok: true });
  expect(t.command('cat', 'banque.bid', { amount: 10_000 })).toMatchObject({ ok: true });
  const stake = (who: string, on: 'right' | 'left') =>
    t.command(who, 'banque.stake', { coup: 1, call: { kind: 'stake', on, amount: 10_000 } });
  expect(stake('bob', 'right')).toMatchObject({ ok: true });
  expect(stake('cat', 'left')).toMatchObject({ ok: true });
  return t;
}

const updates = (t: ReducerHarness): Updated[] => t.ofType('banque.updated');
const lastUpdate = (t: ReducerHarness): Updated => updates(t).at(-1)!;
const cardsTo = (t: ReducerHarness, playerId: string): BanqueCards[] =>
  t.effects.flatMap((e) =>
    e.type === 'private' && e.playerId === playerId && e.message.type === 'banque.cards'
      ? [e.message]
      : [],
  );

describe('a Baccara Banque table (T16)', () => {
  it('T16.6 T16.7 B5.3 choices left to their windows are made by the rule; the banker alone gets his values', () => {
    const t = dealtTable();
    expect(lastUpdate(t).view.coup?.pending).toMatchObject({ hand: 'left', seat: 7 });
    t.advance(WINDOW);
    expect(lastUpdate(t)).toMatchObject({ what: 'chose', seat: null });
    expect(lastUpdate(t).view.coup?.pending).toMatchObject({ hand: 'banker', seat: 1 });
    const window = cardsTo(t, 'ann').find((m) => m.window !== null);
    expect(window).toMatchObject({ hand: 'banker', cards: ['KC', '6H'], choosing: true });
    for (const other of ['bob', 'cat']) {
      expect(cardsTo(t, other).every((m) => m.window === null)).toBe(true);
    }
    t.advance(WINDOW);
    const settled = updates(t).find((e) => e.what === 'settled')!;
    const story = settled.view.last!.story;
    // By the rule the left's 5 drew, and the banker took the option of greater value.
    expect(story).toContainEqual(
      expect.objectContaining({ kind: 'draw', hand: 'left', by: 'rule' }),
    );
    const banker = story.find(
      (s) => (s.kind === 'draw' || s.kind === 'stand') && s.hand === 'banker',
    );
    expect(banker).toMatchObject({ kind: window!.window!.best, by: 'rule' });
    for (const who of ['ann', 'bob', 'cat']) {
      expect(t.state.seats.find((s) => s.player.id === who)?.balance).toBe(t.wallets.get(who));
    }
  });

  it('T16.9 a dealt coup is stored, and after a restart finished by the rule and settled', () => {
    const t = dealtTable();
    const stored = t.game.store(t.state);
    const back = t.game.restore(JSON.parse(JSON.stringify(stored)), t.state.phase, t.state.shoe);
    expect(back?.game).toEqual(t.state.game);
    t.dispatch({ type: 'resume', now: t.now });
    const settled = updates(t).find((e) => e.what === 'settled');
    expect(settled?.view.last?.phase).toBe('settled');
    expect(settled?.view.last?.story).toContainEqual(
      expect.objectContaining({ kind: 'draw', hand: 'left', by: 'rule' }),
    );
    const total = ['ann', 'bob', 'cat'].reduce((a, who) => a + t.wallets.get(who)!, 0);
    // Nothing made or lost but the cagnotte.
    expect(3 * 100_000 - total).toBe(settled!.view.last!.settlement!.cagnotte);
  });

  it('T16.9 a coup whose stakes are open is called off by a restart, every chip back', () => {
    const t = banqueTable([]);
    t.sit('ann', 1);
    t.sit('bob', 2);
    t.command('ann', 'banque.bid', { amount: 50_000 });
    t.command('bob', 'banque.bid', { amount: 20_000 });
    expect(lastUpdate(t).what).toBe('stakes-opened');
    t.dispatch({ type: 'resume', now: t.now });
    expect(updates(t).find((e) => e.what === 'not-dealt')?.view.last).toMatchObject({
      coup: 1,
      notDealt: 'called-off',
    });
    expect(t.wallets.get('ann')).toBe(100_000);
    expect(t.wallets.get('bob')).toBe(100_000);
  });

  it('T16.3 T1.7 a held bank waiting for a punter opens its coup when one comes back', () => {
    const t = banqueTable([]);
    t.sit('ann', 1);
    t.sit('bob', 2);
    t.command('ann', 'banque.bid', { amount: 50_000 });
    t.command('bob', 'banque.bid', { amount: 20_000 });
    expect(lastUpdate(t).what).toBe('stakes-opened');
    // Bob's connection drops: the stakes close with nothing staked, and no coup can open.
    t.away('bob');
    t.fire();
    expect(lastUpdate(t)).toMatchObject({ what: 'not-dealt', view: { coup: null } });
    const heard = updates(t).length;
    t.away('bob', false);
    expect(
      updates(t)
        .slice(heard)
        .map((e) => e.what),
    ).toEqual(['stakes-opened']);
    expect(lastUpdate(t).view.coup).toMatchObject({ coup: 2, banker: 1, punters: [2] });
  });
  it('T11.4 T16.3 a bank awarded while the host has paused the room opens no coup until resumed', () => {
    const t = banqueTable([], { host: 'ann' });
    t.sit('ann', 1);
    t.sit('bob', 2);
    expect(lastUpdate(t).what).toBe('auction-opened');
    expect(t.command('ann', 'room.pause', { paused: true })).toMatchObject({ ok: true });
    t.command('ann', 'banque.bid', { amount: 50_000 });
    t.command('bob', 'banque.bid', { amount: 20_000 });
    expect(lastUpdate(t)).toMatchObject({ what: 'awarded', view: { coup: null } });
    expect(t.state.phase.kind).toBe('waiting');
    expect(t.command('ann', 'room.pause', { paused: false })).toMatchObject({ ok: true });
    expect(lastUpdate(t)).toMatchObject({ what: 'stakes-opened', view: { coup: { coup: 1 } } });
  });
});
