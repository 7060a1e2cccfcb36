import { baccaraBanque } from '@banco/rules';
import { refillsDue } from '../../core/refills.js';
import { startNextRound } from '../../core/shoe-flow.js';
import type { Step } from '../../core/step.js';
import { banqueOf, emitBanque, setBanque } from './banque-view.js';
import { playingSeats, rulesOf, windowMs } from './windows.js';

/** T16.3: a bank is held and somebody can stake against it: the stakes open. */
export function openCoup(step: Step): void {
  const { state } = step;
  const table = banqueOf(state);
  const { tenure } = table;
  if (!tenure || !table.bankerId || table.coup || table.award.stage !== 'held' || !state.shoe) {
    return;
  }
  // T11.4: a paused room opens no new coup, even right after an award or a top-up; the table
  // waits, and resuming opens it (startBanque finds the bank still held).
  if (state.room?.paused) return startNextRound(step);
  // T16.3, T16.13: a coup opens for seated punters only; watchers cover what they leave, so a
  // table of watchers alone never opens (and voids) coup after coup.
  const opened = baccaraBanque.openCoup({
    rules: { ...rulesOf(state), watchersMayStake: false },
    shoe: state.shoe.state,
    banker: tenure.banker,
    bank: tenure.bank,
    holders: table.holders,
    seats: playingSeats(state),
  });
  // NO_PUNTERS: the coup opens when someone sits down on a side (seatTaken).
  if (!opened.ok) return;
  const seq = state.roundSeq + 1;
  const stakesCloseAt = step.now + windowMs(state);
  step.update({ roundSeq: seq });
  setBanque(step, {
    coup: {
      seq,
      roundId: null,
      bankerId: table.bankerId,
      coup: { ...opened.value, rules: rulesOf(state) },
      stage: 'opening',
      stakesCloseAt,
      choiceDeadline: null,
      held: [],
      awaiting: 0,
      refused: false,
    },
  });
  step.wakeAt(stakesCloseAt);
  step.effect({
    type: 'open-round',
    seq,
    shoeId: state.shoe.id,
    shoeRound: state.shoe.state.roundsDealt + 1,
    holder: tenure.banker,
    // T8.2: the coup is the round this table opens; nothing is held before its stakes close.
    refills: refillsDue(state),
  });
  emitBanque(step, 'stakes-opened', tenure.banker);
}
