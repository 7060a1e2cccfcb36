/**
 * A Baccara Banque table as its screen draws it. The screen reads this, never the protocol's
 * view directly: `from-view.ts` is the one place that knows the wire's shape, so the felt, the
 * panel and their words can be tested on plain data. Chips are minor units; an expected value
 * may be fractional (it is an average over the cards left), everything else is whole.
 */

/** The two punters' hands: the banker's right is dealt first. */
export type Tableau = 'right' | 'left';
export const TABLEAUX: readonly Tableau[] = ['right', 'left'];

/** Where a stake rides: one tableau, or across the line on both ("à cheval"). */
export type StakeOn = Tableau | 'cheval';

export interface BanqueStake {
  seat: number | null;
  /** A watcher's name when the seat is null (the room lets watchers cover what is left). */
  watcher?: string;
  on: StakeOn;
  amount: number;
  banco: boolean;
}

export interface BanqueSide {
  tableau: Tableau;
  /** Seats of this half of the table, nearest the banker first. */
  seats: readonly number[];
  /** Who holds this side's cards now; null while nobody sits on the side. */
  holder: number | null;
}

/** One option's expected chips for the banker, against each tableau and in all. */
export interface OptionValue {
  right: number;
  left: number;
  /** The stakes across the line, which depend on both tableaux together. */
  cheval: number;
  total: number;
}

/** A Banco on one tableau, or half the bank on each. */
export type BancoOn = Tableau | 'halves';

/** Only the banker's page has these: the exact value of drawing and of standing. */
export interface BankerValues {
  coup: number;
  draw: OptionValue;
  stand: OptionValue;
  /** The option the rule would take if time ran out (the larger total). */
  rule: 'draw' | 'stand';
}

/** A side holder's own cards, and the banker's own: face-down cards only their owner sees. */
export interface OwnCards {
  coup: number;
  hand: Tableau | 'banker';
  cards: readonly string[];
}

export type Hand = Tableau | 'banker';

export type BanqueStep =
  | { kind: 'bank'; seat: number; amount: number; how: 'auction' | 'list' | 'take-over' }
  | { kind: 'stake'; stake: BanqueStake }
  | { kind: 'returned'; seat: number | null; watcher?: string; amount: number }
  | { kind: 'dealt' }
  /** `paid`: a lone tableau natural, paid at once while the other tableau plays on. */
  | { kind: 'natural'; hand: Hand; total: number; paid: boolean }
  | {
      kind: 'draw' | 'stand';
      hand: Hand;
      /** The hand's two-card total, once shown; the banker's stays unsaid while his are down. */
      total: number | null;
      card?: string;
      by: 'rule' | 'choice' | 'timeout';
    }
  | {
      kind: 'result';
      tableau: Tableau;
      outcome: 'tableau' | 'banker' | 'tie';
      tableauTotal: number;
      bankerTotal: number;
    }
  | { kind: 'cagnotte'; amount: number }
  | { kind: 'unpaid'; seat: number | null; watcher?: string; amount: number };

/** What the table waits for now. */
export type BanqueStage =
  | {
      kind: 'auction';
      bids: readonly { seat: number; amount: number }[];
      closesAt: number | null;
      /** The room's least bank, and its largest with a limited bank. */
      min: number;
      max: number | null;
    }
  /** The bank offered to one seat: down the list, or to take over a retired banker's. */
  | {
      kind: 'offer';
      how: 'list' | 'take-over';
      seat: number;
      closesAt: number | null;
      min: number;
      max: number | null;
    }
  /**
   * `mayCall`: this viewer may still make his call (a punter, or a watcher in the watchers'
   * turn). `watcher`, for a watcher in a room that lets watchers cover (R22.6): whether the
   * seated are still calling, or it is the watchers' turn, with what is left on each tableau.
   */
  | {
      kind: 'staking';
      mayCall: boolean;
      closesAt: number | null;
      watcher?:
        { turn: false } | { turn: true; open: { readonly right: number; readonly left: number } };
    }
  | { kind: 'holder-choice'; tableau: Tableau; seat: number; deadline: number | null }
  | { kind: 'banker-choice'; deadline: number | null }
  /** The cards are out and the table plays them by the rule. */
  | { kind: 'playing' }
  | { kind: 'bank-dry'; min: number; max: number | null; deadline: number | null }
  /** Between coups: the next opens when stakes do; the banker may retire after his first. */
  | { kind: 'between'; mayRetire: boolean }
  | { kind: 'no-bank'; why: 'no-bid' | 'declined' | 'shoe-over' };

export interface BanqueCoup {
  coup: number;
  /** The bank this coup was played against. */
  bank: number;
  cards: Record<Hand, readonly (string | null)[]>;
  stakes: readonly BanqueStake[];
  story: readonly BanqueStep[];
  /** Each tableau's end once settled; null while it plays on. */
  results: Record<Tableau, 'tableau' | 'banker' | 'tie' | null>;
  /** The banker's net on the coup once it is over, after the cagnotte. */
  bankerNet: number | null;
  cagnotte: number;
  /** Each seat's net on the coup once it is over, as the server settled it; null before. */
  nets: Readonly<Record<number, number>> | null;
}

export interface BanqueModel {
  banker: number | null;
  /** The bank as it stands, what it started the shoe with, and what the house took so far. */
  bank: { now: number; start: number; cagnotte: number; coups: number } | null;
  sides: Record<Tableau, BanqueSide>;
  stage: BanqueStage;
  /** The coup in play, or the last one, as it ended. */
  coup: BanqueCoup | null;
  /** True while `coup` is the one being played. */
  live: boolean;
  /**
   * The coup before, as it ended, while the one in play has no card out yet: its cards and
   * story stay on the table until the next deal, as a real table's do.
   */
  previous: BanqueCoup | null;
  /** The room's house facts, for the words under the panel. */
  house: { cagnottePercent: number; decks: number; watchersCover: boolean };
}

/** What is staked on each tableau and across the line: the bank answers for the sum. */
export function coveredOn(stakes: readonly BanqueStake[]): Record<StakeOn, number> {
  const covered: Record<StakeOn, number> = { right: 0, left: 0, cheval: 0 };
  for (const s of stakes) covered[s.on] += s.amount;
  return covered;
}

export const totalStaked = (stakes: readonly BanqueStake[]): number =>
  stakes.reduce((sum, s) => sum + s.amount, 0);
