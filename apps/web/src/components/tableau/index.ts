export { BankerTableau, type BankerTableauProps } from './BankerTableau';
export { PlayerRule, type PlayerRuleProps } from './PlayerRule';
export {
  BANKER_ROWS,
  PLAYER_ROWS,
  THIRD_COLUMNS,
  bankerRowWords,
  bankerStoodRuleWords,
  columnLabel,
  explainCell,
  explainPlayer,
  playerRuleWords,
  verdictOf,
  type CellVerdict,
  type TableauCell,
} from './words';
