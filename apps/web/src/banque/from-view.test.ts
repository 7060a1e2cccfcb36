import {
  baccaraBanqueSettingsSchema,
  publicBanqueCoupView,
  type BaccaraBanqueView,
  type BanqueCoupView,
} from '@banco/protocol';
import { baccaraBanque, burnShoe, createShoe, type CardCode } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { banqueModel } from './from-view';
import { coupStory } from './words';

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const SEATS = [1, 2, 3, 7, 8];
const RULES: baccaraBanque.CoupRules = {
  cagnotteBp: 125,
  choices: 'free',
  watchersMayStake: false,
};
const PLAY: baccaraBanque.CoupPlay = {
  bankerRule: (position) => (position.bankerTotal <= 5 ? 'draw' : 'stand'),
};
const settings = baccaraBanqueSettingsSchema.parse({ bank: { min: 40_000, max: null } });
const NAMES: Record<number, string> = { 1: 'Ana', 2: 'Ben', 3: 'Cleo', 7: 'Dev', 8: 'Eve' };
const name = (n: number) => NAMES[n] ?? `Seat ${n}`;

/** AS shown, QS burned, the coup's cards in dealing order, then kings. */
function opened(cards: readonly CardCode[], bank = 100_000): baccaraBanque.CoupState {
  const all: CardCode[] = ['AS', 'QS', ...cards, ...Array<CardCode>(24).fill('KH')];
  const shoe = unwrap(burnShoe(unwrap(createShoe(all, { cut: 10, lastHand: 'finish-current' }))));
  return unwrap(
    baccaraBanque.openCoup({
      rules: RULES,
      shoe: shoe.state,
      banker: 1,
      bank,
      holders: baccaraBanque.firstHolders(SEATS, 1),
      seats: SEATS,
    }),
  );
}

const step = (state: baccaraBanque.CoupState, event: baccaraBanque.CoupEvent) =>
  unwrap(baccaraBanque.stepCoup(state, event, PLAY));
const call = (seat: number, c: baccaraBanque.StakeCall): baccaraBanque.CoupEvent => ({
  type: 'call',
  player: `p${seat}`,
  seat,
  call: c,
});

function viewOf(coup: BanqueCoupView): BaccaraBanqueView {
  return {
    stage: { stage: 'held' },
    tenure: {
      banker: 1,
      bankerId: 'p1',
      bank: coup.bank,
      putUp: 100_000,
      coups: 0,
      mayRetire: false,
    },
    holders: coup.holders,
    coup,
    last: null,
    nextCoup: coup.coup + 1,
    bankRun: [],
    retired: [],
    cagnotte: 0,
  };
}

const context = { coup: 4, bankerId: 'p1', stakesCloseAt: null, choiceDeadline: 9_000 };

describe('the screen’s model of the wire’s view', () => {
  it('B4.3 counts calls while the stakes are open, and who may still call', () => {
    let state = opened(['2H', '10S', 'KC', '3D', '4C', '5S']);
    state = step(state, call(2, { kind: 'banco', on: 'right' }));
    const view = viewOf(publicBanqueCoupView(state, context));
    const ben = banqueModel(view, settings, 12, { seat: 2, playerId: 'p2' });
    expect(ben.stage).toEqual({ kind: 'staking', mayCall: false, closesAt: null });
    expect(ben.coup?.stakes).toEqual([{ seat: 2, on: 'right', amount: 100_000, banco: true }]);
    const eve = banqueModel(view, settings, 12, { seat: 8, playerId: 'p8' });
    expect(eve.stage).toMatchObject({ kind: 'staking', mayCall: true });
    // R22.1: seats 1–6 the banker's right, 7–12 his left; the first holders nearest him.
    expect(eve.sides.right).toEqual({ tableau: 'right', seats: [1, 2, 3, 4, 5, 6], holder: 2 });
    expect(eve.sides.left.holder).toBe(7);
  });

  it('R22.6 B4.3 a watcher calls only in the watchers’ turn, told what is left on each tableau', () => {
    let state = opened(['2H', '10S', 'KC', '3D', '4C', '5S']);
    state = { ...state, rules: { ...state.rules, watchersMayStake: true } };
    state = step(state, call(2, { kind: 'stake', on: 'right', amount: 30_000 }));
    const covering = { ...settings, watchersMayCover: true };
    const watcher = { seat: null, playerId: 'w1' };
    const before = banqueModel(viewOf(publicBanqueCoupView(state, context)), covering, 12, watcher);
    expect(before.stage).toEqual({
      kind: 'staking',
      mayCall: false,
      closesAt: null,
      watcher: { turn: false },
    });
    const turn = publicBanqueCoupView(state, { ...context, watchersTurn: true });
    expect(banqueModel(viewOf(turn), covering, 12, watcher).stage).toEqual({
      kind: 'staking',
      mayCall: true,
      closesAt: null,
      watcher: { turn: true, open: { right: 70_000, left: 100_000 } },
    });
    // A room that does not let watchers cover never asks them.
    expect(banqueModel(viewOf(turn), settings, 12, watcher).stage).toMatchObject({
      mayCall: false,
    });
  });

  it('B4.4 a holder on 5 is asked, and his cards stay face down for everyone else', () => {
    let state = opened(['2H', '10S', 'KC', '3D', '4C', '5S', '3H', '4D']);
    state = step(state, call(2, { kind: 'stake', on: 'right', amount: 10_000 }));
    state = step(state, call(7, { kind: 'stake', on: 'cheval', amount: 5_000 }));
    state = step(state, { type: 'close-stakes' });
    const model = banqueModel(viewOf(publicBanqueCoupView(state, context)), settings, 12, {
      seat: 3,
      playerId: 'p3',
    });
    expect(model.stage).toEqual({
      kind: 'holder-choice',
      tableau: 'right',
      seat: 2,
      deadline: 9_000,
    });
    expect(model.coup?.cards.right).toEqual([null, null]);
    expect(model.coup?.cards.banker).toEqual([null, null]);
  });

  it('R23.2 a lone natural is told as paid, and the coup’s end in words', () => {
    let state = opened(['3C', '2D', 'QC', '5H', '2S', '6H', '3S']);
    state = step(state, call(2, { kind: 'stake', on: 'right', amount: 30_000 }));
    state = step(state, call(7, { kind: 'stake', on: 'left', amount: 20_000 }));
    state = step(state, call(8, { kind: 'stake', on: 'cheval', amount: 10_000 }));
    state = step(state, { type: 'close-stakes' });
    // R23.3: every holder is asked; the left's 4 draws whatever he says.
    expect(state.phase).toBe('punto-choice');
    state = step(state, { type: 'choose', seat: 7, option: 'stand' });
    state = step(state, { type: 'choose', seat: 1, option: 'stand' });
    const coup = publicBanqueCoupView(state, context);
    const model = banqueModel(viewOf(coup), settings, 12, { seat: 3, playerId: 'p3' });
    expect(model.coup?.results).toEqual({ right: 'tableau', left: 'tableau' });
    const story = coupStory(model.coup!, name);
    expect(story).toContain(
      'The right tableau turns over a natural 8: it is paid now, and the other tableau plays on.',
    );
    expect(story).toContain('The left tableau wins, 7 to 6.');
    expect(story.some((l) => l.startsWith('The right tableau wins'))).toBe(false);
    // Each punter's net is the server's: what came back less the stake.
    expect(model.coup?.nets).toMatchObject({ 2: 30_000, 7: 20_000, 8: 10_000, 1: -60_000 });
  });
});
