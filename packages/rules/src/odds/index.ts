export {
  MAX_SHOE_CARDS,
  MIN_SHOE_CARDS,
  fullShoeRanks,
  shoeComposition,
  valueCounts,
  type ShoeComposition,
  type ShoeCountsError,
  type ShoeCountsErrorCode,
} from './composition.js';
export { countRounds, type RoundCounts } from './enumerate.js';
export { edgeSummary, houseEdges, type EdgeSummary, type HouseEdges } from './edges.js';
export {
  exactCounts,
  oddsFromCounts,
  oddsSummary,
  probabilities,
  roundCounts,
  shoeOdds,
  type ExactCounts,
  type FinalStateOdds,
  type OddsProbabilities,
  type OddsSummary,
  type ShoeCounts,
  type ShoeOdds,
} from './odds.js';
export {
  FINAL_STATES,
  STATE_COUNT,
  STATE_FACTS,
  TALLY_NAMES,
  stateIndex,
  type FinalState,
  type Tallies,
  type TallyName,
} from './states.js';
export { COMMISSION_RULES, deckEdges, type DeckEdges } from './rule-set-edges.js';
