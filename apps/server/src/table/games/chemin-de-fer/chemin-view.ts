import {
  ERROR_CODES,
  pendingCell,
  publicCoupView,
  type CheminCards,
  type CheminDeFerView,
  type CoupView,
  type ErrorCode,
  type TableEventBody,
} from '@banco/protocol';
import { cheminDeFer } from '@banco/rules';
import { playsThisRound } from '../../core/seats.js';
import type { TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { CheminCoup, CheminDeFerState, CheminTable } from './chemin-state.js';

/** The table's bank and coup: only this game's tables reach its code. */
export function cheminOf(state: TableState): CheminDeFerState {
  if (state.game.kind !== 'chemin-de-fer') throw new TypeError(`a ${state.game.kind} table`);
  return state.game;
}

export function setChemin(step: Step, patch: Partial<CheminTable>): void {
  step.update({ game: { ...cheminOf(step.state), ...patch } });
}

export function setCoup(step: Step, patch: Partial<CheminCoup>): void {
  const coup = cheminOf(step.state).coup;
  if (coup) setChemin(step, { coup: { ...coup, ...patch } });
}

/** T15.2: the seats that play: seated and connected (T1.5: an away seat is skipped). */
export const playingSeats = (state: TableState): number[] =>
  state.seats.filter(playsThisRound).map((s) => s.seat);

export function coupViewOf(coup: CheminCoup): CoupView {
  return publicCoupView(coup.coup, {
    coup: coup.seq,
    bankerId: coup.bankerId,
    coverClosesAt: coup.coverClosesAt,
    choiceDeadline: coup.choiceDeadline,
  });
}

/** C4.1: what everyone at the table may see; never a face-down card (T15.8). */
export function cheminView(state: TableState): CheminDeFerView {
  const table = cheminOf(state);
  return {
    offer: structuredClone(table.offer) as CheminDeFerView['offer'],
    offerUntil: table.offerUntil,
    coup: table.coup ? coupViewOf(table.coup) : null,
    last: table.last,
    bancoSuivi: table.bancoSuivi,
    nextCoup: state.roundSeq + 1,
  };
}

type What = Extract<TableEventBody, { type: 'chemin.updated' }>['what'];

/** C5.1: one event per change, with the whole public view and the wallets that moved. */
export function emitChemin(
  step: Step,
  what: What,
  seat: number | null,
  movedPlayers: readonly string[] = [],
): void {
  const balances = step.state.seats
    .filter((s) => movedPlayers.includes(s.player.id))
    .map((s) => ({ seat: s.seat, playerId: s.player.id, balance: s.balance }));
  step.emit({ type: 'chemin.updated', what, seat, view: cheminView(step.state), balances });
}

/** C5.3: the two face-down cards of a hand to its player, with the odds and cell when they choose. */
export function sendOwnCards(step: Step, coup: CheminCoup, hand: 'punto' | 'banker'): void {
  const own = ownCards(step.state, coup, hand);
  if (own) step.effect({ type: 'private', ...own });
}

/**
 * C5.4: the face-down cards `playerId` holds in the coup now in play (the punto's, the banker's,
 * or both when one player holds the two hands), for a page that comes back to the table.
 */
export function ownCardsFor(state: TableState, playerId: string): CheminCards[] {
  const coup = cheminOf(state).coup;
  if (!coup) return [];
  return (['punto', 'banker'] as const)
    .map((hand) => ownCards(state, coup, hand))
    .filter((own) => own?.playerId === playerId)
    .map((own) => own!.message);
}

function ownCards(
  table: TableState,
  coup: CheminCoup,
  hand: 'punto' | 'banker',
): { playerId: string; message: CheminCards } | null {
  const state = coup.coup;
  if (state.phase === 'covering' || state.phase === 'not-dealt' || state.phase === 'settled') {
    return null;
  }
  const seat = hand === 'punto' ? state.cover.puntoSeat : state.banker;
  const playerId = hand === 'punto' ? playerAt(table, coup, seat) : coup.bankerId;
  if (seat === null || playerId === null) return null;
  const choosing =
    (hand === 'punto' && state.phase === 'punto-choice') ||
    (hand === 'banker' && state.phase === 'banker-choice');
  const odds = choosing ? cheminDeFer.pendingChoiceOdds(state) : null;
  return {
    playerId,
    message: {
      tableId: table.tableId,
      type: 'chemin.cards',
      coup: coup.seq,
      hand,
      cards: (hand === 'punto' ? state.punto : state.bankerCards).slice(0, 2),
      odds: odds?.ok ? odds.value : null,
      // R14.5: the cell says the chooser's total; only the chooser hears it.
      cell: choosing ? (pendingCell(state)?.cell ?? null) : null,
    },
  };
}

function playerAt(state: TableState, coup: CheminCoup, seat: number | null): string | null {
  if (seat === null) return null;
  return (
    coup.stakes.find((s) => s.seat === seat)?.playerId ??
    state.seats.find((s) => s.seat === seat)?.player.id ??
    null
  );
}

const KNOWN = new Set<string>(ERROR_CODES);

/** C3.1: the rules' code as it is; one the protocol has no word for is a wrong moment. */
export const refusalCode = (code: string): ErrorCode =>
  KNOWN.has(code) ? (code as ErrorCode) : 'WRONG_PHASE';
