export * from './shoe.js';
export * from './sides.js';
export * from './stakes.js';
export * from './settle.js';
export * from './banker-choice.js';
export * from './bank.js';
export * from './coup.js';
export * from './view.js';
