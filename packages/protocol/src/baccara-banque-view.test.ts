import { baccaraBanque, burnShoe, createShoe, type CardCode } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import {
  BANQUE_UPDATES,
  baccaraBanqueViewSchema,
  banqueBankStageSchema,
  banqueCardsFor,
  publicBanqueCoupView,
  tableEventSchema,
  tablePrivateMessage,
  tableSnapshotSchema,
  type BaccaraBanqueView,
} from './index.js';

// Distinct faces, so a face-down card's code showing up anywhere in a view is that card leaking.
// After the burn (AS shows, QS burns): right 2H 10C (2), left 3D JS (3), banker 4C QD (4); both
// tableaux draw (6H, 7S face up) and the banker is left to choose.
const FACE_DOWN: CardCode[] = ['2H', '3D', '4C', '10C', 'JS', 'QD'];
const THIRDS: CardCode[] = ['6H', '7S', '9C'];
const play = { bankerRule: baccaraBanque.exactBankerRule };

function coupAtChoice() {
  const shoe = createShoe(
    ['AS', 'QS', ...FACE_DOWN, ...THIRDS, ...Array<CardCode>(20).fill('KH')],
    {
      cut: 10,
      lastHand: 'finish-current',
    },
  );
  if (!shoe.ok) throw new Error(shoe.error.code);
  const burned = burnShoe(shoe.value);
  if (!burned.ok) throw new Error(burned.error.code);
  const seats = [1, 2, 3, 7];
  const opened = baccaraBanque.openCoup({
    rules: { cagnotteBp: 125, choices: 'free', watchersMayStake: false },
    shoe: burned.value.state,
    banker: 1,
    bank: 1_000,
    holders: baccaraBanque.firstHolders(seats, 1),
    seats,
  });
  if (!opened.ok) throw new Error(opened.error.code);
  let state = opened.value;
  for (const [seat, call] of [
    [2, { kind: 'stake', on: 'right', amount: 600 }],
    [3, { kind: 'stake', on: 'cheval', amount: 200 }],
    [7, { kind: 'stake', on: 'left', amount: 300 }],
  ] as const) {
    const next = baccaraBanque.stepCoup(
      state,
      { type: 'call', player: `p${seat}`, seat, call },
      play,
    );
    if (!next.ok) throw new Error(next.error.code);
    state = next.value;
  }
  const staking = state;
  const calling = baccaraBanque.stepCoup(state, { type: 'close-stakes' }, play);
  if (!calling.ok) throw new Error(calling.error.code);
  // R23.3: each holder calls; the punto rule draws on 2 and 3 whatever they say.
  let dealt = calling.value;
  for (const seat of [2, 7]) {
    const called = baccaraBanque.stepCoup(dealt, { type: 'choose', seat, option: 'stand' }, play);
    if (!called.ok) throw new Error(called.error.code);
    dealt = called.value;
  }
  return { staking, calling: calling.value, dealt };
}

const context = { coup: 3, bankerId: 'p1', stakesCloseAt: 9_000, choiceDeadline: 12_000 };
const leaks = (view: unknown) => FACE_DOWN.filter((card) => JSON.stringify(view).includes(card));

function tableView(coup: ReturnType<typeof publicBanqueCoupView> | null): BaccaraBanqueView {
  return baccaraBanqueViewSchema.parse({
    stage: { stage: 'held' },
    tenure: { banker: 1, bankerId: 'p1', bank: 1_000, putUp: 1_000, coups: 2, mayRetire: true },
    holders: { right: 2, left: 7 },
    coup,
    last: null,
    nextCoup: 3,
    bankRun: [{ coup: 1, banker: 1, bank: 1_000 }],
    retired: [],
    cagnotte: 0,
  });
}

describe('B4 what a Baccara Banque table shows', () => {
  it('B4.1 a snapshot has a baccaraBanque view at its table and none elsewhere', () => {
    const view = tableView(null);
    expect(tableSnapshotSchema.shape.baccaraBanque.safeParse(undefined).success).toBe(true);
    expect(tableSnapshotSchema.shape.baccaraBanque.safeParse(view).success).toBe(true);
    expect(
      tableSnapshotSchema.shape.baccaraBanque.safeParse({ ...view, nextCoup: 0 }).success,
    ).toBe(false);
  });

  it('B4.2 the bank stands at auction, on offer, held, dry or with nobody', () => {
    for (const stage of [
      { stage: 'auction', bids: [{ seat: 2, amount: 5_000 }], closesAt: 4_000 },
      { stage: 'offer', kind: 'take-over', seat: 3, declined: [2], until: null },
      { stage: 'held' },
      { stage: 'dry', until: 7_000 },
      { stage: 'none', why: 'shoe-over' },
    ]) {
      expect(banqueBankStageSchema.parse(stage)).toEqual(stage);
    }
    expect(banqueBankStageSchema.safeParse({ stage: 'offer', seat: 3 }).success).toBe(false);
  });

  it('B4.3 a coup taking stakes shows its calls and when they close', () => {
    const view = publicBanqueCoupView(coupAtChoice().staking, context);
    expect(view.phase).toBe('staking');
    expect(view.calls.map((c) => c.seat)).toEqual([2, 3, 7]);
    expect(view.stakesCloseAt).toBe(9_000);
    expect(view.cards).toEqual({ right: [], left: [], banker: [] });
  });

  it('B4.4 B4.5 R20.5 the banker’s choice is public, his cards and the tableaux’s are not', () => {
    const { dealt } = coupAtChoice();
    expect(dealt.phase).toBe('banker-choice');
    const view = publicBanqueCoupView(dealt, context);
    expect(leaks(view)).toEqual([]);
    expect(view.cards).toEqual({
      right: [null, null, '6H'],
      left: [null, null, '7S'],
      banker: [null, null],
    });
    expect(view.pending).toEqual({ hand: 'banker', seat: 1, deadline: 12_000 });
    expect(view.story.map((s) => s.kind)).toEqual(['covered', 'dealt', 'draw', 'draw']);
    expect(view.story.filter((s) => s.kind === 'draw').map((s) => 'total' in s && s.total)).toEqual(
      [null, null],
    );
    expect(view.cover?.onTableau).toEqual({ right: 800, left: 500 });
    expect(tableView(view).coup).toEqual(view);
  });

  it('B4.6 a settled coup shows every card, the outcomes and what each stake got back', () => {
    const done = baccaraBanque.stepCoup(
      coupAtChoice().dealt,
      { type: 'choose', seat: 1, option: 'draw' },
      play,
    );
    if (!done.ok) throw new Error(done.error.code);
    const view = publicBanqueCoupView(done.value, context);
    expect(view.cards.banker).toEqual(['4C', 'QD', '9C']);
    // right 8, left 0, banker 3.
    expect(view.settlement?.outcomes).toEqual({ right: 'tableau', left: 'banker' });
    expect(view.settlement?.payouts.map((p) => [p.seat, p.result, p.back])).toEqual([
      [2, 'win', 1_200],
      [3, 'void', 200],
      [7, 'lose', 0],
    ]);
    expect(view.settlement).toMatchObject({ bankerGross: -300, cagnotte: 0, bankAfter: 700 });
  });
});

describe('B4.4 a holder’s call', () => {
  it('B4.4 B2.5 R20.5 every holder calls, so a wait tells nobody a tableau holds 5', () => {
    const { calling } = coupAtChoice();
    const view = publicBanqueCoupView(calling, context);
    expect(view.phase).toBe('punto-choice');
    expect(view.pending).toEqual({ hand: 'right', seat: 2, deadline: 12_000 });
    expect(leaks(view)).toEqual([]);
    // The holder is told the rule will draw on his 2 whatever he calls.
    const [mine] = banqueCardsFor(calling, 2, { tableId: 't', coup: 3 });
    expect(mine).toMatchObject({ hand: 'right', choosing: true, forced: 'draw' });
    expect(banqueCardsFor(calling, 7, { tableId: 't', coup: 3 })[0]).toMatchObject({
      choosing: false,
      forced: null,
    });
  });
});

describe('B5 Baccara Banque events', () => {
  it('B5.1 a banque.updated event carries what happened, the view and the balances', () => {
    for (const what of BANQUE_UPDATES) {
      const event = tableEventSchema.parse({
        tableId: 't',
        version: 9,
        at: 1,
        type: 'banque.updated',
        what,
        seat: null,
        view: tableView(null),
        balances: [{ seat: 2, playerId: 'p2', balance: 4_000 }],
      });
      expect(event.type).toBe('banque.updated');
    }
  });

  it('B5.2 once the stakes close the six cards are out and what plays is held in the cover', () => {
    const view = publicBanqueCoupView(coupAtChoice().dealt, context);
    expect(view.cover?.stakes.map((s) => [s.seat, s.on, s.amount])).toEqual([
      [2, 'right', 600],
      [3, 'cheval', 200],
      [7, 'left', 300],
    ]);
    expect(view.cover?.returned).toEqual([]);
  });

  it('B5.3 the banker gets his cards with the exact values of his window; a holder his tableau’s', () => {
    const { dealt } = coupAtChoice();
    const at = { tableId: 't', coup: 3 };
    const [banker] = banqueCardsFor(dealt, 1, at);
    expect(banker).toMatchObject({ hand: 'banker', cards: ['4C', 'QD'], choosing: true });
    const values = baccaraBanque.bankerChoiceValues(
      baccaraBanque.bankerPosition(dealt as baccaraBanque.DealtCoup),
    );
    if (!values.ok) throw new Error(values.error.code);
    expect(banker!.window?.best).toBe(values.value.best);
    expect(banker!.window?.draw.total).toEqual(values.value.draw.total);
    expect(tablePrivateMessage.parse(banker)).toEqual(banker);
    expect(banqueCardsFor(dealt, 2, at)).toEqual([
      {
        ...at,
        type: 'banque.cards',
        hand: 'right',
        cards: ['2H', '10C'],
        choosing: false,
        forced: null,
        window: null,
      },
    ]);
    expect(banqueCardsFor(dealt, 3, at)).toEqual([]);
    expect(banqueCardsFor(coupAtChoice().staking, 1, at)).toEqual([]);
  });
});
