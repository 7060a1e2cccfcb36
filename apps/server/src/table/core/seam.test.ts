import { describe, expect, it } from 'vitest';
import type { TableGame } from './game.js';
import { initialTableState } from './initial-state.js';
import { snapshotOf } from './snapshot.js';
import { startNextRound } from './shoe-flow.js';
import type { TableState } from './state.js';
import type { Step } from './step.js';
import { durableKey, fromStored, roundInPlay, toStored } from './stored-state.js';
import { ReducerHarness } from '../testing/reducer-harness.js';

// The seam itself: a game the core has never heard of, played through the same calls the
// registry's games are, proves the core asks only what core/game.ts declares.

/** A stake on the round wins double when the round's number is even, and is lost otherwise. */
interface EvensState {
  readonly kind: 'evens';
  /** Stakes of the round in play, as the ledger holds them. */
  readonly stakes: readonly { betId: string; playerId: string; amount: number }[];
  /** Seats taken while a round was in play (the seatTaken hook). */
  readonly lateSits: number;
}

declare module './state.js' {
  interface GameStates {
    evens: EvensState;
  }
  interface GamePhases {
    evens:
      | { readonly kind: 'evens-opening'; readonly seq: number }
      | { readonly kind: 'evens-staking'; readonly seq: number; readonly roundId: string }
      | { readonly kind: 'evens-settling'; readonly seq: number; readonly roundId: string };
  }
}

const EVENS: EvensState = { kind: 'evens', stakes: [], lateSits: 0 };
const STAKING_MS = 5_000;

const evensOf = (state: TableState): EvensState => {
  if (state.game.kind !== 'evens') throw new TypeError(state.game.kind);
  return state.game;
};
const setEvens = (step: Step, patch: Partial<EvensState>) =>
  step.update({ game: { ...evensOf(step.state), ...patch } });

/** Every call the core made, in order, so the test sees the core drive the game. */
const calls: string[] = [];

const evens: TableGame<Step> = {
  kind: 'evens',
  plays: () => true,
  initial: EVENS,
  start(step) {
    calls.push('start');
    const seq = step.state.roundSeq + 1;
    const shoe = step.state.shoe!;
    step.update({ roundSeq: seq, phase: { kind: 'evens-opening', seq } });
    step.effect({
      type: 'open-round',
      seq,
      shoeId: shoe.id,
      shoeRound: shoe.state.roundsDealt + 1,
      holder: null,
      refills: [],
    });
  },
  command(step, playerId, command) {
    calls.push(`command ${command.name}`);
    const { phase } = step.state;
    if (command.name !== 'bets.confirm' || phase.kind !== 'evens-staking') {
      return step.refuse('WRONG_PHASE', 'evens takes stakes only');
    }
    step.effect({
      type: 'escrow',
      roundId: phase.roundId,
      seat: command.payload.seat,
      playerId,
      confirmId: command.payload.confirmId,
      bets: command.payload.bets,
    });
  },
  timer(step) {
    calls.push('timer');
    const { phase } = step.state;
    if (phase.kind !== 'evens-staking') return;
    const win = phase.seq % 2 === 0;
    step.update({ phase: { kind: 'evens-settling', seq: phase.seq, roundId: phase.roundId } });
    step.effect({
      type: 'settle',
      roundId: phase.roundId,
      round: {
        cards: [],
        outcome: win ? 'player' : 'banker',
        playerTotal: 0,
        bankerTotal: 0,
        trace: null,
      },
      settled: evensOf(step.state).stakes.map((s) => ({
        betId: s.betId,
        playerId: s.playerId,
        stake: s.amount,
        result: win ? 'win' : 'lose',
        returned: win ? 2 * s.amount : 0,
      })),
    });
  },
  ledger(step, input) {
    calls.push(`ledger ${input.type}`);
    const { phase } = step.state;
    switch (input.type) {
      case 'round-opened':
        step.update({ phase: { kind: 'evens-staking', seq: input.seq, roundId: input.roundId } });
        step.wakeAt(step.now + STAKING_MS);
        return true;
      case 'escrowed': {
        const amount = input.bets.reduce((sum, b) => sum + b.amount, 0);
        setEvens(step, {
          stakes: [
            ...evensOf(step.state).stakes,
            { betId: input.bets[0]!.id, playerId: input.playerId, amount },
          ],
        });
        step.update({
          seats: step.state.seats.map((s) =>
            s.player.id === input.playerId ? { ...s, balance: input.balance } : s,
          ),
        });
        step.succeed();
        return true;
      }
      case 'escrow-refused':
        step.refuse(input.code, input.message);
        return true;
      case 'settled':
        if (phase.kind !== 'evens-settling') return true;
        step.update({
          seats: step.state.seats.map((s) => {
            const balance = input.balances.get(s.player.id);
            return balance === undefined ? s : { ...s, balance };
          }),
          phase: { kind: 'waiting' },
        });
        setEvens(step, { stakes: [] });
        // The game goes on to its next round as its own rules say: here, at once.
        startNextRound(step);
        return true;
      case 'round-voided':
        return false;
    }
  },
  effectFailed: () => undefined,
  recover(step, reason) {
    calls.push(`recover ${reason}`);
  },
  roomClosing: () => undefined,
  seatTaken(step) {
    calls.push('seatTaken');
    setEvens(step, { lateSits: evensOf(step.state).lateSits + 1 });
  },
  seatFreed: () => undefined,
  seatLeft: () => undefined,
  playerAway: () => undefined,
  view: () => ({
    holder: null,
    houseDeals: false,
    offer: null,
    round: null,
    odds: null,
  }),
  phaseView: (state) => ({
    kind: 'betting',
    round: state.roundSeq,
    closesAt: null,
    lastBetsAt: null,
  }),
  seatBetting: (state, seat) =>
    evensOf(state).stakes.some((s) => s.playerId === seat.player.id) ? 'confirmed' : 'open',
  cardsOnTable: () => 0,
  ownFaces: () => [],
  stakesOf: (state, playerId) =>
    evensOf(state)
      .stakes.filter((s) => s.playerId === playerId)
      .map((s) => ({ spot: 'player', amount: s.amount })),
  workAhead: () => null,
  durableKey: (state) => `${evensOf(state).stakes.length}|${evensOf(state).lateSits}`,
  roundInPlay: (state) => ('seq' in state.phase ? state.phase.seq : null),
  roundOver: () => false,
  store: (state) => ({
    evens: { stakes: evensOf(state).stakes, lateSits: evensOf(state).lateSits },
  }),
  restore(stored, phase) {
    const own = stored.evens as Omit<EvensState, 'kind'> | undefined;
    if (!own || !Array.isArray(own.stakes)) return null;
    return { game: { kind: 'evens', stakes: own.stakes, lateSits: own.lateSits }, phase };
  },
};

describe('a game the core does not know, through the seam alone', () => {
  it('T2 T6 T9.1: seats, a round started, a stake, its timer, one settle effect, stored and restored', () => {
    calls.length = 0;
    const t = new ReducerHarness({}, [], {}, evens);
    expect(t.state.game).toEqual(EVENS);

    // Sitting at a waiting table starts the shoe's life (the core's), then the game's round.
    t.sit('ann', 1);
    expect(calls).toEqual(['start', 'ledger round-opened']);
    expect(t.state.phase).toMatchObject({ kind: 'evens-staking', seq: 1 });

    // A second seat taken while the round is in play is the game's to hear of (C4.2's hook).
    t.sit('bob', 2);
    expect(calls.at(-1)).toBe('seatTaken');
    expect(evensOf(t.state).lateSits).toBe(1);

    // A command the core does not run goes to the game; its escrow answer comes back to it.
    const reply = t.command('ann', 'bets.confirm', {
      round: 1,
      seat: 1,
      confirmId: 'c1',
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    expect(reply).toMatchObject({ ok: true });
    expect(calls.slice(-2)).toEqual(['command bets.confirm', 'ledger escrowed']);
    expect(t.state.seats[0]!.balance).toBe(t.wallets.get('ann'));

    // The snapshot is the core's with the game's view and phase in it.
    const snapshot = snapshotOf(t.state, { playerId: 'ann', spectators: 0, now: t.now }, evens);
    expect(snapshot.phase).toEqual({ kind: 'betting', round: 1, closesAt: null, lastBetsAt: null });
    expect(snapshot.seats.map((s) => s.betting)).toEqual(['confirmed', 'open']);
    expect(snapshot.shoe?.shoeId).toBe(t.state.shoe!.id);

    // Stored mid-round and restored: the game's fields travel beside the core's.
    expect(roundInPlay(t.state, evens)).toBe(1);
    const row = JSON.parse(JSON.stringify(toStored(t.state, ['wes'], evens)));
    expect(row.state.evens.stakes).toHaveLength(1);
    expect(row.state.game).toBeUndefined();
    const fresh = initialTableState(
      { id: 'test', name: 'Test table', settings: t.state.settings },
      evens,
    );
    const back = fromStored(row, fresh, evens)!;
    expect(back.watchers).toEqual(['wes']);
    expect(back.state.game).toEqual(t.state.game);
    expect(back.state.phase).toEqual(t.state.phase);
    expect(durableKey(back.state, evens)).toBe(durableKey(t.state, evens));

    // Its timer settles the round (odd: the stake is lost) through the one settle effect.
    t.fire();
    expect(calls.slice(-4)).toEqual(['timer', 'ledger settled', 'start', 'ledger round-opened']);
    const settles = t.effects.filter((e) => e.type === 'settle');
    expect(settles).toHaveLength(1);
    expect(t.wallets.get('ann')).toBe(100_000 - 1_000);
    // The next round opened by itself once the game went back to waiting.
    expect(t.state.phase).toMatchObject({ kind: 'evens-staking', seq: 2 });

    // A restart: whatever the round is, the game finishes or calls it off.
    t.dispatch({ type: 'resume', now: t.now });
    expect(calls.at(-1)).toBe('recover restart');
  });
});
