/**
 * T15: a Chemin de Fer table's round machine, on the shared table's shoe, seats, ledger and
 * timers. Each function is one step of the reducer; chips only move through effects.
 */
import { cheminDeFer, handTotal, roundStatus } from '@banco/rules';
import type { LedgerAnswer } from '../../core/game.js';
import type { TableInput } from '../../core/inputs.js';
import { applyRefills } from '../../core/refills.js';
import { endShoe } from '../../core/shoe-end.js';
import { startNextRound } from '../../core/shoe-flow.js';
import type { StakeReturn, TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { CheminCoup } from './chemin-state.js';
import { choiceMs, offerBank, seatedSeats } from './offer.js';
import {
  cheminOf,
  coupViewOf,
  emitChemin,
  playingSeats,
  sendOwnCards,
  setChemin,
  setCoup,
} from './chemin-view.js';

/** The table's one timer, read by the stage it is in (T15.2, T15.3, T15.5). */
export function cheminClock(step: Step): void {
  const table = cheminOf(step.state);
  const coup = table.coup;
  const seats = playingSeats(step.state);
  if (!coup) {
    const { offer } = table;
    // T15.2: an unanswered offer is declined (a riding bank passed); a vacant bank is offered
    // again from the lowest seat. The table does it, not the seat: C5.1's `seat` is null.
    if (offer.kind === 'fresh') {
      const next = cheminDeFer.declineBank(offer, seats, offer.seat);
      if (next.ok) return offerBank(step, next.value, 'declined', null);
    } else if (offer.kind === 'ride') {
      const next = cheminDeFer.passBank(offer, seats, offer.seat);
      if (next.ok) return offerBank(step, next.value, 'passed', null, null);
    }
    return offerBank(step, cheminDeFer.openBank(seats), 'offered', null, null);
  }
  if (coup.stage === 'covering') return closeCover(step);
  if (coup.stage === 'dealt') {
    // T15.5: a choice not made in its window is made by the rule.
    const next = cheminDeFer.stepCoup(coup.coup, { type: 'by-rule' });
    if (next.ok) afterChoice(step, next.value, null);
  }
}

/** T15.3: the cover closes (its time, or every punter called): stakes to escrow, then cards. */
export function closeCover(step: Step): void {
  const coup = cheminOf(step.state).coup;
  if (!coup || coup.stage !== 'covering' || coup.coup.phase !== 'covering') return;
  step.cancelWakeUp();
  const { bank, punters, calls, bancoSuivi } = coup.coup;
  const cover = cheminDeFer.resolveCover(bank, punters, calls, bancoSuivi);
  // P1.3: the coup stays as last announced until the ledger has voided it (onCheminVoided).
  if (cover.covered === 0 || coup.roundId === null) return voidCoup(step);
  // T15.4: exactly what plays is held: the covered part of the bank and each accepted stake.
  const stakes = [
    {
      seat: coup.coup.banker,
      playerId: coup.bankerId,
      role: 'bank' as const,
      amount: cover.covered,
    },
    ...cover.covers.map((c) => ({
      seat: c.seat,
      playerId: callerOf(step.state, coup, c.seat),
      role: 'cover' as const,
      amount: c.amount,
    })),
  ].map((s) => ({ ...s, betId: null }));
  setCoup(step, { stage: 'escrowing', stakes, awaiting: stakes.length, refused: false });
  // One ledger statement for the whole coup, as a batch of Punto Banco confirms.
  const roundId = coup.roundId;
  step.effect({
    type: 'escrow-all',
    escrows: stakes.map((stake) => ({
      roundId,
      seat: stake.seat,
      playerId: stake.playerId,
      confirmId: `chemin-${stake.role}`,
      bets: [{ spot: stake.role === 'bank' ? 'banker' : 'player', amount: stake.amount }],
    })),
  });
}

function callerOf(state: TableState, coup: CheminCoup, seat: number): string {
  const caller = coup.callers[String(seat)] ?? state.seats.find((s) => s.seat === seat)?.player.id;
  if (!caller) throw new Error(`no player for covering seat ${seat}`);
  return caller;
}

/** The ledger's answer to one of the coup's escrows (T15.4). */
export function onCheminEscrow(
  step: Step,
  input: Extract<TableInput, { type: 'escrowed' | 'escrow-refused' }>,
): void {
  const coup = cheminOf(step.state).coup;
  if (!coup || coup.stage !== 'escrowing') return;
  let { stakes, refused } = coup;
  if (input.type === 'escrowed') {
    const betId = input.bets[0]?.id ?? null;
    const { balance } = input;
    stakes = stakes.map((s) => (s.playerId === input.playerId ? { ...s, betId, balance } : s));
  } else {
    refused = true;
  }
  const awaiting = coup.awaiting - 1;
  setCoup(step, { stakes, refused, awaiting });
  if (awaiting > 0) return;
  // T15.4: a stake the ledger would not hold (a wallet spent elsewhere meanwhile) calls the
  // coup off before any card: whatever was held goes back (onCheminVoided).
  if (refused) return voidCoup(step);
  // P1.3: the wallets held change with the event that deals the coup, not before it.
  const held = new Map(stakes.map((s) => [s.playerId, s.balance]));
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = held.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  deal(
    step,
    coup.stakes.map((s) => s.playerId),
  );
}

function deal(step: Step, moved: readonly string[]): void {
  const coup = cheminOf(step.state).coup!;
  const dealt = cheminDeFer.stepCoup(coup.coup, { type: 'close-cover' });
  if (!dealt.ok) throw new Error(`a covered coup could not be dealt: ${dealt.error.message}`);
  setCoup(step, { coup: dealt.value, stage: 'dealt' });
  armChoice(step);
  emitChemin(step, 'dealt', null, moved);
  const now = cheminOf(step.state).coup!;
  sendOwnCards(step, now, 'punto');
  sendOwnCards(step, now, 'banker');
  if (now.coup.phase === 'settled') settle(step);
}

/** T15.5: a choice the coup waits on gets its window (none in a by-rule room: it never waits). */
function armChoice(step: Step): void {
  const coup = cheminOf(step.state).coup!;
  const phase = coup.coup.phase;
  if (phase !== 'punto-choice' && phase !== 'banker-choice') {
    return setCoup(step, { choiceDeadline: null });
  }
  const window = choiceMs(step.state);
  const deadline = window === null ? step.now : step.now + window;
  setCoup(step, { choiceDeadline: deadline });
  step.wakeAt(deadline);
}

/** A choice was made (by its holder, or by the rule): tell the table, then go on. */
export function afterChoice(step: Step, next: cheminDeFer.CoupState, seat: number | null): void {
  setCoup(step, { coup: next });
  armChoice(step);
  emitChemin(step, 'chose', seat);
  const coup = cheminOf(step.state).coup!;
  if (coup.coup.phase === 'punto-choice') sendOwnCards(step, coup, 'punto');
  if (coup.coup.phase === 'banker-choice') sendOwnCards(step, coup, 'banker');
  if (coup.coup.phase === 'settled') settle(step);
}

/** T15.6: the ledger pays out what the rules settled; the cagnotte stays with the house. */
export function settle(step: Step): void {
  const coup = cheminOf(step.state).coup!;
  const state = coup.coup;
  if (state.phase !== 'settled' || coup.roundId === null) return;
  step.cancelWakeUp();
  const { settlement } = state;
  const settled: StakeReturn[] = coup.stakes.map((stake) => {
    const returned =
      stake.role === 'bank'
        ? settlement.banker
        : (settlement.punters.find((p) => p.seat === stake.seat)?.amount ?? 0);
    const result = returned === 0 ? 'lose' : returned === stake.amount ? 'push' : 'win';
    return { betId: stake.betId!, playerId: stake.playerId, result, stake: stake.amount, returned };
  });
  setCoup(step, { stage: 'settling', choiceDeadline: null });
  step.effect({
    type: 'settle',
    roundId: coup.roundId,
    round: {
      cards: [...state.punto, ...state.bankerCards],
      outcome: settlement.outcome,
      playerTotal: handTotal(state.punto),
      bankerTotal: handTotal(state.bankerCards),
      trace: state.story,
    },
    settled,
  });
}

/** T15.6: paid; the bank rides, passes on, or stays (R17.3–R17.5); the next coup is offered. */
export function onCheminSettled(step: Step, input: Extract<TableInput, { type: 'settled' }>): void {
  const coup = cheminOf(step.state).coup;
  if (!coup || coup.stage !== 'settling' || coup.coup.phase !== 'settled') return;
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = input.balances.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  endCoup(step, coup, 'settled');
}

/** T15.3, T15.4: a coup without a card: its ledger round is voided (every held chip back). */
export function voidCoup(
  step: Step,
  reason: 'empty' | 'restart' | 'shutdown' | 'failure' = 'empty',
): void {
  const coup = cheminOf(step.state).coup!;
  step.cancelWakeUp();
  setCoup(step, { stage: 'voiding' });
  step.effect({ type: 'void-round', seq: coup.seq, reason });
}

export function onCheminVoided(
  step: Step,
  input: Extract<TableInput, { type: 'round-voided' }>,
): void {
  const coup = cheminOf(step.state).coup;
  if (!coup || coup.seq !== input.seq) return;
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = input.balances.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  if (coup.coup.phase === 'covering') {
    // T15.3: a cover that closed with nothing covered; anything else was called off (T15.4,
    // T15.9). Only now, with the event that says so (P1.3).
    const { bank, punters, calls, bancoSuivi } = coup.coup;
    const uncovered =
      input.reason === 'empty' &&
      cheminDeFer.resolveCover(bank, punters, calls, bancoSuivi).covered === 0;
    const ended = cheminDeFer.stepCoup(coup.coup, {
      type: uncovered ? 'close-cover' : 'call-off',
    });
    if (ended.ok) setCoup(step, { coup: ended.value });
  }
  endCoup(step, cheminOf(step.state).coup!, 'not-dealt', [...input.balances.keys()]);
}

function endCoup(
  step: Step,
  coup: CheminCoup,
  what: 'settled' | 'not-dealt',
  moved: readonly string[] = coup.stakes.map((s) => s.playerId),
): void {
  const state = coup.coup;
  if (!cheminDeFer.isOver(state)) return;
  const next = cheminDeFer.nextBank(state, seatedSeats(step.state));
  // The table's shoe is the coup's: the cards it took are gone from it.
  step.update({ shoe: step.state.shoe ? { ...step.state.shoe, state: state.shoe } : null });
  setChemin(step, {
    coup: null,
    last: coupViewOf(coup),
    offer: next.offer,
    offerUntil: null,
    bancoSuivi: next.bancoSuivi,
  });
  emitChemin(step, what, null, moved);
  // T7.3 (R14.2): the coup the stop card came out in was the shoe's last.
  if (step.state.shoe && roundStatus(step.state.shoe.state) === 'finished') {
    endShoe(step, { announce: true });
  }
  startNextRound(step);
}

/** T15.2: the ledger has the coup's round; its stakes will be held in it. */
export function onCheminRoundOpened(
  step: Step,
  input: Extract<TableInput, { type: 'round-opened' }>,
): void {
  const coup = cheminOf(step.state).coup;
  if (!coup || coup.seq !== input.seq || coup.stage !== 'opening') return;
  applyRefills(step, input.refills);
  setCoup(step, { roundId: input.roundId, stage: 'covering' });
  const state = cheminOf(step.state).coup!.coup;
  if (state.phase === 'covering' && state.calls.length === state.punters.length) closeCover(step);
}

/** The ledger's answers to the coup's effects; a voiding not the coup's is the table's. */
export function cheminLedger(step: Step, input: LedgerAnswer): boolean {
  switch (input.type) {
    case 'round-opened':
      onCheminRoundOpened(step, input);
      return true;
    case 'escrowed':
    case 'escrow-refused':
      onCheminEscrow(step, input);
      return true;
    case 'settled':
      onCheminSettled(step, input);
      return true;
    case 'round-voided':
      if (cheminOf(step.state).coup?.seq !== input.seq) return false;
      onCheminVoided(step, input);
      return true;
  }
}

/**
 * T15.9 (T9.2, T9.3): after a restart, or when the server stops, a coup with no card out is
 * called off and every held chip refunded; a dealt coup is finished, a pending choice by the
 * rule, and settled (again: the ledger settles each stake once).
 */
export function recoverChemin(step: Step, reason: 'restart' | 'shutdown'): void {
  const coup = cheminOf(step.state).coup;
  if (!coup) {
    if (reason === 'restart') startNextRound(step);
    return;
  }
  switch (coup.stage) {
    case 'opening':
    case 'covering':
    case 'escrowing':
    case 'voiding':
      return voidCoup(step, reason);
    case 'dealt': {
      const done = cheminDeFer.finishByRule(coup.coup);
      if (!done.ok) throw new Error(`a dealt coup could not be finished: ${done.error.message}`);
      setCoup(step, { coup: done.value, choiceDeadline: null });
      emitChemin(step, 'chose', null);
      return settle(step);
    }
    case 'settling':
      setCoup(step, { stage: 'dealt' });
      return settle(step);
    default: {
      const unknown: never = coup.stage;
      throw new TypeError(`unknown stage ${String(unknown)}`);
    }
  }
}
