export {
  bankerChoiceOdds,
  puntoChoiceOdds,
  type ChoiceOdds,
  type OptionCounts,
} from './choice-odds.js';
export { pendingChoiceOdds } from './pending-odds.js';
export {
  gameCounts,
  type BankerInfo,
  type CardSource,
  type GameCounts,
  type GameModel,
  type OutcomeCounts,
  type Sight,
} from './game-counts.js';
export {
  equilibria,
  type BankerFreedom,
  type Equilibrium,
  type EquilibriumQuery,
} from './equilibrium.js';
export { formatRational, rational, roundDecimal, toDecimal, type Rational } from './rational.js';
