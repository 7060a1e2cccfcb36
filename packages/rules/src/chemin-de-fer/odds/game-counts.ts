/**
 * R18.2 / R18.3: the whole coup as a game between the punto and the banker, counted exactly.
 * Every deal is weighted by how many ordered ways the next six cards can come out (as R13.1
 * counts Punto Banco), split by what each side knows when it chooses, so that any strategy's
 * result is a sum of these integer counts.
 */
import { isNatural } from '../draw-table.js';

/** Cards dealt without replacement from a shoe's value counts, or the textbook infinite deck. */
export type CardSource =
  { readonly kind: 'shoe'; readonly values: readonly number[] } | { readonly kind: 'infinite' };

/** What a side knows of its own two cards when it chooses: their total, or which two values. */
export type Sight = 'total' | 'composition';

export interface GameModel {
  readonly source: CardSource;
  readonly puntoSees: Sight;
  readonly bankerSees: Sight;
}

/** Counts from the banker's side: he wins, the punto wins, or they tie. */
export interface OutcomeCounts {
  bankerWins: number;
  puntoWins: number;
  ties: number;
}

/** One thing the banker can know when he chooses: his own hand and the punto's third card. */
export interface BankerInfo {
  /** e.g. "3 (1+2) v 9" or "5 v stood". */
  readonly label: string;
  readonly bankerTotal: number;
  /** The banker's two values when he sees them (ascending), else null. */
  readonly bankerCards: readonly [number, number] | null;
  readonly puntoThird: number | null;
}

export interface GameCounts {
  /** What every count is out of: the ordered ways to deal six cards. */
  readonly denominator: number;
  /** Coups a natural ends (R14.4): nobody chooses anything. */
  readonly natural: OutcomeCounts;
  /** The punto's choices: one per two-card 5 he can tell apart ("5", or "0+5", "1+4", …). */
  readonly puntoInfo: readonly string[];
  readonly bankerInfo: readonly BankerInfo[];
  /**
   * cells[banker info][class][option]: class 0 holds the punto hands that never choose (0–4
   * drew, 6–7 stood); class 1 + j the punto 5s of puntoInfo[j], counted as having drawn when the
   * banker info says a third card came and as having stood when it says he stood. Option 0 is
   * the banker drawing, 1 standing.
   */
  readonly cells: readonly (readonly (readonly [OutcomeCounts, OutcomeCounts])[])[];
}

const STOOD = 10;

interface Deck {
  readonly size: number;
  /** Ways to take one card of `value` now; also takes it (undo with `put`). */
  take(value: number): number;
  put(value: number): void;
}

function deckOf(source: CardSource): Deck {
  if (source.kind === 'infinite') {
    // Ten, jack, queen and king all count 0: four ranks in thirteen.
    return { size: 13, take: (value) => (value === 0 ? 4 : 1), put: () => undefined };
  }
  const left = [...source.values];
  return {
    size: left.reduce((sum, count) => sum + count, 0),
    take: (value) => {
      const ways = left[value]!;
      if (ways > 0) left[value] = ways - 1;
      return ways;
    },
    put: (value) => {
      left[value]! += 1;
    },
  };
}

/** Ways to deal the cards after the first `used` ones, to make every deal six cards long. */
function extensions(source: CardSource, size: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].map((used) => {
    let ways = 1;
    for (let i = used; i < 6; i++) ways *= source.kind === 'infinite' ? 13 : size - i;
    return ways;
  });
}

const FIVES: readonly (readonly [number, number])[] = [
  [0, 5],
  [1, 4],
  [2, 3],
  [6, 9],
  [7, 8],
];

function bankerHands(sight: Sight): { total: number; cards: readonly [number, number] | null }[] {
  if (sight === 'total') return [0, 1, 2, 3, 4, 5, 6, 7].map((total) => ({ total, cards: null }));
  const hands: { total: number; cards: readonly [number, number] }[] = [];
  for (let a = 0; a <= 9; a++) {
    for (let b = a; b <= 9; b++) {
      if (!isNatural((a + b) % 10)) hands.push({ total: (a + b) % 10, cards: [a, b] });
    }
  }
  return hands;
}

const emptyCounts = (): OutcomeCounts => ({ bankerWins: 0, puntoWins: 0, ties: 0 });

function tally(counts: OutcomeCounts, banker: number, punto: number, ways: number): void {
  if (banker > punto) counts.bankerWins += ways;
  else if (punto > banker) counts.puntoWins += ways;
  else counts.ties += ways;
}

/** Every deal of a coup under `model`, tallied by what each side knows (see GameCounts). */
export function gameCounts(model: GameModel): GameCounts {
  const deck = deckOf(model.source);
  const ext = extensions(model.source, deck.size);
  const hands = bankerHands(model.bankerSees);
  const handIndex = new Map(
    hands.map((hand, i) => [hand.cards ? hand.cards.join('+') : `${hand.total}`, i]),
  );
  const puntoInfo = model.puntoSees === 'total' ? ['5'] : FIVES.map(([a, b]) => `${a}+${b}`);
  const classes = 1 + puntoInfo.length;
  const bankerInfo: BankerInfo[] = hands.flatMap((hand) =>
    Array.from({ length: 11 }, (_, third): BankerInfo => {
      const own = hand.cards ? `${hand.total} (${hand.cards.join('+')})` : `${hand.total}`;
      return {
        label: `${own} v ${third === STOOD ? 'stood' : third}`,
        bankerTotal: hand.total,
        bankerCards: hand.cards,
        puntoThird: third === STOOD ? null : third,
      };
    }),
  );
  const cells = bankerInfo.map(() =>
    Array.from(
      { length: classes },
      () => [emptyCounts(), emptyCounts()] as [OutcomeCounts, OutcomeCounts],
    ),
  );
  const natural = emptyCounts();

  // The banker's two options at one info set, once every card but his third is known.
  const bankerPlays = (
    row: [OutcomeCounts, OutcomeCounts],
    banker: number,
    punto: number,
    ways: number,
    used: number,
  ) => {
    tally(row[1], banker, punto, ways * ext[used]!);
    for (let z = 0; z <= 9; z++) {
      const w = deck.take(z);
      if (w === 0) continue;
      tally(row[0], (banker + z) % 10, punto, ways * w * ext[used + 1]!);
      deck.put(z);
    }
  };

  const fiveClass = (x1: number, x2: number) => {
    if (model.puntoSees === 'total') return 1;
    const lo = Math.min(x1, x2);
    return 1 + FIVES.findIndex(([a]) => a === lo);
  };

  const values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  // Deal order P, B, P, B (R14.3); a value the deck has run out of deals no way at all.
  const deal = (value: number, then: (ways: number) => void) => {
    const ways = deck.take(value);
    if (ways === 0) return;
    then(ways);
    deck.put(value);
  };
  const fourCards = (x1: number, b1: number, x2: number, b2: number, ways: number) => {
    const punto = (x1 + x2) % 10;
    const banker = (b1 + b2) % 10;
    if (isNatural(punto) || isNatural(banker)) {
      tally(natural, banker, punto, ways * ext[4]!);
      return;
    }
    const key =
      model.bankerSees === 'total' ? `${banker}` : `${Math.min(b1, b2)}+${Math.max(b1, b2)}`;
    const info = handIndex.get(key)! * 11;
    const cls = punto === 5 ? fiveClass(x1, x2) : 0;
    if (punto >= 5) bankerPlays(cells[info + STOOD]![cls]!, banker, punto, ways, 4);
    if (punto <= 5) {
      for (const t of values) {
        deal(t, (w) => bankerPlays(cells[info + t]![cls]!, banker, (punto + t) % 10, ways * w, 5));
      }
    }
  };
  for (const x1 of values) {
    deal(x1, (w1) => {
      for (const b1 of values) {
        deal(b1, (w2) => {
          for (const x2 of values) {
            deal(x2, (w3) => {
              for (const b2 of values)
                deal(b2, (w4) => fourCards(x1, b1, x2, b2, w1 * w2 * w3 * w4));
            });
          }
        });
      }
    });
  }
  return { denominator: ext[0]!, natural, puntoInfo, bankerInfo, cells };
}
