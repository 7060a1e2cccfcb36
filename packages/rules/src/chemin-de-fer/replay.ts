/**
 * R19: a revealed Chemin de Fer shoe re-run from its seeds against what the table recorded.
 * The choices made at the choice cells are not needed: whichever option was taken, the coup's
 * cards must be the shoe's next cards in dealing order (R14.3) and a legal deal of the drawing
 * table (R16), and its result the comparison of their totals.
 */
import { cardValue, handTotal, type CardCode } from '../cards.js';
import type { FairShoeInput } from '../fairness.js';
import { nextCards, replayStored, type ShoeReplay } from '../replay-shoe.js';
import type { Result } from '../result.js';
import { compareTotals, type Outcome } from '../round.js';
import { bankerDecision, isNatural, puntoDecision, type Decision } from './draw-table.js';
import { createCheminDeFerShoe } from './shoe.js';

/** A coup as a table stores it: the punto's cards, then the banker's ([] if never dealt). */
export interface StoredCoup {
  readonly number: number;
  readonly cards: readonly string[];
  /** Null when the coup was not settled (called off or voided). */
  readonly outcome: Outcome | null;
}

export interface ReplayedCoup {
  readonly number: number;
  readonly punto: readonly CardCode[];
  readonly banker: readonly CardCode[];
  readonly outcome: Outcome;
  /** Null when the stored coup is the one the shoe deals. */
  readonly why: string | null;
}

export type CheminShoeReplay = ShoeReplay<ReplayedCoup>;

const mayDraw = (decision: Decision, drew: boolean) =>
  decision.kind === 'choice' || (decision.kind === 'draw') === drew;

/** R16: the hands could have been drawn this way by some choice at the choice cells. */
function legalDeal(punto: readonly CardCode[], banker: readonly CardCode[]): boolean {
  const two = [handTotal(punto.slice(0, 2)), handTotal(banker.slice(0, 2))];
  if (two.some(isNatural)) return punto.length === 2 && banker.length === 2; // R14.4
  if (!mayDraw(puntoDecision(two[0]!), punto.length === 3)) return false;
  const third = punto[2];
  return mayDraw(bankerDecision(two[1]!, third ? cardValue(third) : null), banker.length === 3);
}

/**
 * R19.1: the four ways a coup can take cards from `next` (the shoe's next six, in dealing
 * order: punto, banker, punto, banker, then a third to the punto if he draws, then the banker's).
 */
function waysFrom(next: readonly CardCode[]): { punto: CardCode[]; banker: CardCode[] }[] {
  const [p1, b1, p2, b2, x, y] = next;
  if (!p1 || !b1 || !p2 || !b2) return [];
  const ways = [{ punto: [p1, p2], banker: [b1, b2] }];
  if (x)
    ways.push({ punto: [p1, p2, x], banker: [b1, b2] }, { punto: [p1, p2], banker: [b1, b2, x] });
  if (x && y) ways.push({ punto: [p1, p2, x], banker: [b1, b2, y] });
  return ways.filter((w) => legalDeal(w.punto, w.banker));
}

/**
 * R19.1, R19.2: shuffles and burns the shoe from its seeds, then checks each stored coup that
 * took cards against the shoe's next cards. A coup that differs is reported with why; the
 * re-run goes on past it as many cards as it recorded, so one bad coup does not hide the rest.
 */
export function replayCheminShoe(
  seeds: FairShoeInput & { readonly decks?: number },
  stored: readonly StoredCoup[],
): Result<CheminShoeReplay> {
  return replayStored(createCheminDeFerShoe(seeds), stored, (state, coup) => {
    // R15.5: a coup called off or never covered took no card.
    if (coup.cards.length === 0) return null;
    const recorded = coup.cards.join(' ');
    const ways = waysFrom(nextCards(state, 6));
    const way = ways.find((w) => [...w.punto, ...w.banker].join(' ') === recorded);
    const played = way ?? ways[0];
    const outcome = played
      ? compareTotals(handTotal(played.punto), handTotal(played.banker))
      : 'tie';
    let why: string | null = null;
    if (!played) why = 'the shoe had no coup left to deal (R14.2)';
    else if (!way)
      why = `the table recorded ${recorded}; no legal deal of the shoe's next cards gives it`;
    else if (coup.outcome !== null && coup.outcome !== outcome) {
      why = `the table recorded a ${coup.outcome} result; the cards give ${outcome}`;
    }
    return {
      coup: {
        number: coup.number,
        punto: played?.punto ?? [],
        banker: played?.banker ?? [],
        outcome,
        why,
      },
      cards: way ? way.punto.length + way.banker.length : coup.cards.length,
    };
  });
}
