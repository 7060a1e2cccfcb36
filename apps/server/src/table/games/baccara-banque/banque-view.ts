import {
  ERROR_CODES,
  type BaccaraBanqueView,
  type BanqueCards,
  type BanqueCoupView,
  type ErrorCode,
  type TableEventBody,
} from '@banco/protocol';
import type { TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { BaccaraBanqueState, BanqueCoup } from './banque-state.js';
import { bankerChoiceValues, shownValues } from './choice-values.js';
import { pendingHand, tableauResult, TABLEAUX, type Hand } from './coup.js';

/** The table's bank and coup: only this game's tables reach its code. */
export function banqueOf(state: TableState): BaccaraBanqueState {
  if (state.game.kind !== 'baccara-banque') throw new TypeError(`a ${state.game.kind} table`);
  return state.game;
}

export function setBanque(step: Step, patch: Partial<Omit<BaccaraBanqueState, 'kind'>>): void {
  step.update({ game: { ...banqueOf(step.state), ...patch } });
}

export function setCoup(step: Step, patch: Partial<BanqueCoup>): void {
  const coup = banqueOf(step.state).coup;
  if (coup) setBanque(step, { coup: { ...coup, ...patch } });
}

/** Whose the pending choice is: a tableau's holder, or the banker. */
export function pendingOf(coup: BanqueCoup): { hand: Hand; seat: number | null } | null {
  if (coup.stage !== 'dealt' || !coup.dealt) return null;
  const hand = pendingHand(coup.dealt);
  if (hand === null) return null;
  // A side nobody sits on has no holder: its 5 is played by the rule at once.
  return { hand, seat: hand === 'banker' ? coup.banker : coup.holders[hand] };
}

/**
 * B4.1, B4.3 (T16.11): the coup as anyone may see it. A hand's first two cards stay face down
 * until the coup is settled, unless it showed a natural; third cards are face up.
 */
export function coupViewOf(coup: BanqueCoup, over: 'settled' | 'not-dealt' | null): BanqueCoupView {
  const dealt = coup.dealt;
  const settled = over === 'settled';
  const turned = (hand: Hand) =>
    settled || (dealt?.story.some((s) => s.kind === 'natural' && s.hand === hand) ?? false);
  const show = (hand: Hand) =>
    (dealt?.cards[hand] ?? []).map((card, i) => (i >= 2 || turned(hand) ? card : null));
  const pending = over === null ? pendingOf(coup) : null;
  const results =
    settled && dealt
      ? {
          right: dealt.lonePaid === 'right' ? ('win' as const) : tableauResult(dealt.cards, 'right'),
          left: dealt.lonePaid === 'left' ? ('win' as const) : tableauResult(dealt.cards, 'left'),
        }
      : null;
  return {
    coup: coup.seq,
    banker: coup.banker,
    bank: coup.bank,
    stage: over ?? (coup.dealt ? 'dealt' : 'staking'),
    stakingClosesAt: coup.stakingClosesAt,
    calls: coup.calls.map(({ seat, call }) => ({ seat, call: { ...call } })),
    accepted: coup.accepted ? coup.accepted.map((a) => ({ ...a })) : null,
    holders: { ...coup.holders },
    cards: { right: show('right'), left: show('left'), banker: show('banker') },
    pending:
      pending && coup.choiceDeadline !== null ? { ...pending, deadline: coup.choiceDeadline } : null,
    lonePaid: dealt?.lonePaid ?? null,
    story: (dealt?.story ?? []).map((s) => ({ ...s })),
    results,
    settlement: null,
  };
}

/** B4.1: what everyone at the table may see. */
export function banqueView(state: TableState): BaccaraBanqueView {
  const table = banqueOf(state);
  const bank = table.bank;
  const auction = table.auction;
  return {
    bank: bank
      ? {
          seat: bank.seat,
          playerId: bank.playerId,
          amount: bank.amount,
          putIn: bank.putIn,
          coups: bank.coups,
          topUpUntil: bank.topUpUntil,
        }
      : null,
    auction: auction
      ? {
          mode: auction.mode,
          seat: auction.seat,
          closesAt: auction.closesAt,
          bids: auction.bids.map(({ seat, amount }) => ({ seat, amount })),
        }
      : null,
    coup: table.coup ? coupViewOf(table.coup, null) : null,
    last: table.last,
    nextCoup: state.roundSeq + 1,
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
): void {
  const balances = step.state.seats
    .filter((s) => movedPlayers.includes(s.player.id))
    .map((s) => ({ seat: s.seat, playerId: s.player.id, balance: s.balance }));
  step.emit({ type: 'banque.updated', what, seat, view: banqueView(step.state), balances });
}

/** B5.2, B5.3: a hand's own face-down cards to the one who holds it; the banker's values. */
function ownCards(table: TableState, coup: BanqueCoup, hand: Hand): { playerId: string; message: BanqueCards } | null {
  const dealt = coup.dealt;
  if (coup.stage !== 'dealt' || !dealt || dealt.phase.kind === 'over') return null;
  const seat = hand === 'banker' ? coup.banker : coup.holders[hand];
  if (seat === null) return null;
  const playerId =
    hand === 'banker'
      ? coup.bankerId
      : (coup.held.find((h) => h.seat === seat)?.playerId ??
        table.seats.find((s) => s.seat === seat)?.player.id);
  if (!playerId) return null;
  const choosing = hand === 'banker' && dealt.phase.kind === 'banker-choice';
  return {
    playerId,
    message: {
      tableId: table.tableId,
      type: 'banque.cards',
      coup: coup.seq,
      hand,
      cards: dealt.cards[hand].slice(0, 2),
      values: choosing ? shownValues(bankerChoiceValues(dealt, coup.accepted ?? [])) : null,
    },
  };
}

const HANDS: readonly Hand[] = [...TABLEAUX, 'banker'];

export function sendOwnCards(step: Step, hands: readonly Hand[] = HANDS): void {
  const coup = banqueOf(step.state).coup;
  if (!coup) return;
  for (const hand of hands) {
    const own = ownCards(step.state, coup, hand);
    if (own) step.effect({ type: 'private', ...own });
  }
}

/** B5.4: the cards `playerId` holds in the coup in play, for a page that comes back. */
export function ownCardsFor(state: TableState, playerId: string): BanqueCards[] {
  const coup = banqueOf(state).coup;
  if (!coup) return [];
  return HANDS.map((hand) => ownCards(state, coup, hand))
    .filter((own) => own?.playerId === playerId)
    .map((own) => own!.message);
}

const KNOWN = new Set<string>(ERROR_CODES);

/** B3: a rules code as it is; one the protocol has no word for is a wrong moment. */
export const refusalCode = (code: string): ErrorCode =>
  KNOWN.has(code) ? (code as ErrorCode) : 'WRONG_PHASE';
