import type { ShoeRecord } from '../../fairness/records';
import type { RevealedShoe } from '../../fairness/replay';

/** What /shoes gives a game's rows of one shoe. */
export interface ShoeRoundsProps {
  readonly record: ShoeRecord;
  /** The round a link points at: its row is marked and takes focus (the recap links here). */
  readonly linked?: number | null;
  /** The same round in the room's count (the recap's), said beside the shoe's own number. */
  readonly night?: number | null;
}

/** What /fairness gives a game that re-runs a revealed shoe's recorded coups itself. */
export interface ShoeCheckProps {
  readonly record: ShoeRecord;
  readonly revealed: RevealedShoe;
}
