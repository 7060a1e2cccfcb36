/**
 * A Chemin de Fer table driven through the pure reducer (T15): what each event and snapshot
 * tells, and when, checked against what the table holds.
 */
import type { CheminCards, CheminDeFerSettings, TableEvent } from '@banco/protocol';
import { cardValue, cheminDeFer, type CardCode } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import type { TableInput } from '../../core/inputs.js';
import { reduce } from '../../core/reducer.js';
import { STARTING_BALANCE } from '../../core/settings.js';
import { snapshotOf } from '../../core/snapshot.js';
import type { Effect, Escrow, TableState } from '../../core/state.js';
import { ReducerHarness } from '../../testing/reducer-harness.js';
import { cheminDeFer as cheminDeFerGame } from './game.js';

type Updated = Extract<TableEvent, { type: 'chemin.updated' }>;

const SETTINGS: CheminDeFerSettings = {
  decks: 6,
  cagnottePercent: 5,
  bank: { min: 10_000, max: 100_000 },
  choices: { mode: 'window', seconds: 20 },
};
const OFFER_MS = 10_000;

/** After the burn (AS shown, QS burned), coups dealt punto, banker, punto, banker, then thirds. */
const FILL: CardCode[] = Array<CardCode>(40).fill('KH');
/** Punto 2H 3D (5: his choice), banker KC 5S (5); a 4D third puts the banker at 5 v 4. */
const CHOICES: CardCode[] = ['2H', 'KC', '3D', '5S', '4D'];
/** Punto KD QD (0) draws KS; banker 7H JC (7) stands: the banker wins. */
const BANKER_WINS: CardCode[] = ['KD', '7H', 'QD', 'JC', 'KS'];

function cheminTable(coups: CardCode[][], fill: CardCode[] = FILL): ReducerHarness {
  return new ReducerHarness(
    {
      decks: 6,
      cut: 7,
      lastHand: 'finish-current',
      bettingMs: OFFER_MS,
      cheminDeFer: SETTINGS,
    },
    [['AS', 'QS', ...coups.flat(), ...fill]],
  );
}

const updates = (t: ReducerHarness): Updated[] => t.ofType('chemin.updated');
const lastUpdate = (t: ReducerHarness): Updated => updates(t).at(-1)!;
const cardsTo = (t: ReducerHarness, playerId: string): CheminCards[] =>
  t.effects.flatMap((e) =>
    e.type === 'private' && e.playerId === playerId && e.message.type === 'chemin.cards'
      ? [e.message]
      : [],
  );

function post(t: ReducerHarness, playerId: string, amount: number) {
  return t.command(playerId, 'chemin.bank.post', { coup: t.state.roundSeq + 1, amount });
}

function call(t: ReducerHarness, playerId: string, c: { kind: 'banco' } | { kind: 'none' }) {
  return t.command(playerId, 'chemin.cover', { coup: t.state.roundSeq, call: c });
}

/** Ann (seat 1) holds the bank, Bob (seat 2) covers it with Banco!: the cards are dealt. */
function bancoCoup(t: ReducerHarness, bank = 50_000): void {
  expect(post(t, 'ann', bank)).toMatchObject({ ok: true });
  expect(call(t, 'bob', { kind: 'banco' })).toMatchObject({ ok: true });
}

function annAndBob(coups: CardCode[][], fill?: CardCode[]): ReducerHarness {
  const t = cheminTable(coups, fill);
  t.sit('ann', 1);
  t.sit('bob', 2);
  expect(lastUpdate(t)).toMatchObject({ what: 'offered', view: { offer: { seat: 1 } } });
  return t;
}

/** One input through the reducer alone, its effects kept and not answered. */
function reduceOnce(
  state: TableState,
  input: TableInput,
): { state: TableState; effects: Effect[] } {
  const reduced = reduce(state, input, cheminDeFerGame);
  return { state: reduced.state, effects: [...reduced.effects] };
}

/** Coup 1's cover call, as the socket hands it to the table. */
const coverInput = (t: ReducerHarness, playerId: string, kind: 'banco' | 'none'): TableInput => ({
  type: 'command',
  now: t.now,
  playerId,
  command: { name: 'chemin.cover', payload: { tableId: 'test', coup: 1, call: { kind } } },
});

/** The ledger's answer to one of a coup's escrows: the stake held, the wallet left at `balance`. */
const escrowedInput = (t: ReducerHarness, escrow: Escrow, balance: number): TableInput => ({
  type: 'escrow-answers',
  now: t.now,
  answers: [
    {
      type: 'escrowed',
      now: t.now,
      seat: escrow.seat,
      playerId: escrow.playerId,
      confirmId: escrow.confirmId,
      bets: escrow.bets.map((b) => ({ ...b, id: `${escrow.roundId}:${b.spot}` })),
      balance,
    },
  ],
});

const broadcasts = (effects: readonly Effect[]): TableEvent[] =>
  effects.flatMap((e) => (e.type === 'broadcast' ? [e.event] : []));

const snapshot = (state: TableState) =>
  snapshotOf(state, { playerId: 'watcher', spectators: 0, now: 0 }, cheminDeFerGame);

describe('a Chemin de Fer table (T15)', () => {
  it('R14.5 C4.4 C5.3 nobody but the chooser is told the cell of a choice before the coup is settled', () => {
    const t = annAndBob([CHOICES]);
    bancoCoup(t);
    const dealt = lastUpdate(t);
    expect(dealt.what).toBe('dealt');
    expect(dealt.view.coup?.pending).toEqual({
      hand: 'punto',
      seat: 2,
      deadline: t.now + 20_000,
    });
    expect(cardsTo(t, 'bob').at(-1)).toMatchObject({ hand: 'punto', cell: 'punto-5' });
    expect(cardsTo(t, 'ann').at(-1)).toMatchObject({ hand: 'banker', cell: null, odds: null });

    expect(t.command('bob', 'chemin.punto.choose', { coup: 1, option: 'draw' })).toMatchObject({
      ok: true,
    });
    expect(lastUpdate(t).view.coup?.pending).toEqual({
      hand: 'banker',
      seat: 1,
      deadline: t.now + 20_000,
    });
    expect(cardsTo(t, 'ann').at(-1)).toMatchObject({ hand: 'banker', cell: 'banker-5-vs-4' });
    expect(t.command('ann', 'chemin.banker.choose', { coup: 1, option: 'stand' })).toMatchObject({
      ok: true,
    });

    const events = updates(t);
    const settledAt = events.findIndex((e) => e.what === 'settled');
    const inPlay = events.filter((e) => e.view.coup && e.view.coup.phase !== 'settled');
    expect(inPlay.map((e) => e.what)).toEqual(['posted', 'called', 'dealt', 'chose']);
    for (const e of inPlay) expect(JSON.stringify(e)).not.toMatch(/punto-5|banker-5-vs-4/);
    // Settled, the hands are turned over and the story names each choice's cell.
    const story = events[settledAt]!.view.last?.story ?? [];
    expect(story.filter((s) => 'cell' in s).map((s) => ('cell' in s ? s.cell : null))).toEqual([
      'punto-5',
      'banker-5-vs-4',
    ]);
  });

  it('C5.1 T15.2 an offer that runs out is the table’s doing: seat null, as a timed-out choice', () => {
    const t = annAndBob([BANKER_WINS]);
    t.advance(OFFER_MS);
    expect(lastUpdate(t)).toMatchObject({
      what: 'declined',
      seat: null,
      view: { offer: { kind: 'fresh', seat: 2, declined: [1] } },
    });

    // Bob takes the bank and wins: it rides with him, and runs out passed by the table.
    expect(post(t, 'bob', 20_000)).toMatchObject({ ok: true });
    expect(call(t, 'ann', { kind: 'banco' })).toMatchObject({ ok: true });
    expect(lastUpdate(t)).toMatchObject({ what: 'offered', view: { offer: { kind: 'ride' } } });
    t.advance(OFFER_MS);
    expect(lastUpdate(t)).toMatchObject({
      what: 'passed',
      seat: null,
      view: { offer: { kind: 'fresh', seat: 1 } },
    });
  });

  it('C4.2 T15.2 a vacant bank is offered again, from the lowest seat, as soon as someone sits', () => {
    const t = annAndBob([CHOICES]);
    expect(t.command('ann', 'chemin.bank.decline', {})).toMatchObject({ ok: true });
    expect(t.command('bob', 'chemin.bank.decline', {})).toMatchObject({ ok: true });
    expect(lastUpdate(t).view.offer).toEqual({ kind: 'vacant' });
    const before = updates(t).length;
    t.now += 1_000;
    t.sit('cat', 3);
    expect(updates(t).slice(before)).toMatchObject([
      {
        what: 'offered',
        seat: null,
        at: t.now,
        view: { offer: { kind: 'fresh', seat: 1, declined: [] }, offerUntil: t.now + OFFER_MS },
      },
    ]);
  });

  it('T7.3 C6.1 shoe.ended counts the coups the shoe dealt', () => {
    // Two coups take the shoe past its stop card (R14.2): 2 + 5 + 6 cards, then 7 behind it.
    const t = annAndBob([BANKER_WINS], Array<CardCode>(13).fill('KH'));
    bancoCoup(t, 20_000);
    const ride = lastUpdate(t).view.offer;
    if (ride.kind !== 'ride') throw new Error('the bank should ride');
    expect(post(t, 'ann', ride.amount)).toMatchObject({ ok: true });
    expect(call(t, 'bob', { kind: 'banco' })).toMatchObject({ ok: true });
    const settled = updates(t).filter((e) => e.what === 'settled');
    expect(settled).toHaveLength(2);
    expect(t.last('shoe.ended')).toMatchObject({ number: 1, rounds: 2 });
  });

  it('P1.3 C4.1 a snapshot at a version shows what the event of that version said: a coup nobody covered', () => {
    const t = annAndBob([CHOICES]);
    expect(post(t, 'ann', 50_000)).toMatchObject({ ok: true });
    const after = reduceOnce(t.state, coverInput(t, 'bob', 'none'));
    const called = broadcasts(after.effects).at(-1);
    expect(called).toMatchObject({ type: 'chemin.updated', what: 'called' });
    expect(after.effects.some((e) => e.type === 'void-round')).toBe(true);
    const shown = snapshot(after.state);
    expect(shown.version).toBe(called!.version);
    expect(shown.cheminDeFer).toEqual((called as Updated).view);
  });

  it('P1.3 C5.1 a wallet held for the coup shows its new balance with the event that says so', () => {
    const t = annAndBob([CHOICES]);
    expect(post(t, 'ann', 50_000)).toMatchObject({ ok: true });
    const covered = reduceOnce(t.state, coverInput(t, 'bob', 'banco'));
    // One ledger statement holds the coup's stakes (T15.4); its answers come back together.
    const escrows = covered.effects.flatMap((e) => (e.type === 'escrow-all' ? e.escrows : []));
    expect(escrows).toHaveLength(2);
    const balances = (state: TableState) => snapshot(state).seats.map((s) => s.balance);
    // The banker's stake is held; Bob's answer is still to come: no event yet, no new balance.
    const held = reduceOnce(
      covered.state,
      escrowedInput(t, escrows[0]!, STARTING_BALANCE - 50_000),
    );
    expect(broadcasts(held.effects)).toEqual([]);
    expect(held.state.version).toBe(covered.state.version);
    expect(balances(held.state)).toEqual(balances(covered.state));
    // Bob's answer deals the coup: the event carries both wallets, and so does the snapshot.
    const dealt = reduceOnce(held.state, escrowedInput(t, escrows[1]!, STARTING_BALANCE - 50_000));
    const event = broadcasts(dealt.effects).at(-1) as Updated;
    expect(event).toMatchObject({ what: 'dealt' });
    expect(event.balances.map((b) => b.balance)).toEqual([
      STARTING_BALANCE - 50_000,
      STARTING_BALANCE - 50_000,
    ]);
    expect(balances(dealt.state)).toEqual([STARTING_BALANCE - 50_000, STARTING_BALANCE - 50_000]);
  });

  it('R17.3 C2.1 a riding bank is whole chips: the odd cents of the cagnotte stay with the banker', () => {
    const t = annAndBob([BANKER_WINS]);
    bancoCoup(t, 12_300);
    const end = lastUpdate(t);
    // 5 % of 123 chips is 6.15, taken as 6.10 (R17.2): the banker nets 116.90.
    expect(end.view.last?.settlement).toMatchObject({ cagnotte: 610, bankerNet: 11_690 });
    expect(end.view.offer).toEqual({ kind: 'ride', seat: 1, amount: 23_900 });
    expect(t.wallets.get('ann')).toBe(STARTING_BALANCE + 11_690);
    expect(post(t, 'ann', 23_900)).toMatchObject({ ok: true });
    expect(lastUpdate(t)).toMatchObject({ what: 'posted', view: { coup: { bank: 23_900 } } });
  });

  it('T8.2 T12.4 a wallet below the table minimum is topped up when a coup opens', () => {
    const t = annAndBob([BANKER_WINS]);
    t.sit('cat', 3, 500);
    expect(post(t, 'ann', 20_000)).toMatchObject({ ok: true });
    const opened = t.effects.filter((e) => e.type === 'open-round').at(-1);
    expect(opened).toMatchObject({ refills: [{ seat: 3, playerId: 'cat' }] });
    expect(t.last('balance.refilled')).toMatchObject({
      seat: 3,
      playerId: 'cat',
      amount: STARTING_BALANCE - 500,
      balance: STARTING_BALANCE,
    });
    expect(t.state.seats.find((s) => s.seat === 3)?.balance).toBe(STARTING_BALANCE);
    // Nobody else was below it: their wallets were left alone.
    expect(t.ofType('balance.refilled')).toHaveLength(1);
  });

  it('T7.2 R13.5 the burn card is turned face up for everyone at a Chemin de Fer table', () => {
    const t = annAndBob([CHOICES]);
    expect(t.last('shoe.burned')).toMatchObject({ shown: 'AS', burned: 1 });
    expect(snapshot(t.state).shoe).toMatchObject({ burnShown: 'AS', burned: 1 });
  });

  it('R18.1 R13.5 the punto’s odds are those of every card he has not seen, from what he was shown', () => {
    // A fair six-deck shoe: coups are played (a riding bank passed, so each is posted fresh)
    // until a punto holds 5.
    const t = new ReducerHarness({
      decks: 6,
      cut: 7,
      lastHand: 'finish-current',
      bettingMs: OFFER_MS,
      cheminDeFer: SETTINGS,
    });
    t.sit('ann', 1);
    t.sit('bob', 2);
    const who = (seat: number) => (seat === 1 ? 'ann' : 'bob');
    let odds: CheminCards | undefined;
    for (let coup = 0; coup < 40 && !odds; coup++) {
      const offer = lastUpdate(t).view.offer;
      if (offer.kind === 'ride') t.command(who(offer.seat), 'chemin.bank.pass', {});
      const fresh = lastUpdate(t).view.offer;
      if (fresh.kind !== 'fresh') throw new Error(`the bank should be offered: ${fresh.kind}`);
      const banker = who(fresh.seat);
      const punto = who(3 - fresh.seat);
      expect(post(t, banker, SETTINGS.bank.min)).toMatchObject({ ok: true });
      expect(call(t, punto, { kind: 'banco' })).toMatchObject({ ok: true });
      const pending = lastUpdate(t).view.coup?.pending;
      if (pending?.hand === 'punto') odds = cardsTo(t, punto).at(-1);
      else if (pending)
        t.command(banker, 'chemin.banker.choose', { coup: t.round, option: 'draw' });
    }
    if (!odds?.odds) throw new Error('no punto held 5 in 40 coups');
    // What the punto saw: the burn card, every card of the coups settled before, his own two.
    // The protocol carries card codes as strings; the rules read them as codes.
    const seen = [
      t.last('shoe.burned')!.shown,
      ...updates(t)
        .filter((e) => e.what === 'settled')
        .flatMap((e) => [...e.view.last!.cards.punto, ...e.view.last!.cards.banker])
        .map((card) => card!),
      ...odds.cards,
    ] as CardCode[];
    const unseen = Array.from({ length: 10 }, (_, value) => (value === 0 ? 16 : 4) * 6);
    for (const card of seen) unseen[cardValue(card)]! -= 1;
    expect(cheminDeFer.puntoChoiceOdds(unseen, 5)).toEqual({ ok: true, value: odds.odds });
  });
});
