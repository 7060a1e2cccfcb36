import {
  ERROR_CODES,
  banqueCardsFor,
  publicBanqueCoupView,
  type BaccaraBanqueView,
  type BanqueCards,
  type BanqueCoupView,
  type ErrorCode,
  type TableEventBody,
} from '@banco/protocol';
import { baccaraBanque } from '@banco/rules';
import type { TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { BaccaraBanqueState, BanqueCoup, BanqueTable } from './banque-state.js';
import { limitsOf } from './windows.js';

/** The table's bank and coup: only this game's tables reach its code. */
export function banqueOf(state: TableState): BaccaraBanqueState {
  if (state.game.kind !== 'baccara-banque') throw new TypeError(`a ${state.game.kind} table`);
  return state.game;
}

export function setBanque(step: Step, patch: Partial<BanqueTable>): void {
  step.update({ game: { ...banqueOf(step.state), ...patch } });
}

export function setCoup(step: Step, patch: Partial<BanqueCoup>): void {
  const coup = banqueOf(step.state).coup;
  if (coup) setBanque(step, { coup: { ...coup, ...patch } });
}

export function coupViewOf(coup: BanqueCoup): BanqueCoupView {
  return publicBanqueCoupView(coup.coup, {
    coup: coup.seq,
    bankerId: coup.bankerId,
    stakesCloseAt: coup.stakesCloseAt,
    choiceDeadline: coup.choiceDeadline,
    watchersTurn: coup.watchersTurn === true,
  });
}

/** B4.1: what everyone at the table may see; never a face-down card (T16.11). */
export function banqueView(state: TableState): BaccaraBanqueView {
  const table = banqueOf(state);
  const { award, tenure } = table;
  const stage: BaccaraBanqueView['stage'] =
    award.stage === 'auction'
      ? {
          stage: 'auction',
          bids: award.auction.bids.map((b) => ({ ...b })),
          closesAt: award.closesAt,
        }
      : award.stage === 'offer'
        ? {
            stage: 'offer',
            kind: award.offer.kind,
            seat: award.offer.seat,
            declined: [...award.offer.declined],
            until: award.until,
          }
        : award.stage === 'dry'
          ? { stage: 'dry', until: award.until }
          : award.stage === 'none'
            ? { stage: 'none', why: award.why }
            : { stage: 'held' };
  return {
    stage,
    tenure:
      tenure && table.bankerId
        ? {
            banker: tenure.banker,
            bankerId: table.bankerId,
            bank: tenure.bank,
            putUp: tenure.putUp,
            coups: tenure.coups,
            mayRetire: baccaraBanque.mayRetire(tenure, limitsOf(state)),
          }
        : null,
    holders: { ...table.holders },
    coup: table.coup ? coupViewOf(table.coup) : null,
    last: table.last,
    nextCoup: state.roundSeq + 1,
    bankRun: table.bankRun.map((r) => ({ ...r })),
    retired: table.retired.map((r) => ({ ...r })),
    cagnotte: table.cagnotte,
  };
}

type What = Extract<TableEventBody, { type: 'banque.updated' }>['what'];

/** B5.1: one event per change, with the whole public view and the wallets that moved. */
export function emitBanque(
  step: Step,
  what: What,
  seat: number | null,
  movedPlayers: readonly string[] = [],
  watchers: readonly { playerId: string; balance: number }[] = [],
): void {
  const balances = [
    ...step.state.seats
      .filter((s) => movedPlayers.includes(s.player.id))
      .map((s) => ({ seat: s.seat, playerId: s.player.id, balance: s.balance })),
    // R22.6: a watcher's wallet has no seat to show it (`seat: null`).
    ...watchers.map((w) => ({ seat: null, playerId: w.playerId, balance: w.balance })),
  ];
  step.emit({ type: 'banque.updated', what, seat, view: banqueView(step.state), balances });
}

type Hand = baccaraBanque.Hand;

/** Who plays a seat in the coup: the banker's player, or whoever sits there. */
function playerAt(table: TableState, coup: BanqueCoup, seat: number): string | null {
  if (seat === coup.coup.banker) return coup.bankerId;
  return (
    coup.held.find((h) => h.seat === seat)?.playerId ??
    table.seats.find((s) => s.seat === seat)?.player.id ??
    null
  );
}

/** B5.3: what each hand's owner is owed now (`banqueCardsFor`), with the player it goes to. */
function owed(table: TableState, coup: BanqueCoup): { playerId: string; message: BanqueCards }[] {
  const state = coup.coup;
  if (state.phase !== 'punto-choice' && state.phase !== 'banker-choice') return [];
  const seats = new Set([state.banker, state.holders.right, state.holders.left]);
  return [...seats].flatMap((seat) => {
    const playerId = seat === null ? null : playerAt(table, coup, seat);
    if (seat === null || playerId === null) return [];
    return banqueCardsFor(state, seat, { tableId: table.tableId, coup: coup.seq }).map(
      (message) => ({ playerId, message }),
    );
  });
}

/** B5.3: the hands' own cards to their holders (all three, or those named). */
export function sendOwnCards(step: Step, hands?: readonly Hand[]): void {
  const coup = banqueOf(step.state).coup;
  if (!coup) return;
  for (const own of owed(step.state, coup)) {
    if (!hands || hands.includes(own.message.hand)) step.effect({ type: 'private', ...own });
  }
}

/** B5.4: the cards `playerId` holds in the coup in play, for a page that comes back. */
export function ownCardsFor(state: TableState, playerId: string): BanqueCards[] {
  const coup = banqueOf(state).coup;
  if (!coup) return [];
  return owed(state, coup)
    .filter((own) => own.playerId === playerId)
    .map((own) => own.message);
}

const KNOWN = new Set<string>(ERROR_CODES);

/** B3: the rules' code as it is; one the protocol has no word for is a wrong moment. */
export const refusalCode = (code: string): ErrorCode =>
  KNOWN.has(code) ? (code as ErrorCode) : 'WRONG_PHASE';
