import type { TableGame } from '../../core/game.js';
import { startNextRound } from '../../core/shoe-flow.js';
import type { SeatState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import { recordBets } from './betting.js';
import { runPuntoCommand } from './commands.js';
import { prepareOdds } from './layout.js';
import { recoverRound, roundEffectFailed } from './recovery.js';
import {
  bettingClock,
  closeBetting,
  closeBettingIfDecided,
  dealCards,
  onRoundOpened,
  onSettled,
  openRound,
} from './round-flow.js';
import { passFromAwayHolder, shoeAfterLeaving } from './shoe-passing.js';
import { PUNTO_BANCO, puntoOf } from './state.js';
import { restoredPhase, storedPhase } from './stored-round.js';
import { peekFor, revealStep } from './turning.js';
import { cardsOnTable, phaseView, puntoView, seatBetting, stakesOf } from './view.js';

/** T2–T9: Punto Banco, the table's round machine over the shared shoe, seats and ledger. */
export const puntoBanco: TableGame<Step> = {
  kind: 'punto-banco',
  // The game of every table whose settings name no other (the registry asks it last).
  plays: () => true,
  initial: PUNTO_BANCO,

  start: openRound,
  command: runPuntoCommand,
  timer(step) {
    const { phase } = step.state;
    switch (phase.kind) {
      case 'betting':
        return bettingClock(step);
      case 'dealing':
        return dealCards(step, phase.round, null);
      case 'turning':
        return revealStep(step, phase.round, null);
      case 'result':
        return startNextRound(step);
      default:
        return;
    }
  },
  ledger(step, input) {
    switch (input.type) {
      case 'round-opened':
        onRoundOpened(step, input);
        return true;
      case 'escrowed': {
        // Every escrow Punto Banco asks for names a seat (T3): its bets are seated players'.
        const { seat } = input;
        if (seat !== null && recordBets(step, { ...input, seat })) closeBettingIfDecided(step);
        return true;
      }
      case 'escrow-refused':
        step.refuse(input.code, input.message);
        return true;
      case 'settled':
        onSettled(step, input);
        return true;
      case 'round-voided':
        return false;
    }
  },
  effectFailed: roundEffectFailed,
  recover: recoverRound,
  roomClosing(step) {
    const { phase } = step.state;
    if (phase.kind === 'result') return startNextRound(step);
    if (phase.kind !== 'betting') return;
    // A round with bets plays out; one nobody bet on is dropped.
    if (phase.round.bets.length > 0) return closeBetting(step);
    step.cancelWakeUp();
    step.update({ phase: { kind: 'waiting' } });
    step.effect({ type: 'void-round', seq: phase.round.seq, reason: 'empty' });
  },

  seatTaken: () => undefined,
  seatFreed(step, seat) {
    const { phase } = step.state;
    if (phase.kind !== 'betting') return;
    // A "no bet" belongs to the player, not the seat: whoever sits here next decides afresh.
    const noBet = phase.round.noBet.filter((s) => s !== seat.seat);
    step.update({ phase: { ...phase, round: { ...phase.round, noBet } } });
  },
  seatLeft(step, seat) {
    shoeAfterLeaving(step, seat.seat);
    // A turn the leaver held goes to the house at once; a holder's deal passes with the shoe.
    const { phase } = step.state;
    if (phase.kind === 'turning' && phase.turner === seat.seat) {
      revealStep(step, phase.round, null);
    }
    // T2.3: the leaver may have been the last one betting was waiting for.
    if (phase.kind === 'betting') closeBettingIfDecided(step);
  },
  playerAway,

  view: puntoView,
  phaseView,
  seatBetting,
  cardsOnTable,
  ownFaces(state, playerId) {
    const peek = peekFor(state, playerId);
    return peek ? [peek] : [];
  },
  stakesOf,
  workAhead(state) {
    const round = 'round' in state.phase ? state.phase.round : null;
    if (!round?.shoeAfter) return null;
    return { key: round.shoeAfter, run: () => prepareOdds(state) };
  },

  durableKey(state) {
    const { phase } = state;
    const seq = 'round' in phase ? phase.round.seq : phase.kind === 'opening' ? phase.seq : null;
    const { holder, houseDeals, offer, lastHolder } = puntoOf(state);
    return `${seq}|${holder}|${houseDeals}|${offer === null ? null : JSON.stringify(offer)}|${lastHolder}`;
  },
  // T9.3, T6.5: a restart from the turning save finishes the same cards by the house and asks
  // for the settlement, which settles nothing twice: settling after it needs no save of its own.
  // Settling straight from betting or dealing still gets one (the key changes all the same).
  durablePhase: (state) => (state.phase.kind === 'settling' ? 'turning' : state.phase.kind),
  roundInPlay(state) {
    const { phase } = state;
    if (phase.kind === 'opening') return phase.seq;
    return 'round' in phase && phase.kind !== 'result' ? phase.round.seq : null;
  },
  roundOver: (state) => state.phase.kind === 'result',
  store(state) {
    const { holder, houseDeals, offer, lastHolder } = puntoOf(state);
    return { phase: storedPhase(state.phase, state.shoe), holder, houseDeals, offer, lastHolder };
  },
  restore(stored, phase, shoe) {
    const restored = restoredPhase(phase, shoe);
    if (!restored.ok) return null;
    const game = {
      ...PUNTO_BANCO,
      holder: (stored.holder as number | null | undefined) ?? null,
      houseDeals: (stored.houseDeals as boolean | undefined) ?? false,
      offer: (stored.offer as typeof PUNTO_BANCO.offer | undefined) ?? null,
      lastHolder: (stored.lastHolder as number | null | undefined) ?? null,
    };
    return { game, phase: restored.value };
  },
};

/**
 * T1.5: a card turn the away player holds falls to the house at once, and betting stops
 * waiting for them; a holder's deal that is due passes with the shoe and the house deals.
 */
function playerAway(step: Step, seat: SeatState): void {
  const { phase } = step.state;
  if (phase.kind === 'betting') return closeBettingIfDecided(step);
  if (phase.kind === 'turning' && phase.turner === seat.seat) {
    return revealStep(step, phase.round, null);
  }
  if (phase.kind === 'dealing' && puntoOf(step.state).holder === seat.seat) {
    passFromAwayHolder(step);
    dealCards(step, phase.round, null);
  }
}
