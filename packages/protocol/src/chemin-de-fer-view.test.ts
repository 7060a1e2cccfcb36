import { burnShoe, cheminDeFer, createShoe, type CardCode } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import {
  ACKS,
  bankOfferViewSchema,
  cheminDeFerViewSchema,
  publicCoupView,
  SERVER_MESSAGES,
  TABLE_PRIVATE,
  tableEventSchema,
  tablePrivateMessage,
  tableSnapshotSchema,
  type CoupView,
} from './index.js';

// Distinct faces so that a card's code showing up anywhere in a view is that card leaking.
// After the burn (AS shows, QS burns): punto 2H 3D (5, a choice), banker KC 5S (5), and a 4 for
// the punto's third card puts the banker at his own choice (5 against a 4).
const FACE_DOWN: CardCode[] = ['2H', 'KC', '3D', '5S'];
const THIRD: CardCode = '4D';

function coupAtChoice() {
  const shoe = createShoe(
    ['AS', 'QS', ...FACE_DOWN, THIRD, '6C', ...Array<CardCode>(20).fill('KH')],
    {
      cut: 7,
      lastHand: 'finish-current',
    },
  );
  if (!shoe.ok) throw new Error(shoe.error.code);
  const burned = burnShoe(shoe.value);
  if (!burned.ok) throw new Error(burned.error.code);
  const seats = [1, 2, 3];
  const rules = { cagnottePercent: 5, choices: 'free' as const, limits: { min: 100, max: 10_000 } };
  const posted = cheminDeFer.postBank({
    rules,
    shoe: burned.value.state,
    offer: cheminDeFer.openBank(seats),
    seats,
    banker: 1,
    bank: 1_000,
    bancoSuivi: null,
  });
  if (!posted.ok) throw new Error(posted.error.code);
  const called = cheminDeFer.stepCoup(posted.value, {
    type: 'call',
    seat: 2,
    call: { kind: 'avec-la-table' },
  });
  if (!called.ok) throw new Error(called.error.code);
  const staked = cheminDeFer.stepCoup(called.value, {
    type: 'call',
    seat: 3,
    call: { kind: 'stake', amount: 200 },
  });
  if (!staked.ok) throw new Error(staked.error.code);
  const dealt = cheminDeFer.stepCoup(staked.value, { type: 'close-cover' });
  if (!dealt.ok) throw new Error(dealt.error.code);
  return { covering: staked.value, dealt: dealt.value };
}

const context = { coup: 4, bankerId: 'p1', coverClosesAt: 9_000, choiceDeadline: 12_000 };
const leaks = (view: unknown) => FACE_DOWN.filter((card) => JSON.stringify(view).includes(card));

describe('C4 what a Chemin de Fer table shows', () => {
  it('C4.1 a snapshot has a cheminDeFer view at a Chemin de Fer table and none at a Punto Banco one', () => {
    const view = cheminDeFerViewSchema.parse({
      offer: { kind: 'fresh', seat: 1, declined: [] },
      offerUntil: 5_000,
      coup: null,
      last: null,
      bancoSuivi: null,
      nextCoup: 1,
    });
    expect(tableSnapshotSchema.shape.cheminDeFer.safeParse(undefined).success).toBe(true);
    expect(tableSnapshotSchema.shape.cheminDeFer.safeParse(view).success).toBe(true);
    expect(tableSnapshotSchema.shape.cheminDeFer.safeParse({ ...view, nextCoup: 0 }).success).toBe(
      false,
    );
  });

  it('C4.2 the bank is offered fresh, rides, or is vacant', () => {
    for (const offer of [
      { kind: 'fresh', seat: 2, declined: [1] },
      { kind: 'ride', seat: 2, amount: 1_950 },
      { kind: 'vacant' },
    ]) {
      expect(bankOfferViewSchema.parse(offer)).toEqual(offer);
    }
    expect(bankOfferViewSchema.safeParse({ kind: 'ride', seat: 2 }).success).toBe(false);
  });

  it('C4.3 C5.2 a covering coup shows its calls and when the cover closes', () => {
    const view = publicCoupView(coupAtChoice().covering, context);
    expect(view.phase).toBe('covering');
    expect(view.calls).toEqual([
      { seat: 2, call: { kind: 'avec-la-table' } },
      { seat: 3, call: { kind: 'stake', amount: 200 } },
    ]);
    expect(view.coverClosesAt).toBe(9_000);
    expect(view.cover).toBeNull();
    expect(view.cards).toEqual({ punto: [], banker: [] });
  });

  it('C4.4 C4.5 R14.5 a coup waiting on the punto shows who chooses, and never a face-down card, a total or the cell', () => {
    const { dealt } = coupAtChoice();
    expect(dealt.phase).toBe('punto-choice');
    const view = publicCoupView(dealt, context);
    expect(leaks(view)).toEqual([]);
    expect(view.cards).toEqual({ punto: [null, null], banker: [null, null] });
    // R14.5: that a choice is being made is public; the cell (the punto holds 5) is not.
    expect(view.pending).toEqual({ hand: 'punto', seat: 2, deadline: 12_000 });
    expect(view.cover).toMatchObject({ kind: 'avec-la-table', covered: 700, uncovered: 300 });
    expect(view.story.map((s) => s.kind)).toEqual(['covered', 'dealt']);

    const drew = cheminDeFer.stepCoup(dealt, { type: 'choose', seat: 2, option: 'draw' });
    if (!drew.ok) throw new Error(drew.error.code);
    let state = drew.value;
    const after = publicCoupView(state, context);
    expect(leaks(after)).toEqual([]);
    // A third card is dealt face up (R14.5).
    expect(after.cards.punto).toEqual([null, null, THIRD]);
    const punto = after.story.find((s) => s.kind === 'draw' && s.hand === 'punto');
    expect(punto).toMatchObject({ total: null, card: THIRD, by: 'choice' });
    expect(punto).not.toHaveProperty('cell');
    expect(after.phase).toBe('banker-choice');
    expect(after.pending).toEqual({ hand: 'banker', seat: 1, deadline: 12_000 });

    const done = cheminDeFer.finishByRule(state);
    if (!done.ok) throw new Error(done.error.code);
    state = done.value;
    const settled = publicCoupView(state, context);
    expect(settled.phase).toBe('settled');
    expect(settled.cards.punto.slice(0, 2)).toEqual(['2H', '3D']);
    expect(settled.cards.banker.slice(0, 2)).toEqual(['KC', '5S']);
    // Settled, the hands are turned over: the cell each choice was made at is told.
    expect(settled.story.find((s) => s.kind === 'draw' && s.hand === 'punto')).toMatchObject({
      total: 5,
      cell: 'punto-5',
    });
    expect(settled.story.at(-1)?.kind).toBe('result');
    expect(settled.pending).toBeNull();
  });

  it('C4.6 a settled coup shows what everyone got back and the cagnotte', () => {
    const done = cheminDeFer.finishByRule(coupAtChoice().dealt);
    if (!done.ok || done.value.phase !== 'settled') throw new Error('not settled');
    const view: CoupView = publicCoupView(done.value, context);
    expect(view.settlement).toEqual({
      ...done.value.settlement,
      punters: [...done.value.settlement.punters],
    });
    const s = view.settlement!;
    // Nothing is created: what comes back is what was covered twice over, less the cagnotte.
    const back = s.banker + s.punters.reduce((a, p) => a + p.amount, 0);
    expect(back + s.cagnotte).toBe(2 * 700);
  });
});

describe('C5 Chemin de Fer events', () => {
  const view = {
    offer: { kind: 'vacant' },
    offerUntil: null,
    coup: null,
    last: null,
    bancoSuivi: null,
    nextCoup: 2,
  };

  it('C5.1 chemin.updated is a table event with a version, what happened and the wallets moved', () => {
    const event = {
      type: 'chemin.updated',
      tableId: 'r_x',
      version: 7,
      at: 1,
      what: 'declined',
      seat: 3,
      view,
      balances: [{ seat: 3, playerId: 'p3', balance: 100_000 }],
    };
    expect(tableEventSchema.parse(event)).toEqual(event);
    expect(tableEventSchema.safeParse({ ...event, what: 'shuffled' }).success).toBe(false);
  });

  it('C5.3 a seat’s own cards travel on table.private, with the odds when it must choose', () => {
    expect(SERVER_MESSAGES[TABLE_PRIVATE]).toBe(tablePrivateMessage);
    const { dealt } = coupAtChoice();
    const odds = cheminDeFer.pendingChoiceOdds(dealt);
    if (!odds.ok) throw new Error(odds.error.code);
    const message = {
      tableId: 'r_x',
      type: 'chemin.cards',
      coup: 4,
      hand: 'punto',
      cards: ['2H', '3D'],
      odds: odds.value,
      cell: 'punto-5',
    };
    expect(tablePrivateMessage.parse(message)).toEqual(message);
    // C5.3: the cell is told to its chooser alone, and only with a choice to make.
    expect(tablePrivateMessage.safeParse({ ...message, cell: 'banker-7' }).success).toBe(false);
    expect(tablePrivateMessage.safeParse({ ...message, hand: 'player' }).success).toBe(false);
  });

  it('C5.4 a resync carries the chemin.updated events missed', () => {
    const ack = {
      ok: true,
      version: 8,
      events: [
        {
          type: 'chemin.updated',
          tableId: 'r_x',
          version: 8,
          at: 2,
          what: 'offered',
          seat: null,
          view,
          balances: [],
        },
      ],
      snapshot: null,
      you: { playerId: 'p1', seat: 1, balance: 5, bets: [], away: false },
    };
    expect(ACKS['table.resync'].safeParse(ack).success).toBe(true);
  });
});
