import { coupRulesOf, type CommandPayload } from '@banco/protocol';
import { CHIP_UNIT, cheminDeFer } from '@banco/rules';
import type { TableCommand } from '../../core/inputs.js';
import { refillsDue } from '../../core/refills.js';
import { seatOf } from '../../core/seats.js';
import type { SeatState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import {
  cheminOf,
  emitChemin,
  playingSeats,
  refusalCode,
  setChemin,
  setCoup,
} from './chemin-view.js';
import { afterChoice, closeCover } from './coup-flow.js';
import { offerBank, offerMs } from './offer.js';

type CheminCommand = Extract<TableCommand, { readonly name: `chemin.${string}` }>;

/** C2, T15: the Chemin de Fer commands; a Punto Banco table has no bank to post or cover. */
export function runCheminCommand(step: Step, playerId: string, command: CheminCommand): void {
  const settings = step.state.settings.cheminDeFer;
  if (!settings) {
    return step.refuse(
      'WRONG_PHASE',
      `${command.name} is for Chemin de Fer tables; this one plays Punto Banco`,
    );
  }
  const seat = seatOf(step.state, playerId);
  if (!seat) return step.refuse('NOT_SEATED', 'take a seat to play at this table');
  switch (command.name) {
    case 'chemin.bank.post':
      return postBank(step, seat, command.payload);
    case 'chemin.cover':
      return cover(step, seat, command.payload);
    case 'chemin.punto.choose':
      return choose(step, seat, 'punto', command.payload);
    case 'chemin.banker.choose':
      return choose(step, seat, 'banker', command.payload);
    case 'chemin.bank.pass':
    case 'chemin.bank.decline':
      return giveUpBank(step, seat, command.name === 'chemin.bank.pass' ? 'passed' : 'declined');
    default: {
      const unknown: never = command;
      throw new TypeError(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** T15.2: between coups only; a coup in play or a shoe being shuffled is the wrong moment. */
function between(step: Step): boolean {
  if (step.state.phase.kind !== 'chemin' || cheminOf(step.state).coup !== null) {
    step.refuse('WRONG_PHASE', 'a coup is in play, or the shoe is being prepared');
    return false;
  }
  return true;
}

/** C2.1, T15.2: the offered seat posts the bank; the cover opens at once. */
function postBank(step: Step, seat: SeatState, payload: CommandPayload<'chemin.bank.post'>): void {
  if (!between(step)) return;
  const { state } = step;
  const seq = state.roundSeq + 1;
  if (payload.coup !== seq) return step.refuse('STALE_ROUND', `the next coup is ${seq}`);
  const table = cheminOf(state);
  const posted = cheminDeFer.postBank({
    rules: coupRulesOf(state.settings.cheminDeFer!),
    shoe: state.shoe!.state,
    offer: table.offer,
    seats: playingSeats(state),
    banker: seat.seat,
    bank: payload.amount,
    bancoSuivi: table.bancoSuivi,
  });
  if (!posted.ok) return step.refuse(refusalCode(posted.error.code), posted.error.message);
  // R15.7: every bank is whole chips, a riding one too (R17.3 leaves the odd cents out of it).
  if (payload.amount % CHIP_UNIT !== 0)
    return step.refuse('FRACTIONAL_CHIPS', 'a bank is whole chips');
  // T15.4: nothing is held yet, but a bank the wallet could not cover is refused now.
  if (payload.amount > seat.balance) {
    return step.refuse('INSUFFICIENT_BALANCE', 'your balance does not cover this bank');
  }
  const coverClosesAt = step.now + offerMs(state);
  step.update({ roundSeq: seq });
  setChemin(step, {
    offerUntil: null,
    coup: {
      seq,
      roundId: null,
      bankerId: seat.player.id,
      coup: posted.value,
      stage: 'opening',
      coverClosesAt,
      choiceDeadline: null,
      stakes: [],
      callers: {},
      awaiting: 0,
      refused: false,
    },
  });
  step.wakeAt(coverClosesAt);
  step.effect({
    type: 'open-round',
    seq,
    shoeId: state.shoe!.id,
    shoeRound: state.shoe!.state.roundsDealt + 1,
    holder: seat.seat,
    // T8.2: the coup is the round a Chemin de Fer table opens; no stake is held before its cover.
    refills: refillsDue(state),
  });
  emitChemin(step, 'posted', seat.seat);
  step.succeed();
}

/** C2.2, T15.3: a punter's one call; every punter called closes the cover at once. */
function cover(step: Step, seat: SeatState, payload: CommandPayload<'chemin.cover'>): void {
  const coup = cheminOf(step.state).coup;
  if (!coup) return step.refuse('WRONG_PHASE', 'no bank is open for cover');
  if (payload.coup !== coup.seq) return step.refuse('STALE_ROUND', `coup ${coup.seq} is in play`);
  if (coup.stage !== 'covering' && coup.stage !== 'opening') {
    return step.refuse('COVER_CLOSED', 'the bank is no longer open for cover');
  }
  const { call } = payload;
  if (call.kind === 'stake' && call.amount % CHIP_UNIT !== 0) {
    return step.refuse('FRACTIONAL_CHIPS', 'a stake is whole chips');
  }
  const next = cheminDeFer.stepCoup(coup.coup, { type: 'call', seat: seat.seat, call });
  if (!next.ok) return step.refuse(refusalCode(next.error.code), next.error.message);
  if (cheminDeFer.offered(call, coup.coup.bank) > seat.balance) {
    return step.refuse('INSUFFICIENT_BALANCE', 'your balance does not cover this call');
  }
  setCoup(step, {
    coup: next.value,
    callers: { ...coup.callers, [String(seat.seat)]: seat.player.id },
  });
  emitChemin(step, 'called', seat.seat);
  step.succeed();
  const state = next.value;
  if (state.phase === 'covering' && state.calls.length === state.punters.length) {
    closeCover(step);
  }
}

/** C2.3, C2.4, T15.5: the punto's choice on 5, the banker's at his two cells. */
function choose(
  step: Step,
  seat: SeatState,
  hand: 'punto' | 'banker',
  payload: CommandPayload<'chemin.punto.choose'>,
): void {
  const coup = cheminOf(step.state).coup;
  if (!coup) return step.refuse('NO_CHOICE_PENDING', 'nobody has a choice to make now');
  if (payload.coup !== coup.seq) return step.refuse('STALE_ROUND', `coup ${coup.seq} is in play`);
  const phase = coup.coup.phase;
  if (coup.stage !== 'dealt' || (phase !== 'punto-choice' && phase !== 'banker-choice')) {
    return step.refuse('NO_CHOICE_PENDING', 'nobody has a choice to make now');
  }
  if (phase !== `${hand}-choice`) {
    return step.refuse(
      'NOT_YOUR_CHOICE',
      `the ${phase === 'punto-choice' ? 'punto' : 'banker'} chooses now`,
    );
  }
  const next = cheminDeFer.stepCoup(coup.coup, {
    type: 'choose',
    seat: seat.seat,
    option: payload.option,
  });
  if (!next.ok) return step.refuse(refusalCode(next.error.code), next.error.message);
  step.succeed();
  afterChoice(step, next.value, seat.seat);
}

/** C2.5, C2.6, T15.2: la banque passe, or the offered seat declines; it moves on in seat order. */
function giveUpBank(step: Step, seat: SeatState, what: 'passed' | 'declined'): void {
  if (!between(step)) return;
  const seats = playingSeats(step.state);
  const { offer } = cheminOf(step.state);
  const next =
    what === 'passed'
      ? cheminDeFer.passBank(offer, seats, seat.seat)
      : cheminDeFer.declineBank(offer, seats, seat.seat);
  if (!next.ok) return step.refuse(refusalCode(next.error.code), next.error.message);
  offerBank(step, next.value, what, seat.seat, what === 'passed' ? null : undefined);
  step.succeed();
}
