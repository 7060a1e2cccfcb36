/**
 * R25: a revealed Baccara Banque shoe re-run from its seeds against what the table recorded. The
 * choices (a holder's on 5, the banker's every time) are not needed: whichever options were
 * taken, a coup's cards must be the shoe's next cards in dealing order (R20.4) and a legal deal
 * (R23), and its outcomes the comparison of their totals (R24.1).
 */
import { handTotal, type CardCode } from '../cards.js';
import type { FairShoeInput } from '../fairness.js';
import { puntoRule } from '../coup-steps.js';
import { nextCards, replayStored, type ShoeReplay } from '../replay-shoe.js';
import type { Result } from '../result.js';
import { isNatural } from '../tableau.js';
import type { CoupOutcomes, TableauOutcome } from './settle.js';
import { createBaccaraBanqueShoe } from './shoe.js';

/** A coup as a table stores it; all three empty when it took no card. */
export interface StoredBanqueCoup {
  readonly number: number;
  readonly right: readonly string[];
  readonly left: readonly string[];
  readonly banker: readonly string[];
  /** Null when the coup was not settled. */
  readonly outcomes: CoupOutcomes | null;
}

export interface ReplayedBanqueCoup {
  readonly number: number;
  readonly right: readonly CardCode[];
  readonly left: readonly CardCode[];
  readonly banker: readonly CardCode[];
  readonly outcomes: CoupOutcomes | null;
  /** Null when the stored coup is one the shoe deals. */
  readonly why: string | null;
}

export type BanqueShoeReplay = ShoeReplay<ReplayedBanqueCoup>;

const two = (cards: readonly string[]) => handTotal(cards.slice(0, 2) as CardCode[]);

/** R23: whether hands of these lengths could be drawn so by some choices. */
function legalLengths(
  right: readonly string[],
  left: readonly string[],
  banker: readonly string[],
) {
  const [r, l, b] = [two(right), two(left), two(banker)];
  if (isNatural(b) || (isNatural(r) && isNatural(l))) {
    return right.length === 2 && left.length === 2 && banker.length === 2; // R23.1
  }
  const tableauOk = (total: number, length: number) => {
    if (isNatural(total)) return length === 2;
    const forced = puntoRule(total);
    return forced === null ? length === 2 || length === 3 : length === (forced === 'draw' ? 3 : 2);
  };
  return (
    tableauOk(r, right.length) &&
    tableauOk(l, left.length) &&
    (banker.length === 2 || banker.length === 3)
  );
}

/** R24.1: each tableau against the banker (a lone natural against his first two cards). */
export function outcomesOf(
  right: readonly CardCode[],
  left: readonly CardCode[],
  banker: readonly CardCode[],
): CoupOutcomes {
  const lone = (t: readonly CardCode[], other: readonly CardCode[]) =>
    isNatural(two(t)) && !isNatural(two(other)) && !isNatural(two(banker));
  const judge = (t: readonly CardCode[], other: readonly CardCode[]): TableauOutcome => {
    const against = lone(t, other) ? two(banker) : handTotal(banker);
    const d = handTotal(t) - against;
    return d > 0 ? 'tableau' : d < 0 ? 'banker' : 'tie';
  };
  return { right: judge(right, left), left: judge(left, right) };
}

/** R25.1: the recorded hands laid out as the shoe must have dealt them. */
function dealingOrder(c: StoredBanqueCoup): string[] {
  const { right, left, banker } = c;
  return [
    right[0],
    left[0],
    banker[0],
    right[1],
    left[1],
    banker[1],
    right[2],
    left[2],
    banker[2],
  ].filter((card): card is string => card !== undefined);
}

/**
 * R25.1, R25.2: shuffles and burns the shoe from its seeds, then checks each stored coup that took
 * cards against the shoe's next cards. A coup that differs is reported with why; the re-run goes
 * on past it by the cards it recorded, so one difference does not hide the rest.
 */
export function replayBanqueShoe(
  seeds: FairShoeInput & { readonly decks: number },
  stored: readonly StoredBanqueCoup[],
): Result<BanqueShoeReplay> {
  return replayStored(createBaccaraBanqueShoe(seeds), stored, (state, coup) => {
    const recorded = dealingOrder(coup);
    if (recorded.length === 0) return null; // R20.3: nothing staked, nothing dealt.
    const next = nextCards(state, recorded.length);
    let why: string | null = null;
    if (next.length < recorded.length) why = 'the shoe had no coup left to deal (R20.2)';
    else if (next.join(' ') !== recorded.join(' ')) {
      why = `the table recorded ${recorded.join(' ')}; the shoe's next cards are ${next.join(' ')}`;
    } else if (!legalLengths(coup.right, coup.left, coup.banker)) {
      why = 'no legal deal draws these hands (R23)';
    }
    const cards = {
      right: coup.right as CardCode[],
      left: coup.left as CardCode[],
      banker: coup.banker as CardCode[],
    };
    const outcomes = why === null ? outcomesOf(cards.right, cards.left, cards.banker) : null;
    if (
      why === null &&
      coup.outcomes !== null &&
      (coup.outcomes.right !== outcomes!.right || coup.outcomes.left !== outcomes!.left)
    ) {
      why = `the table recorded ${coup.outcomes.right}/${coup.outcomes.left}; the cards give ${outcomes!.right}/${outcomes!.left}`;
    }
    return { coup: { number: coup.number, ...cards, outcomes, why }, cards: recorded.length };
  });
}
