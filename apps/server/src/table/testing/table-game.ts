import type { TableGame } from '../core/game.js';
import { tableSettings } from '../core/settings.js';
import type { TableState } from '../core/state.js';
import type { Step } from '../core/step.js';
import { puntoOf, type PuntoBancoState } from '../games/punto-banco/state.js';
import { gameFor } from '../games/registry.js';

// For the core's tests, which play the default table's game without naming it.

/** The game a table with the default settings plays. */
export const defaultGame: TableGame<Step> = gameFor(tableSettings());

/** Who holds the default game's shoe, and who it is offered to (T4). */
export const shoeHolding = (state: TableState): PuntoBancoState => puntoOf(state);
