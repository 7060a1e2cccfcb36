export * from './result.js';
export * from './cards.js';
export * from './tableau.js';
export * from './round.js';
export * from './settlement.js';
export * from './roads/index.js';
