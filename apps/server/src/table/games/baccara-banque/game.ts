import type { StoredGame, TableGame } from '../../core/game.js';
import { NO_CORE_ROUND_VIEW, OWN_COUP_ANSWERS } from '../../core/own-coup-game.js';
import { startNextRound } from '../../core/shoe-flow.js';
import type { Step } from '../../core/step.js';
import { awardClock, startBanque } from './bank.js';
import { EMPTY_BANQUE } from './banque-state.js';
import { banqueOf, banqueView, ownCardsFor } from './banque-view.js';
import { runBanqueCommand, watcherPlays } from './commands.js';
import { banqueLedger, coupClock, recoverBanque } from './coup-flow.js';
import { openCoup } from './open-coup.js';
import { watchersMayCover } from './windows.js';
import { banqueKey, restoredBanque, storedBanque } from './stored-banque.js';

type BanqueCommand = Parameters<typeof runBanqueCommand>[2];

const isBanqueCommand = (command: { name: string }): command is BanqueCommand =>
  command.name.startsWith('banque.');

/** T16: Baccara Banque: one bank for the shoe against two tableaux, on the table's shoe. */
export const baccaraBanque: TableGame<Step> = {
  kind: 'baccara-banque',
  // B1.4: a room's kind is in its settings.
  plays: (settings) => settings.baccaraBanque !== undefined,
  initial: EMPTY_BANQUE,

  start: startBanque,
  command(step, playerId, command, watcher) {
    if (isBanqueCommand(command)) return runBanqueCommand(step, playerId, command, watcher);
    step.refuse('WRONG_PHASE', `${command.name} is not played at a Baccara Banque table`);
  },
  // T16.13: a watcher's stake reads their wallet ahead, where the room lets watchers cover.
  watcherPlays: (state, command) => watchersMayCover(state) && watcherPlays(command),
  // The one timer: the coup's (stakes, a choice), else the bank's (auction, offer, dry bank).
  timer(step) {
    if (banqueOf(step.state).coup) return coupClock(step);
    awardClock(step, step.state);
  },
  ledger: banqueLedger,
  // T16.9: a coup waits in its stage for a restart, which finishes or calls it off.
  effectFailed: () => undefined,
  recover: recoverBanque,
  roomClosing(step) {
    // Between coups the room closes now; a coup in play ends first, then it closes.
    if (!banqueOf(step.state).coup) startNextRound(step);
  },

  // T16.3: a held bank with nobody to stake against it opens its coup when someone sits down.
  seatTaken(step) {
    if (step.state.phase.kind === 'banque') openCoup(step);
  },
  // T16.3: so does a punter who comes back (after a restart nobody is connected at first, and
  // the banker may be the first back).
  playerBack(step) {
    if (step.state.phase.kind === 'banque') openCoup(step);
  },
  seatFreed: () => undefined,
  seatLeft(step, seat) {
    const table = banqueOf(step.state);
    // T16.10: a banker who leaves between coups leaves the bank (startBanque retires him).
    if (step.state.phase.kind === 'banque' && !table.coup && table.bankerId === seat.player.id) {
      startBanque(step);
    }
  },

  ...OWN_COUP_ANSWERS,
  // B4.1: the bank and the coup, as everyone may see them; its stages are in `baccaraBanque`.
  view: (state) => ({ ...NO_CORE_ROUND_VIEW, baccaraBanque: banqueView(state) }),
  ownFaces: ownCardsFor,

  durableKey: banqueKey,
  roundInPlay: (state) => banqueOf(state).coup?.seq ?? null,
  store(state) {
    const { kind: _kind, ...table } = banqueOf(state);
    return { banque: storedBanque(table, state.shoe) };
  },
  restore(stored: StoredGame, phase, shoe) {
    const table = restoredBanque(stored.banque, shoe);
    return table.ok ? { game: { ...table.value, kind: 'baccara-banque' }, phase } : null;
  },
};
