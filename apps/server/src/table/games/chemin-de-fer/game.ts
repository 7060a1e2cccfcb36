import type { StoredGame, TableGame } from '../../core/game.js';
import { NO_CORE_ROUND_VIEW, OWN_COUP_ANSWERS } from '../../core/own-coup-game.js';
import { startNextRound } from '../../core/shoe-flow.js';
import type { Step } from '../../core/step.js';
import { runCheminCommand } from './commands.js';
import { EMPTY_CHEMIN } from './chemin-state.js';
import { cheminOf, cheminView, ownCardsFor } from './chemin-view.js';
import { cheminClock, cheminLedger, recoverChemin } from './coup-flow.js';
import { offerVacantBank, startChemin } from './offer.js';
import { cheminKey, restoredChemin, storedChemin } from './stored-chemin.js';

type CheminCommand = Parameters<typeof runCheminCommand>[2];

const isCheminCommand = (command: { name: string }): command is CheminCommand =>
  command.name.startsWith('chemin.');

/** T15: Chemin de Fer, a bank offered round the table and covered, on the table's shoe. */
export const cheminDeFer: TableGame<Step> = {
  kind: 'chemin-de-fer',
  // C1.4: a room's kind is in its settings.
  plays: (settings) => settings.cheminDeFer !== undefined,
  initial: EMPTY_CHEMIN,

  start: startChemin,
  command(step, playerId, command) {
    if (isCheminCommand(command)) return runCheminCommand(step, playerId, command);
    step.refuse('WRONG_PHASE', `${command.name} is not played at a Chemin de Fer table`);
  },
  timer: cheminClock,
  ledger: cheminLedger,
  // T15.9: a coup waits in its stage for a restart, which finishes or calls it off.
  effectFailed: () => undefined,
  recover: recoverChemin,
  roomClosing(step) {
    // T15: between coups the room closes now; a coup in play ends first, then it closes.
    if (!cheminOf(step.state).coup) startNextRound(step);
  },

  // A sit changes nothing yet: a vacant bank waits out its offer window (C4.2 says otherwise).
  // C4.2: a vacant bank does not wait out its window for the newcomer.
  seatTaken: (step) => offerVacantBank(step),
  seatFreed: () => undefined,
  seatLeft: () => undefined,

  ...OWN_COUP_ANSWERS,
  // C4.1: the bank and the coup, as everyone may see them; its stages are in `cheminDeFer`.
  view: (state) => ({ ...NO_CORE_ROUND_VIEW, cheminDeFer: cheminView(state) }),
  ownFaces: ownCardsFor,

  durableKey: cheminKey,
  roundInPlay: (state) => cheminOf(state).coup?.seq ?? null,
  store(state) {
    const { kind: _kind, ...table } = cheminOf(state);
    return { chemin: storedChemin(table, state.shoe) };
  },
  restore(stored: StoredGame, phase, shoe) {
    const table = restoredChemin(stored.chemin, shoe);
    return table.ok ? { game: { ...table.value, kind: 'chemin-de-fer' }, phase } : null;
  },
};
