/** T15.1, T15.2: the bank offered in seat order, and how long an offer and a cover stay open. */
import { cheminDeFer } from '@banco/rules';
import { sitsOut } from '../../core/seats.js';
import type { TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import { cheminOf, emitChemin, setChemin } from './chemin-view.js';

/** T11.14: a seat sitting out is not offered the bank. */
export const seatedSeats = (state: TableState): number[] =>
  state.seats.filter((s) => !sitsOut(s)).map((s) => s.seat);

/** T15.2: how long an offer of the bank, and the cover, stay open: the room's betting window. */
export const offerMs = (state: TableState): number => state.settings.bettingMs;

/** T15.5: a choice's window; null in a by-rule room. */
export function choiceMs(state: TableState): number | null {
  const choices = state.settings.cheminDeFer?.choices;
  return choices?.mode === 'window' ? choices.seconds * 1000 : null;
}

/** T15.1: a shoe is ready and someone is seated: the bank is offered (or still is). */
export function startChemin(step: Step): void {
  step.update({ phase: { kind: 'chemin' } });
  if (cheminOf(step.state).coup) return;
  const seats = seatedSeats(step.state);
  const { offer } = cheminOf(step.state);
  // T15.2: an offer to a seat that is gone moves on; an away seat's is held as its seat is.
  const stands = offer.kind !== 'vacant' && seats.includes(offer.seat);
  const next = stands
    ? offer
    : cheminDeFer.openBank(seats, offer.kind === 'vacant' ? null : offer.seat);
  offerBank(step, next, 'offered', null, stands ? cheminOf(step.state).bancoSuivi : null);
}

/** C4.2, T15.2: a vacant bank is offered again, from the lowest seat, as soon as someone sits. */
export function offerVacantBank(step: Step): void {
  const table = cheminOf(step.state);
  if (step.state.phase.kind !== 'chemin' || table.coup || table.offer.kind !== 'vacant') {
    return;
  }
  offerBank(step, cheminDeFer.openBank(seatedSeats(step.state)), 'offered', null, null);
}

export function offerBank(
  step: Step,
  offer: cheminDeFer.BankOffer,
  what: 'offered' | 'declined' | 'passed',
  seat: number | null,
  bancoSuivi: number | null = cheminOf(step.state).bancoSuivi,
): void {
  const until = step.now + offerMs(step.state);
  setChemin(step, { offer, offerUntil: until, bancoSuivi });
  step.wakeAt(until);
  emitChemin(step, what, seat);
}
