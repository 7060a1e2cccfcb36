import type { AckError } from '@banco/protocol';
import type { Reply, TableInput } from '../core/inputs.js';
import type { Reduced } from '../core/reducer.js';
import type { TableState } from '../core/state.js';
import type { TableGame } from '../core/game.js';
import type { Step } from '../core/step.js';

/**
 * What a table's parts (its effect loop, its crowd, its reads) may ask of the table itself: its
 * state, its one queue and its one reducer (T2.0). The actor implements it.
 */
export interface TableSteps {
  /** The reducer's current state; immutable, so a new state is a new object. */
  readonly current: TableState;
  /** The game the table plays, chosen once from its settings (games/registry.ts). */
  readonly game: TableGame<Step>;
  /** A job in the table's one queue, after everything queued so far. */
  enqueue<T>(job: () => Promise<T>): Promise<T>;
  /** Reduces one input and stores the state when due (T9.1); the reducer's one call. */
  step(input: TableInput): Promise<Reduced>;
  /** Reduces an input, then carries out its effects and the inputs they answer with. */
  run(input: TableInput): Promise<Reply | undefined>;
  /** An input nobody waits on, queued; a failure is logged as `failed`. */
  fire(input: TableInput, failed: string): void;
  /** T9.7, T11.7: why a stopping table refuses: the server stops, or the room has closed. */
  stopRefusal(): AckError;
}
