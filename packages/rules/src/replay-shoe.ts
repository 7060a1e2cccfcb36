/**
 * The walk every game's shoe re-run shares: the shoe shuffled and burned from its seeds, then
 * each stored coup, in coup order, checked by the game against the shoe's next cards and the
 * shoe moved on past the cards the coup took. The game says what a legal coup is and cites its
 * own rule ids; this file names no game.
 */
import type { CardCode } from './cards.js';
import { ok, type Result } from './result.js';
import { burnShoe, closeRound, dealCard, startRound, type ShoeState } from './shoe.js';

export interface ShoeReplay<Coup> {
  readonly burn: { readonly shown: CardCode; readonly burned: number };
  /** One per stored coup that took cards, in coup order. */
  readonly coups: readonly Coup[];
}

/** What the game made of one stored coup: its verdict, and how many cards the shoe moves on. */
export interface CheckedCoup<Coup> {
  readonly coup: Coup;
  readonly cards: number;
}

/** The shoe's next `count` cards, or none when it cannot open a coup. */
export function nextCards(state: ShoeState, count: number): CardCode[] {
  if (!startRound(state).ok) return [];
  return state.cards.slice(state.next, state.next + count) as CardCode[];
}

/** The shoe after a coup that took `count` cards; null when it does not hold them. */
function take(state: ShoeState, count: number): ShoeState | null {
  const started = startRound(state);
  if (!started.ok) return null;
  let s = started.value.state;
  for (let i = 0; i < count; i++) {
    const dealt = dealCard(s);
    if (!dealt.ok) return null;
    s = dealt.value.state;
  }
  const closed = closeRound(s);
  return closed.ok ? closed.value : null;
}

/**
 * Burns the created shoe, then hands each stored coup, in number order, to `check` with the
 * shoe as it stands; `check` answers null for a coup that took no card. The re-run goes on past
 * a coup that differs by the cards `check` says it took, so one bad coup does not hide the rest.
 */
export function replayStored<Stored extends { readonly number: number }, Coup>(
  created: Result<ShoeState>,
  stored: readonly Stored[],
  check: (shoe: ShoeState, coup: Stored) => CheckedCoup<Coup> | null,
): Result<ShoeReplay<Coup>> {
  if (!created.ok) return created;
  const burned = burnShoe(created.value);
  if (!burned.ok) return burned;
  let state = burned.value.state;
  const coups: Coup[] = [];
  for (const coup of [...stored].sort((a, b) => a.number - b.number)) {
    const checked = check(state, coup);
    if (checked === null) continue;
    coups.push(checked.coup);
    const next = take(state, checked.cards);
    if (next === null) break;
    state = next;
  }
  return ok({ burn: { shown: burned.value.shown, burned: burned.value.burned.length }, coups });
}
