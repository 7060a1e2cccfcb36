import { createFairShoe, err, ok, type CardCode, type Result, type ShoeState } from '@banco/rules';
import type { ShoeSession } from './state.js';
import { restoredRoads, storedRoads } from './stored-roads.js';

// T9.10: a fair shoe's card order follows from its seeds. The cards were most of every save
// (twice over during a round), so a save leaves them out and a restore shuffles them again, once.

const CARDS_PER_DECK = 52;
/** Cards a save keeps, spread from first to last, to tell a re-derived order from another. */
const CHECKED_CARDS = 8;

/** A shoe state as saved: its cards, or what gives them back (the deck count) and a check. */
export type StoredShoeState = Omit<ShoeState, 'cards'> & {
  readonly cards?: readonly CardCode[];
  readonly decks?: number;
  readonly check?: string;
};

/**
 * JSON leaves an undefined property out. On the hot path this is cheaper than a rest pattern
 * (`{ cards, ...rest }`), and new keys go in front of a spread, not after it: V8 builds either
 * of those some ten times slower (measured: 5–7 µs a save instead of 0.5).
 */
export const LEFT_OUT = undefined;

/** The results go as their compact text (stored-roads.ts); a save from before has the list. */
type StoredShoe = Omit<ShoeSession, 'state' | 'results'> & {
  readonly state: StoredShoeState;
  readonly results: string | ShoeSession['results'];
};

/** The card count and cards at fixed positions: any other shuffle fails it. */
function fingerprint(cards: readonly CardCode[]): string {
  const last = cards.length - 1;
  let check = `${cards.length}`;
  for (let i = 0; i < CHECKED_CARDS; i++) {
    check += ` ${cards[Math.round((i * last) / (CHECKED_CARDS - 1))]}`;
  }
  return check;
}

/** A scripted shoe keeps its cards: no seed gives them back. */
export function storedShoe(shoe: ShoeSession | null): StoredShoe | null {
  if (shoe === null) return shoe;
  if (shoe.scripted) return { ...shoe, results: storedRoads(shoe.results) };
  const { cards } = shoe.state;
  // The deck count of this shoe, not the settings': a room's may have changed since (T11.3).
  const decks = cards.length / CARDS_PER_DECK;
  const check = fingerprint(cards);
  return {
    ...shoe,
    state: { decks, check, ...shoe.state, cards: LEFT_OUT },
    results: storedRoads(shoe.results),
  };
}

/** The session from a save, with its cards; an error if they cannot be trusted. */
export function restoredShoe(value: unknown): Result<ShoeSession | null> {
  if (value === null) return ok(null);
  const shoe = value as Partial<StoredShoe>;
  const state = shoe.state;
  if (typeof state !== 'object' || state === null) {
    return err('BAD_SHOE', 'the stored shoe has no state');
  }
  const results = restoredRoads(shoe.results);
  if (!results.ok) return results;
  if (Array.isArray(state.cards)) {
    return ok(withKeptCards({ ...shoe, results: results.value } as ShoeSession));
  }
  const cards = rederive(shoe as StoredShoe);
  if (!cards.ok) return cards;
  return ok({
    ...(shoe as StoredShoe),
    state: withCards(state, cards.value),
    results: results.value,
  });
}

/**
 * Field by field, in createShoe's order: the restored state has the shape of every live one
 * (the shoe functions stay monomorphic), with no `decks` or `check` left over, and a field
 * ShoeState gains fails to compile here instead of going missing after a restart.
 */
export function withCards(stored: StoredShoeState, cards: readonly CardCode[]): ShoeState {
  const { format, cut, lastHand, next, burn, roundsDealt, roundStart, cutCard } = stored;
  return { format, cut, lastHand, cards, next, burn, roundsDealt, roundStart, cutCard };
}

/** The card order the seeds give, if it is the one saved. Shuffles: once per restore. */
function rederive(shoe: StoredShoe): Result<readonly CardCode[]> {
  const { decks, check, cut, lastHand } = shoe.state;
  if (typeof decks !== 'number' || typeof check !== 'string') {
    return err('BAD_SHOE', 'the stored shoe has neither its cards nor what gives them back');
  }
  const created = fairShoeOf(shoe, decks, { cut, lastHand });
  if (!created.ok) return created;
  if (fingerprint(created.value) !== check) {
    return err('SHOE_MISMATCH', 'the seeds do not give back the stored shoe');
  }
  return created;
}

function fairShoeOf(
  shoe: Pick<ShoeSession, 'serverSeed' | 'clientSeed' | 'number'>,
  decks: number,
  rule: Pick<ShoeState, 'cut' | 'lastHand'>,
): Result<readonly CardCode[]> {
  const created = createFairShoe({
    serverSeed: shoe.serverSeed,
    clientSeed: shoe.clientSeed,
    shoeNumber: shoe.number,
    decks,
    ...rule,
  });
  return created.ok ? ok(created.value.cards) : created;
}

/**
 * A save from before T9.10 has cards and no marker. Its seeds tell whether they were shuffled
 * fairly; if not, they were scripted, and later saves must keep them.
 */
function withKeptCards(shoe: ShoeSession): ShoeSession {
  if (shoe.scripted) return shoe;
  const { cards, cut, lastHand } = shoe.state;
  const fair = fairShoeOf(shoe, cards.length / CARDS_PER_DECK, { cut, lastHand });
  const same = fair.ok && fair.value.every((card, i) => card === cards[i]);
  return same && fair.value.length === cards.length ? shoe : { ...shoe, scripted: true };
}
