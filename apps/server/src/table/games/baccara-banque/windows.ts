import { banqueBankLimitsOf, banqueCoupRulesOf } from '@banco/protocol';
import { baccaraBanque } from '@banco/rules';
import { roomChips } from '../../core/evening/evening-state.js';
import { playsThisRound } from '../../core/seats.js';
import type { TableState } from '../../core/state.js';

/**
 * T16.2: the seats that play: seated, connected and not sitting out (T1.5 and T11.14: an away
 * or sitting-out seat is skipped for the bank, the holders and the staking).
 */
export const playingSeats = (state: TableState): number[] =>
  state.seats.filter(playsThisRound).map((s) => s.seat);

/** T16.2, T16.4: an offer of the bank, the staking and a dry bank's wait: the betting window. */
export const windowMs = (state: TableState): number => state.settings.bettingMs;

/** T16.2: the auction's own window (B1.3). */
export const biddingMs = (state: TableState): number =>
  state.settings.baccaraBanque!.biddingSeconds * 1000;

/** T16.6, T16.7: a choice's window; null in a by-rule room (it never waits). */
export function choiceMs(state: TableState): number | null {
  const choices = state.settings.baccaraBanque?.choices;
  return choices?.mode === 'window' ? choices.seconds * 1000 : null;
}

export const limitsOf = (state: TableState): baccaraBanque.BankLimits =>
  banqueBankLimitsOf(state.settings.baccaraBanque!);

/** The coup's rules from the room's, watchers' stakes included (R22.6, T16.13). */
export const rulesOf = (state: TableState): baccaraBanque.CoupRules =>
  banqueCoupRulesOf(state.settings.baccaraBanque!);

/**
 * R22.6, T16.13: whether the room lets watchers cover what the seated leave. Not where the room
 * plays room chips (T11.15): those are handed out with seats, and a watcher's wallet is not
 * what the ledger would stake there.
 */
export const watchersMayCover = (state: TableState): boolean =>
  state.settings.baccaraBanque?.watchersMayCover === true && roomChips(state) === null;

/** T16.7: the room's rule for a banker who lets his window run out (R23.6). */
export const PLAY: baccaraBanque.CoupPlay = { bankerRule: baccaraBanque.exactBankerRule };
