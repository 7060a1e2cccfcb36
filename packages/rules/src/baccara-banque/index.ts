export * from './shoe.js';
export * from './sides.js';
export * from './stakes.js';
export * from './settle.js';
export * from './banker-choice.js';
export { bankerChoiceValues, exact } from './banker-odds.js';
export type {
  BankerChoiceValues,
  BankerOption,
  ExactValue,
  OptionValue,
  TableauChances,
  TableauValue,
} from './banker-odds.js';
export { checkPosition } from './banker-position.js';
export type {
  BankerPosition,
  BankerPositionError,
  BankerStakes,
  FivePolicy,
  ShoeView,
  TableauView,
} from './banker-position.js';
export * from './bank.js';
export * from './coup.js';
export * from './view.js';
export * from './replay.js';
